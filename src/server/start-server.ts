import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import type { Hono } from 'hono'
import type { FrontPath } from './front-path.ts'

export interface RunningServer {
  port: number
  close(): Promise<void>
}

/**
 * Listens with every timeout set explicitly: Node's defaults differ between versions and are generous
 * enough for slow-header attacks (ops.md §2.7). A read-only API without uploads needs little time per request.
 */
export function startServer(app: Hono, opts: { port: number; host: string; front?: FrontPath }): Promise<RunningServer> {
  const front = opts.front
  const server = createAdaptorServer({
    fetch: front ? front.wrapFetch(app.fetch) : app.fetch,
    // Cached answers go out before the framework sees the request (see front-path.ts); the rest go through it.
    ...(front && {
      createServer: ((options: object, framework: (req: IncomingMessage, res: ServerResponse) => void) =>
        createServer(options, (req, res) => { if (!front.serve(req, res)) framework(req, res) })) as typeof createServer,
    }),
    serverOptions: {
      headersTimeout: 10_000,
      requestTimeout: 15_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 2_000,
    },
  }) as Server
  server.maxRequestsPerSocket = 10_000
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
