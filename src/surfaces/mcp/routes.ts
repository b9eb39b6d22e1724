import { MCP_CARD_TYPE, acceptsType } from '../http/descriptor-types.ts'
import {
  WebStandardStreamableHTTPServerTransport, createMcpHandler, isJsonContentType, isLegacyRequest, type McpServer,
} from '@modelcontextprotocol/server'
import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import { jsonRpcResult, type AnswerCache, type CachedAnswer } from '../agent-cache/answer-cache.ts'
import { readBodyCapped } from '../agent-cache/read-body.ts'
import {
  BATCH_REFUSED, JSON_RPC_MAX_ANSWER_BYTES, capAnswer, isBatchBody, jsonRpcIdOf, jsonRpcIdProblem, jsonRpcShapeProblem,
} from '../http/json-rpc-guard.ts'
import { fromSocket } from '../http/front-note.ts'
import type { Responder } from '../http/responder.ts'
import { cacheableCall, unsupportedVersionResponse, type CacheableCall } from './cacheable-calls.ts'
import { createOriginPolicy } from './origin-policy.ts'
import { rewordSdkErrors } from './sdk-errors.ts'

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
  /** Tool results, tools/list and the other fixed answers, by normalized request. */
  answers: AnswerCache
  /** The store's content version: a tool result is reused only while it is unchanged. */
  contentVersion: () => Promise<string>
  /**
   * The content version known in memory, else null (see QueryService.contentVersionNow): taken first for requests
   * read from a socket, as the front paths and the REST responder do, so a cached answer needs no round trip and
   * keeps being served while the database does not answer.
   */
  contentVersionNow?: () => string | null
  /** The byte cap on one answer (tests lower it); JSON_RPC_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number
}

/** An SDK response marked for no shared cache: MCP answers depend on the request body. */
function noStore(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * A cached answer as the response to the request with JSON-RPC id `id`: a string body and plain headers, which
 * the Node adapter writes straight out. Never stored by shared caches: it answers one request body.
 */
const cachedResponse = (id: string | number, answer: CachedAnswer) =>
  new Response(jsonRpcResult(id, answer.json), { status: 200, headers: { 'Content-Type': answer.contentType, 'Cache-Control': 'no-store' } })

export const CARD_TYPE = MCP_CARD_TYPE

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}, id: string | number | null = null) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }), {
    status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })

/**
 * POST /mcp serves both protocol generations with JSON bodies, statelessly and anonymously:
 * - 2026-07-28 requests (the per-request `_meta` envelope, `server/discover`, Mcp-Method/Mcp-Name headers) go to the
 *   SDK's `createMcpHandler` in strict modern mode with JSON responses;
 * - 2025-era requests (`initialize`, then `tools/*` with MCP-Protocol-Version 2025-11-25, 2025-06-18 or 2025-03-26)
 *   go to a fresh stateless Streamable HTTP transport with `enableJsonResponse`, because the handler's own legacy
 *   leg answers with SSE. `isLegacyRequest` is the handler's own routing step, so the two never disagree.
 * The Origin check, the Content-Type check, the body cap and the batch refusal run first, for both; then `answer`
 * (the single entry for a JSON-RPC body) answers an unsupported MCP-Protocol-Version itself, serves what the answer
 * cache holds (cacheable-calls.ts says what may be cached and under which key) and hands the rest to the SDK, whose
 * answer is capped in bytes (only answers under the cap are ever cached).
 */
