import { guardJsonShape } from '../../util/json-shape.ts'
import { readWebStreamCapped } from '../../util/read-web-stream.ts'

/**
 * The guards every JSON-RPC endpoint (POST /mcp, POST /a2a) runs, whatever protocol version the client names: no
 * batches (one HTTP request, one call, so a small body cannot ask for a hundred answers), no body larger in shape
 * than any real request (JSON_RPC_SHAPE), and a byte cap on the
 * one answer (so no single call can hold megabytes of a slow reader's memory).
 */

/** The largest answer a JSON-RPC endpoint sends: 50 stories in full are about 170 kB, so this is a backstop. */
export const JSON_RPC_MAX_ANSWER_BYTES = 1024 * 1024

export const BATCH_REFUSED = 'Invalid Request: batch requests are not supported; send one JSON-RPC request object per HTTP request'

/** A body whose first JSON token is `[`: JSON allows only space, tab, CR and LF before it, so no parse is needed. */
export const isBatchBody = (text: string): boolean => /^[\t\n\r ]*\[/.test(text)

/**
 * The shape every JSON-RPC request body must keep, checked on its text before anything parses it into a tree:
 * - depth 32: real requests nest 4–7 levels (params.arguments, `_meta`, an A2A data part), so 32 leaves clients room
 *   for rich `_meta` and refuses what only an attacker sends (nothing that walks the request can exhaust the stack);
 * - 64 items in one array or object: no tool takes an array, an A2A message is one or two parts (16 at most), and a
 *   tool's arguments are a handful of fields, so a flood of parts or unknown arguments is refused in one scan instead
 *   of being validated, and reported, element by element;
 * - 8,192 characters in one string: the longest field read is an A2A text part (4,000); ids, queries and URLs are
 *   shorter still.
 */
export const JSON_RPC_SHAPE = { maxDepth: 32, maxItems: 64, maxStringChars: 8192 } as const

/** The -32600 message for a body outside JSON_RPC_SHAPE, or undefined when it keeps the shape. */
export function jsonRpcShapeProblem(text: string): string | undefined {
  const verdict = guardJsonShape(text, JSON_RPC_SHAPE)
  return verdict.ok ? undefined : `Invalid Request: ${verdict.detail}; requests are small objects of a few fields`
}

/** The request's id for an error reply, when the body is an object with a usable id; else null. */
export function jsonRpcIdOf(text: string): string | number | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null
  } catch {
    return null
  }
}

/**
 * The answer with its body buffered, or `tooLarge()` when the body passes `maxBytes`: a clear error instead of
 * a truncated body, and the oversized rest is never read.
 */
export async function capAnswer(response: Response, maxBytes: number, tooLarge: () => Response): Promise<Response> {
  const bytes = await readWebStreamCapped(response.body, maxBytes)
  if (bytes === undefined) return tooLarge()
  // No Content-Length of our own: later steps may rewrite the body (a tool error explained), and the HTTP adapter
  // sets the length of whatever body is finally sent.
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(response.body ? new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength) : null, { status: response.status, statusText: response.statusText, headers })
}
