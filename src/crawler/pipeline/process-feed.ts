import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { FeedRecord, FeedStateUpdate, Publisher } from '../../domain/crawl-records.ts'
import type { CrawlStore } from '../../storage/crawl-store.ts'
import type { ClusterWindow } from '../cluster-window.ts'
import type { CrawlerFetcher } from '../fetch/crawler-fetcher.ts'
import { detectLanguage } from '../extract/detect-language.ts'
import { dedupeArticles } from '../normalize/dedupe.ts'
import { normalizeFeed } from '../normalize/normalize-feed.ts'
import type { NormalizedArticle } from '../normalize/normalize-item.ts'
import { maxAgeOf, nextFeedState, retryAfterSeconds, type FetchOutcome, type ScheduleOptions } from '../schedule/next-fetch.ts'
import { commitPreparedRuns, type PreparedArticle, type PreparedRun } from './commit-runs.ts'
import { confirmedBrief } from './brief-page.ts'
import { isTransient, refetchRetryAt, type KeptTeaser } from './refetch-policy.ts'
import type { PipelineStages } from '../workers/worker-pool.ts'

/** Items older than this at first sight are not news: a new feed's backlog does not flood the front page. */
export const MAX_ARTICLE_AGE_MS = 7 * 24 * 3_600_000
/** Article pages fetched per feed and run: a first fetch of a 100-item feed must not mean 100 page fetches at once. */
export const EXTRACTIONS_PER_FEED = 20
/** New articles kept per feed and run (newest first); the rest wait for the next run, where they are still new. */
export const ARTICLES_PER_FEED = 50

export interface FeedReport {
  feedUrl: string
  status: 'ok' | 'not-modified' | 'failed'
  /** The failure reason (fetch or parse), for the summary and the log. */
  reason?: string
  /** The feed's host could not be reached at all (FetchFailure.unreachable): a network failure, not the publisher's. */
  unreachable?: boolean
  articlesNew: number
  /** The stories the new articles started or joined: committed marked for rewriting, for the story rewrite queue. */
  touched: string[]
}

export interface ProcessFeedDeps {
  crawl: CrawlStore
  fetcher: CrawlerFetcher
  /** The clustering index (loaded), topped up with other workers' articles at each commit. */
  window: ClusterWindow
  /** Parsing and extraction, in worker threads when serving. */
  stages: PipelineStages
  schedule: ScheduleOptions
  now: () => Date
  log: Logger
}

/**
 * One feed up to clustering: fetch (conditionally) → parse → normalize and dedupe against the store → extract the
 * pages of teaser-only items → detect the language. A feed with new articles comes back as a prepared run, which
 * commitPreparedRuns clusters and commits with the stories they touched marked for rewriting (the story rewrite queue
 * rewrites them from all their committed articles) and the articles that kept their teaser for a passing reason
 * queued for a later fetch of their page (teaser-upgrade.ts). Any other outcome is committed here and reported: a
 * failure is recorded on the feed; it never stops the crawl.
 */
