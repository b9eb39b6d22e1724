import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Logger } from 'pino'
import type { FeedRecord, Publisher } from '../domain/crawl-records.ts'
import type { CrawlStore } from '../storage/crawl-store.ts'
import { storeFullReason } from '../storage/store-full.ts'
import { ClusterWindow } from './cluster-window.ts'
import type { PipelineStages } from './workers/worker-pool.ts'
import type { CrawlerFetcher } from './fetch/crawler-fetcher.ts'
import type { LlmSummarizer } from './llm/llm-summarizer.ts'
import type { ArticleTextMemo } from './pipeline/article-text-memo.ts'
import { commitPreparedRuns, type PreparedRun } from './pipeline/commit-runs.ts'
import { HeldRuns, type HoldLimits } from './pipeline/held-runs.ts'
import { prepareFeedRun, type FeedReport } from './pipeline/process-feed.ts'
import { createStoryRewriteQueue } from './pipeline/story-rewrite-queue.ts'
import { upgradeTeasers } from './pipeline/teaser-upgrade.ts'
import { CrawlStoreFullError } from './store-full-error.ts'

export interface CrawlSummary {
  /** `unreachable`: the failed feeds whose host could not be reached at all (no DNS answer, no connection). */
  feeds: { total: number; ok: number; notModified: number; failed: number; unreachable: number }
  articlesNew: number
  storiesCreated: number
  storiesUpdated: number
  /** Stories rewritten because an earlier pass left them marked (an LLM retry, or a crash before the rewrite). */
  summariesRetried: number
  /** Articles stored with their feed teaser by an earlier run whose page, fetched again, gave the full text. */
  articlesUpgraded: number
  /**
   * Feeds due when the pass started that nobody had fetched when it ended: leased by another worker (still working on
   * them, or dead: its leases then expire), or aborted by a fault in this pass. The schedule comes back for them sooner.
   */
  feedsHeld: number
  durationMs: number
}

/**
 * A pass in which feeds were due and not one was fetched, every failure a network one: the machine is most likely
 * offline (or its DNS or outbound connections are blocked), not the publishers down.
 */
export function networkDown(s: CrawlSummary): boolean {
  return s.feeds.failed > 0 && s.feeds.ok === 0 && s.feeds.notModified === 0 && s.feeds.unreachable === s.feeds.failed
}

/** The one line `crawl` prints and `serve` logs for such a pass. */
export function networkDownMessage(s: CrawlSummary): string {
  return `no feed could be fetched: all ${s.feeds.failed} failed for network reasons (no DNS answer, connection refused or `
    + 'unreachable, or no connection in time); is this machine offline? Check with `newsdesk publishers list --failing`'
}

export interface CrawlDeps {
  crawl: CrawlStore
  fetcher: CrawlerFetcher
  publishers: Publisher[]
  llm: LlmSummarizer | null
  log: Logger
  now?: () => Date
  random?: () => number
  /** The base polling interval in seconds (NEWSDESK_CRAWL_INTERVAL). */
  intervalSeconds: number
  /** Feeds processed at once; the fetcher caps requests per host (2) and overall (16) on its own. */
  concurrency?: number
  /** Identifies this worker's leases (several processes may crawl one PostgreSQL store); default host:pid:random. */
  owner?: string
  /** How long a claimed feed stays this worker's (NEWSDESK_CRAWL_LEASE_SECONDS); default DEFAULT_LEASE_SECONDS. */
  leaseSeconds?: number
  /** Called after every feed, for a progress bar. */
  onFeed?: (report: FeedReport, done: number, total: number) => void
  /** Fetch every active feed now, whatever its schedule (`newsdesk crawl --force`). */
  force?: boolean
  /** Where parsing and extraction run: worker threads in serve and crawl, the calling thread (inThreadStages) in benches. */
  stages: PipelineStages
  /** The clustering index kept between passes (serve); a fresh one is read from the store when absent. */
  window?: ClusterWindow
  /** Aborting stops the pass between feeds: feeds in flight finish and commit, the rest wait for the next pass. */
  signal?: AbortSignal
  /** Where articles' own story text is remembered between rewrites: the process's shared memo when absent. */
  storyTextMemo?: ArticleTextMemo | null
  /** How many new articles, and for how long, the pass holds to cluster them oldest first (held-runs.ts). */
  hold?: HoldLimits
}

/** A feed's lease outlives any healthy fetch (timeouts are 20 s a request): a dead worker's feeds return after it. */
export const DEFAULT_LEASE_SECONDS = 10 * 60
/** Marked stories carried over from earlier passes that one pass rewrites, at most. */
const CARRIED_OVER_PER_RUN = 200

