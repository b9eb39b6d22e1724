import type { Context } from 'hono'
import { AppError } from '../../domain/errors.ts'
import type { CachePolicy } from './cache-policy.ts'
import { notModified } from './conditional.ts'
import type { CachedBody, Rendered, ResponseCache } from './response-cache.ts'

export interface ResponderDeps {
  cache: ResponseCache
  policy: CachePolicy
  /** The current content version; entries made under another version are stale. */
  contentVersion: () => Promise<string>
}

export interface RenderOptions {
  /** Content that does not change with stored stories (the OpenAPI document, discovery files). */
  static?: boolean
  contentType?: string
  /** Headers of this response that do not depend on the body (Vary, Link), also sent on 304s. */
  headers?: Record<string, string>
  /** Cache-Control and CDN-Cache-Control for this response instead of the default policy. */
  cacheHeaders?: Record<string, string>
}

/** Serves `render`'s output through the response cache with ETag, 304 and the cacheable header set. */
export function createResponder({ cache, policy, contentVersion }: ResponderDeps) {
  function send(c: Context, entry: CachedBody, opts: RenderOptions): Response {
    const headers: Record<string, string> = {
      ETag: entry.etag, ...(opts.cacheHeaders ?? policy.ok), ...entry.headers, ...opts.headers,
    }
    if (notModified(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), entry.etag, entry.headers['Last-Modified'])) {
      return new Response(null, { status: 304, headers })
    }
    return new Response(entry.bytes, {
      status: 200,
      headers: { ...headers, 'Content-Type': entry.contentType, 'Content-Length': String(entry.bytes.byteLength) },
    })
  }

  /**
   * The current body for `key`. When the store is unavailable, the last body served for the same request is
   * better than an error: the origin honours its own stale-if-error, as an edge cache would.
   */
  async function current(key: string, render: () => Promise<Rendered>, opts: RenderOptions): Promise<CachedBody> {
    try {
      const version = opts.static ? 'static' : await contentVersion()
      return await cache.get(key, version, render)
    } catch (err) {
      const stale = err instanceof AppError && err.code === 'unavailable' ? cache.stale(key) : undefined
      if (!stale) throw err
      return stale
    }
  }

  /** A text body (JSON, Markdown, HTML, XML) rendered by `produce()`, cached under `key`. */
  async function text(c: Context, key: string, contentType: string, produce: () => Promise<string>, opts: RenderOptions = {}): Promise<Response> {
    return send(c, await current(key, async () => ({ body: await produce(), contentType }), opts), opts)
  }

  /** Like text(), for renderers that also compute headers from the body they produce. */
  async function rendered(c: Context, key: string, render: () => Promise<Rendered>, opts: RenderOptions = {}): Promise<Response> {
    return send(c, await current(key, render, opts), opts)
  }

  return {
    text,
    rendered,
    /** JSON body of `produce()`, cached under `key` (a normalized form of the validated request). */
    json: (c: Context, key: string, produce: () => Promise<unknown>, opts: RenderOptions = {}): Promise<Response> =>
      text(c, key, opts.contentType ?? 'application/json; charset=utf-8', async () => JSON.stringify(await produce()), opts),
  }
}

export type Responder = ReturnType<typeof createResponder>

/** A cache key from validated input: parameter order and unknown parameters do not split the cache. */
export function cacheKey(route: string, input: Record<string, unknown>): string {
  const parts = Object.keys(input).sort()
    .filter((k) => input[k] !== undefined)
    .map((k) => `${k}=${String(input[k])}`)
  return `${route}?${parts.join('&')}`
}
