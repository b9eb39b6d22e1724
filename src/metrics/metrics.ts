import diagnostics_channel from 'node:diagnostics_channel'
import type { Server } from 'node:http'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { CrawlFeeds } from '../storage/crawl-store.ts'
import type { FeedRecord } from '../domain/crawl-records.ts'
import type { Store } from '../storage/store.ts'
import { CHANNELS, type ArticleFetchEvent, type CrawlPassEvent, type ExtractionEvent, type FeedRunEvent, type LlmCallEvent, type StoreQueryEvent, type WebSubPingEvent } from './events.ts'
import { observeHttpRequests } from './http-requests.ts'
import { instrumentStore } from './instrument-store.ts'
import { createRouteLabeler } from './route-label.ts'

/** What the response cache reports (createResponseCache().stats()). */
export interface CacheStats { hits: number; misses: number; entries: number; bytes: number }

/** Seconds; HTTP answers from the cache take well under a millisecond, a cold page a few, a store fault up to seconds. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** A feed's state for operators: never fetched, fine, failed once (retried at its interval), or backed off. */
export function feedState(feed: FeedRecord): 'pending' | 'ok' | 'failing' | 'backoff' | 'inactive' {
  if (!feed.active) return 'inactive'
  if (feed.lastStatus === null) return 'pending'
  if (feed.consecutiveFailures === 0) return 'ok'
  // The first failure is retried at the base interval; from the second on the wait doubles: that is the backoff.
  return feed.consecutiveFailures === 1 ? 'failing' : 'backoff'
}

