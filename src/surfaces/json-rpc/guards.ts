import { topLevelMemberText } from '../../util/json-member-text.ts'
import { guardJsonShape } from '../../util/json-shape.ts'

/**
 * The guards every JSON-RPC endpoint (POST /mcp, POST /a2a) runs, whatever protocol version the client names: no
 * batches (one HTTP request, one call, so a small body cannot ask for a hundred answers), no body larger in shape
 * than any real request (JSON_RPC_SHAPE), ids answered exactly as sent, and a byte cap on the one answer (so no
 * single call can hold megabytes of a slow reader's memory).
 */

/** The largest answer a JSON-RPC endpoint sends: 50 stories in full are about 170 kB, so this is a backstop. */
export const JSON_RPC_MAX_ANSWER_BYTES = 1024 * 1024

/** The -32603 message for an answer over the cap: a clear error instead of a truncated body. */
export const answerTooLarge = (maxBytes: number) => `Answer too large: it would exceed ${maxBytes} bytes; ask for fewer stories (a smaller limit)`

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

/** An integer id as written: no sign on zero, no fraction, no exponent, at most 16 digits (checked as safe below). */
const INTEGER_ID = /^(0|-?[1-9]\d{0,15})$/

/**
 * The -32600 message for a request id that cannot be answered as sent, the same on every endpoint (MCP and A2A), or
 * undefined when the id is fine (or absent: a notification). Two cases:
 * - `null`: JSON-RPC 2.0 discourages it because responses use null for a request whose id could not be read, so an
 *   answer with `id: null` could not be told from such an error; MCP forbids it outright.
 * - a number that is not an integer within ±(2^53 − 1) written plainly: parsing would change it (digits beyond
 *   double precision, `-0`, `1e3`, `1.0`), and the answer must carry the id exactly as sent. Such ids are refused
 *   rather than echoed altered; a client with large ids sends them as strings.
 * Ids of other types (objects, booleans) are left to each endpoint's own -32600.
 */
export function jsonRpcIdProblem(text: string, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('id' in body)) return undefined
  const id = (body as { id: unknown }).id
  if (id === null) {
    return 'Invalid Request: "id" must not be null; send a string or an integer (leave "id" out for a notification)'
  }
  if (typeof id !== 'number') return undefined
  const written = topLevelMemberText(text, 'id')
  if (written !== undefined && INTEGER_ID.test(written) && Number.isSafeInteger(id)) return undefined
  return 'Invalid Request: a number "id" must be an integer from -9007199254740991 to 9007199254740991, written '
    + 'without fraction or exponent; send larger ids as strings'
}
