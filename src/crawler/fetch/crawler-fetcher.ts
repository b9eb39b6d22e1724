import type { CrawlerKeyRing } from '../../signing/key-ring.ts'
import { failure, type FetchFailure, type FetchResult } from './fetch-result.ts'
import { createGuardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts'
import type { Resolver } from './guarded-connector.ts'
import { createHostLimiter, type HostLimits } from './host-limiter.ts'
import { createRobotsPolicy, type RobotsOptions, type RobotsPolicy } from './robots.ts'
import { createCrawlDelay } from './crawl-delay.ts'
import { createAddressPolicy } from './address-policy.ts'
import { createLinkPolicy } from './link-policy.ts'

export interface CrawlerFetcherOptions {
  siteUrl: string
  keys: CrawlerKeyRing
  /** NEWSDESK_FETCH_ALLOW, split on commas by the configuration. */
  allow?: readonly string[]
  limits?: HostLimits & { feedBytes?: number; articleBytes?: number; imageBytes?: number }
  timeouts?: GuardedFetchOptions['timeouts']
  robots?: Pick<RobotsOptions, 'ttlMs' | 'unreachableTtlMs' | 'now'>
  resolve?: Resolver
}

export interface CrawlerFetcher {
  /** A feed, conditionally when validators from the last fetch are given (5 MiB cap by default). */
  fetchFeed(url: string, validators?: { etag?: string | null; lastModified?: string | null }): Promise<FetchResult>
  /** An article page (10 MiB cap by default). */
  fetchArticle(url: string): Promise<FetchResult>
  /** A cover image for the image proxy (2 MiB cap by default). */
  fetchImage(url: string): Promise<FetchResult>
  /**
   * Why a link from a feed or page may not be published (a non-public or reserved address the allow-list does not
   * name: see link-policy.ts), or null. The same allow-list as the fetches'.
   */
  linkRefusal(url: string): string | null
  /** Exposed for the scheduler's Crawl-delay. */
  robots: RobotsPolicy
  close(): Promise<void>
}

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8'
const ARTICLE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.8'
const IMAGE_ACCEPT = 'image/avif, image/webp, image/png, image/jpeg, image/gif;q=0.8'

/** The crawler's fetch entry point: guarded fetch + robots.txt on every hop + per-host and global concurrency caps. */
export function createCrawlerFetcher(options: CrawlerFetcherOptions): CrawlerFetcher {
  const { limits = {} } = options
  const fetch = createGuardedFetch({
    siteUrl: options.siteUrl, keys: options.keys, allow: options.allow, resolve: options.resolve,
    timeouts: options.timeouts, limiter: createHostLimiter(limits),
  })
  const robots = createRobotsPolicy({ fetch, ...options.robots })
  const crawlDelay = createCrawlDelay()
  /** Each allowed hop's Crawl-delay, from its robots.txt verdict to its pacing (the same URL object reaches both). */
  const delays = new WeakMap<URL, number | null>()
  // robots.txt is checked for each hop's URL, so a redirect to another site obeys that site's rules too.
  const beforeHop = async (url: URL): Promise<FetchFailure | null> => {
    const verdict = await robots.check(url)
    if (verdict.allowed) {
      delays.set(url, verdict.crawlDelaySeconds)
      return null
    }
    // A site we cannot reach at all (a blocked address, a name that does not resolve, a timeout) fails for that reason:
    // recording it as "disallowed by robots.txt" would send an operator looking at the wrong thing. Only a site that
    // answers, with 5xx or 429 for robots.txt, is "unreachable" in RFC 9309's sense and so disallowed.
    const cause = verdict.failure
    if (cause && cause.reason !== 'http-error') return { ...cause, message: `fetch: ${url.href} (robots.txt): ${cause.message}` }
    const why = cause ? `robots.txt unreachable: ${cause.message}` : 'disallowed by robots.txt'
    return failure('robots-disallowed', `fetch: ${url.href} ${why}`, cause ? { httpStatus: cause.httpStatus, retryAfter: cause.retryAfter } : {})
  }
  const paceHop = (url: URL): Promise<void> => crawlDelay.wait(url.origin, delays.get(url) ?? null)
  const links = createLinkPolicy(createAddressPolicy(options.allow))
  return {
    linkRefusal: (url) => links.refusal(url),
    fetchFeed: (url, v = {}) => fetch(url, {
      maxBytes: limits.feedBytes ?? 5 * 1024 * 1024, accept: FEED_ACCEPT, etag: v.etag, lastModified: v.lastModified, beforeHop, paceHop,
    }),
    fetchArticle: (url) => fetch(url, { maxBytes: limits.articleBytes ?? 10 * 1024 * 1024, accept: ARTICLE_ACCEPT, beforeHop, paceHop }),
    fetchImage: (url) => fetch(url, { maxBytes: limits.imageBytes ?? 2 * 1024 * 1024, accept: IMAGE_ACCEPT, beforeHop, paceHop }),
    robots,
    close: () => fetch.close(),
  }
}
