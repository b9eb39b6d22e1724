import {
  WebStandardStreamableHTTPServerTransport, createMcpHandler, isJsonContentType, isLegacyRequest, type McpServer,
} from '@modelcontextprotocol/server'
import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import type { Responder } from '../http/responder.ts'
import { createOriginPolicy } from './origin-policy.ts'

/** Tool calls are a few hundred bytes; 64 KiB leaves room for clients that send large `_meta` and refuses floods. */
export const MCP_MAX_BODY_BYTES = 64 * 1024

export interface McpRoutesDeps {
  createServer: () => McpServer
  siteUrl: string
  allowedOrigins: readonly string[]
  log: Logger
  respond: Responder
  /** The server card (SEP-2127 plus the legacy SEP-1649 fields), served at both card paths. */
  serverCard: object
}

export const CARD_TYPE = 'application/mcp-server-card+json'

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })

/**
 * POST /mcp serves both protocol generations with JSON bodies, statelessly and anonymously:
 * - 2026-07-28 requests (the per-request `_meta` envelope, `server/discover`, Mcp-Method/Mcp-Name headers) go to the
 *   SDK's `createMcpHandler` in strict modern mode with JSON responses;
 * - 2025-era requests (`initialize`, then `tools/*` with MCP-Protocol-Version 2025-11-25, 2025-06-18 or 2025-03-26)
 *   go to a fresh stateless Streamable HTTP transport with `enableJsonResponse`, because the handler's own legacy
 *   leg answers with SSE. `isLegacyRequest` is the handler's own routing step, so the two never disagree.
 * The Origin check, the Content-Type check and the body cap run first, for both.
 */
export function createMcpRoutes(deps: McpRoutesDeps): Hono {
  const allowOrigin = createOriginPolicy(deps.siteUrl, deps.allowedOrigins)
  const onerror = (err: Error) => deps.log.debug({ err }, 'mcp: request rejected')
  const modern = createMcpHandler(deps.createServer, {
    legacy: 'reject', responseMode: 'auto', maxRequestBodySize: MCP_MAX_BODY_BYTES, onerror,
  })

  async function serveLegacy(request: Request): Promise<Response> {
    const server = deps.createServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MCP_MAX_BODY_BYTES,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request)
    } finally {
      // JSON mode has the whole body by now; closing frees the per-request instance.
      void server.close()
    }
  }

  async function post(c: Context): Promise<Response> {
    const request = c.req.raw
    if (!allowOrigin(request.headers.get('origin') ?? undefined)) {
      return jsonRpcError(403, -32000, 'Forbidden: this Origin may not call the MCP endpoint. Clients without an Origin header are welcome.')
    }
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return jsonRpcError(415, -32000, 'Unsupported Media Type: send Content-Type: application/json')
    }
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > MCP_MAX_BODY_BYTES) {
      return jsonRpcError(413, -32000, `Payload Too Large: the limit is ${MCP_MAX_BODY_BYTES} bytes`)
    }
    const response = (await isLegacyRequest(request, undefined, { maxRequestBodySize: MCP_MAX_BODY_BYTES }))
      ? await serveLegacy(request)
      : await modern.fetch(request)
    // Answers depend on the request body: never store them in a shared cache.
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', 'no-store')
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }

  const routes = new Hono()
  routes.post('/mcp', post)
  // Stateless and JSON-only: no SSE stream to open (GET) and no session to end (DELETE).
  routes.on(['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'], '/mcp', () =>
    jsonRpcError(405, -32000, 'Method not allowed: this MCP endpoint is stateless and answers POST only.', { Allow: 'POST' }))
  // CORS preflight for browser-based clients from allowed origins; the Origin check itself runs on the POST.
  routes.options('/mcp', (c) => c.body(null, 204, {
    Allow: 'POST, OPTIONS',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID',
    'Access-Control-Max-Age': '86400',
  }))

  const serveCard = (c: Context) => {
    const wantsCardType = (c.req.header('accept') ?? '').includes(CARD_TYPE)
    return deps.respond.text(c, `mcp-server-card:${wantsCardType}`, wantsCardType ? CARD_TYPE : 'application/json; charset=utf-8',
      async () => JSON.stringify(deps.serverCard), { static: true, headers: { Vary: 'Accept' } })
  }
  routes.get('/.well-known/mcp/server-card.json', serveCard)
  routes.get('/mcp/server-card', serveCard)
  return routes
}
