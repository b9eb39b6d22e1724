import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { PACKAGE_ROOT } from '../../config/paths.ts'
import { ifNoneMatchHits } from '../http/etag.ts'

/**
 * The site's static assets. The one stylesheet, served under a name that carries its content hash: browsers and CDNs keep it for a year,
 * and a changed stylesheet gets a new URL, so no page ever pairs with a stale one.
 */
export function createStylesheet() {
  const css = fs.readFileSync(path.join(PACKAGE_ROOT, 'content', 'assets', 'style.css'))
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12)
  const href = `/assets/style-${hash}.css`
  const etag = `"${hash}"`

  const routes = new Hono()
  // The icon, at the address browsers ask for unprompted too: a 404 there is noise in every log and console.
  const icon = fs.readFileSync(path.join(PACKAGE_ROOT, 'content', 'assets', 'favicon.svg'))
  const iconHeaders = { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'Content-Length': String(icon.byteLength) }
  routes.get('/favicon.svg', () => new Response(icon, { headers: iconHeaders }))
  routes.get('/favicon.ico', () => new Response(icon, { headers: iconHeaders }))
  routes.get(href, (c) => {
    const headers = {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    }
    if (ifNoneMatchHits(c.req.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers })
    return new Response(css, { headers: { ...headers, 'Content-Length': String(css.byteLength) } })
  })
  return { href, icon: '/favicon.svg', routes }
}