export async function prepareFeedRun(feed: FeedRecord, deps: ProcessFeedDeps): Promise<FeedReport | PreparedRun> {
  const url = feed.publisher.feedUrl
  const report: FeedReport = { feedUrl: url, status: 'ok', articlesNew: 0, touched: [] }
  const commitState = async (outcome: FetchOutcome) => {
    const state: FeedStateUpdate = nextFeedState(feed, outcome, deps.now(), deps.schedule)
    await deps.crawl.commitFeedRun({ feed: state, articles: [], stories: [], summaries: [] })
  }

  const fetched = await deps.fetcher.fetchFeed(url, { etag: feed.etag, lastModified: feed.lastModified })
  if (fetched.status === 'failed') {
    const status = fetched.httpStatus ? `${fetched.reason}:${fetched.httpStatus}` : fetched.reason
    await commitState({ kind: 'failed', status, message: fetched.message, retryAfterSeconds: retryAfterSeconds(fetched.retryAfter, deps.now()) })
    return { ...report, status: 'failed', reason: status, ...(fetched.unreachable ? { unreachable: true } : {}) }
  }
  if (fetched.status === 'not-modified') {
    await commitState({ kind: 'not-modified', maxAgeSeconds: null })
    return { ...report, status: 'not-modified' }
  }

  const parsed = await deps.stages.parse(fetched.body, fetched.headers['content-type'] ?? null, fetched.finalUrl)
  if (!parsed.ok) {
    const status = `parse:${parsed.reason}`
    await commitState({ kind: 'failed', status, message: parsed.detail, retryAfterSeconds: null })
    return { ...report, status: 'failed', reason: status }
  }

  const fetchedAt = deps.now()
  const fresh = await newArticles(parsed.feed, url, fetchedAt, deps.crawl, (a) => publishable(a, url, deps))
  const { prepared, refetchAt } = await prepareArticles(fresh, feed.publisher, fetchedAt, deps)
  const outcome: FetchOutcome = { kind: 'ok', newArticles: prepared.length, etag: fetched.etag, lastModified: fetched.lastModified, maxAgeSeconds: maxAgeOf(fetched.headers) }
  if (prepared.length === 0) {
    await commitState(outcome)
    return report
  }
  return { feed, state: nextFeedState(feed, outcome, deps.now(), deps.schedule), articles: prepared, refetchAt, fetchedAt }
}

/**
 * One feed, end to end, on its own: prepared (prepareFeedRun) and committed at once (commitPreparedRuns). A crawl pass
 * holds the prepared runs of several feeds instead, so their articles are clustered oldest first (crawl-run.ts).
 */
export async function processFeed(feed: FeedRecord, deps: ProcessFeedDeps): Promise<FeedReport> {
  const run = await prepareFeedRun(feed, deps)
  if (!('articles' in run)) return run
  const [report] = await commitPreparedRuns([run], deps)
  return report!
}



/**
 * An item whose link the service may publish (see fetch/link-policy.ts): one pointing at a loopback, private or
 * reserved address would become a story's original_url and other stories' covered_by links, so it is skipped, and
 * the operator told why. A cover image there is dropped the same way (the item is kept).
 */
function publishable(a: NormalizedArticle, feedUrl: string, deps: ProcessFeedDeps): NormalizedArticle | null {
  const refused = deps.fetcher.linkRefusal(a.canonicalUrl)
  if (refused !== null) {
    deps.log.warn({ feed: feedUrl, url: a.canonicalUrl, reason: refused }, 'crawler: article skipped, its link is not publishable')
    return null
  }
  return { ...a, imageUrl: publishableImage(a.imageUrl, a.canonicalUrl, deps) }
}

/** The cover image URL if it may be published, else null (with a log line). */
export function publishableImage(imageUrl: string | null, articleUrl: string, deps: Pick<ProcessFeedDeps, 'fetcher' | 'log'>): string | null {
  if (imageUrl === null) return null
  const refused = deps.fetcher.linkRefusal(imageUrl)
  if (refused === null) return imageUrl
  deps.log.warn({ url: articleUrl, image: imageUrl, reason: refused }, 'crawler: cover image dropped, its link is not publishable')
  return null
}

/** The feed's items that are new: not seen in this feed or any other (URL, GUID, content), and recent enough. */
async function newArticles(feed: Parameters<typeof normalizeFeed>[0], feedUrl: string, fetchedAt: Date, crawl: CrawlStore,
  keep: (a: NormalizedArticle) => NormalizedArticle | null): Promise<NormalizedArticle[]> {
  const { articles } = normalizeFeed(feed, feedUrl, fetchedAt)
  const oldest = fetchedAt.getTime() - MAX_ARTICLE_AGE_MS
  const recent = articles.filter((a) => a.publishedAt === null || Date.parse(a.publishedAt) >= oldest)
    .map(keep).filter((a) => a !== null)
  const known = await crawl.knownArticleKeys({
    canonicalUrls: recent.map((a) => a.canonicalUrl),
    guidKeys: recent.flatMap((a) => (a.guidKey ? [a.guidKey] : [])),
    contentHashes: recent.map((a) => a.contentHash),
  })
  const { unique } = dedupeArticles(recent, known)
  // Newest first for the cap, then oldest first so a story starts with its earliest article.
  const newest = [...unique].sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')).slice(0, ARTICLES_PER_FEED)
  return newest.reverse()
}

