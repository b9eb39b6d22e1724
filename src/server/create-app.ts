import { Hono } from 'hono'
import type { Logger } from 'pino'
import type { Config } from '../config/config.ts'
import { AppError } from '../domain/errors.ts'
import type { QueryService } from '../query/query-service.ts'
import { createCachePolicy } from '../surfaces/http/cache-policy.ts'
import { createResponder } from '../surfaces/http/responder.ts'
import { createResponseCache } from '../surfaces/http/response-cache.ts'
import { createRestApi } from '../surfaces/rest/app.ts'
import { errorResponse } from '../surfaces/rest/errors.ts'
import { buildOpenApiDocument } from '../surfaces/rest/openapi.ts'
import { securityHeaders } from './security-headers.ts'

export interface AppDeps {
  config: Readonly<Config>
  query: QueryService
  log: Logger
}

/** The whole HTTP application: every surface mounted over the one query service. No I/O happens here. */
export function createApp({ config, query, log }: AppDeps) {
  const policy = createCachePolicy(config.cache)
  const cache = createResponseCache(config.cache.responseCacheBytes)
  const respond = createResponder({ cache, policy, contentVersion: () => query.contentVersion() })

  const app = new Hono()
  app.use('*', securityHeaders())

  const rest = createRestApi({ query, respond, policy, log })
  app.route('/api/v1', rest)

  const openApiDocument = buildOpenApiDocument(rest, { baseUrl: config.baseUrl, siteUrl: config.siteUrl })
  app.get('/openapi.json', (c) => respond.json(c, 'openapi', async () => openApiDocument, { static: true }))

  app.get('/', (c) => respond.json(c, 'root', async () => ({
    service: 'Newsdesk',
    description: 'Short, sourced summaries of business, technology, AI, finance and career news.',
    api: config.baseUrl,
    openapi: `${config.siteUrl}/openapi.json`,
    latest: `${config.baseUrl}/stories`,
    health: `${config.baseUrl}/health`,
  }), { static: true }))

  app.notFound((c) => errorResponse(new AppError('not_found', `Nothing at ${c.req.path}`), log, policy))
  app.onError((err) => errorResponse(err, log, policy))

  return { app, cache, openApiDocument }
}
