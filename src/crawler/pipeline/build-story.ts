import { StorySnapshot, type Card, type CoveredBy, type TranslationText } from '../../domain/story.ts'
import type { Topic } from '../../domain/topics.ts'
import type { Language, TRANSLATION_LANGUAGES } from '../../domain/languages.ts'
import type { ArticleRecord, Publisher } from '../../domain/crawl-records.ts'

export interface StoryText {
  headline: string
  summary: string | null
  cards: Card[]
}

export interface StoryInput {
  storyId: string
  /** The story's articles, oldest first; the first is the one that started the story. */
  members: ArticleRecord[]
  publishers: ReadonlyMap<string, Publisher>
  text: StoryText
  /** The language of `text`: English, or the source's language when no model translated it. */
  textLang: Language
  translations: Partial<Record<(typeof TRANSLATION_LANGUAGES)[number], TranslationText>>
  topic: Topic
  /** Instruction-like publisher text was found and kept out of `text` (see crawler/quarantine). */
  quarantined?: boolean
}

/** The longest a headline or a covered-by title may be in a snapshot. */
const TITLE_MAX = 500

/**
 * A cluster of articles → the story snapshot the store keeps. The story's original link, title, author, time and
 * publisher are those of its earliest-published article (members come ordered that way), so any run over the same
 * articles, in any arrival order, publishes the same story; the id never changes. `covered_by` names each other
 * publisher with its first article, then the updates (an outlet's later articles on the event, the source's own
 * included), so an article that joined the story is never silently dropped from what readers see.
 */
export function buildStorySnapshot(input: StoryInput): StorySnapshot {
  const [first, ...rest] = input.members
  if (!first) throw new Error('pipeline: a story needs at least one article')
  const publisherOf = (a: ArticleRecord) => input.publishers.get(a.publisherId)
  const source = publisherOf(first)
  const entry = (a: ArticleRecord): CoveredBy => ({ name: publisherOf(a)?.name ?? new URL(a.canonicalUrl).host, title: a.title.slice(0, TITLE_MAX), url: a.canonicalUrl })
  const named = new Set([first.publisherId])
  const outlets: CoveredBy[] = []
  const updates: CoveredBy[] = []
  for (const a of rest) {
    if (named.has(a.publisherId)) {
      updates.push(entry(a))
      continue
    }
    named.add(a.publisherId)
    outlets.push(entry(a))
  }
  const coveredBy = [...outlets, ...updates]
  const dated = input.members.map((a) => a.publishedAt).filter((t): t is string => t !== null).sort()
  return StorySnapshot.parse({
    id: input.storyId,
    original_url: first.canonicalUrl,
    original_title: first.title.slice(0, 1000),
    author: first.author?.slice(0, 300) ?? null,
    published_at: dated[0] ?? first.fetchedAt,
    cover_image_url: input.members.map((a) => a.imageUrl).find((u) => u?.startsWith('https://')) ?? null,
    category: input.topic,
    source: source ? { id: source.id, name: source.name, site_url: source.siteUrl } : null,
    headline: input.text.headline.slice(0, TITLE_MAX),
    summary: input.text.summary,
    cards: input.text.cards,
    covered_by: coveredBy,
    multi_source: named.size > 1,
    translations: input.translations,
    text_lang: input.textLang,
    ...(input.quarantined ? { quarantined: true } : {}),
  })
}
