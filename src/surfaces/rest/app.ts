import { OpenAPIHono } from '@hono/zod-openapi'
import type { Logger } from 'pino'
import { AppError } from '../../domain/errors.ts'
import { invalidInput } from '../../domain/validation.ts'
import type { QueryService } from '../../query/query-service.ts'
import type { CachePolicy } from '../http/cache-policy.ts'
import type { Responder } from '../http/responder.ts'
import { echoPath } from '../http/echo-path.ts'
import { errorResponse } from '../http/error-response.ts'
import { registerCatalogRoutes } from './routes/topics-and-sources.ts'
import { registerHealthRoute } from './routes/health.ts'
import { registerStoryRoutes } from './routes/stories.ts'

export interface RestDeps {
  query: QueryService
  respond: Responder
  policy: CachePolicy
  log: Logger
}

const ALLOW = 'GET, HEAD, OPTIONS'
const KNOWN_PATHS = [/^\/?$/, /^\/stories$/, /^\/stories\/[^/]+$/, /^\/categories$/, /^\/sources$/, /^\/health$/]

/** The REST API, mounted at /api/v1. Its routes also make up the OpenAPI document. */
export function createRestApi({ query, respond, policy, log }: RestDeps): OpenAPIHono {
  const api = new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error)
    },
  })

  registerStoryRoutes(api, query, respond)
  registerCatalogRoutes(api, query, respond)
  registerHealthRoute(api, query, policy)

  // Anything that reaches here matched no GET route: an OPTIONS preflight, a wrong method, or an unknown path.
  api.all('*', (c) => {
    const path = c.req.path.replace(/^\/api\/v1/, '')
    const known = KNOWN_PATHS.some((p) => p.test(path))
    if (known && c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          Allow: ALLOW,
          'Access-Control-Allow-Methods': ALLOW,
          'Access-Control-Allow-Headers': 'Accept, If-None-Match, User-Agent',
          'Access-Control-Max-Age': '86400',
        },
      })
    }
    // A GET or HEAD here missed its route by a harmless variant (`/stories/`): a clear 404, never a 405 (API clients
    // build their URLs; a redirect would hide the mistake).
    if (known && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      throw new AppError('not_found', `No API resource at ${echoPath(c)}; the address has no trailing slash (see /openapi.json)`)
    }
    if (known) {
      throw new AppError('method_not_allowed', `${c.req.method} is not allowed here; the API answers GET and HEAD only`)
    }
    throw new AppError('not_found', `No API resource at ${echoPath(c)}; see /openapi.json for the operations`)
  })

  api.onError((err) => errorResponse(err, log, policy, err instanceof AppError && err.code === 'method_not_allowed' ? { Allow: ALLOW } : {}))
  return api
}
