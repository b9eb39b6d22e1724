import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { ERROR_HEADERS, rawErrorResponse } from './client-error.ts'

/**
 * Requests Node parses but answers itself, bodiless, or not at all, answered here in the JSON error shape instead:
 * - HTTP/1.1 without Host (Node's own check answers a bare 400; the server turns it off and this one runs) and with
 *   more than one Host, which Node would take silently (the first wins). RFC 9112 §3.2: "A server MUST respond with a
 *   400 (Bad Request) status code to any HTTP/1.1 request message that lacks a Host header field and to any request
 *   message that contains more than one Host header field line or a Host header field with an invalid field value."
 * - an `Expect` other than 100-continue (Node answers a bare 417);
 * - CONNECT (Node closes the socket without a word): this server is no proxy, 501.
 */

/** The 400 message for a request whose Host header lines break RFC 9112 §3.2, or null when they are fine. */
export function hostProblem(req: IncomingMessage): string | null {
  const raw = req.rawHeaders
  let hosts = 0
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++
  }
  if (hosts > 1) return 'The request has more than one Host header; send exactly one.'
  if (hosts === 0 && req.httpVersion === '1.1') return 'An HTTP/1.1 request needs a Host header.'
  return null
}

/** Answers a request outside the framework with the JSON error shape and closes the connection. */
export function answerOutsideFramework(res: ServerResponse, status: number, error: string, message: string): void {
  const body = JSON.stringify({ error, message })
  res.shouldKeepAlive = false
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...ERROR_HEADERS,
    Connection: 'close',
  })
  res.end(body)
}

/** The server's 'checkExpectation' handler: only 100-continue is understood (Node handles that one itself). */
export function answerExpectation(_req: IncomingMessage, res: ServerResponse): void {
  answerOutsideFramework(res, 417, 'expectation_failed', 'Only "Expect: 100-continue" is supported; send the request without Expect.')
}

/** How long a refused CONNECT socket may stay open for its answer to be read. */
const CONNECT_LINGER_MS = 2_000

/** The server's 'connect' handler: a tunnel is never opened; the client is told so before the socket closes. */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => socket.destroy())
  socket.end(rawErrorResponse(501, 'Not Implemented', 'not_implemented', 'CONNECT is not supported: this server is not a proxy.'))
  setTimeout(() => socket.destroy(), CONNECT_LINGER_MS).unref()
}
