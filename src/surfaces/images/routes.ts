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

/** How long a reader waits for the image host by default: half the server's default idle timeout (20 s). */
export const DEFAULT_IMAGE_WAIT_MS = 10_000

export interface ImageRoutesDeps {
  query: QueryService
  proxy: CoverProxy
  /**
   * How long a reader waits for the image before a 504. Must stay below the server's idle timeout: an image host
   * that trickles bytes keeps the fetch alive for its whole 20 s budget while the reader's socket sees no traffic, and
   * the server would drop that socket without an answer. The fetch itself goes on and is cached for the next reader.
   */
  waitMs?: number
}

/**
 * GET /img/{story id}: the story's cover image through the proxy. Keyed by story, not by URL, so the proxy only
 * ever fetches images that a stored story names: it is no open relay for anyone's URLs.
 */
export function createImageRoutes(deps: ImageRoutesDeps): Hono {
  const waitMs = deps.waitMs ?? DEFAULT_IMAGE_WAIT_MS
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
    const image = await withinWait(deps.proxy.get(url), waitMs)
    if (image === TIMED_OUT) return upstreamTimeout()
    if (!image) return none('The cover image could not be fetched as an image.')
    return new Response(new Uint8Array(image.body), {
      headers: { 'Content-Type': image.type, 'Content-Length': String(image.body.length), ...IMAGE_HEADERS },
    })
  })
  return routes
}

const TIMED_OUT = Symbol('timed out')

/** `work`'s result, or TIMED_OUT after `ms`; `work` goes on either way. */
async function withinWait<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<typeof TIMED_OUT>((resolve) => { timer = setTimeout(() => resolve(TIMED_OUT), ms) })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** 504 in the JSON error shape; never stored (5xx), and the reader may retry once the fetch has finished. */
const upstreamTimeout = () => new Response(JSON.stringify({
  error: 'upstream_timeout', message: 'The image host did not answer in time. Retry in a minute.',
}), {
  status: 504,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
})
