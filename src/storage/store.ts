import type { Language } from '../domain/languages.ts'
import type { SearchTerm } from '../domain/search-terms.ts'
import type { CoveredBy, StorySnapshot, StoryText, TranslationText } from '../domain/story.ts'
import type { Topic } from '../domain/topics.ts'
import type { CrawlStateTransfer, CrawlStore } from './crawl-store.ts'
import type { StoreDamage } from './store-damage.ts'
import type { StoryFilter } from './story-window.ts'

/** A story as the store returns it: English text plus the requested language's translation, unresolved. */
export interface StoryRecord {
  id: string
  /** The story's place in newest-first order (a decimal integer, the same in every store): a page cursor's content. */
  sortKey: string
  originalUrl: string
  originalTitle: string
  author: string | null
  publishedAt: string | null
  coverImageUrl: string | null
  multiSource: boolean
  /** Instruction-like publisher text was found and kept out of the story's text (see crawler/quarantine). */
  quarantined: boolean
  category: CategoryRecord
  source: SourceRecord | null
  /** The base text: English, or `textLang` for a crawled story not translated yet. */
  en: StoryText
  textLang: Language
  translation: TranslationText | undefined
}

export interface StoryDetailRecord extends StoryRecord {
  coveredBy: CoveredBy[] | null
  /** When the store last wrote the story (ISO 8601, UTC); feeds publish it as the entry's updated time. */
  updatedAt: string
}

/** A related story as a story detail links it: its id and headline, the base text and the requested translation. */
export interface RelatedStoryRecord {
  id: string
  /** The base text's headline (English, or `textLang` for a crawled story not translated yet). */
  headline: string
  /** The requested language's headline, when there is one. */
  translatedHeadline: string | null
  textLang: Language
}

export interface CategoryRecord {
  slug: Topic
  /** Name in the requested language. */
  name: string
}

export interface SourceRecord {
  id: string
  name: string
  siteUrl: string | null
}

/** What a sitemap needs of a story: its id and when it was published and last written. */
export interface StoryStamp {
  id: string
  publishedAt: string | null
  /** When the store last wrote the story (ISO 8601, UTC): every upsert of it, also an identical re-import. */
  updatedAt: string
}

/** One calendar month (UTC) of published_at that holds stories; `month` is null for the undated stories. */
export interface ArchiveMonthRecord {
  /** `YYYY-MM`, or null for stories without published_at. */
  month: string | null
  stories: number
  /** The last write that added, changed or removed a story of this month (ISO 8601, UTC). */
  lastModified: string
}

/** One publisher's stories in one topic, from a summary kept in step with every write. */
export interface SourceTopicRecord {
  sourceId: string
  category: Topic
  stories: number
  /** The sort key of the newest of them (a decimal integer, as StoryRecord.sortKey). */
  lastKey: string
  /** When the newest of them was published (from its sort key, to the second), or null when it has no date. */
  lastPublishedAt: string | null
}

export interface UpsertResult {
  inserted: number
  updated: number
}

/**
 * Story pages, lists and stamps: what readers and sitemaps see. List results carry headline and summary only (cards
 * are null); getStory carries everything. Lists return newest first and cost O(limit): implementations must not scan
 * the corpus.
 */
