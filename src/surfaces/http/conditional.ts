import { ifNoneMatchHits } from './etag.ts'

/**
 * RFC 9110 §13.2.2: If-None-Match decides when present; only without it does If-Modified-Since count, and only for a
 * representation that has a Last-Modified. Many feed readers send If-Modified-Since alone. Dates compare at whole
 * seconds, the precision of HTTP dates; an unparseable date is ignored, as the RFC says.
 */
export function notModified(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string, lastModified: string | undefined): boolean {
  if (ifNoneMatch) return ifNoneMatchHits(ifNoneMatch, etag)
  if (!ifModifiedSince || !lastModified) return false
  const since = Date.parse(ifModifiedSince)
  const modified = Date.parse(lastModified)
  if (Number.isNaN(since) || Number.isNaN(modified)) return false
  return Math.floor(modified / 1000) <= Math.floor(since / 1000)
}

/**
 * How long after the second it names a Last-Modified is sent. An HTTP date has whole seconds, so a reader sent
 * `Last-Modified: S` while another write of second S was still to come would send `If-Modified-Since: S` next and be
 * told 304 for content it never saw (feeds take several writes a second while the crawler commits). Sent only once
 * second S has ended, a date names every write it covers. The extra second covers the gap between a write's stamp
 * and its commit, and the clocks of instances sharing one PostgreSQL (NTP keeps them within milliseconds).
 */
export const LAST_MODIFIED_SETTLE_MS = 1000

/** `lastModified` if it may be sent at `now` (see LAST_MODIFIED_SETTLE_MS), else undefined; ETags still validate. */
export function settledLastModified(lastModified: string | undefined, now: number): string | undefined {
  if (!lastModified) return undefined
  const at = Date.parse(lastModified)
  if (Number.isNaN(at)) return undefined
  return now >= Math.floor(at / 1000) * 1000 + 1000 + LAST_MODIFIED_SETTLE_MS ? lastModified : undefined
}
