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
 * How a set of header names becomes the sorted, lowercase set: per output name in order, the input names whose
 * values are joined into it, or the fixed value a security header always has.
 */
type Plan = Array<{ name: string, sources: string[] | null, fixed: string }>

/**
 * Plans by the input names in order. Every response of one route has the same names (only values differ), so
 * the lowercasing, merging and sorting are done once per shape, not per response; the names come from code,
 * never from requests, so a small bound is never reached in practice and only stops caching if it is.
 */
const plans = new Map<string, Plan>()
const MAX_PLANS = 512

function planFor(names: string[]): Plan {
  const groups: Record<string, string[]> = {}
  for (const name of names) (groups[name.toLowerCase()] ??= []).push(name)
  const fixed: Record<string, string> = { ...SECURITY_HEADERS }
  if (groups['content-security-policy'] === undefined) fixed['content-security-policy'] = DEFAULT_CSP
  delete groups['set-cookie']
  const all = [...new Set([...Object.keys(groups), ...Object.keys(fixed)])].sort()
  return all.map((name) => fixed[name] !== undefined
    ? { name, sources: null, fixed: fixed[name] }
    : { name, sources: groups[name]!, fixed: '' })
}

/**
 * `headers` plus the security headers, as the Fetch `Headers` the middleware would have made of them iterates:
 * lowercase names, sorted, repeated names joined with ", ", security headers overriding, cookies dropped. The Node
 * adapter writes such a plain object as it is, so the bytes on the wire are the middleware's; only the
 * per-response `Headers` object and its copy are saved, a visible share of an uncached answer (decision 0028).
 */
export function withSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  const names = Object.keys(headers)
  const shape = names.join('\n') // a header name cannot hold a newline
  let plan = plans.get(shape)
  if (plan === undefined) {
    plan = planFor(names)
    if (plans.size < MAX_PLANS) plans.set(shape, plan)
  }
  const out: Record<string, string> = {}
  for (const { name, sources, fixed } of plan) {
    if (sources === null) {
      out[name] = fixed
      continue
    }
    let value = headers[sources[0]!]!.trim()
    for (let i = 1; i < sources.length; i++) value = `${value}, ${headers[sources[i]!]!.trim()}`
    out[name] = value
  }
  return out
}

/** A response made with withSecurityHeaders' headers, which the middleware can pass without reading them. */
export function completeResponse(body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  return completeResponseWithHeaders(body, status, headers).response
}

/** completeResponse, also giving the final header object (what the responder hands the response front). */
export function completeResponseWithHeaders(body: BodyInit | null, status: number, headers: Record<string, string>): { response: Response, headers: Record<string, string> } {
  const sent = withSecurityHeaders(headers)
  const response = new Response(body, { status, headers: sent })
  complete.add(response)
  return { response, headers: sent }
}

export function hasSecurityHeaders(response: Response): boolean {
  return complete.has(response)
}