export interface StoryReader {
  listStories(opts: { topic?: Topic; limit: number; lang: Language; filter?: StoryFilter }): Promise<StoryRecord[]>
  getStory(id: string, lang: Language): Promise<StoryDetailRecord | null>
  /**
   * The stories related to story `id` (crawl-records.ts, StoryRelation), newest first, at most RELATED_STORIES_KEPT
   * (domain/story-relations.ts); ids that are not stories (not written yet, or removed) are skipped. An index range of
   * the story's few relation rows, never a scan.
   */
  relatedStories(id: string, lang: Language): Promise<RelatedStoryRecord[]>
  /** The id a merged story's id redirects to (the surviving story's, chains followed), or null when none. */
  storyRedirect(id: string): Promise<string | null>
  listCategories(lang: Language): Promise<CategoryRecord[]>
  /**
   * Publishers by name (ASCII case folded, then byte order; id breaks ties), at most `limit`, after the publisher
   * `after` names (an id; an unknown one gives an empty page). The directory is the operator's: each page sorts it.
   */
  listSources(opts: { limit: number; after?: string }): Promise<SourceRecord[]>
  getSource(id: string): Promise<SourceRecord | null>
  /** The publisher summary: one row per publisher and topic that has stories. O(publishers × topics), no story read. */
  sourceTopics(): Promise<SourceTopicRecord[]>
  /**
   * The sort key `offset` places above `key` in newest-first order (offset 0 is the story at `key` itself), among
   * the stories of `topic` and `sourceId` when given; null when there are fewer. The "newer stories" link of a page
   * whose cursor is `key`: an index walk of `offset` rows upwards, O(offset).
   */
  storyKeyAbove(opts: { key: string; offset: number; topic?: Topic; sourceId?: string }): Promise<string | null>
  /** One publisher's stories, newest first, undated last. */
  listSourceStories(opts: { sourceId: string; limit: number; lang: Language }): Promise<StoryRecord[]>
  /** Stamps of the newest `limit` stories, newest first, undated last. O(limit). */
  listRecentStamps(limit: number): Promise<StoryStamp[]>
  /**
   * The months that hold stories, newest first, undated (month null) last. Read from a per-month summary kept in
   * step with every write, so the cost is O(months), never a corpus scan.
   */
  archiveMonths(): Promise<ArchiveMonthRecord[]>
  /**
   * Stamps of one month's stories (month `YYYY-MM`, or null: the undated ones) in publication order, oldest first,
   * skipping `offset` and returning at most `limit`. Cost O(offset + limit): a range walk of the sort key.
   */
  listMonthStamps(opts: { month: string | null; offset: number; limit: number }): Promise<StoryStamp[]>
  /** published_at of the newest story, or null when there is none. */
  latestPublishedAt(): Promise<string | null>
  countStories(): Promise<number>
  /** How many of these ids are stored. */
  countStoriesWithIds(ids: string[]): Promise<number>
}

/** Headline search, newest first, like the lists. */
export interface SearchIndex {
  /**
   * Stories whose English or `lang` headline matches every term (see domain/search-terms.ts), within the filter.
   * Cost O(limit + a bounded window), whatever the terms: see each store.
   */
  searchStories(opts: { terms: SearchTerm[]; limit: number; lang: Language; filter?: StoryFilter }): Promise<StoryRecord[]>
}

/** What validates cached answers: a value that moves on with every change to what readers see. */
export interface ContentVersions {
  /** Changes whenever stored content changes, also when another process wrote it. */
  contentVersion(): Promise<string>
  /**
   * The content version when it is known without a round trip (PostgreSQL while it listens for notifications;
   * SQLite from memory, re-validated once per event-loop turn), else null: callers then ask contentVersion().
   */
  contentVersionNow?(): string | null
}

/** Story writes outside a crawl: imports, the sample edition. Each call is one transaction. */
export interface StoryWriter {
  /** Inserts or replaces stories by id, all in one transaction (the month summary included). */
  upsertStories(stories: StorySnapshot[]): Promise<UpsertResult>
  /** Removes these stories (unknown ids are ignored), in one transaction; returns how many were removed. */
  deleteStories(ids: string[]): Promise<number>
}

/** The stories half of `newsdesk export`; the crawl state is CrawlStateTransfer's. */
export interface StoryExport {
  /** Every story in snapshot form, ordered by id. */
  exportStories(): AsyncIterable<StorySnapshot>
}

/** Whether the database answers and is sound: health and the commands' start-up check. */
export interface StoreHealth {
  /** A trivial round trip to the database: throws when it is unreachable. */
  ping(): Promise<void>
  /**
   * The dialect's quick integrity check, run now (SQLite: PRAGMA quick_check, O(file size); PostgreSQL checks its
   * own pages, so only the round trip). The damage found, or null; found damage is also remembered for knownDamage.
   */
  checkIntegrity(): Promise<StoreDamage | null>
  /** Damage found by a check or run into by any query since the store opened (cheap: for health); null if none. */
  knownDamage(): StoreDamage | null
}

/**
 * An open store: every part above over one database, as openStore returns it. Callers take the parts they use (the
 * query service reads and searches, the crawler takes `crawl`, export and import their halves); the commands that
 * open, watch and close the store hold the whole. Each dialect composes it from one file per part and runs the
 * contract suites (test/contracts) against it.
 */
export interface Store extends StoryReader, SearchIndex, ContentVersions, StoryWriter, StoryExport, StoreHealth {
  readonly dialect: 'sqlite' | 'postgres'
  /** The crawler's state (feeds, articles, summary retries), written in the same transactions as its stories. */
  readonly crawl: CrawlStore & CrawlStateTransfer
  close(): Promise<void>
}
