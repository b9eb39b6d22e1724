import diagnostics_channel from 'node:diagnostics_channel'

/**
 * What the crawler reports for operators, as named diagnostics channels: the crawler publishes, the metrics module
 * (when METRICS_PORT is set) subscribes. Publishing costs nothing without a subscriber, and the crawler never imports
 * the metrics library. One channel per kind of event, each message a small plain object.
 */
export interface CrawlPassEvent { outcome: 'ok' | 'failed'; durationMs: number; storiesCreated: number; storiesUpdated: number }
export interface FeedRunEvent { status: 'ok' | 'not-modified' | 'failed'; articlesClustered: number }
export interface ArticleFetchEvent { outcome: string }
export interface ExtractionEvent { outcome: 'ok' | 'failed' }
export interface LlmCallEvent { outcome: 'ok' | string; durationMs: number }

export const CHANNELS = {
  crawlPass: 'newsdesk:crawl.pass',
  feedRun: 'newsdesk:crawl.feed',
  articleFetch: 'newsdesk:crawl.article-fetch',
  extraction: 'newsdesk:crawl.extraction',
  llmCall: 'newsdesk:llm.call',
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
}
