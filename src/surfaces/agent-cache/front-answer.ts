/**
 * What the agent surfaces' front-path answerers (surfaces/mcp and surfaces/a2a front-answer.ts) take and give, so
 * the server's agent front path drives both without either surface importing the other.
 */

/** Request headers by lowercase name (null: absent): a fetch `Headers`, or the front path's view of a Node request. */
export interface HeaderSource {
  get(name: string): string | null
}

/** A JSON-RPC answer the front path writes as it is: its media type, then `head`, the stored `bytes` and `tail`. */
export interface FrontAnswer {
  contentType: string
  head: string
  bytes: Buffer
  tail: string
}

/** The answer's length in bytes, its Content-Length. */
export const frontAnswerLength = (answer: FrontAnswer): number =>
  Buffer.byteLength(answer.head) + answer.bytes.byteLength + Buffer.byteLength(answer.tail)
