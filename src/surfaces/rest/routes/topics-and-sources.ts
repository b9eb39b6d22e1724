import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { ListCategoriesInput, ListSourcesInput } from '../../../query/inputs.ts'
import type { QueryService } from '../../../query/query-service.ts'
import { CategoryList, SourceList } from '../../../query/views.ts'
import { cacheKey, type Responder } from '../../http/responder.ts'
import { errorResponses, integerParam, jsonResponse } from '../openapi-parts.ts'

const listCategoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  operationId: 'listCategories',
  summary: 'The thirteen topics, named in the requested language',
  tags: ['catalog'],
  request: { query: ListCategoriesInput },
  responses: {
    200: jsonResponse(CategoryList, 'Every topic.'),
    ...errorResponses([400, 503]),
  },
})

const listSourcesRoute = createRoute({
  method: 'get',
  path: '/sources',
  operationId: 'listSources',
  summary: 'Every publisher the service draws from, by name',
  description: 'By name, at most `limit` (default and maximum 1000, so a directory of up to 1,000 publishers comes in '
    + 'one answer); a full page carries `next_cursor`, which `cursor` takes for the next page.',
  tags: ['catalog'],
  request: { query: ListSourcesInput.extend({ limit: integerParam(ListSourcesInput.shape.limit) }) },
  responses: {
    200: jsonResponse(SourceList, 'The publishers of this page, by name.'),
    ...errorResponses([400, 503]),
  },
})

export function registerCatalogRoutes(api: OpenAPIHono, query: QueryService, respond: Responder): void {
  const categories = respond.declare({ params: Object.keys(ListCategoriesInput.shape), vary: [] })
  const sources = respond.declare({ params: Object.keys(ListSourcesInput.shape), vary: [] })
  api.openapi(listCategoriesRoute, async (c) => {
    const input = c.req.valid('query')
    return categories.json(c, cacheKey('categories', input), () => query.listCategories(input)) as never
  })

  api.openapi(listSourcesRoute, async (c) => {
    const input = c.req.valid('query')
    return sources.json(c, cacheKey('sources', input), () => query.listSources(input)) as never
  })
}
