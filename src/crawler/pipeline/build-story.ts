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
  /** Index into `members` of the story's lead article (the summarizer's choice: story-lead.ts), which the story cites. */
  lead: number
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
 * A cluster of articles → the story snapshot the store keeps. The story cites its lead article (the one its headline
 * and first summary sentence come from): its link, title, author and publisher are the story's `original_url`,
 * `original_title`, `author` and `source`. The lead is a pure function of the articles, so any run over the same
 * articles, in any arrival order, publishes the same story; the id never changes, and `published_at` stays the
 * earliest article's time. `covered_by` names each other publisher with its first article, then the other
 * publishers' later articles (updates); the source's own other articles are not listed: the source is never "another
 * outlet".
 */
export function buildStorySnapshot(input: StoryInput): StorySnapshot {
  const lead = input.members[input.lead]
  if (!lead) throw new Error('pipeline: a story needs its lead article')
  const publisherOf = (a: ArticleRecord) => input.publishers.get(a.publisherId)
  const source = publisherOf(lead)
  const entry = (a: ArticleRecord): CoveredBy => ({ name: publisherOf(a)?.name ?? new URL(a.canonicalUrl).host, title: a.title.slice(0, TITLE_MAX), url: a.canonicalUrl })
  // A publisher with several feeds has one id per feed: its name tells it is the source too.
  const sourceName = (source?.name ?? entry(lead).name).trim().toLowerCase()
  const named = new Set([lead.publisherId])
  const outlets: CoveredBy[] = []
  const updates: CoveredBy[] = []
  for (const a of input.members) {
    if (a.publisherId === lead.publisherId || entry(a).name.trim().toLowerCase() === sourceName) continue
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
    original_url: lead.canonicalUrl,
    original_title: lead.title.slice(0, 1000),
    author: lead.author?.slice(0, 300) ?? null,
    published_at: dated[0] ?? input.members[0]!.fetchedAt,
    cover_image_url: input.members.map((a) => a.imageUrl).find((u) => u?.startsWith('https://')) ?? null,
    category: input.topic,
    source: source ? { id: source.id, name: source.name, site_url: source.siteUrl } : null,
    headline: input.text.headline.slice(0, TITLE_MAX),
    summary: input.text.summary,
    cards: input.text.cards,
    covered_by: coveredBy,
    multi_source: outlets.length > 0,
    translations: input.translations,
    text_lang: input.textLang,
    ...(input.quarantined ? { quarantined: true } : {}),
  })
}