/**
 * One crawl pass: make the feed table match the directory, rebuild the clustering index from the window of recent
 * articles, then process due feeds concurrently until none is due; finally retry a few LLM summaries that failed
 * before, and fetch again a bounded number of article pages that failed for a passing reason before (their articles
 * kept the feed teaser: pipeline/teaser-upgrade.ts). Feeds with new articles are held briefly and committed
 * together, their articles clustered oldest first (pipeline/held-runs.ts); the others commit on their own. A crash
 * loses at most the feeds in flight and held, which stay due.
 *
 * Each of the `concurrency` lanes claims one feed when it is free (a lease, FOR UPDATE SKIP LOCKED on PostgreSQL):
 * workers sharing a store take feeds as fast as they process them, and a lease starts when its feed's work does,
 * so a short lease is never spent waiting in a local queue.
 */
export async function runCrawl(deps: CrawlDeps): Promise<CrawlSummary> {
  const now = deps.now ?? (() => new Date())
  const started = Date.now()
  const owner = deps.owner ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS
  const publishers = new Map(deps.publishers.map((p) => [p.id, p]))
  await deps.crawl.syncPublishers(deps.publishers, now().toISOString())
  if (deps.force) await deps.crawl.makeAllDue(now().toISOString())
  const window = deps.window ?? new ClusterWindow()
  await window.load(deps.crawl, now())

  const summary: CrawlSummary = {
    feeds: { total: 0, ok: 0, notModified: 0, failed: 0, unreachable: 0 }, articlesNew: 0, storiesCreated: 0, storiesUpdated: 0,
    summariesRetried: 0, articlesUpgraded: 0, feedsHeld: 0, durationMs: 0,
  }
  const writer = createStoryRewriteQueue({ crawl: deps.crawl, publishers, llm: deps.llm, now, log: deps.log, memo: deps.storyTextMemo })
  // Stories an earlier pass marked and did not rewrite: LLM retries that are due, or a crash between the commits.
  const carried = await deps.crawl.dueSummaryRetries(now().toISOString(), CARRIED_OVER_PER_RUN)
  writer.enqueue(carried)
  summary.summariesRetried = carried.length

  const feedDeps = {
    crawl: deps.crawl, fetcher: deps.fetcher, window, stages: deps.stages, publishers, llm: deps.llm, log: deps.log, now,
    schedule: { baseSeconds: deps.intervalSeconds, random: deps.random ?? Math.random },
  }
  const passStart = now().getTime()
  const isDue = (f: FeedRecord) => f.active && Date.parse(f.nextFetchAt) <= passStart
  const total = (await deps.crawl.listFeeds()).filter(isDue).length
  let done = 0
  let failure: { err: unknown } | undefined
  /** Why the pass stopped writing: the store is full (the lanes stop claiming; reported once, at the end). */
  let full: string | null = null
  /** Feeds claimed by this pass that did not commit: their leases are handed back at the end. */
  const aborted: string[] = []
  const record = (report: FeedReport) => {
    summary.feeds.total++
    summary.feeds[report.status === 'ok' ? 'ok' : report.status === 'not-modified' ? 'notModified' : 'failed']++
    if (report.status === 'failed' && report.unreachable === true) summary.feeds.unreachable++
    summary.articlesNew += report.articlesNew
    writer.enqueue(report.touched.map((storyId) => ({ storyId, attempts: 0 })))
    deps.onFeed?.(report, ++done, Math.max(total, done))
  }
  /** A feed that did not commit: its lease is handed back at the end; reported as failed unless the store is full. */
  const abort = (feedUrl: string, outcome: Aborted) => {
    aborted.push(feedUrl)
    full ??= outcome.full
    if (full === null) record({ feedUrl, status: 'failed', reason: 'internal', articlesNew: 0, touched: [] })
  }
  const held = new HeldRuns(async (runs) => {
    const outcome = await commitHeld(runs, feedDeps)
    if ('status' in outcome) for (const r of runs) abort(r.feed.publisher.feedUrl, outcome)
    else for (const report of outcome) record(report)
  }, deps.hold)
  const lane = async () => {
    while (!deps.signal?.aborted && !failure && full === null) {
      let feed: FeedRecord | undefined
      try {
        ;[feed] = await deps.crawl.claimDueFeeds({ now: now().toISOString(), limit: 1, owner, leaseSeconds })
      } catch (err) {
        // The store failed: the other lanes stop after their feed, and the pass fails.
        failure ??= { err }
        return
      }
      if (!feed) return
      // Committed before half its lease is gone, however long its pages took.
      const latest = Date.now() + (leaseSeconds * 1000) / 2
      const outcome = await prepareOne(feed, feedDeps)
      if ('articles' in outcome) held.hold(outcome, latest)
      else if (outcome.status === 'aborted') abort(feed.publisher.feedUrl, outcome)
      else record(outcome)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 16) }, lane))
  // Feeds in flight when the pass stopped (aborted, a fault) still commit what they fetched.
  await held.flush()
  // After the feeds, so this pass's articles are stored first (those over a feed's extraction budget are due at
  // once); their rewrites go through the same queue, after or alongside the feeds' own.
  if (!deps.signal?.aborted && !failure && full === null) {
    try {
      const upgrades = await upgradeTeasers({ crawl: deps.crawl, fetcher: deps.fetcher, stages: deps.stages, publishers, now, log: deps.log, leaseSeconds })
      writer.enqueue(upgrades.stories.map((storyId) => ({ storyId, attempts: 0 })))
      summary.articlesUpgraded = upgrades.upgraded
      full ??= upgrades.full
    } catch (err) {
      failure = { err }
    }
  }
  const written = await writer.drain()
  full ??= writer.halted() ?? (failure ? storeFullReason(failure.err) : null)
  // Handed back now rather than when the lease runs out (10 min by default), so the next pass, or another worker,
  // takes them at once. After the lanes: released any sooner, this pass would claim them again.
  const released = await releaseLeases(deps.crawl, aborted, owner, deps.log)
  if (full !== null) throw new CrawlStoreFullError(full, { feedsDone: summary.feeds.total, feedsReleased: released })
  if (failure) throw failure.err
  // Committing a feed moves its next fetch past the pass start: the feeds still due are held by someone's lease.
  if (!deps.signal?.aborted) summary.feedsHeld = (await deps.crawl.listFeeds()).filter(isDue).length
  summary.storiesCreated = written.created
  summary.storiesUpdated = written.updated
  summary.durationMs = Date.now() - started
  return summary
}

