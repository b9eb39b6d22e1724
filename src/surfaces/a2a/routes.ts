import { AGENT_CARD_TYPE, descriptorContentType } from '../http/descriptor-types.ts'
import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import { AppError } from '../../domain/errors.ts'
import type { QueryService } from '../../query/query-service.ts'
import type { Responder } from '../http/responder.ts'
import { fromSocket } from '../http/front-note.ts'
import { readBodyCapped } from '../agent-cache/read-body.ts'
import { abortFields, isClientAbort } from '../http/client-abort.ts'
import { BATCH_REFUSED, JSON_RPC_MAX_ANSWER_BYTES, isBatchBody, jsonRpcIdProblem, jsonRpcShapeProblem } from '../http/json-rpc-guard.ts'
import { agentCard10, agentCardHybrid, type CardSettings } from './agent-card.ts'
import type { AnswerCache } from '../agent-cache/answer-cache.ts'
import { replyContent, understandMessage } from './handle-message.ts'
import type { IncomingMessage } from './incoming.ts'
import type { SourceNames } from './source-names.ts'
import {
  A2aError, ERROR, errorResponse, idOf, parseRequest, successResponse, type Dialect, type JsonRpcId,
} from './jsonrpc.ts'
import { SEND_1_0, answeredMethod, dialectOf, requestedVersion } from './methods.ts'
import { partsKey, sendReplyJson } from './send-reply.ts'
import * as wire03 from './wire-0-3.ts'
import * as wire10 from './wire-1-0.ts'

// The A2A interface is listed by the discovery documents through this (create-app imports it from here).
export { a2aInterface } from '../discovery/site-facts.ts'

/**
 * POST {SITE_URL}/a2a: the A2A agent, JSON-RPC 2.0, hand-rolled rather than built on @a2a-js/sdk's server.
 * The SDK 1.3.0 routes by the A2A-Version header alone, so it refuses `SendMessage` sent without the header and
 * refuses `application/a2a+json`; and the surface is two methods answered at once, with no tasks, streams or
 * push notifications, so the SDK's task machinery would be unused weight. Its client drives the tests.
 *
 * Decisions (the agent card and llms.txt describe the behaviour; the tests pin it):
 * - The method name selects the wire version: `SendMessage` is answered in A2A 1.0, `message/send` in 0.3. The
 *   `A2A-Version` header (or `?A2A-Version=`) only has to name a supported version (1.0 or 0.3, any patch;
 *   absent means 0.3); a mismatch such as `message/send` with `A2A-Version: 1.0` is still answered, in the
 *   method's version, because the method and params show unambiguously what the client speaks.
 *   Other versions: -32009.
 * - Every JSON-RPC error is HTTP 200, except a body over 64 KiB (HTTP 413, -32600, id null, unread) and a
 *   method other than POST and OPTIONS (HTTP 405, Allow: POST, as on /mcp; OPTIONS answers CORS preflights).
 * - Content-Type must be application/json or application/a2a+json (parameters allowed; absent tolerated), else
 *   -32005 with id null: the body of a request in another media type is not read.
 * - Notifications (no `id`) are valid but get no JSON-RPC reply (JSON-RPC 2.0 §4.1): HTTP 204, nothing run.
 * - Batches (arrays) are HTTP 400 with -32600 and id null, refused before anything in them runs: one request,
 *   one message, so a small body cannot ask for many answers. A body outside JSON_RPC_SHAPE (nesting, items, string
 *   length) is HTTP 400 with -32600 and id null too, refused before it is parsed, as on /mcp.
 * - Every array and string in the wire schemas is bounded (WIRE_LIMITS), and a refusal names at most three
 *   problems, each once: a rejected request costs no more than an answered one.
 * - An answer over JSON_RPC_MAX_ANSWER_BYTES is replaced by -32603 saying so (never a truncated body).
 * - Error `data` follows the reply's version: 1.0 errors carry google.rpc ErrorInfo (+ BadRequest for -32602);
 *   0.3 errors carry none. Before the method is known, the header's version decides.
 * - A missing story, or free text asking for something invalid, is a normal reply saying so (an agent can relay
 *   it); explicit data-part arguments that are invalid are -32602. An unavailable store is -32603 with a
 *   generic message. Replies are `Cache-Control: no-store`.
 * - A reply's parts are rendered once per understood request, wire version and content version (answerParts);
 *   every reply is still a new message with its own messageId.
 * - ListTasks answers an empty list: no task ever exists here. GetTask and CancelTask are -32001.
 */

