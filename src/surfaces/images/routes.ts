import { Hono } from 'hono'
import { AppError } from '../../domain/errors.ts'
import type { QueryService } from '../../query/query-service.ts'
import type { CoverProxy } from './cover-proxy.ts'

/** Where a story's cover image is served on this site. */
export const coverImagePath = (storyId: string) => `/img/${storyId}`

/** An image answer is a file, not a page: nothing in it may run, and other sites may show it. */
const IMAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'public, max-age=86400',
}

/**
 * GET /img/{story id}: the story's cover image through the proxy. Keyed by story, not by URL, so the proxy only
 * ever fetches images that a stored story names: it is no open relay for anyone's URLs.
 */
export function createImageRoutes(deps: { query: QueryService; proxy: CoverProxy }): Hono {
  const routes = new Hono()
  const none = (message: string) => new Response(JSON.stringify({ error: 'not_found', message }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  })
  routes.get('/img/:id', async (c) => {
    let url: string | null
    try {
      url = (await deps.query.getStory({ id: c.req.param('id') })).story.cover_image_url
    } catch (err) {
      if (err instanceof AppError && (err.code === 'not_found' || err.code === 'invalid_parameter')) return none('No such story.')
      throw err
    }
    if (!url) return none('This story has no cover image.')
    const image = await deps.proxy.get(url)
    if (!image) return none('The cover image could not be fetched as an image.')
    return new Response(new Uint8Array(image.body), {
      headers: { 'Content-Type': image.type, 'Content-Length': String(image.body.length), ...IMAGE_HEADERS },
    })
  })
  return routes
}
