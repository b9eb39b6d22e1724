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
