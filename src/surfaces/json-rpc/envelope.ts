/** The JSON-RPC 2.0 envelope around a result or an error: the one part of an answer that differs between callers. */

export type JsonRpcId = string | number | null

/** A JSON-RPC success response around an already serialized result: the only per-request part is the id. */
export function jsonRpcResult(id: JsonRpcId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`
}

/** A JSON-RPC error response, serialized. */
export const jsonRpcError = (id: JsonRpcId, error: object): string => JSON.stringify({ jsonrpc: '2.0', id, error })

export const isValidId = (id: unknown): id is JsonRpcId =>
  id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))

/** The id to answer a request with: its own when it is a valid id, else null (JSON-RPC 2.0 §5). */
export function idOf(body: unknown): JsonRpcId {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null
  const id = (body as Record<string, unknown>).id
  return isValidId(id) ? id : null
}

/** Where a cached answer goes in an envelope: U+0000, which JSON.stringify always escapes, so no id can contain it. */
const HOLE = '\u0000'

/**
 * The text before and after the answer in `call.envelope(answer)`: the envelope is rendered around a hole, so the front
 * path can write the answer's stored bytes between the two without encoding or copying them, and the envelope is
 * exactly the one the route renders.
 */
export function envelopeAround(call: { envelope(json: string): string }): { head: string; tail: string } {
  const whole = call.envelope(HOLE)
  const at = whole.indexOf(HOLE)
  return { head: whole.slice(0, at), tail: whole.slice(at + 1) }
}
