import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { QueryService } from '../../../query/query-service.ts'
import { Health } from '../../../query/views.ts'
import type { CachePolicy } from '../../http/cache-policy.ts'
import { errorResponses, jsonResponse } from '../openapi-parts.ts'

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'health',
  summary: 'Service health',
  description: '`ok` (200) when the store answers and the newest story is fresh; `degraded` (503) when the newest '
    + 'story is older than the configured age or there is none, or when the database is damaged (found by the '
    + 'integrity check at start or by a read since); `error` (503) when the store is unreachable. '
    + 'Never cached.',
  tags: ['health'],
  responses: {
    200: jsonResponse(Health, 'Healthy.'),
    503: jsonResponse(Health, 'Degraded or failing; the body says which.'),
    ...errorResponses([]),
  },
})

export function registerHealthRoute(api: OpenAPIHono, query: QueryService, policy: CachePolicy): void {
  api.openapi(healthRoute, async (c) => {
    const health = await query.health()
    const body = JSON.stringify(health)
    return new Response(body, {
      status: health.status === 'ok' ? 200 : 503,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...policy.noStore },
    }) as never
  })
}
