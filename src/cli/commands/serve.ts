import { SAMPLE_EDITION_PATH, packageVersion } from '../../config/paths.ts'
import { createQueryService } from '../../query/query-service.ts'
import { loadSampleEdition } from '../../sample/load-sample.ts'
import { createApp } from '../../server/create-app.ts'
import { startServer } from '../../server/start-server.ts'
import { KeyFileError } from '../../signing/key-storage.ts'
import { openCrawlerKeyRing, type OpenedKeyRing } from '../../signing/open-key-ring.ts'
import { openStore } from '../../storage/open-store.ts'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { configOrReport } from '../environment.ts'
import { createLogger } from '../logger.ts'

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the API (and load the sample edition into an empty store)',
  usage: `newsdesk serve

Starts the HTTP service on HOST:PORT. Applies pending migrations first. With NEWSDESK_SAMPLE=auto (the default)
and an empty store, loads the bundled sample edition, its dates shifted so the newest story is now.
Creates the crawler's signing key in DATA_DIR/keys when there is none (see \`newsdesk keys\`) and publishes
the public keys at /.well-known/http-message-signatures-directory.
Stops cleanly on SIGINT or SIGTERM. Configuration comes from the environment (see README.md).`,
  options: {},
  allowPositionals: false,
  async run(_args, ctx) {
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const log = createLogger(config.logLevel, 'stdout')

    let keys: OpenedKeyRing
    try {
      keys = openCrawlerKeyRing(config.dataDir, Date.now())
    } catch (err) {
      if (!(err instanceof KeyFileError)) throw err
      log.fatal(err.message)
      return EXIT_FAILURE
    }
    const crawlerKeys = keys.ring
    const kid = crawlerKeys.activeSigner().keyid
    if (keys.created) log.info({ path: keys.path, kid }, 'serve: no crawler signing key, generated one')
    else log.info({ path: keys.path, kid, published: crawlerKeys.publishedKeys(Date.now()).length }, 'serve: loaded the crawler signing keys')
    if (keys.permissionWarning) log.warn({ path: keys.path }, `serve: ${keys.permissionWarning}`)

    const store = openStore(config.databaseUrl)

    if (config.sample === 'auto' && (await store.countStories()) === 0) {
      const report = await loadSampleEdition(store, SAMPLE_EDITION_PATH)
      log.info({ stories: report.inserted, bad: report.bad.length }, 'serve: empty store, loaded the sample edition (dates shifted so the newest story is now)')
    }

    const version = packageVersion()
    const query = createQueryService({
      store, siteUrl: config.siteUrl, version, healthMaxStoryAgeMinutes: config.healthMaxStoryAgeMinutes,
    })
    const { app } = createApp({ config, query, log, crawlerKeys })
    const server = await startServer(app, { port: config.port, host: config.host })
    log.info({ port: server.port, host: config.host, site_url: config.siteUrl, version }, 'serve: listening')

    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        log.info({ signal }, 'serve: shutting down')
        resolve()
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    await server.close()
    await store.close()
    return EXIT_OK
  },
}
