import { AGENT_CARD_TYPE, descriptorContentType } from '../http/descriptor-types.ts'
import type { Responder } from '../http/responder.ts'
import type { AnswerCache } from '../json-rpc/answer-cache.ts'
import { createJsonRpcEndpoint } from '../json-rpc/endpoint.ts'
import { createA2aSurface, headerDialect, type A2aSurfaceDeps } from './a2a-surface.ts'
import { agentCard10, agentCardHybrid, type CardSettings } from './agent-card.ts'

// The A2A interface is listed by the discovery documents through this (create-app imports it from here).
export { a2aInterface } from '../discovery/site-facts.ts'
export { A2A_MAX_BODY_BYTES } from './a2a-surface.ts'

/**
 * POST {SITE_URL}/a2a: the A2A agent, JSON-RPC 2.0, hand-rolled rather than built on @a2a-js/sdk's server: the
 * JSON-RPC endpoint (json-rpc/endpoint.ts) over the A2A surface (a2a-surface.ts).
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
 * - A reply's parts are rendered once per understood request, wire version and content version (the answer cache);
 *   every reply is still a new message with its own messageId.
 * - ListTasks answers an empty list: no task ever exists here. GetTask and CancelTask are -32001.
 */

export interface A2aRoutesDeps extends A2aSurfaceDeps {
  respond: Responder
  operator: CardSettings['operator']
  version: string
  /** Reply parts by understood request and wire version. */
  answers: AnswerCache
  /** The byte cap on one answer (tests lower it); JSON_RPC_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number
}

/** The agent at POST /a2a and its card; `front` is the endpoint's answer cache for the response front. */
export function createA2aRoutes(deps: A2aRoutesDeps) {
  const settings: CardSettings = { siteUrl: deps.siteUrl, version: deps.version, operator: deps.operator }
  const cards = { '1.0': agentCard10(settings), hybrid: agentCardHybrid(settings) }
  const endpoint = createJsonRpcEndpoint({
    surface: createA2aSurface(deps),
    answers: deps.answers,
    contentVersion: () => deps.query.contentVersion(),
    contentVersionNow: () => deps.query.contentVersionNow(),
    maxAnswerBytes: deps.maxAnswerBytes,
  })
  const routes = endpoint.routes('/a2a', 'Content-Type, A2A-Version, A2A-Extensions, X-A2A-Extensions, User-Agent')

  // 1.0 clients ask with A2A-Version: 1.0; everyone else (an unsupported version too) gets the hybrid card, which
  // lists the supported versions. Both are static content.
  const card = deps.respond.declare({ params: [], vary: ['a2a-version', 'accept'] })
  routes.get('/.well-known/agent-card.json', (c) => {
    const variant = headerDialect({ headers: c.req.raw.headers, url: c.req.url }) === '1.0' ? '1.0' : 'hybrid'
    const contentType = descriptorContentType(c.req.header('Accept'), AGENT_CARD_TYPE)
    return card.json(c, `a2a-agent-card:${variant}:${contentType}`, async () => cards[variant], { static: true, contentType, headers: { Vary: 'A2A-Version, Accept' } })
  })
  routes.options('/.well-known/agent-card.json', (c) => c.body(null, 204, {
    Allow: 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': 'A2A-Version, If-None-Match, User-Agent',
    'Access-Control-Max-Age': '86400',
  }))
  return { routes, front: endpoint.front }
}
