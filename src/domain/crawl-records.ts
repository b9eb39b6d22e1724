import type { Language } from './languages.ts'
import type { StorySnapshot } from './story.ts'
import type { Topic } from './topics.ts'

/** A directory entry with the stable id its stories carry as `source.id` (publishers/ reads and validates the directory). */
export interface Publisher {
  id: string
  name: string
  siteUrl: string | null
  feedUrl: string
  topic: Topic
  lang: Language
}

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

/**
 * Two stories close to each other but not the same event (the next step of a storyline: a bill's vote after its
 * delay, a lawsuit after a launch). Symmetric: recorded once, read from either side (see domain/story-relations.ts).
 */
export interface StoryRelation {
  storyId: string
  relatedId: string
  /** How close, 0..1 (the clustering's score); the best one seen for a pair is kept. */
  score: number
}

export interface FeedRunCommit {
  feed: FeedStateUpdate
  articles: ArticleRecord[]
  stories: StorySnapshot[]
  /** Summary states; a story whose articles changed is marked for rewriting with `retryAt` = now. */
  summaries: SummaryState[]
  /** Stories merged by this run, in the order they happened; applied after the run's articles are stored. */
  merges?: StoryMerge[]
  /** Articles of this run kept with their feed teaser for a passing reason: their pages are fetched again later. */
  refetches?: ArticleRefetch[]
  /**
   * Related stories found by this run; written after its merges, each id followed through the store's redirects,
   * so a relation never names a merged id nor joins a story to itself.
   */
  relations?: StoryRelation[]
}

/**
 * An article stored with its feed teaser because its page could not be had for a passing reason (a timeout, a 5xx,
 * the feed's extraction budget spent): a later pass fetches the page again and upgrades the article's text.
 */
export interface ArticleRefetch {
  articleId: string
  /** The page to fetch (the article's canonical URL). */
  url: string
  /** Refetches tried and failed so far (the feed run's own fetch is not counted). */
  attempts: number
  /** When the page is due again (ISO 8601 UTC); while claimed, the end of the claim. */
  retryAt: string
}

/** A due refetch claimed by one worker: `retryAt` is its claim's end, which settling it must name. */
export interface RefetchClaim extends ArticleRefetch {
  article: ArticleRecord
}

/** How a claimed refetch ended; settled only while the claim is still the one named (its `claimedUntil`). */
export type RefetchOutcome = { articleId: string; claimedUntil: string } & (
  /**
   * The page gave a longer text: the article takes it and its story is marked for rewriting at `markedAt`. The
   * page's byline and image fill the article's author and image only where the feed gave none.
   */
  | { kind: 'upgraded'; text: string; lang: string | null; author: string | null; imageUrl: string | null; markedAt: string }
  /** Another passing failure: tried again at `retryAt`. */
  | { kind: 'retry'; attempts: number; retryAt: string }
  /** Nothing more to hope for (a permanent failure, too many attempts, no longer text): the row goes. */
  | { kind: 'dropped' }
)