/**
 * Full text for teaser-only items (within the per-feed budget) and the language: the records, before clustering;
 * and, by record id, when to fetch again the pages of those that kept their teaser for a passing reason.
 */
async function prepareArticles(articles: NormalizedArticle[], publisher: Publisher, fetchedAt: Date, deps: ProcessFeedDeps): Promise<{ prepared: PreparedArticle[]; refetchAt: Map<string, string> }> {
  // The budget goes to the newest pages (`articles` is oldest first): in a burst or a first crawl's backlog, the
  // stories readers look at first get their full text now; the older ones wait in the refetch queue.
  const extractNow = new Set(articles.filter((a) => a.needsExtraction).slice(-EXTRACTIONS_PER_FEED))
  const texts = await Promise.all(articles.map(async (a) => {
    const teaser = { text: a.feedText, lang: null as string | null, author: a.author, image: a.imageUrl, kept: null as KeptTeaser | null }
    if (!a.needsExtraction) return teaser
    if (!extractNow.has(a)) return { ...teaser, kept: { why: 'budget' } as const }
    const page = await deps.fetcher.fetchArticle(a.canonicalUrl)
    // Said where an operator looks (shorter summaries without cards are otherwise unexplained), with whether the
    // page will be fetched again (a passing failure) or the teaser stays for good.
    if (page.status !== 'ok') {
      const kept: KeptTeaser = { why: 'fetch', page }
      deps.log.info({ url: a.canonicalUrl, reason: page.status === 'failed' ? page.reason : page.status, status: page.status === 'failed' ? page.httpStatus : undefined, refetch: isTransient(kept) },
        'crawler: article page not fetched, kept the feed teaser')
      return { ...teaser, kept }
    }
    const extracted = await deps.stages.extract(page.body, page.headers['content-type'] ?? null, page.finalUrl)
    if (!extracted.ok) {
      const brief = confirmedBrief(extracted, a.feedText)
      if (brief !== null && brief.length > a.feedText.length) return { ...teaser, text: brief }
      deps.log.info({ url: a.canonicalUrl, reason: extracted.reason, refetch: false }, 'crawler: article page not extracted, kept the feed teaser')
      return { ...teaser, kept: { why: 'extract', reason: extracted.reason } as const }
    }
    if (extracted.text.length <= a.feedText.length) return { ...teaser, kept: { why: 'shorter' } as const }
    return { text: extracted.text, lang: extracted.lang, author: a.author ?? extracted.byline, image: a.imageUrl ?? publishableImage(extracted.imageUrl, a.canonicalUrl, deps), kept: null }
  }))

  const refetchAt = new Map<string, string>()
  const prepared = articles.map((a, i) => {
    const t = texts[i]!
    const detected = detectLanguage({ declared: a.language ?? t.lang ?? publisher.lang, title: a.title, text: t.text })
    const id = randomUUID()
    const retryAt = t.kept ? refetchRetryAt(t.kept, 0, fetchedAt) : null
    if (retryAt !== null) refetchAt.set(id, retryAt)
    return {
      id,
      publisherId: publisher.id,
      feedUrl: publisher.feedUrl,
      canonicalUrl: a.canonicalUrl,
      guidKey: a.guidKey,
      contentHash: a.contentHash,
      title: a.title,
      text: t.text,
      lang: detected.lang,
      publishedAt: a.publishedAt,
      fetchedAt: fetchedAt.toISOString(),
      author: t.author?.slice(0, 300) ?? null,
      imageUrl: t.image,
    }
  })
  return { prepared, refetchAt }
}

