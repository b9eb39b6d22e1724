import type { Hono } from 'hono'
import type { Logger } from 'pino'
import type { Config } from '../config/config.ts'
import type { Store } from '../storage/store.ts'
import type { CacheStats, Metrics } from './metrics.ts'
import type { MetricsServer } from './metrics-server.ts'

/**
 * The metrics of one `serve` or `crawl --worker` process, when METRICS_PORT is set: null otherwise, and then
 * prom-client is never loaded. Commands call observe() with what they have, then listen() once they serve.
 */
export interface ProcessMetrics {
  /** The store with its calls timed: use the returned store everywhere. */
  store(store: Store): Store
  /** HTTP requests and the response cache of the app. */
  observeApp(app: Hono, cacheStats: () => CacheStats): void
  listen(): Promise<void>
  close(): Promise<void>
}

export async function createProcessMetrics(config: Config['metrics'], log: Logger): Promise<ProcessMetrics | null> {
  if (config.port === null) return null
  const [{ createMetrics }, { startMetricsServer }] = await Promise.all([import('./metrics.ts'), import('./metrics-server.ts')])
  const metrics: Metrics = createMetrics()
  let server: MetricsServer | undefined
  return {
    store(store) {
      metrics.observeFeeds(store.crawl)
      return metrics.instrumentStore(store)
    },
    observeApp: (app, cacheStats) => metrics.observeApp(app, cacheStats),
    async listen() {
      server = await startMetricsServer(metrics, { port: config.port!, host: config.host, log })
      log.info({ port: server.port, host: config.host }, 'metrics: listening at /metrics')
    },
    async close() {
      await server?.close()
      metrics.close()
    },
  }
}
