import type { MiddlewareHandler } from 'hono'
import { DEFAULT_CSP, SECURITY_HEADERS, hasSecurityHeaders } from '../surfaces/http/security-headers.ts'

/**
 * The Hono middleware that puts the security headers (their values and the responder's merge are in
 * surfaces/http/security-headers.ts) on every response the responder did not make. The responder's responses already
 * carry them in a plain object; reading `headers` would turn that into a Fetch `Headers` for nothing.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (hasSecurityHeaders(c.res)) return
    const h = c.res.headers
    for (const name in SECURITY_HEADERS) h.set(name, SECURITY_HEADERS[name]!)
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', DEFAULT_CSP)
    h.delete('Set-Cookie')
  }
}
