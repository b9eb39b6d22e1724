import {
  WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest, type McpServer,
} from '@modelcontextprotocol/server'
import type { Logger } from 'pino'
import { topLevelMemberText } from '../../util/json-member-text.ts'
import { readWebStreamCapped } from '../../util/read-web-stream.ts'
import { answerTooLarge } from '../json-rpc/guards.ts'
import type { Call, Rendered, Reply } from '../json-rpc/surface.ts'
import type { McpServerFactory } from './mcp-server.ts'
import type { ResourceListeners } from './resource-listeners.ts'
import { rewordSdkErrors } from './sdk-errors.ts'

export interface SdkAnswerDeps {
  createServer: McpServerFactory
  log: Logger
  /** The request body cap, also the SDK's own. */
  maxBodyBytes: number
  maxAnswerBytes: number
  /** The resource subscriptions (resource-listeners.ts): their requests open streams, answered there. */
  listeners?: ResourceListeners
  /** The listen streams' heartbeat (the SDK's keep-alive on them). */
  heartbeatMs?: number
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The MCP SDK's answer to a request the answer cache does not hold, for both protocol generations:
 * - 2026-07-28 requests (the per-request `_meta` envelope, `server/discover`, Mcp-Method/Mcp-Name headers) go to the
 *   SDK's `createMcpHandler` in strict modern mode with JSON responses;
 * - 2025-era requests (`initialize`, then `tools/*` with MCP-Protocol-Version 2025-11-25, 2025-06-18 or 2025-03-26)
 *   go to a fresh stateless Streamable HTTP transport with `enableJsonResponse`, because the handler's own legacy
 *   leg answers with SSE. `isLegacyRequest` is the handler's own routing step, so the two never disagree.
 * The body goes in already parsed, and the SDK serializes the answer, read up to the answer cap: a result is taken out
 * of that text as written (the endpoint splices it into its envelope and may keep it), never parsed again. Anything
 * else (errors, a notification's 202) is sent as the SDK made it, its own errors reworded (sdk-errors.ts).
 */
export function createSdkAnswer({ createServer, log, maxBodyBytes, maxAnswerBytes, listeners, heartbeatMs }: SdkAnswerDeps) {
  const onerror = (err: Error) => log.debug({ err }, 'mcp: request rejected')
  const modern = createMcpHandler(createServer, {
    legacy: 'reject', responseMode: 'auto', maxRequestBodySize: maxBodyBytes, onerror,
    ...(listeners ? { bus: listeners.bus, keepAliveMs: heartbeatMs } : {}),
  })

  async function serveLegacy(request: Request, parsedBody: unknown): Promise<Response> {
    const server = createServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: maxBodyBytes,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody })
    } finally {
      // JSON mode has the whole body by now; closing frees the per-request instance.
      void server.close()
    }
  }

  /**
   * The SDK's response. The request's body has been read: the SDK gets it parsed, and reads nothing; only a body that
   * is not JSON goes in again as text, for the SDK to answer with its parse error.
   */
  async function viaSdk(request: Request, text: string, body: unknown): Promise<{ response: Response; legacy: boolean; stream?: true }> {
    const sdkRequest = body === undefined ? new Request(request.url, { method: 'POST', headers: request.headers, body: text }) : request
    const legacy = await isLegacyRequest(sdkRequest, body, { maxRequestBodySize: maxBodyBytes })
    const serveModern = () => modern.fetch(sdkRequest, body === undefined ? undefined : { parsedBody: body })
    // A subscription is a stream that stays open: never read here, sent as it goes.
    if (listeners && isObject(body)) {
      if (legacy && (body.method === 'resources/subscribe' || body.method === 'resources/unsubscribe')) {
        return { response: await listeners.legacy(sdkRequest, body), legacy, stream: true }
      }
      if (!legacy && body.method === 'subscriptions/listen') return { response: await listeners.modern(body, serveModern), legacy, stream: true }
    }
    const response = legacy ? await serveLegacy(sdkRequest, body) : await serveModern()
    return { response, legacy }
  }

  return async function answer(request: Request, text: string, body: unknown, call: Call): Promise<Rendered | Reply | Response> {
    const { response, legacy, stream } = await viaSdk(request, text, body)
    if (stream) return response
    const bytes = await readWebStreamCapped(response.body, maxAnswerBytes)
    if (bytes === undefined) return call.error(200, -32603, answerTooLarge(maxAnswerBytes))
    const out = bytes.toString('utf8')
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json')
    const result = isJson && response.status === 200 ? topLevelMemberText(out, 'result') : undefined
    // Tool errors are not kept: some depend on the moment (an unavailable store), and they are rare.
    if (result !== undefined) return { json: result, keep: topLevelMemberText(result, 'isError') !== 'true' }
    // Never stored by shared caches: an MCP answer depends on the request body. The length is the adapter's to set.
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', 'no-store')
    headers.delete('Content-Length')
    return rewordSdkErrors(body, new Response(response.body ? out : null, { status: response.status, statusText: response.statusText, headers }), log, legacy)
  }
}
