import type { Context } from 'hono'
import { AppError } from '../../domain/errors.ts'
import { chooseEncoding } from './accept-encoding.ts'
import type { CachePolicy } from './cache-policy.ts'
import { nodeRequestOf, type CacheDeclaration, type CacheFront } from './cache-declaration.ts'
import { revalidate } from './conditional.ts'
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
  /** The response front, told of every route's declaration and of every 200 sent from a cache entry. */
  front?: CacheFront
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

/** An entry to answer with, and the content version it is current at (none: a stale entry, never learnt). */
type Current = { entry: CachedBody, version?: string }

/**
 * Serves `render`'s output through the response cache with ETag, 304, the cacheable header set and the
 * stored encoding the client accepts. The response front (src/front/) answers repeated requests from the same
 * entries with the same bytes, within what each route declared (declare()); this is the path every first request,
 * and every request the front cannot answer, takes.
 */
export function createResponder({ cache, policy, contentVersion, contentVersionNow, front }: ResponderDeps) {
  function send(c: Context, declaration: CacheDeclaration, key: string, { entry, version }: Current, opts: RenderOptions): Response {
    const compressed = entry.compressed
    const coding = compressed ? chooseEncoding(c.req.header('Accept-Encoding')) : 'identity'
    const variant = coding === 'identity' || !compressed ? entry : compressed[coding]
    const headers: Record<string, string> = {
      ETag: variant.etag, ...(opts.cacheHeaders ?? policy.ok), ...entry.headers, ...opts.headers,
    }
    // Each encoding is its own representation with its own ETag, so caches must key on Accept-Encoding.
    if (compressed || entry.compressing) headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding'
    const validators = { ifNoneMatch: c.req.header('If-None-Match'), ifModifiedSince: c.req.header('If-Modified-Since') }
    const answer = revalidate(validators, variant.etag, entry.headers['Last-Modified'], Date.now())
    // Too recent to name every write it covers: this answer goes without it, and the front does not learn it (a
    // later answer, once settled, is learnt instead).
    const settled = answer.lastModified === entry.headers['Last-Modified']
    if (!settled) delete headers['Last-Modified']
    if (answer.notModified) return completeResponse(null, 304, headers)
    if (coding !== 'identity') headers['Content-Encoding'] = coding
    headers['Content-Type'] = entry.contentType
    headers['Content-Length'] = String(variant.bytes.byteLength)
    const made = completeResponseWithHeaders(variant.bytes, 200, headers)
    const request = nodeRequestOf(c)
    if (front && request && version !== undefined && settled) front.learn(request, { declaration, key, version, headers: made.headers })
    return made.response
  }

  /**
   * The current body for `key`. When the store is unavailable, the last body served for the same request is
   * better than an error: the origin honours its own stale-if-error, as an edge cache would.
   */
  async function current(c: Context, key: string, render: () => Promise<Rendered>, opts: RenderOptions): Promise<Current> {
    try {
      // A request read from a socket may take the version known without I/O, as the front does (the store
      // re-validates it once per event-loop turn); an in-process caller that wrote in this turn gets the store's.
      const version = opts.static ? 'static' : (nodeRequestOf(c) ? contentVersionNow?.() : null) ?? await contentVersion()
      // A client taking identity does not wait for the compressed variants a miss makes for later requests.
      const identity = chooseEncoding(c.req.header('Accept-Encoding')) === 'identity'
      return { entry: await cache.get(key, version, render, { identity }), version }
    } catch (err) {
      const stale = err instanceof AppError && err.code === 'unavailable' ? cache.stale(key) : undefined
      if (!stale) throw err
      return { entry: stale }
    }
  }

  /** Every route's answers under `declaration` (see CacheDeclaration): declared once, when the route is built. */
  function declare(declaration: CacheDeclaration) {
    front?.declare(declaration)
    /** Like text(), for renderers that also compute headers from the body they produce. */
    const rendered = async (c: Context, key: string, render: () => Promise<Rendered>, opts: RenderOptions = {}): Promise<Response> =>
      send(c, declaration, key, await current(c, key, render, opts), opts)
    /** A text body (JSON, Markdown, HTML, XML) rendered by `produce()`, cached under `key`. */
    const text = (c: Context, key: string, contentType: string, produce: () => Promise<string>, opts: RenderOptions = {}): Promise<Response> =>
      rendered(c, key, async () => {
        const body = await produce()
        // Every Markdown answer says what it costs a model to read (pages set it themselves through rendered()).
        return contentType.startsWith('text/markdown') ? { body, contentType, headers: { 'x-markdown-tokens': String(estimateTokens(body)) } } : { body, contentType }
      }, opts)
    return {
      text,
      rendered,
      /** JSON body of `produce()`, cached under `key` (a normalized form of the validated request). */
      json: (c: Context, key: string, produce: () => Promise<unknown>, opts: RenderOptions = {}): Promise<Response> =>
        text(c, key, opts.contentType ?? 'application/json; charset=utf-8', async () => JSON.stringify(await produce()), opts),
    }
  }

  return { declare }
}

export type Responder = ReturnType<typeof createResponder>
export type DeclaredResponder = ReturnType<Responder['declare']>

/** A cache key from validated input: parameter order and unknown parameters do not split the cache. */
export function cacheKey(route: string, input: Record<string, unknown>): string {
  const parts = Object.keys(input).sort()
    .filter((k) => input[k] !== undefined)
    .map((k) => `${k}=${String(input[k])}`)
  return `${route}?${parts.join('&')}`
}
