import type { FeedRecord, FeedStateUpdate } from '../../domain/crawl-records.ts'

/**
 * When a feed is polled next: fresh enough for news, and polite by construction:
 * - never sooner than the crawl interval (15 min by default), the server's Cache-Control max-age or Retry-After;
 * - adaptive: a feed that had new articles is polled at the base interval, a quiet one ever less often, up to
 *   QUIET_MAX (so a weekly blog is not polled 96 times a day);
 * - on failure, exponential backoff from the base interval, capped at a day, ±20 % jitter so feeds that failed
 *   together do not return together. A feed is never disabled: one that comes back is found within a day.
 */

export const QUIET_MAX_SECONDS = 4 * 60 * 60
export const BACKOFF_MAX_SECONDS = 24 * 60 * 60
const QUIET_GROWTH = 1.5

export type FetchOutcome =
  | { kind: 'ok'; newArticles: number; etag: string | null; lastModified: string | null; maxAgeSeconds: number | null }
  | { kind: 'not-modified'; maxAgeSeconds: number | null }
  | { kind: 'failed'; status: string; message: string; retryAfterSeconds: number | null }

export interface ScheduleOptions {
  /** The base polling interval (NEWSDESK_CRAWL_INTERVAL). */
  baseSeconds: number
  /** A number in [0, 1); injected so tests are deterministic. */
  random: () => number
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const jitter = (seconds: number, random: () => number) => Math.round(seconds * (0.8 + 0.4 * random()))

export function nextFeedState(feed: FeedRecord, outcome: FetchOutcome, now: Date, opts: ScheduleOptions): FeedStateUpdate {
  const fetchedAt = now.toISOString()
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()
  const base = opts.baseSeconds
  const quietMax = Math.max(base, QUIET_MAX_SECONDS)

  if (outcome.kind === 'failed') {
    const failures = feed.consecutiveFailures + 1
    const backoff = clamp(base * 2 ** (failures - 1), base, BACKOFF_MAX_SECONDS)
    const wait = Math.max(jitter(backoff, opts.random), outcome.retryAfterSeconds ?? 0)
    return {
      feedUrl: feed.publisher.feedUrl, etag: feed.etag, lastModified: feed.lastModified,
      nextFetchAt: at(Math.min(wait, BACKOFF_MAX_SECONDS)), intervalSeconds: feed.intervalSeconds,
      consecutiveFailures: failures, lastStatus: outcome.status, lastError: outcome.message.slice(0, 500),
      fetchedAt, succeededAt: null,
    }
  }

  const interval = outcome.kind === 'ok' && outcome.newArticles > 0
    ? base
    : clamp(Math.round(feed.intervalSeconds * QUIET_GROWTH), base, quietMax)
  const wait = Math.max(jitter(interval, opts.random), outcome.maxAgeSeconds ?? 0, base)
  return {
    feedUrl: feed.publisher.feedUrl,
    etag: outcome.kind === 'ok' ? outcome.etag : feed.etag,
    lastModified: outcome.kind === 'ok' ? outcome.lastModified : feed.lastModified,
    nextFetchAt: at(Math.min(wait, BACKOFF_MAX_SECONDS)),
    intervalSeconds: interval,
    consecutiveFailures: 0,
    lastStatus: outcome.kind,
    lastError: null,
    fetchedAt,
    succeededAt: fetchedAt,
  }
}

/** `Cache-Control: max-age=N` (or `s-maxage`) of a feed response, in seconds; null when absent. */
export function maxAgeOf(headers: Record<string, string>): number | null {
  const value = headers['cache-control']
  const match = value ? /(?:^|[,\s])(?:s-)?max-age\s*=\s*"?(\d+)/i.exec(value) : null
  return match ? Math.min(Number(match[1]), BACKOFF_MAX_SECONDS) : null
}

/** Retry-After (seconds or an HTTP date) in seconds from `now`; null when absent or unreadable. */
export function retryAfterSeconds(raw: string | null | undefined, now: Date): number | null {
  if (!raw) return null
  if (/^\d+$/.test(raw.trim())) return Math.min(Number(raw.trim()), BACKOFF_MAX_SECONDS)
  const date = Date.parse(raw)
  return Number.isNaN(date) ? null : clamp(Math.round((date - now.getTime()) / 1000), 0, BACKOFF_MAX_SECONDS)
}
