import type { Config } from '../../config/config.ts'

export interface CachePolicy {
  /** For 200s: browsers get max-age, shared caches the edge TTL via CDN-Cache-Control (RFC 9213). */
  ok: { 'Cache-Control': string; 'CDN-Cache-Control': string }
  /** For 4xx: brief, so a story that appears later is found soon. */
  clientError: { 'Cache-Control': string }
  /** For 5xx and live probes. */
  noStore: { 'Cache-Control': string }
}

/**
 * No s-maxage on purpose: it would disable stale-if-error at CDNs (RFC 9111 §4.2.4), and serving
 * stale during an outage is the point of caching a read-only news service.
 */
export function createCachePolicy(cache: Config['cache']): CachePolicy {
  const stale = `stale-while-revalidate=${cache.staleWhileRevalidateSeconds}, stale-if-error=${cache.staleIfErrorSeconds}`
  return {
    ok: {
      'Cache-Control': `public, max-age=${cache.maxAgeSeconds}, ${stale}`,
      'CDN-Cache-Control': `max-age=${cache.edgeMaxAgeSeconds}, ${stale}`,
    },
    clientError: { 'Cache-Control': `public, max-age=${Math.min(60, cache.maxAgeSeconds)}` },
    noStore: { 'Cache-Control': 'no-store' },
  }
}
