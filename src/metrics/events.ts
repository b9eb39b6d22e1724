import diagnostics_channel from 'node:diagnostics_channel'

/**
 * What the crawler (and the WebSub pings after its passes) reports for operators, as named diagnostics channels: the crawler publishes, the metrics module
 * (when METRICS_PORT is set) subscribes. Publishing costs nothing without a subscriber, and the crawler never imports
 * the metrics library. One channel per kind of event, each message a small plain object.
 */
export interface CrawlPassEvent { outcome: 'ok' | 'failed'; durationMs: number; storiesCreated: number; storiesUpdated: number }
export interface FeedRunEvent { status: 'ok' | 'not-modified' | 'failed'; articlesClustered: number }
export interface ArticleFetchEvent { outcome: string }
export interface ExtractionEvent { outcome: 'ok' | 'failed' }
export interface LlmCallEvent { outcome: 'ok' | string; durationMs: number }
/** One WebSub publish request's end: told, to be retried, given up, or abandoned because the process stopped. */
export interface WebSubPingEvent { outcome: 'ok' | 'retried' | 'failed' | 'dropped' }
/** A store call made in another thread (serve's crawl thread); the serving thread times its own calls directly. */
export interface StoreQueryEvent { operation: string; seconds: number; ok: boolean }

export const CHANNELS = {
  crawlPass: 'newsdesk:crawl.pass',
  feedRun: 'newsdesk:crawl.feed',
  articleFetch: 'newsdesk:crawl.article-fetch',
  extraction: 'newsdesk:crawl.extraction',
  llmCall: 'newsdesk:llm.call',
  storeQuery: 'newsdesk:store.query',
  websubPing: 'newsdesk:websub.ping',
} as const

const channel = <T>(name: string) => {
  const ch = diagnostics_channel.channel(name)
  return (message: T) => {
    if (ch.hasSubscribers) ch.publish(message)
  }
}

export const emit = {
  crawlPass: channel<CrawlPassEvent>(CHANNELS.crawlPass),
  feedRun: channel<FeedRunEvent>(CHANNELS.feedRun),
  articleFetch: channel<ArticleFetchEvent>(CHANNELS.articleFetch),
  extraction: channel<ExtractionEvent>(CHANNELS.extraction),
  llmCall: channel<LlmCallEvent>(CHANNELS.llmCall),
  storeQuery: channel<StoreQueryEvent>(CHANNELS.storeQuery),
  websubPing: channel<WebSubPingEvent>(CHANNELS.websubPing),
}

/** One crawler event on its way from the thread that published it to the thread whose metrics count it. */
export interface RelayedEvent { kind: 'newsdesk-event'; channel: string; message: unknown }

/**
 * Diagnostics channels stay inside one thread: `serve`'s crawl thread forwards each event it publishes to the serving
 * thread (`send` is its postMessage), which republishes it where the metrics subscribe. Returns the unsubscribe.
 */
export function relayEvents(send: (event: RelayedEvent) => void): () => void {
  const subscriptions = Object.values(CHANNELS).map((name) => {
    const forward = (message: unknown) => send({ kind: 'newsdesk-event', channel: name, message })
    diagnostics_channel.subscribe(name, forward)
    return () => diagnostics_channel.unsubscribe(name, forward)
  })
  return () => { for (const unsubscribe of subscriptions) unsubscribe() }
}

/** Publishes a relayed event in this thread; anything else (another message kind, an unknown channel) is ignored. */
export function republish(value: unknown): void {
  const event = value as Partial<RelayedEvent> | null
  if (event?.kind !== 'newsdesk-event' || !Object.values<string>(CHANNELS).includes(event.channel ?? '')) return
  const ch = diagnostics_channel.channel(event.channel!)
  if (ch.hasSubscribers) ch.publish(event.message)
}
