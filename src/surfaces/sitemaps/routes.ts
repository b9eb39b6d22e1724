import { Hono } from 'hono'
import { AppError } from '../../domain/errors.ts'
import type { QueryService } from '../../query/query-service.ts'
import { echoPath } from '../http/echo-path.ts'
import { cacheKey, type Responder } from '../http/responder.ts'
import { sitemapIndexXml, urlsetXml } from './xml.ts'

export interface SitemapDeps {
  query: QueryService
  respond: Responder
  siteUrl: string
}

const XML = 'application/xml; charset=utf-8'

/**
 * `stories-2026-11.xml`, `stories-2026-11-2.xml`, `stories-undated.xml`: the month (or "undated") and the part.
 * Part 1 is written without a number; `-1` and numbers with leading zeros are not addresses of anything.
 */
const ARCHIVE_FILE = /^stories-(\d{4}-\d{2}|undated)(?:-([2-9]|[1-9]\d+))?\.xml$/

/** /sitemap.xml, /sitemaps/index.xml and the monthly archive sitemaps, all cached per content version. */
export function createSitemapRoutes({ query, respond }: SitemapDeps): Hono {
  const app = new Hono()
  const cached = respond.declare({ params: [], vary: [] })

  app.get('/sitemap.xml', (c) =>
    cached.text(c, 'sitemap:pages', XML, async () => urlsetXml((await query.sitemapEntries()).urls)))

  app.get('/sitemaps/index.xml', (c) =>
    cached.text(c, 'sitemap:index', XML, async () => sitemapIndexXml((await query.archiveMonths()).sitemaps)))

  app.get('/sitemaps/:file{stories-[^/]+\\.xml}', (c) => {
    const match = ARCHIVE_FILE.exec(c.req.param('file'))
    if (!match) throw new AppError('not_found', `Nothing at ${echoPath(c)}`)
    const input = { month: match[1]!, part: match[2] ? Number(match[2]) : 1 }
    return cached.text(c, cacheKey('sitemap:archive', input), XML, async () => urlsetXml((await query.archiveMonth(input)).urls))
  })

  return app
}
