import { parentPort, workerData } from 'node:worker_threads'
import { createLogger } from './logger.ts'
import { loadConfig } from '../config/config.ts'
import { openCrawlerKeyRing } from '../signing/open-key-ring.ts'
import { openStore } from '../storage/open-store.ts'
import { emit, relayEvents } from '../metrics/events.ts'
import { instrumentStore } from '../metrics/instrument-store.ts'
import { startCrawlSchedule } from '../crawler/crawl-schedule.ts'
import { openCrawler } from './open-crawler.ts'
import type { CrawlThreadData, CrawlThreadMessage } from './crawl-thread.ts'

/**
 * `serve`'s crawler, in its own thread: the same schedule `newsdesk crawl --worker` runs, with its own store
 * connection, fetcher and pipeline workers. Normalizing, language detection, clustering, summarizing and the store's
 * synchronous SQLite writes all happen here, so none of it waits in line with a reader's request on the serving
 * thread. Stories reach readers through the store, exactly as from a separate crawl process.
 */
const data = workerData as CrawlThreadData
const config = loadConfig(data.env)
const log = createLogger(config.logLevel, 'stdout')
const metricsOn = config.metrics.port !== null
// With METRICS_PORT set, the serving thread's /metrics counts this thread's store calls, crawl passes, feeds,
// articles and LLM calls: they travel as events (diagnostics channels do not cross threads).
const opened = openStore(config.databaseUrl)
const store = metricsOn ? instrumentStore(opened, (operation, seconds, ok) => emit.storeQuery({ operation, seconds, ok })) : opened
if (metricsOn) relayEvents((event) => parentPort!.postMessage(event))
const keys = openCrawlerKeyRing(config.dataDir, Date.now()).ring
const crawler = openCrawler(config, { store, keys, log })
// The pipeline workers start (under tsx, in development, in about a second) before the first fetch goes out, so no
// fetched feed waits for them.
await crawler.warmUp()
const schedule = startCrawlSchedule(crawler, data.intervalSeconds, log)

parentPort!.on('message', (message: CrawlThreadMessage) => {
  if (message !== 'stop') return
  void (async () => {
    try {
      await schedule.stop()
    } finally {
      await store.close()
      parentPort!.postMessage('stopped' satisfies CrawlThreadMessage)
    }
  })()
})