export const A2A_MAX_BODY_BYTES = 64 * 1024

export const CONTENT_TYPES = new Set(['application/json', 'application/a2a+json'])

/** The media type named by a Content-Type value, as the route compares it: lowercase, without parameters. */
export const mediaTypeOf = (contentType: string | undefined): string | undefined => contentType?.split(';')[0]!.trim().toLowerCase()

const ALLOW = 'POST, OPTIONS'

export interface A2aRoutesDeps {
  query: QueryService
  siteUrl: string
  log: Logger
  respond: Responder
  operator: CardSettings['operator']
  version: string
  /** Reply parts by normalized request and wire version; see answerParts. */
  answers: AnswerCache
  /** The byte cap on one answer (tests lower it); JSON_RPC_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number
  /** The publishers' names free text is read with, per content version (shared with the front path). */
  sourceNames: SourceNames
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

/** The media type of every reply (the front path writes it too). */
export const REPLY_CONTENT_TYPE = 'application/json; charset=utf-8'

const raw = (serialized: string) =>
  new Response(serialized, { status: 200, headers: { 'Content-Type': REPLY_CONTENT_TYPE, 'Cache-Control': 'no-store' } })

const versionParam = (c: Context) => c.req.header('A2A-Version') ?? c.req.query('A2A-Version')

export function createA2aRoutes(deps: A2aRoutesDeps): Hono {
  const maxAnswerBytes = deps.maxAnswerBytes ?? JSON_RPC_MAX_ANSWER_BYTES
  const settings: CardSettings = { siteUrl: deps.siteUrl, version: deps.version, operator: deps.operator }
  const cards = { '1.0': agentCard10(settings), hybrid: agentCardHybrid(settings) }

  /**
   * The serialized parts of the reply to `message`. A reply's content depends only on the understood request and
   * the stories, so it is rendered once per content version and wire version; each sender then gets it in a
   * message with its own ids. Not cached when the store cannot give its content version.
   */
  async function answerParts(message: IncomingMessage, dialect: Dialect, socket: boolean): Promise<string> {
    let version: string | null = null
    if (deps.answers.enabled) {
      try {
        // The version known in memory first, as the front paths and the REST responder take it for requests read from
        // a socket: a cached reply needs no round trip and keeps being served while the database does not answer.
        version = (socket ? deps.query.contentVersionNow() : null) ?? await deps.query.contentVersion()
      } catch {
        version = null // not cached: rendering fails the same way, with the error the client should see
      }
    }
    // Read with the publishers of that version, at the time of the request: the key holds the resolved arguments.
    const sources = await deps.sourceNames.at(version)
    const understood = understandMessage(message, deps.siteUrl, { sources, now: Date.now() })
    const render = async () => {
      const content = await replyContent(understood, { query: deps.query, siteUrl: deps.siteUrl })
      return JSON.stringify(dialect === '1.0' ? wire10.replyParts(content) : wire03.replyParts(content))
    }
    if (version === null) return render()
    const key = partsKey(dialect, understood)
    const cached = deps.answers.get(key, version)
    if (cached) return cached.json
    const json = await render()
    deps.answers.set(key, version, { json, contentType: 'application/json; charset=utf-8' })
    return json
  }

  /** Runs one request; returns the JSON-RPC response (an object, or already serialized), or undefined for a notification. */
  async function dispatch(c: Context, headerDialect: Dialect): Promise<{ status?: number; body?: unknown; json?: string; dialect?: Dialect }> {
    let dialect = headerDialect
    let id: JsonRpcId = null
    const fail = (err: A2aError) => ({ body: errorResponse(id, err, dialect) })
    try {
      const contentType = mediaTypeOf(c.req.header('Content-Type'))
      if (contentType && !CONTENT_TYPES.has(contentType)) {
        throw new A2aError(ERROR.contentTypeNotSupported,
          `Content type not supported: ${contentType.slice(0, 64)}; send Content-Type: application/json`)
      }
      const text = await readBodyCapped(c.req.raw, A2A_MAX_BODY_BYTES)
      if (text === undefined) {
        return { status: 413, ...fail(new A2aError(ERROR.invalidRequest, `Request too large: the limit is ${A2A_MAX_BODY_BYTES} bytes`)) }
      }
      if (isBatchBody(text)) return { status: 400, ...fail(new A2aError(ERROR.invalidRequest, BATCH_REFUSED)) }
      // Before anything parses the body into a tree and walks it (the wire schema, the answer cache's key).
      const misshapen = jsonRpcShapeProblem(text)
      if (misshapen) return { status: 400, ...fail(new A2aError(ERROR.invalidRequest, misshapen)) }
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        throw new A2aError(ERROR.parse, 'Parse error: the body is not valid JSON')
      }
      // An id that cannot be answered as sent is refused, as on /mcp: before idOf would echo it.
      const badId = jsonRpcIdProblem(text, body)
      if (badId) return { status: 400, ...fail(new A2aError(ERROR.invalidRequest, badId)) }
      id = idOf(body)
      const request = parseRequest(body)
      dialect = dialectOf(request.method) ?? dialect
      if (request.isNotification) return {}
      requestedVersion(versionParam(c))
      if (answeredMethod(request.method) === 'list-tasks') return { body: successResponse(id, wire10.EMPTY_TASK_LIST) }
      const message = request.method === SEND_1_0 ? wire10.readSendMessage(request.params) : wire03.readMessageSend(request.params)
      const parts = await answerParts(message, dialect, fromSocket(c))
      return { json: sendReplyJson(id, dialect, message, parts), dialect }
    } catch (err) {
      if (err instanceof A2aError) return fail(err)
      if (err instanceof AppError && err.code === 'unavailable') {
        deps.log.warn({ err }, 'a2a: store unavailable')
        return fail(new A2aError(ERROR.internal, 'Internal error: the news store is temporarily unavailable; retry in a minute'))
      }
      if (isClientAbort(err, c.req.raw)) deps.log.info(abortFields(err), 'a2a: client went away')
      else deps.log.error({ err }, 'a2a: request failed')
      return fail(new A2aError(ERROR.internal, 'Internal error'))
    }
  }

