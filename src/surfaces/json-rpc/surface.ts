/**
 * What a JSON-RPC surface (MCP, A2A) tells its endpoint (endpoint.ts): how it refuses, how it reads a request into a
 * call, and how it answers a call the answer cache does not hold. The endpoint runs the steps every surface shares.
 */

/** Request headers by lowercase name (null: absent): a fetch `Headers`, or the front path's view of a Node request. */
export interface HeaderSource {
  get(name: string): string | null
}

/** What is known of a request before its body: its headers and URL (absolute, or the path with the query). */
export interface RequestHead {
  headers: HeaderSource
  url: string
}

/** An answer given as it is: its HTTP status and JSON-RPC response, serialized (none: an empty body, as for 204). */
export interface Reply {
  status: number
  json?: string
}

/** A result to send in the call's envelope, and whether it may be kept for the next caller. */
export interface Rendered {
  json: string
  keep: boolean
}

/** One JSON-RPC request the surface answers with a result (or with an error it finds while answering). */
export interface Call {
  /** Where its result is kept in the answer cache, at content version `version` ('static': any); else not kept. */
  key?: string
  version?: string | null
  /** The JSON-RPC response around a result, serialized: the id spliced in (and, for A2A, new message ids). */
  envelope(resultJson: string): string
  /** An error answer to this call, with its id. */
  error(status: number, code: number, message: string): Reply
  /** The result of a call the answer cache does not hold, an error, or a response made elsewhere (the MCP SDK's). */
  render(request: Request): Promise<Rendered | Reply | Response>
}

/** A JSON-RPC surface; `K` is what reading a request needs besides it (the content version; A2A: publisher names). */
export interface JsonRpcSurface<K> {
  /** The largest request body read: a longer one is refused unread (HTTP 413). */
  maxBodyBytes: number
  /** The media type of its JSON answers. */
  contentType: string
  /** A refusal decided on the headers and URL alone, before the body is read. */
  refuseHead(head: RequestHead): Reply | undefined
  /** An error answer in the surface's shape, to a request whose id is not known yet. */
  refuse(head: RequestHead, status: number, code: number, message: string): Reply
  /** What reading needs at content version `version` (null: unknown), loaded for the route... */
  known(version: string | null): Promise<K>
  /** ...or as held now, for the front path, with the version in memory when asked; undefined leaves it to the route. */
  knownNow(versionNow: () => string | null): K | undefined
  /**
   * The request in a parsed body (undefined: not JSON) that passed the shared guards: a call, or an answer given at
   * once (a refusal, a notification's empty reply, a fixed answer). Synchronous: the front path reads with it too.
   */
  read(head: RequestHead, body: unknown, text: string, known: K): Call | Reply
}
