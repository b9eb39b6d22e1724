import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { z } from 'zod'
import { GetStoryInput, ListStoriesInput } from '../../../query/inputs.ts'
import type { QueryService } from '../../../query/query-service.ts'
import { StoryList, StoryResponse } from '../../../query/views.ts'
import { cacheKey, type Responder } from '../../http/responder.ts'
import { errorResponses, integerParam, jsonResponse } from '../openapi-parts.ts'

const listStoriesRoute = createRoute({
  method: 'get',
  path: '/stories',
  operationId: 'listStories',
  summary: 'Newest stories, by topic, or matching keywords',
  description: 'Without `q`, the newest stories, optionally in one `topic`. With `q`, the stories whose headline '
    + 'contains every keyword, newest first (`topic` is ignored). Headlines and summaries are in `lang`, '
    + 'falling back to English per story.',
  tags: ['stories'],
  request: { query: ListStoriesInput.extend({ limit: integerParam(ListStoriesInput.shape.limit) }) },
  responses: {
    200: jsonResponse(StoryList, 'The stories, newest first.'),
    ...errorResponses([400, 503]),
  },
})

const getStoryRoute = createRoute({
  method: 'get',
  path: '/stories/{id}',
  operationId: 'getStory',
  summary: 'One story with its summary cards, publisher, original link and other outlets covering it',
  description: 'Cards fall back to English when missing in the requested language; `lang` in the body names '
    + 'the language of the returned headline. The id of a story merged into an older one (an article showed both '
    + 'were one event) answers with the surviving story: `story.id` in the body is then the survivor\'s id.',
  tags: ['stories'],
  request: {
    params: z.object({ id: GetStoryInput.shape.id.meta({ param: { name: 'id', in: 'path' } }) }),
    query: z.object({ lang: GetStoryInput.shape.lang }),
  },
  responses: {
    200: jsonResponse(StoryResponse, 'The story, or the story a merged id now belongs to.'),
    ...errorResponses([400, 404, 503]),
  },
})

export function registerStoryRoutes(api: OpenAPIHono, query: QueryService, respond: Responder): void {
  const list = respond.declare({ params: Object.keys(ListStoriesInput.shape), vary: [] })
  const story = respond.declare({ params: ['lang'], vary: [] })
  api.openapi(listStoriesRoute, async (c) => {
    const input = c.req.valid('query')
    const key = cacheKey('stories', input.q !== undefined ? { ...input, topic: undefined } : input)
    return list.json(c, key, () => query.listStories(input)) as never
  })

  api.openapi(getStoryRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { lang } = c.req.valid('query')
    const input = { id: id.toLowerCase(), lang }
    return story.json(c, cacheKey('story', input), () => query.getStory(input)) as never
  })
}
