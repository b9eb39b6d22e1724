import { Hono } from 'hono'
import type { Logger } from 'pino'
import type { Config } from '../config/config.ts'
import type { QueryService } from '../query/query-service.ts'
import { createCachePolicy } from '../surfaces/http/cache-policy.ts'
import { createResponder } from '../surfaces/http/responder.ts'
import { createResponseCache } from '../surfaces/http/response-cache.ts'
import { createAnswerCache } from '../surfaces/json-rpc/answer-cache.ts'
import { createRestApi } from '../surfaces/rest/app.ts'
import { buildOpenApiDocument } from '../surfaces/rest/openapi.ts'
import { createSignaturesDirectoryRoutes } from '../surfaces/discovery/signatures-directory.ts'
import { createSitemapRoutes } from '../surfaces/sitemaps/routes.ts'
import { createFeedRoutes } from '../surfaces/feeds/routes.ts'
import type { CrawlerKeyRing } from '../signing/key-ring.ts'
import { createDiscoveryRoutes } from '../surfaces/discovery/routes.ts'
import { createSourceNames } from '../surfaces/a2a/source-names.ts'
import { a2aInterface, createA2aRoutes } from '../surfaces/a2a/routes.ts'
import { CITATION_RULE, UNTRUSTED_TEXT_RULE, SERVICE_NAME, SERVICE_TAGLINE, mcpInterface, restInterface, type SiteFacts } from '../surfaces/discovery/site-facts.ts'
import { packageVersion } from '../config/paths.ts'
import { createMcpServerFactory } from '../surfaces/mcp/mcp-server.ts'
import { createMcpRoutes } from '../surfaces/mcp/routes.ts'
import { renderServerCard } from '../surfaces/mcp/server-card.ts'
import { DEFAULT_LISTENER_LIMITS, createResourceListeners, type ListenerLimits } from '../surfaces/mcp/resource-listeners.ts'
import { loadStaticDocuments, type StaticDocuments } from '../surfaces/pages/documents.ts'
import { createPageRoutes } from '../surfaces/pages/routes.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../crawler/fetch/crawler-fetcher.ts'
import { createCoverProxy } from '../surfaces/images/cover-proxy.ts'
import { createImageRoutes } from '../surfaces/images/routes.ts'
import { createStylesheet } from '../surfaces/pages/stylesheet.ts'
import { OPENAPI_TYPE, descriptorContentType } from '../surfaces/http/descriptor-types.ts'
import { createFallback } from './fallback.ts'
import { createResponseFront } from '../front/response-front.ts'
import { FRONT_VARY } from './front-vary.ts'
import { securityHeaders } from './security-headers-middleware.ts'

export interface AppDeps {
  config: Readonly<Config>
  query: QueryService
  log: Logger
  /** The crawler's signing keys; only their public halves are published. */
  crawlerKeys: CrawlerKeyRing
  /** Pricing and legal texts; read from content/pages and PAGES_DIR when not given. */
  documents?: StaticDocuments
  /**
   * How long a request may wait for an upstream (the cover image host) before a 504: below the server's idle
   * timeout (serveApp passes half of it), so the reader gets an answer, never a dropped connection.
   */
  upstreamWaitMs?: number
  /** The MCP resource subscriptions' bounds (tests and the listener bench lower them). */
  listenerLimits?: Partial<ListenerLimits>
}

/**
 * The whole HTTP application: every surface mounted over the one query service. The only I/O here is reading
 * the bundled stylesheet and page texts once, so a broken install fails at start, not on a request.
 */
