/**
 * Headers every response carries, and the responder's way of sending them without a second pass. CORS is `*` on
 * every response without Vary: Origin, because the content is public and identical for every caller (the Fetch
 * standard's own advice for public, credential-free resources). Cookies are never set.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, Allow, Content-Digest, Signature, Signature-Input, x-markdown-tokens, Content-Signal',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'cross-origin',
}
/** Set only when the response has no policy of its own (pages bring theirs). */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'"

/** Responses whose header object already holds the security headers (see withSecurityHeaders). */
const complete = new WeakSet<Response>()

/**
 * `headers` plus the security headers, as the Fetch `Headers` the middleware would have made of them iterates:
 * lowercase names, sorted, repeated names joined with ", ". The Node adapter writes such a plain object as it is,
 * so the bytes on the wire are the middleware's; only the per-response `Headers` object and its copy are saved
 * (on an uncached list, a tenth of what the framework costs).
 */
export function withSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {}
  for (const name in headers) {
    const lower = name.toLowerCase()
    const value = headers[name]!.trim()
    merged[lower] = merged[lower] === undefined ? value : `${merged[lower]}, ${value}`
  }
  Object.assign(merged, SECURITY_HEADERS)
  merged['content-security-policy'] ??= DEFAULT_CSP
  delete merged['set-cookie']
  const sorted: Record<string, string> = {}
  for (const name of Object.keys(merged).sort()) sorted[name] = merged[name]!
  return sorted
}

/** A response made with withSecurityHeaders' headers, which the middleware can pass without reading them. */
export function completeResponse(body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  const response = new Response(body, { status, headers: withSecurityHeaders(headers) })
  complete.add(response)
  return response
}

export function hasSecurityHeaders(response: Response): boolean {
  return complete.has(response)
}
