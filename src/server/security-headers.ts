import type { MiddlewareHandler } from 'hono'

/**
 * Headers every response carries. CORS is `*` on every response without Vary: Origin, because the content is
 * public and identical for every caller (the Fetch standard's own advice for public, credential-free resources). Cookies
 * are never set.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    h.set('Access-Control-Allow-Origin', '*')
    h.set('Access-Control-Expose-Headers', 'ETag, Link, Allow, Content-Digest, Signature, Signature-Input, x-markdown-tokens, Content-Signal')
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'no-referrer')
    h.set('Cross-Origin-Resource-Policy', 'cross-origin')
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    h.delete('Set-Cookie')
  }
}
