import type { MiddlewareHandler } from 'hono'
import { DEFAULT_CSP, SECURITY_HEADERS, hasSecurityHeaders } from '../surfaces/http/security-headers.ts'

/**
 * Puts the security headers (surfaces/http/security-headers.ts) on every response. The responder's responses
 * already carry them in a plain object; reading `headers` would turn that into a Fetch `Headers` for nothing.
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
