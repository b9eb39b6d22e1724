import { z } from 'zod'
import { AppError } from '../domain/errors.ts'
import type { Language } from '../domain/languages.ts'
import type { StoryReader } from '../storage/store.ts'
import { Lang, SearchQuery, SourceId, TopicSlug } from './inputs.ts'
import type { Category, Source, SourceStories, StoryDetail, StoryList, Views } from './views.ts'

/** How many stories a feed carries: enough that a reader polling every half hour misses none on a busy day. */
export const FEED_STORIES = 50

/** One feed's scope: the home edition (nothing set), a topic, a publisher or a search; at most one of the three. */
export const StoryFeedInput = z.object({
  topic: TopicSlug.optional(),
  source: SourceId.optional(),
  q: SearchQuery.optional(),
  lang: Lang,
}).refine((v) => [v.topic, v.source, v.q].filter((x) => x !== undefined).length <= 1, {
  error: 'a feed is of one topic, one publisher or one search, not several',
})
export type StoryFeedInput = z.input<typeof StoryFeedInput>

/** A story as a feed entry needs it: the full story (cards, covered_by) and when the store last wrote it. */
export interface FeedStory extends StoryDetail {
  updated_at: string
}

export type FeedScope =
  | { kind: 'latest' }
  | { kind: 'topic'; category: Category }
  | { kind: 'source'; source: Source }
  | { kind: 'search'; query: string }

export interface StoryFeed {
  scope: FeedScope
  lang: Language
  stories: FeedStory[]
  /** The newest write among the stories (the feed's updated time and Last-Modified); null for an empty feed. */
  updated: string | null
}

export interface StoryFeedDeps {
  store: StoryReader
  views: Views
  parse: <T extends z.ZodType>(schema: T, input: unknown) => z.output<T>
  fromStore: <T>(work: () => Promise<T>) => Promise<T>
  listStories: (input: unknown) => Promise<StoryList>
  getSource: (input: unknown) => Promise<SourceStories>
  listCategories: (input: unknown) => Promise<{ categories: Category[] }>
}

/**
 * The stories of a feed, with everything an entry carries. The list comes from the same operations the pages use
 * (so a feed shows what its page shows, with the same language fallback), then each story is read in full: lists
 * carry no cards. That is one read per entry, paid once per content version (the rendered feed is cached).
 */
export function createStoryFeed(deps: StoryFeedDeps) {
  return async function storyFeed(input: unknown): Promise<StoryFeed> {
    const { topic, source, q, lang } = deps.parse(StoryFeedInput, input)
    let scope: FeedScope
    let ids: string[]
    if (source !== undefined) {
      const result = await deps.getSource({ id: source, limit: FEED_STORIES, lang })
      scope = { kind: 'source', source: result.source }
      ids = result.stories.map((s) => s.id)
    } else {
      const list = await deps.listStories({ topic, q, limit: FEED_STORIES, lang })
      ids = list.stories.map((s) => s.id)
      if (q !== undefined) scope = { kind: 'search', query: q }
      else if (topic !== undefined) {
        const category = (await deps.listCategories({ lang })).categories.find((c) => c.slug === topic)
        if (!category) throw new AppError('not_found', `No topic ${topic}`)
        scope = { kind: 'topic', category }
      } else scope = { kind: 'latest' }
    }
    const records = await deps.fromStore(() => Promise.all(ids.map((id) => deps.store.getStory(id, lang))))
    // A story removed between the two reads is simply left out.
    const stories = records.flatMap((r): FeedStory[] => (r ? [{ ...deps.views.storyDetail(r, lang), updated_at: r.updatedAt }] : []))
    const updated = stories.reduce<string | null>((max, s) => (max === null || s.updated_at > max ? s.updated_at : max), null)
    return { scope, lang, stories, updated }
  }
}
