import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { PACKAGE_ROOT } from '../../config/paths.ts'
import type { Responder } from '../http/responder.ts'

/**
 * The site's static assets. The one stylesheet, served under a name that carries its content hash: browsers and CDNs keep it for a year,
 * and a changed stylesheet gets a new URL, so no page ever pairs with a stale one.
 */
export function createStylesheet(respond: Responder) {
  const css = fs.readFileSync(path.join(PACKAGE_ROOT, 'content', 'assets', 'style.css'))
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12)
  const href = `/assets/style-${hash}.css`

  const routes = new Hono()
  // The icon, at the address browsers ask for unprompted too: a 404 there is noise in every log and console.
  const icon = fs.readFileSync(path.join(PACKAGE_ROOT, 'content', 'assets', 'favicon.svg'))
  const iconHeaders = { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'Content-Length': String(icon.byteLength) }
  routes.get('/favicon.svg', () => new Response(icon, { headers: iconHeaders }))
  routes.get('/favicon.ico', () => new Response(icon, { headers: iconHeaders }))
  // Through the response cache, like every page: br or gzip made once, the ETag per encoding, 304s.
  const text = css.toString('utf8')
  const asset = respond.declare({ params: [], vary: [] })
  routes.get(href, (c) => asset.text(c, `asset:${href}`, 'text/css; charset=utf-8', async () => text, {
    static: true, cacheHeaders: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  }))
  return { href, icon: '/favicon.svg', routes }
}
