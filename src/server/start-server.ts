import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import type { Hono } from 'hono'

export interface RunningServer {
  port: number
  close(): Promise<void>
}

/**
 * Listens with every timeout set explicitly: Node's defaults differ between versions and are generous
 * enough for slow-header attacks (ops.md §2.7). A read-only API without uploads needs little time per request.
 */
export function startServer(app: Hono, opts: { port: number; host: string }): Promise<RunningServer> {
  const server = createAdaptorServer({
    fetch: app.fetch,
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
