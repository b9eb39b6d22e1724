import type { ExtractFailureReason } from '../extract/extract-article.ts'
import type { FetchFailure, FetchNotModified } from '../fetch/fetch-result.ts'
import { retryAfterSeconds } from '../schedule/next-fetch.ts'

/**
 * When an article kept its feed teaser, whether its page is worth fetching again later (the article_refetch queue),
 * and when. Pure: the feed run (process-feed.ts) and the upgrade pass (teaser-upgrade.ts) both decide here.
 */

/** Why an article has only its teaser after a try at its page. */
export type KeptTeaser =
  /** The feed's extraction budget (EXTRACTIONS_PER_FEED) was spent before this item: the page was never asked for. */
  | { why: 'budget' }
  | { why: 'fetch'; page: FetchFailure | FetchNotModified }
  | { why: 'extract'; reason: ExtractFailureReason }
  /** The page's text was no longer than the teaser (a paywall, a stub). */
  | { why: 'shorter' }

/**
 * Transient: the same request may well succeed later (the budget, a timeout, a connection error, HTTP 408, 429 or
 * 5xx, for the page or for its site's robots.txt). Everything else says something about the page itself and will say it
 * again: 404, 410 and other 4xx, a robots.txt rule, a blocked address, a bad URL, redirects without end, a body too large, not HTML, not an article,
 * a text no longer than the teaser. A page that failed to parse is counted permanent too: the same bytes fail again.
 */
export function isTransient(kept: KeptTeaser): boolean {
  switch (kept.why) {
    case 'budget': return true
    case 'extract': case 'shorter': return false
    case 'fetch': {
      const page = kept.page
      if (page.status === 'not-modified') return false
      if (page.reason === 'timeout' || page.reason === 'network') return true
      // 'robots-disallowed' carries a status only when robots.txt itself answered 5xx or 429: unreachable, not a rule.
      if ((page.reason !== 'http-error' && page.reason !== 'robots-disallowed') || page.httpStatus === undefined) return false
      return page.httpStatus === 408 || page.httpStatus === 429 || page.httpStatus >= 500
    }
  }
}

/** The wait before refetch n + 1 once n have failed (the first after the feed run's own try); then the row goes. */
export const REFETCH_BACKOFF_SECONDS = [15 * 60, 60 * 60, 4 * 60 * 60] as const
export const REFETCH_MAX_ATTEMPTS = REFETCH_BACKOFF_SECONDS.length

/**
 * When to try a page again after `attempts` failed refetches (0: only the feed run's try failed), or null when it is
 * not worth another try (a permanent cause, see isTransient) or the attempts are spent. A Retry-After longer than the backoff is honoured up to the longest step: a story a day
 * old is no longer worth the page. The budget case is due at once (nothing failed; the upgrade pass's own bound
 * spreads those pages over passes).
 */
export function refetchRetryAt(kept: KeptTeaser, attempts: number, now: Date): string | null {
  if (!isTransient(kept)) return null
  if (kept.why === 'budget') return now.toISOString()
  if (attempts >= REFETCH_MAX_ATTEMPTS) return null
  const asked = kept.why === 'fetch' && kept.page.status === 'failed' ? retryAfterSeconds(kept.page.retryAfter, now) ?? 0 : 0
  const last = REFETCH_BACKOFF_SECONDS[REFETCH_MAX_ATTEMPTS - 1]!
  const seconds = Math.max(REFETCH_BACKOFF_SECONDS[attempts]!, Math.min(asked, last))
  return new Date(now.getTime() + seconds * 1000).toISOString()
}
