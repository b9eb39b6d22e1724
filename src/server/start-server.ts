import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { listen } from '../util/listen.ts'
import { capConnections } from './connection-cap.ts'
import { answerClientError, unparsableRequest } from './client-error.ts'
import { defaultMaxConnections } from './fd-limit.ts'
import { answerConnect, answerExpectation, answerOutsideFramework, hostProblem } from './request-framing.ts'
import type { ResponseFront } from '../front/response-front.ts'
import { closeStalledWriters } from './write-stall.ts'

export interface RunningServer {
  port: number
  /** Connections open right now, refused ones included (tests watch slow sockets being closed). */
  openConnections(): Promise<number>
  close(): Promise<void>
}

export interface ServerOptions {
  port: number
  host: string
  /** Open connections beyond this are answered 503 at once and closed (MAX_CONNECTIONS; default defaultMaxConnections()). */
  maxConnections?: number
  /** The longest a socket's output may wait in the process for a slow reader without draining (tests lower it). */
  sendTimeoutMs?: number
  /** How long a socket may see no traffic either way, a stalled reader included (tests lower it). */
  idleTimeoutMs?: number
  /** The response front (serve): cached answers, GETs and agent calls, are written before the framework sees the request. */
  front?: ResponseFront
}

const DEFAULT_SEND_TIMEOUT_MS = 30_000
export const DEFAULT_IDLE_TIMEOUT_MS = 20_000

/**
 * Listens with every timeout set explicitly: Node's defaults differ between versions and are generous enough for
 * slow-header attacks. A read-only API without uploads needs little time per request, and little per response:
 * - headersTimeout/requestTimeout bound how long a request may take to arrive;
 * - `server.timeout` (idle) closes a socket on which nothing moved either way, e.g. a reader that stopped reading;
 * - the write-stall timeout closes one whose output has waited in the process for `sendTimeoutMs` without
 *   draining, e.g. a reader that takes a little now and then to stay under the idle timeout;
 * - keepAliveTimeout closes idle keep-alive connections, maxRequestsPerSocket bounds one connection's life;
 * - the connection cap keeps the process below its file-descriptor limit and answers the excess at once.
 */
export function startServer(app: Hono, opts: ServerOptions): Promise<RunningServer> {
  const sendTimeoutMs = opts.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS
  const { front } = opts
  const framework = getRequestListener(app.fetch, { errorHandler: unparsableRequest })
  // Cached answers go out before the framework sees the request (src/front/); the rest go through it (an agent
  // request the front took is handed on by it, with the body it read).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // Before anything reads the request: a missing or repeated Host is a 400 (RFC 9112 §3.2), never a guess.
    const badHost = hostProblem(req)
    if (badHost !== null) return answerOutsideFramework(res, 400, 'bad_request', badHost)
    if (front?.serve(req, res, framework)) return
    void framework(req, res)
  }
  const server = createServer({
    // Node's own Host check answers a bodiless 400; hostProblem() answers it in the JSON error shape instead.
    requireHostHeader: false,
    headersTimeout: 10_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 2_000,
  }, listener)
  server.maxRequestsPerSocket = 10_000
  // No 'timeout' listener on the server: Node then destroys the idle socket itself.
  server.timeout = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  closeStalledWriters(server, sendTimeoutMs)
  server.on('clientError', answerClientError)
  server.on('checkExpectation', answerExpectation)
  server.on('connect', answerConnect)
  // Last: it wraps the connection listeners registered so far (the parser's, the stall watch) to skip refused sockets.
  capConnections(server, opts.maxConnections ?? defaultMaxConnections())

  return listen(server, opts.port, opts.host).then((listening) => ({
    ...listening,
    openConnections: () => new Promise<number>((done, fail) => server.getConnections((err, count) => (err ? fail(err) : done(count)))),
  }))
}
