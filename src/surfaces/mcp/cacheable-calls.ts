import { PROTOCOL_VERSION_META_KEY, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server'
import { findCapability } from '../../capabilities/run-capability.ts'
import { canonicalJson } from '../json-rpc/answer-cache.ts'
import { idOf, jsonRpcError } from '../json-rpc/envelope.ts'
import type { HeaderSource, Reply } from '../json-rpc/surface.ts'
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from './server-card.ts'

/**
 * Which MCP requests the answer cache may answer, and under which key. The SDK's answer to a request is a function
 * of the request body and four headers (and, for tool calls, of the stories), so a key made of exactly those
 * reproduces it; only the JSON-RPC id differs between callers, and it is spliced in. Tool arguments enter the key
 * normalized (parsed by the tool's input schema, defaults applied, keys sorted), so `{}` and `{"limit": 20}` share
 * an entry. Requests whose arguments do not parse are not cached: the SDK path explains the error.
 */

/**
 * Methods whose answer never changes in the life of the process. A prompt is a function of its arguments alone
 * (mcp-prompts.ts); one whose arguments are bad is an error, and errors are never kept.
 */
const FIXED_ANSWERS = new Set(['ping', 'initialize', 'tools/list', 'server/discover', 'prompts/list', 'prompts/get', 'resources/templates/list'])

/** Methods whose answer is read from the stories: kept only while the content version holds. */
const CONTENT_ANSWERS = new Set(['completion/complete', 'resources/list', 'resources/read'])

/** The request headers the SDK reads to decide an answer. */
const DECIDING_HEADERS = ['accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name'] as const

export interface CacheableCall {
  key: string
  /** Tool calls and completions read the stories: their answers hold only while the content version does. */
  dependsOnContent: boolean
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function cacheableCall(headers: HeaderSource, body: unknown): CacheableCall | undefined {
  if (!isObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') return undefined
  const { id, method } = body
  if (typeof id !== 'string' && (typeof id !== 'number' || !Number.isFinite(id))) return undefined
  if (body.params !== undefined && !isObject(body.params)) return undefined
  const params: Record<string, unknown> = { ...(body.params as Record<string, unknown> | undefined) }
  let dependsOnContent = false
  if (method === 'tools/call') {
    const capability = typeof params.name === 'string' ? findCapability(params.name) : undefined
    const parsed = capability?.input.safeParse(params.arguments ?? {})
    if (!parsed?.success) return undefined
    params.arguments = parsed.data
    dependsOnContent = true
  } else if (CONTENT_ANSWERS.has(method)) {
    // Story ids complete by a search of the stories; topics and languages do not, but one rule keeps it simple.
    dependsOnContent = true
  } else if (!FIXED_ANSWERS.has(method)) {
    return undefined
  }
  const deciding = DECIDING_HEADERS.map((h) => headers.get(h) ?? '').join('\n')
  return { key: `mcp\n${deciding}\n${method}\n${canonicalJson(params)}`, dependsOnContent }
}

/** Every revision the SDK serves; the server card advertises the four current ones. */
const ACCEPTED_VERSIONS = new Set<string>([MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS])
const ADVERTISED = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS]

/**
 * A 400 for an `MCP-Protocol-Version` header this server does not speak, naming the versions it does, so a client
 * can retry with one of them (or drop the header and initialize). The shape follows the request's era: with the
 * 2026 `_meta` version claim in the body, -32022 (UnsupportedProtocolVersion) whose `data.supported` lists the
 * versions that request style can use, as the 2026 revision defines; otherwise -32000, as the 2025 transports
 * answer, listing every version.
 */
export function unsupportedVersion(headers: HeaderSource, body: unknown): Reply | undefined {
  const requested = headers.get('mcp-protocol-version')
  if (requested === null || ACCEPTED_VERSIONS.has(requested)) return undefined
  const params = isObject(body) && isObject(body.params) ? body.params : undefined
  const modern = isObject(params?._meta) && PROTOCOL_VERSION_META_KEY in params._meta
  const shown = requested.slice(0, 40)
  const message = `Unsupported MCP-Protocol-Version "${shown}". This server supports ${MODERN_PROTOCOL_VERSION} (stateless `
    + `requests with _meta) and ${LEGACY_PROTOCOL_VERSIONS.join(', ')} (after initialize): send one of them, or omit the `
    + 'header and start with initialize.'
  const error = modern
    ? { code: -32022, message, data: { supported: [MODERN_PROTOCOL_VERSION], requested: shown } }
    : { code: -32000, message, data: { supported: ADVERTISED, requested: shown } }
  return { status: 400, json: jsonRpcError(idOf(body), error) }
}
