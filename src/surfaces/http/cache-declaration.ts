import type { Context } from 'hono'

/**
 * What a route declares when it is built about the answers it serves through the responder (decision 0025): the
 * query parameters its cache key is made of, and the request headers its answers may vary on. The response front
 * answers a repeated request before the framework only within these bounds: a request naming any other parameter
 * is left to the route (so unknown parameters cannot mint entries), and requests are told apart by the declared
 * headers, reduced to the choices the routes make with them.
 */
export interface CacheDeclaration {
  params: readonly string[]
  /** Lowercase names; Accept-Encoding is the responder's own and never declared. */
  vary: readonly string[]
}

/** The head of the node:http request a response answers, as the response front keys it. */
export interface NodeRequestHead {
  method?: string
  url?: string
  headers: Readonly<Record<string, string | string[] | undefined>>
}

/** A 200 the responder sent from a response cache entry (see CacheFront.learn). */
export interface ServedEntry {
  declaration: CacheDeclaration
  key: string
  version: string
  /** The headers sent: lowercase names in the order the adapter writes them. */
  headers: Readonly<Record<string, string>>
}

/** The response front as the routes and the responder see it. */
export interface CacheFront {
  /** Checks a route's declaration when the route is built: a header the front cannot tell apart throws there. */
  declare(declaration: CacheDeclaration): void
  /** The responder's answer to `request` from a cache entry, which the front may give again to the same request. */
  learn(request: NodeRequestHead, served: ServedEntry): void
}

/** The node:http request the Node adapter passes as `c.env.incoming`; absent for in-process `app.request()` calls. */
export function nodeRequestOf(c: Context): NodeRequestHead | undefined {
  return (c.env as { incoming?: NodeRequestHead } | undefined)?.incoming
}
