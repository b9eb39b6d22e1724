/**
 * How long after the second it names a Last-Modified is sent. An HTTP date has whole seconds, so a reader sent
 * `Last-Modified: S` while another write of second S was still to come would send `If-Modified-Since: S` next and be
 * told 304 for content it never saw (feeds take several writes a second while the crawler commits). Sent only once
 * second S has ended, a date names every write it covers. The extra second covers the gap between a write's stamp
 * and its commit, and the clocks of instances sharing one PostgreSQL (NTP keeps them within milliseconds).
 */
export const LAST_MODIFIED_SETTLE_MS = 1000

/**
 * The one decision on ETag, Last-Modified and 304, taken by the responder and by the response front alike: whether
 * to answer 304 to the validators a request sent, and the Last-Modified the answer may carry (none: withheld).
 * - Last-Modified goes out only once settled (LAST_MODIFIED_SETTLE_MS); until then only the ETag validates.
 * - RFC 9110 §13.2.2: If-None-Match decides when present, by the weak comparison of §13.1.2 (`W/"x"` matches `"x"`,
 *   since CDNs weaken ETags when they recompress; a list matches if any member does; `*` matches). Only without it
 *   does If-Modified-Since count, against the settled date, at whole seconds (the precision of HTTP dates); an
 *   unparseable date is ignored. Many feed readers send If-Modified-Since alone.
 */
export function revalidate(request: { ifNoneMatch?: string, ifModifiedSince?: string }, etag: string, lastModified: string | undefined, now: number): { notModified: boolean, lastModified: string | undefined } {
  const modified = lastModified === undefined ? NaN : Date.parse(lastModified)
  const settled = now >= Math.floor(modified / 1000) * 1000 + 1000 + LAST_MODIFIED_SETTLE_MS
  const sent = settled ? lastModified : undefined
  const { ifNoneMatch, ifModifiedSince } = request
  if (ifNoneMatch) return { notModified: ifNoneMatch === etag || ifNoneMatchHits(ifNoneMatch, etag), lastModified: sent }
  if (!ifModifiedSince || !sent) return { notModified: false, lastModified: sent }
  const since = Date.parse(ifModifiedSince)
  return { notModified: !Number.isNaN(since) && Math.floor(modified / 1000) <= Math.floor(since / 1000), lastModified: sent }
}

function ifNoneMatchHits(header: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const c = candidate.trim()
    return c === '*' || c.replace(/^W\//, '') === opaque
  })
}
