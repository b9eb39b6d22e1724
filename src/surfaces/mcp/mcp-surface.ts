import { isJsonContentType } from '@modelcontextprotocol/server'
import { idOf, jsonRpcError, jsonRpcResult, type JsonRpcId } from '../json-rpc/envelope.ts'
import type { Call, JsonRpcSurface, Rendered, Reply } from '../json-rpc/surface.ts'
import { cacheableCall, unsupportedVersion } from './cacheable-calls.ts'

/** Tool calls are a few hundred bytes; 64 KiB leaves room for clients that send large `_meta` and refuses floods. */
export const MCP_MAX_BODY_BYTES = 64 * 1024

/** The SDK's answer to a call the answer cache does not hold (sdk-answer.ts). */
type SdkAnswer = (request: Request, text: string, body: unknown, call: Call) => Promise<Rendered | Reply | Response>

const refusal = (status: number, code: number, message: string, id: JsonRpcId = null): Reply =>
  ({ status, json: jsonRpcError(id, { code, message }) })

/**
 * POST /mcp as a JSON-RPC surface (json-rpc/endpoint.ts runs the steps, the Origin check first). Before the body is
 * read, the Content-Type is checked; once it is parsed, an unsupported MCP-Protocol-Version is answered here, and
 * every other request is a call the SDK answers, kept in the answer cache when cacheable-calls.ts gives it a key
 * (which holds every request header the SDK's answer depends on).
 */
export function createMcpSurface(sdk: SdkAnswer): JsonRpcSurface<() => string | null> {
  return {
    maxBodyBytes: MCP_MAX_BODY_BYTES,
    contentType: 'application/json',
    refuseHead: ({ headers }) => (isJsonContentType(headers.get('content-type')) ? undefined
      : refusal(415, -32000, 'Unsupported Media Type: send Content-Type: application/json')),
    refuse: (_head, status, code, message) => refusal(status, code, message),
    // Only tool calls read the content version, and only when asked: fixed answers hold for every version.
    known: async (version) => () => version,
    knownNow: (versionNow) => versionNow,
    read({ headers }, body, text, version) {
      const badVersion = unsupportedVersion(headers, body)
      if (badVersion) return badVersion
      const cacheable = cacheableCall(headers, body)
      const id = idOf(body)
      // Methods, not arrow-valued members: under tsx (keepNames) every arrow member is also named at run time.
      const call: Call = {
        key: cacheable?.key,
        version: cacheable && (cacheable.dependsOnContent ? version() : 'static'),
        envelope(json) { return jsonRpcResult(id, json) },
        error(status, code, message) { return refusal(status, code, message, id) },
        render(request) { return sdk(request, text, body, call) },
      }
      return call
    },
  }
}
