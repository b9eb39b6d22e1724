import { createServer, type Server } from 'node:http'
import type { Logger } from 'pino'
import type { Metrics } from './metrics.ts'
import { listen, type Listening } from '../util/listen.ts'

export type { Listening as MetricsServer } from '../util/listen.ts'

/**
 * GET /metrics in the Prometheus text format, on its own listener (METRICS_PORT), never on the public port: operators
 * firewall it, and no cache may keep it (no-store). Anything else is a 404; methods other than GET and HEAD a 405.
 */
export function startMetricsServer(metrics: Metrics, opts: { port: number; host: string; log: Logger }): Promise<Listening> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found: metrics are at /metrics\n')
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Method not allowed\n')
      return
    }
    metrics.registry.metrics().then((body) => {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : body)
    }, (err: unknown) => {
      opts.log.error({ err }, 'metrics: collecting failed')
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Collecting the metrics failed; see the log.\n')
    })
  })
  server.headersTimeout = 10_000
  server.requestTimeout = 15_000
  metrics.setMetricsServer(server)
  return listen(server, opts.port, opts.host)
}
