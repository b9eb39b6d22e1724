import { Hono, type Context } from 'hono'
import { readWebStreamCapped } from '../../util/read-web-stream.ts'
import { nodeRequestOf } from '../http/cache-declaration.ts'
import type { AnswerCache } from './answer-cache.ts'
import { envelopeAround } from './envelope.ts'
import { BATCH_REFUSED, JSON_RPC_MAX_ANSWER_BYTES, answerTooLarge, isBatchBody, jsonRpcIdProblem, jsonRpcShapeProblem } from './guards.ts'
import type { Call, JsonRpcSurface, Reply, RequestHead } from './surface.ts'

export interface JsonRpcEndpointDeps<K> {
  surface: JsonRpcSurface<K>
  /** Results by normalized call, shared by the endpoints. */
  answers: AnswerCache
  /** The store's content version: a result that depends on the stories is reused only while it is unchanged. */
  contentVersion: () => Promise<string>
  /** The content version known in memory, else null: taken first for requests read from a socket (QueryService). */
  contentVersionNow?: () => string | null
  /** The byte cap on one answer (tests lower it); JSON_RPC_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number
  /** The Origin check (origin-policy.ts), run first; none: every origin may call. */
  allowOrigin?: (origin: string | undefined) => boolean
}

/** A cached answer as the response front writes it: its media type, then `head`, the stored `bytes` and `tail`. */
export interface FrontAnswer {
  contentType: string
  head: string
  bytes: Buffer
  tail: string
}

/** What the response front (front/agent-calls.ts) asks of an endpoint. */
export interface JsonRpcFront {
  /** The body cap: a longer declared body is left to the route, which refuses it unread. */
  maxBodyBytes: number
  /** Whether the headers (and URL) allow a cached answer at all; asked before the body is read. */
  admits(head: RequestHead): boolean
  /**
   * The cached answer to this body, or undefined to leave the request to the route, which then takes the body as
   * read and guarded here (kept under `request`, the Node request the route gets as `c.env.incoming`).
   */
  answer(head: RequestHead, text: string, request: object): FrontAnswer | undefined
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * A request body as text, or undefined when it is larger than `maxBytes` (the rest is not read). With a
 * Content-Length within the cap, it is read whole with `text()`: the HTTP parser never delivers more than the
 * declared length, and the Node adapter reads it straight from the socket, without the web stream that
 * `request.body` builds. Without one (chunked), it is streamed and counted.
 */
async function readBodyCapped(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = request.headers.get('content-length')
  if (declared === null) return (await readWebStreamCapped(request.body, maxBytes))?.toString('utf8')
  const length = Number(declared)
  return Number.isInteger(length) && length >= 0 && length <= maxBytes ? request.text() : undefined
}

/**
 * One JSON-RPC endpoint (POST /mcp, POST /a2a), stateless and anonymous, in this order: the Origin check, the
 * surface's header checks, the body cap, the guards every surface shares (guards.ts), the surface's reading of the
 * request, then the answer cache (a kept result in the call's envelope, the id spliced in) or the surface's answer,
 * kept for the next caller when it may be, and the answer cap. Each path parses the body once, and a result is
 * serialized once, by whoever made it. The route and the response front take the same steps through the same
 * functions; the front answers only what the answer cache holds, and leaves everything else (refusals too) to the
 * route, with the body it read and guarded (so a miss is parsed once too).
 */
export function createJsonRpcEndpoint<K>(deps: JsonRpcEndpointDeps<K>) {
  const { surface, answers, contentVersion, contentVersionNow = () => null, allowOrigin = () => true } = deps
  const maxAnswerBytes = deps.maxAnswerBytes ?? JSON_RPC_MAX_ANSWER_BYTES
  /** Bodies the front read and guarded but could not answer, by Node request, for the route (see JsonRpcFront). */
  const handedOn = new WeakMap<object, { text: string; guarded: Reply | { body: unknown } }>()
  const respond = ({ status, json }: Reply, extra: Record<string, string> = {}) => new Response(json ?? null, {
    status, headers: json === undefined ? NO_STORE : { 'Content-Type': surface.contentType, ...NO_STORE, ...extra },
  })

  /** The refusal decided before the body is read: the Origin check, then the surface's own. */
  const refuseHead = (head: RequestHead) => (allowOrigin(head.headers.get('origin') ?? undefined) ? surface.refuseHead(head)
    : surface.refuse(head, 403, -32000, 'Forbidden: this Origin may not call this endpoint. Clients without an Origin header are welcome.'))

  /** The shared guards on the body's text: a refusal, or the parsed body (undefined: not JSON, for the surface). */
  function guard(head: RequestHead, text: string): Reply | { body: unknown } {
    // Before anything parses the body into a tree and walks it (a schema, the answer cache's key).
    const problem = isBatchBody(text) ? BATCH_REFUSED : jsonRpcShapeProblem(text)
    if (problem) return surface.refuse(head, 400, -32600, problem)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { body: undefined }
    }
    // Before the surface or the answer cache echo an id they could not keep exactly.
    const badId = jsonRpcIdProblem(text, body)
    return badId ? surface.refuse(head, 400, -32600, badId) : { body }
  }

