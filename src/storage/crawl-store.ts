import type { StateBatch, StateRecord } from './state-records.ts'
import type { StorySnapshot } from '../domain/story.ts'
import type { ArticleRecord, FeedRecord, FeedRunCommit, FeedStateUpdate, KnownArticleKeys, Publisher, RefetchClaim, RefetchOutcome, StoryMerge, SummaryState } from '../domain/crawl-records.ts'

/** The crawler's records (domain/crawl-records.ts) are what this contract stores and reads back. */

/** The crawler's feed table: the directory's feeds, their schedules and the leases that share them among workers. */
export interface CrawlFeeds {
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
  /**
   * Frees the leases `owner` holds on these feeds, leaving their schedules as they are: a pass that could not finish
   * them (a full disk, a fault) gives them back at once instead of for the rest of the lease. Returns how many.
   */
  releaseFeeds(opts: { feedUrls: string[]; owner: string }): Promise<number>
  /** Makes every active feed due at `now` and frees its lease (an operator's forced refresh); returns how many. */
  makeAllDue(now: string): Promise<number>
}

/** What feed runs read and commit: articles, the stories they make, summary retries and page refetches. */
export interface CrawlRuns {
  /** Which of these keys are already stored (index lookups, O(keys)). */
  knownArticleKeys(keys: { canonicalUrls: string[]; guidKeys: string[]; contentHashes: string[] }): Promise<KnownArticleKeys>
  /** Articles fetched since `since`, oldest first: the clustering window, read when a worker starts. */
  recentArticles(since: string): AsyncIterable<ArticleRecord>
  /** The articles of one story, earliest published first (fetch time when undated, then URL), at most `limit`. */
  storyArticles(storyId: string, limit: number): Promise<ArticleRecord[]>
  /** Stories whose LLM summary is due for a retry at `now`, at most `limit`. */
  dueSummaryRetries(now: string, limit: number): Promise<SummaryState[]>
  /**
   * One transaction: the feed's new state (lease released), its new articles, the stories they changed, the
   * refetches of its articles (queued only for articles this commit stored: one kept elsewhere is not refetched), its
   * merges, then its related stories (recorded at the run's fetch time; see storage/relation-plan.ts). Moves the
   * content version on when stories, merges or relations changed.
   */
  commitFeedRun(run: FeedRunCommit): Promise<void>
  /**
   * Commits a feed run whose new articles still need their stories, so that workers sharing the store never split
   * one event into two stories. Under a store-wide lock (crawling workers take turns, from this read to the commit)
   * it reads the articles committed after `afterSeq` — those this worker has not seen yet, from other workers — and
   * the story merges made since (oldest first), passes them to `assign`, which must be synchronous (it clusters the
   * run's articles against an index that now holds them), and commits the run `assign` returns in the same
   * transaction; several runs (several feeds' articles clustered together) commit in order in that one transaction.
   * Returns the highest commit sequence number stored once it committed.
   */
  commitClusteredRun(afterSeq: number, assign: (unseen: ArticleRecord[], merges: StoryMerge[]) => FeedRunCommit | FeedRunCommit[]): Promise<number>
  /**
   * Refetches due at `now` (newest articles first, at most `limit`) whose article is stored, each claimed until now +
   * leaseSeconds by moving its retry_at there, in one transaction (FOR UPDATE SKIP LOCKED on PostgreSQL): workers
   * sharing the store never fetch one page at once, and a worker that dies leaves its rows due again at the claim's end.
   */
  claimDueRefetches(opts: {
    now: string
    limit: number
    leaseSeconds: number
    /** Rows whose article was published (fetched, if undated) before this are deleted first, never claimed. */
    publishedSince?: string
  }): Promise<RefetchClaim[]>
  /**
   * Settles a claimed refetch in one transaction, if its claim is still the one named (else nothing, null). An
   * upgrade writes the article's text and language, deletes the row and marks the article's story (where its
   * articles are now) for rewriting; returns that story id. A retry or a drop returns null.
   */
  settleRefetch(outcome: RefetchOutcome): Promise<string | null>
  /**
   * Story rewrites and their summary states, in one transaction; says how many stories were new. A story merged
   * away meanwhile (its id redirects) is not written again.
   */
  commitStories(stories: StorySnapshot[], summaries: SummaryState[]): Promise<{ inserted: number; updated: number }>
}

/** Everything a crawl reads and writes. */
export interface CrawlStore extends CrawlFeeds, CrawlRuns {}

/**
 * The crawl state half of `newsdesk export` and `newsdesk import` (the stories are StoryExport's and StoryWriter's):
 * what a crawl has stored beyond story snapshots, read and restored as storage/state-records.ts lines.
 */
export interface CrawlStateTransfer {
  /** Whether the crawler has state here (feeds, articles, redirects or relations): `newsdesk export` then writes it after the stories. */
  hasState(): Promise<boolean>
  /**
   * The state beyond story snapshots (storage/state-records.ts): feeds, articles in commit order, summary retries,
   * then every story's and every sitemap month's last change, the redirects and the related stories (one line per
   * pair). Read in pages by key.
   */
  exportState(): AsyncIterable<StateRecord>
  /**
   * Restores exported state, in one transaction: feeds and summary retries upserted (leases cleared), articles added
   * (ones already stored are kept), story and month stamps set where the story or month exists, redirects upserted,
   * relations recorded as a crawl commit records them (best score, bounded per story). Stories must be imported
   * first. Moves the content version on when a stamp, a redirect or a relation changed.
   */
  restoreState(batch: StateBatch): Promise<void>
}
