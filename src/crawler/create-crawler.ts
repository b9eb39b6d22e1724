import type { Logger } from 'pino'
import type { Config } from '../config/config.ts'
import { SAMPLE_EDITION_PATH } from '../config/paths.ts'
import { loadDirectory } from '../publishers/directory.ts'
import { retireSampleEdition } from '../sample/retire-sample.ts'
import type { CrawlerKeyRing } from '../signing/key-ring.ts'
import type { Store } from '../storage/store.ts'
import { runCrawl, type CrawlSummary } from './crawl-run.ts'
import { createCrawlerFetcher } from './fetch/crawler-fetcher.ts'
import { createLlmSummarizer } from './llm/llm-summarizer.ts'
import { ClusterWindow } from './cluster-window.ts'
import { createWorkerStages, extractionPoolSize } from './workers/worker-pool.ts'
import type { FeedReport } from './pipeline/process-feed.ts'
import { observeFetcher, observePass, observeStages } from '../metrics/crawl-observers.ts'

export interface Crawler {
  /** The publishers crawled, and problems found in the directory file (reported once, at start). */
  publishers: number
  problems: string[]
  /** How long this crawler holds a feed it claimed (NEWSDESK_CRAWL_LEASE_SECONDS). */
  leaseSeconds: number
  run(opts?: { onFeed?: (report: FeedReport, done: number, total: number) => void; signal?: AbortSignal; force?: boolean }): Promise<CrawlSummary>
  /** Resolves once the pipeline workers answer (a tiny parse): a pass started after it never waits for their start. */
  warmUp(): Promise<void>
  close(): Promise<void>
}

/** The crawler as the CLI runs it: the configured directory, the signed guarded fetcher, the optional LLM. */
export function createCrawler(config: Readonly<Config>, deps: { store: Store; keys: CrawlerKeyRing; log: Logger; serving?: boolean }): Crawler {
  const directory = loadDirectory({ file: config.crawl.publishers })
  const fetcher = observeFetcher(createCrawlerFetcher({ siteUrl: config.siteUrl, keys: deps.keys, allow: config.crawl.fetchAllow }))
  const llm = createLlmSummarizer(config.llm)
  // One clustering index for the life of the process: later passes only read what was committed since.
  const window = new ClusterWindow()
  // Parsing and extraction in worker threads: a large feed or a pathological page must not stall HTTP responses, and
  // a crawl of article pages uses the machine's cores (a real page costs 10–20 ms to extract).
  const stages = observeStages(createWorkerStages(extractionPoolSize({ serving: deps.serving ?? true })))
  return {
    publishers: directory.publishers.length,
    problems: directory.problems,
    leaseSeconds: config.crawl.leaseSeconds,
    async run(opts = {}) {
      const summary = await observePass(opts.onFeed, (onFeed) => runCrawl({
        crawl: deps.store.crawl, fetcher, publishers: directory.publishers, llm, log: deps.log,
        intervalSeconds: config.crawl.intervalSeconds ?? 15 * 60, leaseSeconds: config.crawl.leaseSeconds, window, stages, ...opts, onFeed,
      }))
      if (config.sample === 'auto' && summary.storiesCreated > 0) {
        const removed = await retireSampleEdition(deps.store, SAMPLE_EDITION_PATH)
        if (removed > 0) deps.log.info({ removed }, 'crawl: enough real stories; removed the sample edition')
      }
      return summary
    },
    async warmUp() {
      await stages.parse(Buffer.from('<rss version="2.0"><channel><title>warm-up</title></channel></rss>'), 'application/rss+xml', 'https://warm-up.invalid/')
    },
    close: async () => {
      await stages.close()
      await fetcher.close()
    },
  }
}