/**
 * Every metric of the service in one registry, fed by observers: HTTP requests (node:http diagnostics channel),
 * the response cache (read at scrape time), store calls (a wrapper around the store), the crawler and the LLM
 * (Newsdesk's diagnostics channels), feeds by state (read from the store at scrape time), and Node's default
 * process metrics, event-loop lag included.
 */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const unsubscribe: Array<() => void> = []

  const httpRequests = new Counter({ name: 'newsdesk_http_requests_total', help: 'HTTP requests by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers })
  const httpDuration = new Histogram({ name: 'newsdesk_http_request_duration_seconds', help: 'Time from request to the end of the response, by route pattern.', labelNames: ['method', 'route'], buckets: HTTP_BUCKETS, registers })
  const storeDuration = new Histogram({ name: 'newsdesk_store_query_duration_seconds', help: 'Store calls by operation and outcome.', labelNames: ['operation', 'outcome'], buckets: STORE_BUCKETS, registers })
  const crawlPasses = new Counter({ name: 'newsdesk_crawl_passes_total', help: 'Crawl passes by outcome.', labelNames: ['outcome'], registers })
  const crawlDuration = new Histogram({ name: 'newsdesk_crawl_pass_duration_seconds', help: 'Duration of crawl passes.', buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200], registers })
  const lastPass = new Gauge({ name: 'newsdesk_crawl_last_success_timestamp_seconds', help: 'When the last successful crawl pass of this process ended (Unix time).', registers })
  const feedRuns = new Counter({ name: 'newsdesk_crawl_feed_fetches_total', help: 'Feed fetches by outcome (ok, not-modified, failed).', labelNames: ['status'], registers })
  const articlesFetched = new Counter({ name: 'newsdesk_articles_fetched_total', help: 'Article pages fetched, by outcome.', labelNames: ['outcome'], registers })
  const articlesExtracted = new Counter({ name: 'newsdesk_articles_extracted_total', help: 'Article text extractions, by outcome.', labelNames: ['outcome'], registers })
  const articlesClustered = new Counter({ name: 'newsdesk_articles_clustered_total', help: 'New articles committed to a story (started or joined).', registers })
  const storiesPublished = new Counter({ name: 'newsdesk_stories_published_total', help: 'Stories written by the crawler: created or updated.', labelNames: ['kind'], registers })
  const llmCalls = new Counter({ name: 'newsdesk_llm_calls_total', help: 'LLM chat completion requests by outcome (ok or the failure reason).', labelNames: ['outcome'], registers })
  const llmDuration = new Histogram({ name: 'newsdesk_llm_call_duration_seconds', help: 'LLM chat completion request duration.', buckets: [0.5, 1, 2.5, 5, 10, 20, 40, 60, 120], registers })

  const on = <T>(name: string, handle: (message: T) => void) => {
    const listener = (message: unknown) => handle(message as T)
    diagnostics_channel.subscribe(name, listener)
    unsubscribe.push(() => diagnostics_channel.unsubscribe(name, listener))
  }
  on<CrawlPassEvent>(CHANNELS.crawlPass, (e) => {
    crawlPasses.inc({ outcome: e.outcome })
    crawlDuration.observe(e.durationMs / 1000)
    if (e.outcome === 'ok') lastPass.set(Date.now() / 1000)
    storiesPublished.inc({ kind: 'created' }, e.storiesCreated)
    storiesPublished.inc({ kind: 'updated' }, e.storiesUpdated)
  })
  on<FeedRunEvent>(CHANNELS.feedRun, (e) => {
    feedRuns.inc({ status: e.status })
    articlesClustered.inc(e.articlesClustered)
  })
  on<ArticleFetchEvent>(CHANNELS.articleFetch, (e) => articlesFetched.inc({ outcome: e.outcome }))
  on<ExtractionEvent>(CHANNELS.extraction, (e) => articlesExtracted.inc({ outcome: e.outcome }))
  on<StoreQueryEvent>(CHANNELS.storeQuery, (e) => storeDuration.observe({ operation: e.operation, outcome: e.ok ? 'ok' : 'error' }, e.seconds))
  on<LlmCallEvent>(CHANNELS.llmCall, (e) => {
    llmCalls.inc({ outcome: e.outcome })
    llmDuration.observe(e.durationMs / 1000)
  })
  // Registered at the first ping, so a service without WEBSUB_HUB_URL shows no WebSub series at all.
  let websubPings: Counter | undefined
  on<WebSubPingEvent>(CHANNELS.websubPing, (e) => {
    websubPings ??= new Counter({
      name: 'newsdesk_websub_pings_total', labelNames: ['outcome'], registers,
      help: 'WebSub publish requests to the hub by outcome: ok, retried (tried again later), failed (refused or out of attempts), dropped (the process stopped first).',
    })
    websubPings.inc({ outcome: e.outcome })
  })
    // Counters exist from the start at zero, so rate() and alerts see a series before the first event.
  for (const outcome of ['ok', 'failed']) crawlPasses.inc({ outcome }, 0)
  for (const status of ['ok', 'not-modified', 'failed']) feedRuns.inc({ status }, 0)
  for (const kind of ['created', 'updated']) storiesPublished.inc({ kind }, 0)
  llmCalls.inc({ outcome: 'ok' }, 0)

  let metricsServer: Server | undefined

  return {
    registry,
    /** The store with every call timed. */
    instrumentStore: (store: Store): Store => instrumentStore(store, (operation, seconds, ok) =>
      storeDuration.observe({ operation, outcome: ok ? 'ok' : 'error' }, seconds)),

    /** HTTP requests of this process's servers, labelled with the routes of `app`; the cache read at each scrape. */
    observeApp(app: { routes: ReadonlyArray<{ method: string; path: string }> }, cacheStats: () => CacheStats) {
      unsubscribe.push(observeHttpRequests(createRouteLabeler(app.routes), (labels, seconds) => {
        httpRequests.inc(labels)
        httpDuration.observe({ method: labels.method, route: labels.route }, seconds)
      }, () => metricsServer))
      // The cache counts on its own; a scrape turns its totals into counters (inc by the difference since the last).
      const seen = { hits: 0, misses: 0 }
      const delta = (key: 'hits' | 'misses') => { const now = cacheStats()[key]; const d = Math.max(0, now - seen[key]); seen[key] = now; return d }
      new Counter({ name: 'newsdesk_response_cache_hits_total', help: 'Responses served from the response cache.', registers, collect() { this.inc(delta('hits')) } })
      new Counter({ name: 'newsdesk_response_cache_misses_total', help: 'Responses rendered because the cache had no current copy.', registers, collect() { this.inc(delta('misses')) } })
      new Gauge({ name: 'newsdesk_response_cache_bytes', help: 'Bytes held by the response cache.', registers, collect() { this.set(cacheStats().bytes) } })
      new Gauge({ name: 'newsdesk_response_cache_entries', help: 'Responses held by the response cache.', registers, collect() { this.set(cacheStats().entries) } })
    },

    /** Feeds by state, read from the crawl tables at each scrape (a few hundred rows; shared by every instance). */
    observeFeeds(crawl: CrawlFeeds) {
      new Gauge({
        name: 'newsdesk_feeds', help: 'Publisher feeds by state: pending, ok, failing (one failure), backoff (two or more), inactive.',
        labelNames: ['state'], registers,
        async collect() {
          const counts: Record<string, number> = { pending: 0, ok: 0, failing: 0, backoff: 0, inactive: 0 }
          try {
            for (const feed of await crawl.listFeeds()) counts[feedState(feed)]!++
          } catch {
            this.reset() // the store is down: the scrape still answers, without stale feed counts
            return
          }
          for (const [state, n] of Object.entries(counts)) this.set({ state }, n)
        },
      })
    },

    /** The listener serving /metrics, so its own scrapes are not counted as traffic. */
    setMetricsServer(server: Server) { metricsServer = server },

    close() {
      for (const off of unsubscribe.splice(0)) off()
      registry.clear()
    },
  }
}
export type Metrics = ReturnType<typeof createMetrics>
