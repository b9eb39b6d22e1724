import type { CrawlSummary } from './crawl-run.ts'
import type { ChatClient } from './llm/chat-client.ts'
import type { FeedReport } from './pipeline/process-feed.ts'
import type { CrawlerFetcher } from './fetch/crawler-fetcher.ts'
import type { PipelineStages } from './workers/worker-pool.ts'
import { emit } from '../metrics/events.ts'

/**
 * Thin wrappers that report what the crawler's parts do, so the pipeline itself carries no instrumentation: the
 * crawler wraps its fetcher, its extraction stages and its LLM client once, where it builds them. Each wrapper keeps
 * every other member of the object it wraps (they are plain objects of closures).
 */

/** Article pages fetched, by outcome (ok, not-modified or the failure reason). */
export function observeFetcher(fetcher: CrawlerFetcher): CrawlerFetcher {
  return {
    ...fetcher,
    async fetchArticle(url) {
      const result = await fetcher.fetchArticle(url)
      emit.articleFetch({ outcome: result.status === 'failed' ? result.reason : result.status })
      return result
    },
  }
}

/** Article extractions, ok or failed. */
export function observeStages(stages: PipelineStages): PipelineStages {
  return {
    ...stages,
    async extract(body, type, url) {
      const result = await stages.extract(body, type, url)
      emit.extraction({ outcome: result.ok ? 'ok' : 'failed' })
      return result
    },
  }
}

/** Every chat completion request to the LLM, with its outcome (ok or the failure reason) and duration. */
export function observeChatClient(client: ChatClient): ChatClient {
  return {
    ...client,
    async complete(request) {
      const started = performance.now()
      const result = await client.complete(request)
      emit.llmCall({ outcome: result.ok ? 'ok' : result.reason, durationMs: performance.now() - started })
      return result
    },
  }
}

type OnFeed = (report: FeedReport, done: number, total: number) => void

/**
 * One crawl pass, reported: each feed's outcome and the articles it clustered as it finishes, then the pass (ok or
 * failed, its duration, the stories it published). `pass` receives the per-feed callback to hand to runCrawl.
 */
export async function observePass(onFeed: OnFeed | undefined, pass: (onFeed: OnFeed) => Promise<CrawlSummary>): Promise<CrawlSummary> {
  const started = performance.now()
  const reportFeed: OnFeed = (report, done, total) => {
    emit.feedRun({ status: report.status, articlesClustered: report.articlesNew })
    onFeed?.(report, done, total)
  }
  try {
    const summary = await pass(reportFeed)
    emit.crawlPass({ outcome: 'ok', durationMs: performance.now() - started, storiesCreated: summary.storiesCreated, storiesUpdated: summary.storiesUpdated })
    return summary
  } catch (err) {
    emit.crawlPass({ outcome: 'failed', durationMs: performance.now() - started, storiesCreated: 0, storiesUpdated: 0 })
    throw err
  }
}
