import type { Context } from 'hono'
import { AppError } from '../../domain/errors.ts'
import { chooseEncoding } from './accept-encoding.ts'
import type { CachePolicy } from './cache-policy.ts'
import { notModified, settledLastModified } from './conditional.ts'
import { dropFrontNote, fromSocket, leaveFrontNote, noteResponse } from './front-note.ts'
import type { CachedBody, Rendered, ResponseCache } from './response-cache.ts'
import { estimateTokens } from './markdown-tokens.ts'
import { completeResponse, completeResponseWithHeaders } from './security-headers.ts'

export interface ResponderDeps {
  cache: ResponseCache
  policy: CachePolicy
  /** The current content version; entries made under another version are stale. */
  contentVersion: () => Promise<string>
  /** The content version if the store knows it without I/O, else null (see QueryService.contentVersionNow). */
  contentVersionNow?: () => string | null
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

/**
 * Serves `render`'s output through the response cache with ETag, 304, the cacheable header set and the
 * stored encoding the client accepts. The front path (src/server/front-path.ts) answers repeated requests from
 * the same entries with the same bytes; this is the path every first request, and every request the front path
 * cannot answer, takes.
 */
export function createResponder({ cache, policy, contentVersion, contentVersionNow }: ResponderDeps) {
  function send(c: Context, entry: CachedBody, opts: RenderOptions): Response {
    const compressed = entry.compressed
    const coding = compressed ? chooseEncoding(c.req.header('Accept-Encoding')) : 'identity'
    const variant = coding === 'identity' || !compressed ? entry : compressed[coding]
    const headers: Record<string, string> = {
      ETag: variant.etag, ...(opts.cacheHeaders ?? policy.ok), ...entry.headers, ...opts.headers,
    }
    // Each encoding is its own representation with its own ETag, so caches must key on Accept-Encoding.
    if (compressed || entry.compressing) headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding'
    const lastModified = settledLastModified(entry.headers['Last-Modified'], Date.now())
    if (lastModified !== entry.headers['Last-Modified']) {
      // Too recent to name every write it covers: this answer goes without it, and the front path does not learn
      // it (its forms keep the headers they were learnt with; a later answer, once settled, is learnt instead).
      delete headers['Last-Modified']
      dropFrontNote(c)
    }
    if (notModified(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), variant.etag, lastModified)) {
      return completeResponse(null, 304, headers)
    }
    if (coding !== 'identity') headers['Content-Encoding'] = coding
    headers['Content-Type'] = entry.contentType
    headers['Content-Length'] = String(variant.bytes.byteLength)
    const made = completeResponseWithHeaders(variant.bytes, 200, headers)
    noteResponse(c, made.response, made.headers)
    return made.response
  }

  /**
   * The current body for `key`. When the store is unavailable, the last body served for the same request is
   * better than an error: the origin honours its own stale-if-error, as an edge cache would.
   */
  async function current(c: Context, key: string, render: () => Promise<Rendered>, opts: RenderOptions): Promise<CachedBody> {
    try {
      // A request read from a socket may take the version known without I/O, as the front path does (the store
      // re-validates it once per event-loop turn); an in-process caller that wrote in this turn gets the store's.
      const version = opts.static ? 'static' : (fromSocket(c) ? contentVersionNow?.() : null) ?? await contentVersion()
      // A client taking identity does not wait for the compressed variants a miss makes for later requests.
      const identity = chooseEncoding(c.req.header('Accept-Encoding')) === 'identity'
      const entry = await cache.get(key, version, render, { identity })
      leaveFrontNote(c, { key, version })
      return entry
    } catch (err) {
      const stale = err instanceof AppError && err.code === 'unavailable' ? cache.stale(key) : undefined
      if (!stale) throw err
      return stale
    }
  }

  /** A text body (JSON, Markdown, HTML, XML) rendered by `produce()`, cached under `key`. */
  async function text(c: Context, key: string, contentType: string, produce: () => Promise<string>, opts: RenderOptions = {}): Promise<Response> {
    return send(c, await current(c, key, async () => {
      const body = await produce()
      // Every Markdown answer says what it costs a model to read (pages set it themselves through rendered()).
      return contentType.startsWith('text/markdown') ? { body, contentType, headers: { 'x-markdown-tokens': String(estimateTokens(body)) } } : { body, contentType }
    }, opts), opts)
  }

  /** Like text(), for renderers that also compute headers from the body they produce. */
  async function rendered(c: Context, key: string, render: () => Promise<Rendered>, opts: RenderOptions = {}): Promise<Response> {
    return send(c, await current(c, key, render, opts), opts)
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
