import type { Context } from 'hono'

/**
 * What a route declares when it is built about the answers it serves through the responder (decision 0025): the
 * query parameters its cache key is made of, and the request headers (lowercase; Accept-Encoding is the responder's
 * own) its answers may vary on. The response front answers a repeated request before the framework only within
 * these: a request naming any other parameter is left to the route, so unknown parameters cannot mint entries.
 */
export interface CacheDeclaration {
  params: readonly string[]
  vary: readonly string[]
}

/** The head of the node:http request a response answers, as the response front keys it. */
export type NodeRequestHead = { method?: string, url?: string, headers: Readonly<Record<string, string | string[] | undefined>> }

/** A 200 the responder sent from a cache entry: the route's declaration, the entry, the headers sent (as written). */
export type ServedEntry = { declaration: CacheDeclaration, key: string, version: string, headers: Readonly<Record<string, string>> }

/** The response front as the routes and the responder see it. */
export interface CacheFront {
  /** Checks a route's declaration when the route is built: a header the front cannot tell apart throws there. */
  declare(declaration: CacheDeclaration): void
  /** The responder's answer to `request` from a cache entry, which the front may give again to the same request. */
  learn(request: NodeRequestHead, served: ServedEntry): void
}

/** The node:http request the Node adapter passes as `c.env.incoming`; absent for in-process `app.request()` calls. */
export const nodeRequestOf = (c: Context): NodeRequestHead | undefined => (c.env as { incoming?: NodeRequestHead } | undefined)?.incoming
