import type { MiddlewareHandler } from 'hono'

const CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * Headers every response carries. CORS is `*` on every response without Vary: Origin, because the content is
 * public and identical for every caller (the Fetch standard's own advice for public, credential-free resources). Cookies
 * are never set. Listed once here for the middleware and for the agent front path, which writes them without it.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'ETag, Link, Allow, Content-Digest, Signature, Signature-Input, x-markdown-tokens, Content-Signal'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Content-Security-Policy', CSP],
]

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    for (const [name, value] of SECURITY_HEADERS) {
      // A route's own Content-Security-Policy (pages allow their stylesheet) wins over the default.
      if (name !== 'Content-Security-Policy' || !h.has(name)) h.set(name, value)
    }
    h.delete('Set-Cookie')
  }
}