  /** Whether the call's result is kept in the answer cache, under its key and version. */
  const kept = (call: Call): call is Call & { key: string; version: string } =>
    answers.enabled && call.key !== undefined && call.version != null

  /** The call's envelope split where a result of `length` bytes goes; undefined when the answer would pass the cap. */
  function around(call: Call, length: number) {
    const parts = envelopeAround(call)
    const envelope = parts.head.length + parts.tail.length
    // UTF-8 takes at most 3 bytes a UTF-16 unit: the exact count is needed only near the cap.
    const fits = length + 3 * envelope <= maxAnswerBytes || length + Buffer.byteLength(parts.head) + Buffer.byteLength(parts.tail) <= maxAnswerBytes
    return fits ? parts : undefined
  }

  /** The content version to read and keep answers at; null when the store cannot say (nothing is kept then). */
  async function versionFor(socket: boolean): Promise<string | null> {
    if (!answers.enabled) return null
    try {
      return (socket ? contentVersionNow() : null) ?? await contentVersion()
    } catch {
      return null
    }
  }

  /** The call's result: kept, or rendered (and kept when it may be); or its answer when it has no result. */
  async function resultOf(call: Call, request: Request): Promise<string | Reply | Response> {
    const hit = kept(call) ? answers.get(call.key, call.version) : undefined
    if (hit) return hit.json
    const rendered = await call.render(request)
    if (rendered instanceof Response || 'status' in rendered) return rendered
    if (rendered.keep && kept(call)) answers.set(call.key, call.version, rendered.json)
    return rendered.json
  }

  async function post(c: Context): Promise<Response> {
    const request = c.req.raw
    const head: RequestHead = { headers: request.headers, url: request.url }
    const refused = refuseHead(head)
    if (refused) return respond(refused)
    const incoming = nodeRequestOf(c)
    const handed = incoming && handedOn.get(incoming)
    const text = handed ? handed.text : await readBodyCapped(request, surface.maxBodyBytes)
    if (text === undefined) return respond(surface.refuse(head, 413, -32600, `Request too large: the limit is ${surface.maxBodyBytes} bytes`))
    const guarded = handed ? handed.guarded : guard(head, text)
    if ('status' in guarded) return respond(guarded)
    const call = surface.read(head, guarded.body, text, await surface.known(await versionFor(incoming !== undefined)))
    if ('status' in call) return respond(call)
    const result = await resultOf(call, request)
    if (typeof result !== 'string') return result instanceof Response ? result : respond(result)
    const parts = around(call, Buffer.byteLength(result))
    return respond(parts ? { status: 200, json: parts.head + result + parts.tail } : call.error(200, -32603, answerTooLarge(maxAnswerBytes)))
  }

  /** The answer cache's answer to a guarded body, under the content version in memory; undefined: the route's. */
  function cachedAnswer(head: RequestHead, text: string, guarded: Reply | { body: unknown }): FrontAnswer | undefined {
    if ('status' in guarded || guarded.body === undefined) return undefined
    const known = surface.knownNow(contentVersionNow)
    const call = known === undefined ? undefined : surface.read(head, guarded.body, text, known)
    if (!call || 'status' in call || !kept(call)) return undefined
    const hit = answers.get(call.key, call.version, 'front')
    const parts = hit && around(call, hit.bytes.byteLength)
    return parts && { contentType: surface.contentType, bytes: hit.bytes, ...parts }
  }

  const front: JsonRpcFront = {
    maxBodyBytes: surface.maxBodyBytes,
    admits: (head) => answers.enabled && refuseHead(head) === undefined,
    answer(head, text, request) {
      const guarded = guard(head, text)
      const answer = cachedAnswer(head, text, guarded)
      // Only a miss keeps its parse for the route: a hit is over here.
      if (!answer) handedOn.set(request, { text, guarded })
      return answer
    },
  }

  /**
   * The routes of the endpoint at `path`: POST as above; OPTIONS answers CORS preflights (an Origin check runs on the
   * POST); every other method is 405, Allow: POST (stateless: no stream to open, no session to end).
   */
  function routes(path: string, allowHeaders: string): Hono {
    const app = new Hono()
    app.post(path, post)
    app.options(path, (c) => c.body(null, 204, {
      Allow: 'POST, OPTIONS',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': allowHeaders,
      'Access-Control-Max-Age': '86400',
    }))
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], path, (c) => respond(surface.refuse({ headers: c.req.raw.headers, url: c.req.url },
      405, -32600, 'Method not allowed: send JSON-RPC 2.0 requests with POST; this endpoint keeps no stream and no session'), { Allow: 'POST' }))
    return app
  }

  return { routes, front }
}
