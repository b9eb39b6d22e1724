import { RequestError } from '@hono/node-server'
import type { Duplex } from 'node:stream'

/** Node's parse errors, answered with the JSON error shape every other error has (Node's own are bodiless). */
const ANSWERS: Record<string, [status: number, reason: string, error: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large (the limit is 16 KiB in all).'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'payload_too_large', 'The request body framing is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive.'],
}
const BAD_REQUEST: [number, string, string, string] = [400, 'Bad Request', 'bad_request', 'The request is not valid HTTP/1.1.']

/**
 * The server's 'clientError' handler: a request Node could not parse (oversized headers, a malformed request
 * line, a timeout while it arrived) gets a small JSON answer and the connection is closed. A socket already
 * reset, or one whose response has begun, is only destroyed: nothing more can be said on it.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true
  if (err.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy()
    return
  }
  const [status, reason, error, message] = ANSWERS[err.code ?? ''] ?? BAD_REQUEST
  socket.end(rawErrorResponse(status, reason, error, message))
}

/** A whole HTTP/1.1 error response in the JSON error shape, for writing straight to a socket; it closes the connection. */
export function rawErrorResponse(status: number, reason: string, error: string, message: string): string {
  const body = JSON.stringify({ error, message })
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...ERROR_HEADER_LINES,
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

/** The headers every error answered outside the framework carries (the framework's own add the same). */
export const ERROR_HEADERS = {
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
} as const

const ERROR_HEADER_LINES = Object.entries(ERROR_HEADERS).map(([name, value]) => `${name}: ${value}`)

/**
 * The adapter's answer to a request it parsed but could not turn into a URL (a raw backslash in the path, a Host
 * header that is no host): 400 with the JSON error shape, instead of its empty body. Anything else thrown before
 * the app ran is a 500 with the same shape and no detail.
 */
export function unparsableRequest(err: unknown): Response {
  const known = err instanceof RequestError
  const body = known
    ? { error: 'bad_request', message: 'The request target or Host header is not valid.' }
    : { error: 'internal', message: 'Internal error.' }
  return new Response(JSON.stringify(body), {
    status: known ? 400 : 500,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' },
  })
}
