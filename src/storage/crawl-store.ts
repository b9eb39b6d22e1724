import type { StateBatch, StateRecord } from '../domain/state-records.ts'
import type { StorySnapshot } from '../domain/story.ts'
import type { Publisher } from '../publishers/publisher.ts'

/**
 * What the crawler keeps between runs, next to the stories: one row per feed (conditional-GET validators, schedule,
 * failures, a lease) and one row per article (dedupe keys, text, its story, its MinHash signature). Every write of a
 * feed's results is one transaction with the stories it changed, so a crash loses nothing half-written and the
 * next run resumes from the last committed feed.
 */

export interface FeedRecord {
  publisher: Publisher
  etag: string | null
  lastModified: string | null
  /** When the feed is next due (ISO 8601 UTC). */
  nextFetchAt: string
  /** The current polling interval, adapted to how often the feed publishes. */
  intervalSeconds: number
  consecutiveFailures: number
  /** ok | not-modified | a failure reason ('http-error', 'timeout', 'parse:malformed', …), or null before the first fetch. */
  lastStatus: string | null
  /** A short operator-facing message for the last failure (never shown on public surfaces). */
  lastError: string | null
  lastFetchedAt: string | null
  lastSuccessAt: string | null
  /** Articles this feed has contributed, all time. */
  articleCount: number
  /** False once the feed left the directory; its state is kept in case it returns. */
  active: boolean
}

/** The feed-state columns a run updates. */
export interface FeedStateUpdate {
  feedUrl: string
  etag: string | null
  lastModified: string | null
  nextFetchAt: string
  intervalSeconds: number
  consecutiveFailures: number
  lastStatus: string
  lastError: string | null
  fetchedAt: string
  /** Set when the fetch succeeded (200 or 304). */
  succeededAt: string | null
}

export interface ArticleRecord {
  id: string
  storyId: string
  publisherId: string
  feedUrl: string
  canonicalUrl: string
  guidKey: string | null
  contentHash: string
  title: string
  /** Plain text (paragraphs separated by blank lines); the teaser when extraction found nothing better. */
  text: string
  lang: string | null
  publishedAt: string | null
  fetchedAt: string
  author: string | null
  imageUrl: string | null
  /** The clustering signature (MinHash), stored so the candidate index can be rebuilt after a restart. */
  signature: Uint8Array
  /**
   * Its place in the store's commit order (set by the store; absent on an article not yet committed). Articles are
   * committed one run at a time under the clustering lock, so a worker that has seen every article up to N knows
   * that those after N are exactly the ones it has not seen.
   */
  commitSeq?: number
}

/** Which of the given dedupe keys the store already holds. */
export interface KnownArticleKeys {
  canonicalUrls: Set<string>
  guidKeys: Set<string>
  contentHashes: Set<string>
}

/** How a story's text was last written: the extractive fallback is retried with the LLM when one is configured. */
export interface SummaryState {
  storyId: string
  source: 'extractive' | 'llm'
  attempts: number
  /** When to try the LLM again (null: nothing to retry). */
  retryAt: string | null
}

/**
 * One story folded into another: its articles move to `into`, it leaves every list, search and sitemap, and its id
 * redirects to `into` from then on. `into` is the older story (see crawler/cluster/assign-cluster.ts).
 */
export interface StoryMerge {
  from: string
  into: string
}

export interface FeedRunCommit {
  feed: FeedStateUpdate
  articles: ArticleRecord[]
  stories: StorySnapshot[]
  /** Summary states; a story whose articles changed is marked for rewriting with `retryAt` = now. */
  summaries: SummaryState[]
  /** Stories merged by this run, in the order they happened; applied after the run's articles are stored. */
  merges?: StoryMerge[]
}

export interface CrawlStore {
  /**
   * Makes the feed table match the directory: new feeds are due at once, known ones keep their state (their
   * publisher fields are updated), feeds no longer listed become inactive. Publishers are upserted as sources.
   */
  syncPublishers(publishers: Publisher[], now: string): Promise<{ added: number; updated: number; deactivated: number }>
  /** Every feed with its state, in directory order by name. */
  listFeeds(): Promise<FeedRecord[]>
  /**
   * Active feeds due at `now` and not leased by another worker, oldest due first, at most `limit`; each is leased
   * to `owner` until now + leaseSeconds. A worker that dies loses its leases when they expire.
   */
  claimDueFeeds(opts: { now: string; limit: number; owner: string; leaseSeconds: number }): Promise<FeedRecord[]>
  /** Makes every active feed due at `now` and frees its lease (an operator's forced refresh); returns how many. */
  makeAllDue(now: string): Promise<number>
  /** Which of these keys are already stored (index lookups, O(keys)). */
  knownArticleKeys(keys: { canonicalUrls: string[]; guidKeys: string[]; contentHashes: string[] }): Promise<KnownArticleKeys>
  /** Articles fetched since `since`, oldest first: the clustering window, read when a worker starts. */
  recentArticles(since: string): AsyncIterable<ArticleRecord>
  /** The articles of one story, earliest published first (fetch time when undated, then URL), at most `limit`. */
  storyArticles(storyId: string, limit: number): Promise<ArticleRecord[]>
  /** Stories whose LLM summary is due for a retry at `now`, at most `limit`. */
  dueSummaryRetries(now: string, limit: number): Promise<SummaryState[]>
  /** One transaction: the feed's new state (lease released), its new articles, the stories they changed. */
  commitFeedRun(run: FeedRunCommit): Promise<void>
  /**
   * Commits a feed run whose new articles still need their stories, so that workers sharing the store never split
   * one event into two stories. Under a store-wide lock (crawling workers take turns, from this read to the commit)
   * it reads the articles committed after `afterSeq` — those this worker has not seen yet, from other workers — and
   * the story merges made since (oldest first), passes them to `assign`, which must be synchronous (it clusters the
   * run's articles against an index that now holds them), and commits the run `assign` returns in the same
   * transaction. Returns the highest commit sequence number stored once it committed.
   */
  commitClusteredRun(afterSeq: number, assign: (unseen: ArticleRecord[], merges: StoryMerge[]) => FeedRunCommit): Promise<number>
  /** Whether the crawler has state here (feeds, articles or redirects): `newsdesk export` then writes it after the stories. */
  hasState(): Promise<boolean>
  /**
   * The state beyond story snapshots (domain/state-records.ts): feeds, articles in commit order, summary retries,
   * then every story's and every sitemap month's last change. Read in pages by key.
   */
  exportState(): AsyncIterable<StateRecord>
  /**
   * Restores exported state, in one transaction: feeds and summary retries upserted (leases cleared), articles added
   * (ones already stored are kept), story and month stamps set where the story or month exists. Stories must be
   * imported first. Moves the content version on when a stamp changed.
   */
  restoreState(batch: StateBatch): Promise<void>
  /**
   * Story rewrites and their summary states, in one transaction; says how many stories were new. A story merged
   * away meanwhile (its id redirects) is not written again.
   */
  commitStories(stories: StorySnapshot[], summaries: SummaryState[]): Promise<{ inserted: number; updated: number }>
}
