import { SAMPLE_EDITION_PATH, packageVersion } from '../../config/paths.ts'
import { loadSampleEdition } from '../../sample/load-sample.ts'
import type { Store } from '../../storage/store.ts'
import type { Config } from '../../config/config.ts'
import type { CrawlerKeyRing } from '../../signing/key-ring.ts'
import { DirectoryError, loadDirectory, type Directory } from '../../publishers/directory.ts'
import { startCrawlSchedule } from '../../crawler/crawl-schedule.ts'
import type { Logger } from 'pino'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { openCheckedStore, openKeysOrReport } from '../command-setup.ts'
import { configOrReport } from '../environment.ts'
import { createLogger } from '../logger.ts'
import { createProcessMetrics } from '../../metrics/process-metrics.ts'

export const serveCommand: Command = {
  usage: `newsdesk serve [--no-crawl]

Starts the HTTP service on HOST:PORT. Applies pending migrations first. With NEWSDESK_SAMPLE=auto (the default)
and an empty store, loads the bundled sample edition, its dates shifted so the newest story is now.
Creates the crawler's signing key in DATA_DIR/keys when there is none (see \`newsdesk keys\`) and publishes
the public keys at /.well-known/http-message-signatures-directory.
Crawls the publisher directory every NEWSDESK_CRAWL_INTERVAL (default 15m; "off" disables), starting at once.
Instances sharing one PostgreSQL store share the crawl: each due feed is leased to one of them.
Stops cleanly on SIGINT or SIGTERM. Configuration comes from the environment (see README.md).

  --no-crawl   serve only, never crawl (whatever NEWSDESK_CRAWL_INTERVAL says): web instances of a deployment
               whose crawling runs in \`newsdesk crawl --worker\``,
  options: { 'no-crawl': { type: 'boolean' } },
  allowPositionals: false,
  async run(args, ctx) {
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const log = createLogger(config.logLevel, 'stdout')

    const keys = openKeysOrReport(config, (message) => log.fatal(message))
    if (!keys) return EXIT_FAILURE
    const crawlerKeys = keys.ring
    const kid = crawlerKeys.activeSigner().keyid
    if (keys.created) log.info({ path: keys.path, kid }, 'serve: no crawler signing key, generated one')
    else log.info({ path: keys.path, kid, published: crawlerKeys.publishedKeys(Date.now()).length }, 'serve: loaded the crawler signing keys')
    if (keys.permissionWarning) log.warn({ path: keys.path }, `serve: ${keys.permissionWarning}`)

    // An unreachable database or a failed migration ends the process (a supervisor restarts it) rather than serving
    // 503s; a damaged file is refused so the operator restores it instead of serving it.
    const store = await openCheckedStore(config, (message, fields = {}) => log.fatal(fields, `serve: ${message}`), { ping: true })
    if (!store) return EXIT_FAILURE

    // With METRICS_PORT set, every store call is timed (through `observed`); the listener opens once the service does.
    const metrics = await createProcessMetrics(config.metrics, log)
    const observed = metrics ? metrics.store(store) : store

    // A bad NEWSDESK_PUBLISHERS file is a configuration error: refuse to start rather than crawl nothing.
    let directory: Directory | undefined
    const crawling = config.crawl.intervalSeconds !== null && args.values['no-crawl'] !== true
    if (crawling) {
      try {
        directory = loadDirectory({ file: config.crawl.publishers })
      } catch (err) {
        if (!(err instanceof DirectoryError)) throw err
        log.fatal(`serve: ${err.message}`)
        await store.close()
        await metrics?.close()
        return EXIT_USAGE
      }
      for (const problem of directory.problems) log.warn({ problem }, 'serve: publisher directory')
    }

    if (config.sample === 'auto' && (await store.countStories()) === 0) {
      const report = await loadSampleEdition(store, SAMPLE_EDITION_PATH)
      // Another instance starting on the same database at the same moment may have loaded it between the count and here.
      if (report.inserted === 0 && report.bad.length === 0) log.info('serve: the sample edition was already loaded (by another instance starting at the same time)')
      else log.info({ stories: report.inserted, bad: report.bad.length }, 'serve: empty store, loaded the sample edition (dates shifted so the newest story is now)')
    }

    const version = packageVersion()
    // The HTTP stack (Hono, the MCP SDK, the page renderers) loads here, so other commands start without it.
    const [{ createQueryService }, { serveApp }, { defaultMaxConnections }] = await Promise.all([
      import('../../query/query-service.ts'), import('../../server/serve-app.ts'), import('../../server/fd-limit.ts'),
    ])
    const query = createQueryService({
      store: observed, siteUrl: config.siteUrl, version, healthMaxStoryAgeMinutes: config.healthMaxStoryAgeMinutes,
    })
    const maxConnections = config.maxConnections ?? defaultMaxConnections()
    const { app, cache, server } = await serveApp({ config, query, log, crawlerKeys }, { port: config.port, host: config.host, maxConnections })
    metrics?.observeApp(app, cache.stats)
    await metrics?.listen()
    log.info({ port: server.port, host: config.host, site_url: config.siteUrl, version, max_connections: maxConnections }, 'serve: listening')

    let schedule: { stop(): Promise<void> } | undefined
    if (directory && config.crawl.intervalSeconds !== null) {
      log.info({ publishers: directory.publishers.length, interval_seconds: config.crawl.intervalSeconds, lease_seconds: config.crawl.leaseSeconds, llm: config.llm.enabled }, 'serve: crawling')
      schedule = await startCrawling(config, ctx.env, { store: observed, keys: crawlerKeys, log })
    } else {
      log.info({ reason: args.values['no-crawl'] === true ? '--no-crawl' : 'NEWSDESK_CRAWL_INTERVAL=off' }, 'serve: not crawling')
    }

    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        log.info({ signal }, 'serve: shutting down')
        resolve()
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    await schedule?.stop()
    await server.close()
    await metrics?.close()
    await store.close()
    return EXIT_OK
  },
}

/**
 * The crawl of `serve`: in a worker thread with its own store connection, so parsing, extraction, clustering,
 * summarizing and the store's writes never hold up a reader's request. An in-memory SQLite database cannot be
 * opened twice, so that one (tests, trials) crawls in the serving thread. The pipeline loads only here: language
 * data, Readability and the feed parsers add start-up time and tens of MB to a web instance that never crawls.
 */
async function startCrawling(config: Readonly<Config>, env: Record<string, string | undefined>, deps: { store: Store; keys: CrawlerKeyRing; log: Logger }): Promise<{ stop(): Promise<void> }> {
  const intervalSeconds = config.crawl.intervalSeconds!
  if (config.databaseUrl !== 'sqlite::memory:') {
    const { startCrawlThread } = await import('../crawl-thread.ts')
    return startCrawlThread(env, intervalSeconds, deps.log)
  }
  const { openCrawler } = await import('../open-crawler.ts')
  return startCrawlSchedule(openCrawler(config, deps), intervalSeconds, deps.log)
}
