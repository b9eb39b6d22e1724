import type { Context } from 'hono'
import type { Logger } from 'pino'
import { MCP_CARD_TYPE, acceptsType } from '../http/descriptor-types.ts'
import type { Responder } from '../http/responder.ts'
import type { AnswerCache } from '../json-rpc/answer-cache.ts'
import { createJsonRpcEndpoint } from '../json-rpc/endpoint.ts'
import { JSON_RPC_MAX_ANSWER_BYTES } from '../json-rpc/guards.ts'
import { createOriginPolicy } from '../json-rpc/origin-policy.ts'
import { MCP_MAX_BODY_BYTES, createMcpSurface } from './mcp-surface.ts'
import type { McpServerFactory } from './mcp-server.ts'
import type { ResourceListeners } from './resource-listeners.ts'
import { createSdkAnswer } from './sdk-answer.ts'

export interface McpRoutesDeps {
  createServer: McpServerFactory
  siteUrl: string
  allowedOrigins: readonly string[]
  log: Logger
  respond: Responder
  /** The server card (SEP-2127 plus the legacy SEP-1649 fields), served at both card paths. */
  serverCard: object
  /** Tool results, tools/list and the other fixed answers, by normalized request. */
  answers: AnswerCache
  /** The store's content version: a tool result is reused only while it is unchanged. */
  contentVersion: () => Promise<string>
  /** The content version known in memory, else null (see json-rpc/endpoint.ts). */
  contentVersionNow?: () => string | null
  /** The byte cap on one answer (tests lower it); JSON_RPC_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number
  /** The resource subscriptions of this process (resource-listeners.ts); none: subscribing is refused as unknown. */
  listeners?: ResourceListeners
  /** Their heartbeat. */
  heartbeatMs?: number
}

/**
 * POST /mcp serves both protocol generations with JSON bodies, statelessly and anonymously: the JSON-RPC endpoint
 * (json-rpc/endpoint.ts) over the MCP surface (mcp-surface.ts), whose calls the SDK answers (sdk-answer.ts). Also
 * the server card, at both of its paths. `front` is the endpoint's answer cache for the response front.
 */
export function createMcpRoutes(deps: McpRoutesDeps) {
  const maxAnswerBytes = deps.maxAnswerBytes ?? JSON_RPC_MAX_ANSWER_BYTES
  const sdk = createSdkAnswer({
    createServer: deps.createServer, log: deps.log, maxBodyBytes: MCP_MAX_BODY_BYTES, maxAnswerBytes,
    listeners: deps.listeners, heartbeatMs: deps.heartbeatMs,
  })
  const endpoint = createJsonRpcEndpoint({
    surface: createMcpSurface(sdk),
    allowOrigin: createOriginPolicy(deps.siteUrl, deps.allowedOrigins),
    answers: deps.answers, contentVersion: deps.contentVersion, contentVersionNow: deps.contentVersionNow, maxAnswerBytes,
  })
  const routes = endpoint.routes('/mcp', 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID')

  const card = deps.respond.declare({ params: [], vary: ['accept'] })
  const serveCard = (c: Context) => {
    const wantsCardType = acceptsType(c.req.header('accept'), MCP_CARD_TYPE)
    return card.text(c, `mcp-server-card:${wantsCardType}`, wantsCardType ? MCP_CARD_TYPE : 'application/json; charset=utf-8',
      async () => JSON.stringify(deps.serverCard), { static: true, headers: { Vary: 'Accept' } })
  }
  routes.get('/.well-known/mcp/server-card.json', serveCard)
  routes.get('/mcp/server-card', serveCard)
  return { routes, front: endpoint.front }
}
