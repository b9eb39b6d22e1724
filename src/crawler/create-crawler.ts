import type { Logger } from 'pino'
import type { LlmSettings } from '../config/llm-config.ts'
import { loadDirectory } from '../publishers/directory.ts'
import type { CrawlerKeyRing } from '../signing/key-ring.ts'
import type { CrawlStore } from '../storage/crawl-store.ts'
import { runCrawl, type CrawlSummary } from './crawl-run.ts'
import { createCrawlerFetcher } from './fetch/crawler-fetcher.ts'
import { createLlmSummarizer } from './llm/llm-summarizer.ts'
import { ClusterWindow } from './cluster-window.ts'
import { loadMatchModel } from './cluster/match-model.ts'
import { createWorkerStages, extractionPoolSize } from './workers/worker-pool.ts'
import type { FeedReport } from './pipeline/process-feed.ts'
import { observeFetcher, observePass, observeStages } from './crawl-observers.ts'

export interface Crawler {
  /** The publishers crawled, and problems found in the directory file (reported once, at start). */
  publishers: number
  problems: string[]
  /** How long this crawler holds a feed it claimed (NEWSDESK_CRAWL_LEASE_SECONDS). */
  leaseSeconds: number
  /** `now`: the pass's clock (`crawl --as-of` replays archived feeds); the real time by default. */
  run(opts?: { onFeed?: (report: FeedReport, done: number, total: number) => void; signal?: AbortSignal; force?: boolean; now?: () => Date }): Promise<CrawlSummary>
  /** Resolves once the pipeline workers answer (a tiny parse): a pass started after it never waits for their start. */
  warmUp(): Promise<void>
  close(): Promise<void>
}

/** The part of the configuration a crawler uses (cli/open-crawler.ts picks it out of the whole Config). */
export interface CrawlerSettings {
  /** Named in the crawler's User-Agent and its Web Bot Auth signature directory. */
  siteUrl: string
  /** NEWSDESK_PUBLISHERS: a directory file replacing the bundled one, or `+PATH` extending it. */
  publishersFile: string | undefined
  fetchAllow: readonly string[]
  /** Each feed's base polling interval. */
  intervalSeconds: number
  leaseSeconds: number
  llm: LlmSettings
  /** NEWSDESK_CLUSTER_MODEL: a refitted clustering model file; the bundled weights when undefined. */
  clusterModel?: string
}

/** A crawler: the configured directory, the signed guarded fetcher, the optional LLM. */
export function createCrawler(settings: CrawlerSettings, deps: { crawl: CrawlStore; keys: CrawlerKeyRing; log: Logger; serving?: boolean }): Crawler {
  const directory = loadDirectory({ file: settings.publishersFile })
  const fetcher = observeFetcher(createCrawlerFetcher({ siteUrl: settings.siteUrl, keys: deps.keys, allow: settings.fetchAllow }))
  const llm = createLlmSummarizer(settings.llm)
  // One clustering index for the life of the process: later passes only read what was committed since.
  const window = new ClusterWindow(settings.clusterModel === undefined ? undefined : loadMatchModel(settings.clusterModel))
  // Parsing and extraction in worker threads: a large feed or a pathological page must not stall HTTP responses, and
  // a crawl of article pages uses the machine's cores (extraction is most of a real page's ingest CPU: decision 0018).
  const stages = observeStages(createWorkerStages(extractionPoolSize({ serving: deps.serving ?? true })))
  return {
    publishers: directory.publishers.length,
    problems: directory.problems,
    leaseSeconds: settings.leaseSeconds,
    async run(opts = {}) {
      return observePass(opts.onFeed, (onFeed) => runCrawl({
        crawl: deps.crawl, fetcher, publishers: directory.publishers, llm, log: deps.log,
        intervalSeconds: settings.intervalSeconds, leaseSeconds: settings.leaseSeconds, window, stages, ...opts, onFeed,
      }))
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
