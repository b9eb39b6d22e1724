import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { capConnections } from './connection-cap.ts'
import { answerClientError, unparsableRequest } from './client-error.ts'
import { defaultMaxConnections } from './fd-limit.ts'

export interface RunningServer {
  port: number
  close(): Promise<void>
}

export interface ServerOptions {
  port: number
  host: string
  /** Open connections beyond this are answered 503 at once and closed (MAX_CONNECTIONS; default defaultMaxConnections()). */
  maxConnections?: number
  /** The longest one response may take from its request to its last byte handed to the kernel (tests lower it). */
  sendTimeoutMs?: number
  /** How long a socket may see no traffic either way, a stalled reader included (tests lower it). */
  idleTimeoutMs?: number
}

const DEFAULT_SEND_TIMEOUT_MS = 30_000
const DEFAULT_IDLE_TIMEOUT_MS = 20_000

/**
 * Listens with every timeout set explicitly: Node's defaults differ between versions and are generous enough for
 * slow-header attacks. A read-only API without uploads needs little time per request, and little per response:
 * - headersTimeout/requestTimeout bound how long a request may take to arrive;
 * - `server.timeout` (idle) closes a socket on which nothing moved either way, e.g. a reader that stopped reading;
 * - the send deadline closes one whose response is still not handed to the kernel after `sendTimeoutMs`, e.g. a
 *   reader that trickles a byte now and then to stay under the idle timeout;
 * - keepAliveTimeout closes idle keep-alive connections, maxRequestsPerSocket bounds one connection's life;
 * - the connection cap keeps the process below its file-descriptor limit and answers the excess at once.
 */
export function startServer(app: Hono, opts: ServerOptions): Promise<RunningServer> {
  const sendTimeoutMs = opts.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS
  const server = createServer({
    headersTimeout: 10_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 2_000,
  }, getRequestListener(app.fetch, { errorHandler: unparsableRequest }))
  server.maxRequestsPerSocket = 10_000
  // No 'timeout' listener on the server: Node then destroys the idle socket itself.
  server.timeout = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  server.on('request', (req: IncomingMessage, res: ServerResponse) => sendDeadline(req.socket, res, sendTimeoutMs))
  server.on('clientError', answerClientError)
  capConnections(server, opts.maxConnections ?? defaultMaxConnections())

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => {
          server.close(() => done())
          server.closeIdleConnections()
        }),
      })
    })
  })
}

/**
 * Destroys the socket when the response is not finished `ms` after its request arrived. 'finish' means the last
 * byte left the process (into the kernel's send buffer), so a reader that never reads holds at most that buffer,
 * not the process's memory, and only for this long.
 */
function sendDeadline(socket: Socket, res: ServerResponse, ms: number): void {
  const timer = setTimeout(() => socket.destroy(), ms)
  timer.unref()
  const clear = () => clearTimeout(timer)
  res.once('finish', clear)
  res.once('close', clear)
}