/** A feed that threw instead of committing: its lease is handed back; `full` when the store had no room. */
type Aborted = { status: 'aborted'; full: string | null }

async function prepareOne(feed: FeedRecord, deps: Parameters<typeof prepareFeedRun>[1]): Promise<FeedReport | PreparedRun | Aborted> {
  try {
    const outcome = await prepareFeedRun(feed, deps)
    // Debug: failures are normal (dead feeds, outages), recorded on the feed and counted in the pass summary.
    if ('status' in outcome && outcome.status === 'failed') deps.log.debug({ feed: feed.publisher.feedUrl, reason: outcome.reason }, 'crawl: feed failed')
    return outcome
  } catch (err) {
    return abortedBy(err, deps.log, { feed: feed.publisher.feedUrl })
  }
}

/** Clusters and commits held runs together; their reports, or why none of them committed. */
async function commitHeld(runs: PreparedRun[], deps: Parameters<typeof commitPreparedRuns>[1] & { log: Logger }): Promise<FeedReport[] | Aborted> {
  try {
    return await commitPreparedRuns(runs, deps)
  } catch (err) {
    return abortedBy(err, deps.log, { feeds: runs.map((r) => r.feed.publisher.feedUrl) })
  }
}

function abortedBy(err: unknown, log: Logger, context: object): Aborted {
  // A full store fails every feed alike: the pass stops and says so once (CrawlStoreFullError), not per feed.
  const full = storeFullReason(err)
  // A bug or another store fault: logged; the leases are handed back at the end of the pass.
  if (full === null) log.error({ err, ...context }, 'crawl: feed aborted')
  return { status: 'aborted', full }
}

/** Frees this pass's leases on the feeds it could not finish; how many were freed (0 when the store refused). */
async function releaseLeases(crawl: CrawlStore, feedUrls: string[], owner: string, log: Logger): Promise<number> {
  if (feedUrls.length === 0) return 0
  try {
    return await crawl.releaseFeeds({ feedUrls, owner })
  } catch (err) {
    // Even a full disk usually takes this (it rewrites rows in place); if not, the leases run out on their own.
    log.warn({ feeds: feedUrls.length, reason: storeFullReason(err) ?? (err as Error).message }, 'crawl: could not release the leases of unfinished feeds; they expire on their own')
    return 0
  }
}