export function createMcpRoutes(deps: McpRoutesDeps): Hono {
  const allowOrigin = createOriginPolicy(deps.siteUrl, deps.allowedOrigins)
  const maxAnswerBytes = deps.maxAnswerBytes ?? JSON_RPC_MAX_ANSWER_BYTES
  const onerror = (err: Error) => deps.log.debug({ err }, 'mcp: request rejected')
  const modern = createMcpHandler(deps.createServer, {
    legacy: 'reject', responseMode: 'auto', maxRequestBodySize: MCP_MAX_BODY_BYTES, onerror,
  })

  async function serveLegacy(request: Request, parsedBody: unknown): Promise<Response> {
    const server = deps.createServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MCP_MAX_BODY_BYTES,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody })
    } finally {
      // JSON mode has the whole body by now; closing frees the per-request instance.
      void server.close()
    }
  }

  /** The SDK's answer, for what the answer cache does not hold: the body is handed over already parsed. */
  async function viaSdk(request: Request, text: string, body: unknown): Promise<Response> {
    const fresh = new Request(request.url, { method: 'POST', headers: request.headers, body: text })
    const parsed = body === undefined ? undefined : { parsedBody: body }
    return (await isLegacyRequest(fresh, body, { maxRequestBodySize: MCP_MAX_BODY_BYTES }))
      ? serveLegacy(fresh, body)
      : modern.fetch(fresh, parsed)
  }

  /**
   * One JSON-RPC request body → its response. The single entry after the HTTP checks: request-shape guards
   * (batches, …) belong at its top. A call the answer cache holds is answered without the SDK; anything else goes
   * to the SDK, and a cacheable success is kept for the next caller.
   */
  async function answer(request: Request, text: string, socket: boolean): Promise<Response> {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined // the SDK answers with its parse error
    }
    // Before the SDK or the answer cache echo an id they could not keep exactly (the same rule as A2A's).
    const badId = jsonRpcIdProblem(text, body)
    if (badId) return jsonRpcError(400, -32600, badId)
    const badVersion = unsupportedVersionResponse(request.headers, body)
    if (badVersion) return badVersion
    const call = cacheableCall(request.headers, body)
    const version = call && deps.answers.enabled ? await answerVersion(call, socket) : undefined
    if (call && version !== undefined) {
      const hit = deps.answers.get(call.key, version)
      if (hit) return cachedResponse(call.id, hit)
    }
    let oversized: Response | undefined
    const capped = await capAnswer(await viaSdk(request, text, body), maxAnswerBytes, () => (oversized = jsonRpcError(200, -32603,
      `Answer too large: it would exceed ${maxAnswerBytes} bytes; ask for fewer stories (a smaller limit)`, {}, jsonRpcIdOf(text))))
    // The SDK's own errors are reworded once the answer is known to be small; the cap's refusal is ours already.
    const response = noStore(capped === oversized ? capped : await rewordSdkErrors(body, capped, deps.log))
    if (!call) return response
    if (version === undefined || response.status !== 200) return response
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.startsWith('application/json')) return response
    const sdkText = await response.text()
    const result = (JSON.parse(sdkText) as { result?: { isError?: boolean } }).result
    // Tool errors are not kept: some depend on the moment (an unavailable store), and they are rare.
    if (result === undefined || result.isError === true) return new Response(sdkText, { status: 200, headers: response.headers })
    const stored = { json: JSON.stringify(result), contentType }
    deps.answers.set(call.key, version, stored)
    return cachedResponse(call.id, stored)
  }

  /** The content version for calls whose answer depends on the stories; undefined (no caching) when the store is down. */
  async function answerVersion(call: CacheableCall, socket: boolean): Promise<string | undefined> {
    if (!call.dependsOnContent) return 'static'
    try {
      return (socket ? deps.contentVersionNow?.() : null) ?? await deps.contentVersion()
    } catch {
      return undefined
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
    const text = await readBodyCapped(request, MCP_MAX_BODY_BYTES)
    if (text === undefined) {
      return jsonRpcError(413, -32000, `Payload Too Large: the limit is ${MCP_MAX_BODY_BYTES} bytes`)
    }
    // One HTTP request, one call: a batch would let an 11 kB body ask for a hundred answers.
    if (isBatchBody(text)) return jsonRpcError(400, -32600, BATCH_REFUSED)
    // Before anything parses the body into a tree and walks it (the SDK's validation, the answer cache's key).
    const misshapen = jsonRpcShapeProblem(text)
    if (misshapen) return jsonRpcError(400, -32600, misshapen)
    return answer(request, text, fromSocket(c))
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
    const wantsCardType = acceptsType(c.req.header('accept'), CARD_TYPE)
    return deps.respond.text(c, `mcp-server-card:${wantsCardType}`, wantsCardType ? CARD_TYPE : 'application/json; charset=utf-8',
      async () => JSON.stringify(deps.serverCard), { static: true, headers: { Vary: 'Accept' } })
  }
  routes.get('/.well-known/mcp/server-card.json', serveCard)
  routes.get('/mcp/server-card', serveCard)
  return routes
}