export function createApp({ config, query, log, crawlerKeys, documents, upstreamWaitMs, listenerLimits }: AppDeps) {
  const policy = createCachePolicy(config.cache)
  const cache = createResponseCache(config.cache.responseCacheBytes)
  // Cached answers before the framework, within what the routes declare; request forms remembered: about one per
  // 4 kB of response cache, at least a thousand.
  const front = createResponseFront({
    cache,
    log,
    versionNow: () => query.contentVersionNow(),
    vary: FRONT_VARY,
    maxEntries: Math.max(1000, Math.floor(config.cache.responseCacheBytes / 4096)),
  })
  const respond = createResponder({ cache, policy, contentVersion: () => query.contentVersion(), contentVersionNow: () => query.contentVersionNow(), front: front.routes })
  // MCP and A2A answers by normalized request; a quarter of the response cache's budget, off when it is off.
  const answers = createAnswerCache(Math.floor(config.cache.responseCacheBytes / 4))

  const app = new Hono()
  app.use('*', securityHeaders())

  // The API's base URL answers with where to go next (the API catalog and llms.txt link it).
  const fixed = respond.declare({ params: [], vary: [] })
  app.get('/api/v1', (c) => fixed.json(c, 'api-index', async () => ({
    service: SERVICE_NAME,
    description: SERVICE_TAGLINE,
    openapi: `${config.siteUrl}/openapi.json`,
    endpoints: {
      stories: `${config.baseUrl}/stories`,
      story: `${config.baseUrl}/stories/{id}`,
      categories: `${config.baseUrl}/categories`,
      sources: `${config.baseUrl}/sources`,
      health: `${config.baseUrl}/health`,
    },
    docs: `${config.siteUrl}/llms.txt`,
  }), { static: true }))
  const rest = createRestApi({ query, respond, policy, log })
  app.route('/api/v1', rest)

  const openApiDocument = buildOpenApiDocument(rest, { baseUrl: config.baseUrl, siteUrl: config.siteUrl })
  const negotiated = respond.declare({ params: [], vary: ['accept'] })
  app.get('/openapi.json', (c) => {
    const contentType = descriptorContentType(c.req.header('Accept'), OPENAPI_TYPE)
    return negotiated.json(c, `openapi:${contentType}`, async () => openApiDocument, { static: true, contentType, headers: { Vary: 'Accept' } })
  })

  app.route('/', createSitemapRoutes({ query, respond, siteUrl: config.siteUrl }))
  app.route('/', createFeedRoutes({ query, respond, siteUrl: config.siteUrl, hubUrl: config.websub.hubUrl }))
  app.route('/', createSignaturesDirectoryRoutes({ keys: crawlerKeys, siteUrl: config.siteUrl }))

  const facts: SiteFacts = {
    siteUrl: config.siteUrl,
    baseUrl: config.baseUrl,
    name: SERVICE_NAME,
    tagline: SERVICE_TAGLINE,
    interfaces: [restInterface(config.siteUrl, config.baseUrl), mcpInterface(config.siteUrl), a2aInterface(config.siteUrl)],
    websubHubUrl: config.websub.hubUrl,
  }
  const version = packageVersion()
  const mcp = {
    title: SERVICE_NAME,
    version,
    description: 'Read-only, anonymous news summaries with sources: latest stories, search, full stories, topics.',
    instructions: `${SERVICE_NAME}: short summaries of business, technology, AI, finance and career news in 9 languages. `
      + 'Use get_latest_stories (optionally with a topic from list_topics), search_stories for keywords, and get_story '
      + `for one story in full. ${CITATION_RULE} ${UNTRUSTED_TEXT_RULE}`,
  }
  // The MCP resources read the site's pages and the REST API in process, so they are what those serve (and cache).
  const readLocal = async (path: string) => {
    const res = await app.request(path)
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text(), location: res.headers.get('location') }
  }
  // Subscriptions to MCP resources: one watch of the content version for every listener of the process.
  const listeners = createResourceListeners({ watch: { query, siteUrl: config.siteUrl, baseUrl: config.baseUrl }, limits: listenerLimits, log })
  const mcpEndpoint = createMcpRoutes({
    listeners,
    heartbeatMs: listenerLimits?.heartbeatMs ?? DEFAULT_LISTENER_LIMITS.heartbeatMs,
    createServer: createMcpServerFactory({ query, siteUrl: config.siteUrl, baseUrl: config.baseUrl, readLocal, log, ...mcp }),
    serverCard: renderServerCard({ siteUrl: config.siteUrl, ...mcp }),
    siteUrl: config.siteUrl,
    allowedOrigins: config.mcpAllowedOrigins,
    log,
    respond,
    answers,
    contentVersion: () => query.contentVersion(),
    contentVersionNow: () => query.contentVersionNow(),
  })
  app.route('/', mcpEndpoint.routes)
  front.endpoint('/mcp', mcpEndpoint.front)
  app.route('/', createDiscoveryRoutes({ facts, respond }))
  // The publishers' names the A2A agent reads free text with, per content version (its route and the response front share them).
  const sourceNames = createSourceNames(query)
  const a2aEndpoint = createA2aRoutes({ query, siteUrl: config.siteUrl, log, respond, operator: config.operator, version, answers, sourceNames })
  app.route('/', a2aEndpoint.routes)
  front.endpoint('/a2a', a2aEndpoint.front)

  const stylesheet = createStylesheet(respond)
  app.route('/', stylesheet.routes)
  // Cover images: fetched by the service (the crawler's guarded fetch, signed as the crawler), never by readers.
  const coverImages = config.coverImages === 'proxy'
  if (coverImages) {
    let fetcher: CrawlerFetcher | undefined
    const fetchImage = (url: string) => (fetcher ??= createCrawlerFetcher({ siteUrl: config.siteUrl, keys: crawlerKeys, allow: config.crawl.fetchAllow })).fetchImage(url)
    app.route('/', createImageRoutes({ query, proxy: createCoverProxy({ fetchImage }), waitMs: upstreamWaitMs }))
  }
  const pages = createPageRoutes({
    query, respond, policy, log, coverImages,
    siteUrl: config.siteUrl,
    stylesheet: stylesheet.href,
    documents: documents ?? loadStaticDocuments({ siteUrl: config.siteUrl, pagesDir: config.pagesDir, operator: config.operator }),
  })
  app.route('/', pages.routes)

  // API clients get a JSON error; everyone else a page, in the format they asked for; OPTIONS and 405 for GET paths.
  const fallback = createFallback({ app, log, policy, pages })
  app.notFound(fallback.notFound)
  app.onError(fallback.onError)

  return { app, cache, openApiDocument, front, listeners }
}
