import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { packageVersion } from '../../src/config/paths.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { defaultMaxConnections } from '../../src/server/fd-limit.ts'
import { serveApp } from '../../src/server/serve-app.ts'
import { openCrawlerKeyRing } from '../../src/signing/open-key-ring.ts'
import { openStore } from '../../src/storage/open-store.ts'
import type { Store } from '../../src/storage/store.ts'

/** What a test needs of a running service, whether it is a `newsdesk serve` child or this process. */
export interface RunningService {
  /** `http://127.0.0.1:PORT`. */
  url: string
  port: number
  /** Its JSON log lines so far. */
  logs: Array<Record<string, unknown>>
  stop(): Promise<unknown>
}

export interface InProcessService extends RunningService {
  /** The store the service reads, open in this process (tests may write to it before or while it serves). */
  store: Store
}

/**
 * The HTTP service of `newsdesk serve`, assembled in this process from the same parts in the same way (configuration
 * from `env`, the crawler key ring of DATA_DIR, the store, the query service, and serveApp: the app behind both front
 * paths on the real node:http server, here on an ephemeral loopback port), without a crawler, the sample edition or
 * signal handling. It
 * starts in milliseconds where a child takes a second or more under load; what only a process shows (start-up log
 * lines, signals, exit codes, the compiled dist/) stays with the tests that start `newsdesk serve` itself.
 */
export async function startInProcessServe(env: Record<string, string>, prepare?: (store: Store) => Promise<void>): Promise<InProcessService> {
  const config = loadConfig(env)
  const logs: Array<Record<string, unknown>> = []
  const log = pino({ level: config.logLevel, base: { service: 'newsdesk' } }, { write: (line: string) => { logs.push(JSON.parse(line) as Record<string, unknown>) } })
  const keys = openCrawlerKeyRing(config.dataDir, Date.now())
  const store = openStore(config.databaseUrl)
  try {
    await store.ping()
    await prepare?.(store)
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: packageVersion(), healthMaxStoryAgeMinutes: config.healthMaxStoryAgeMinutes })
    const { server } = await serveApp({ config, query, log, crawlerKeys: keys.ring },
      { port: 0, host: '127.0.0.1', maxConnections: config.maxConnections ?? defaultMaxConnections() })
    return {
      url: `http://127.0.0.1:${server.port}`,
      port: server.port,
      logs,
      store,
      async stop() {
        await server.close()
        await store.close()
      },
    }
  } catch (err) {
    await store.close().catch(() => {})
    throw err
  }
}