  const routes = new Hono()

  routes.post('/a2a', async (c) => {
    let headerDialect: Dialect = '0.3'
    try {
      headerDialect = requestedVersion(versionParam(c))
    } catch {
      // Reported once the request id is known.
    }
    const { status, body, json: serialized, dialect } = await dispatch(c, headerDialect)
    if (body === undefined && serialized === undefined) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    const text = serialized ?? JSON.stringify(body)
    if (Buffer.byteLength(text) <= maxAnswerBytes) return serialized !== undefined ? raw(serialized) : json(body, status)
    const id = serialized !== undefined ? (JSON.parse(serialized) as { id?: JsonRpcId }).id ?? null : (body as { id?: JsonRpcId }).id ?? null
    return json(errorResponse(id, new A2aError(ERROR.internal,
      `Answer too large: it would exceed ${maxAnswerBytes} bytes; ask for fewer stories`), dialect ?? headerDialect))
  })
  routes.options('/a2a', (c) => c.body(null, 204, {
    Allow: ALLOW,
    'Access-Control-Allow-Methods': ALLOW,
    'Access-Control-Allow-Headers': 'Content-Type, A2A-Version, A2A-Extensions, X-A2A-Extensions, User-Agent',
    'Access-Control-Max-Age': '86400',
  }))
  routes.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], '/a2a', () =>
    json(errorResponse(null, new A2aError(ERROR.invalidRequest, 'Method not allowed: send JSON-RPC 2.0 requests with POST'), '0.3'),
      405, { Allow: 'POST' }))

  // 1.0 clients ask with A2A-Version: 1.0; everyone else gets the hybrid card. Both are static content.
  routes.get('/.well-known/agent-card.json', (c) => {
    let wants10 = false
    try {
      wants10 = requestedVersion(versionParam(c)) === '1.0'
    } catch {
      // An unsupported version gets the hybrid card, which lists the supported ones.
    }
    const variant = wants10 ? '1.0' : 'hybrid'
    const contentType = descriptorContentType(c.req.header('Accept'), AGENT_CARD_TYPE)
    return deps.respond.json(c, `a2a-agent-card:${variant}:${contentType}`, async () => cards[variant], { static: true, contentType, headers: { Vary: 'A2A-Version, Accept' } })
  })
  routes.options('/.well-known/agent-card.json', (c) => c.body(null, 204, {
    Allow: 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': 'A2A-Version, If-None-Match, User-Agent',
    'Access-Control-Max-Age': '86400',
  }))
  return routes
}
