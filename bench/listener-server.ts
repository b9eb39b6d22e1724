import pino from 'pino'
import { loadConfig } from '../src/config/config.ts'
import { createQueryService } from '../src/query/query-service.ts'
import { serveApp } from '../src/server/serve-app.ts'
import { newKeyFile } from '../src/signing/key-file.ts'
import { createKeyRing } from '../src/signing/key-ring.ts'
import { openStore } from '../src/storage/open-store.ts'

/**
 * The service as `serve` assembles it (serveApp: both front paths, the real node:http server), without a crawler,
 * for bench/listeners.ts: DATABASE_URL and SITE_URL from the environment; prints its port, and serves until killed.
 * Room for the bench's listeners: a cap of 5,000 of them and as many connections.
 */
const config = loadConfig(process.env)
const store = openStore(config.databaseUrl)
await store.ping()
const query = createQueryService({ store, siteUrl: config.siteUrl, version: 'bench', healthMaxStoryAgeMinutes: 525600 })
const log = pino({ level: 'warn' })
const { server } = await serveApp(
  { config, query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())), listenerLimits: { maxListeners: 5000 } },
  { port: 0, host: '127.0.0.1', maxConnections: 5000 },
)
process.stdout.write(`${server.port}\n`)
process.on('SIGTERM', () => { void server.close().then(() => store.close()).then(() => process.exit(0)) })
