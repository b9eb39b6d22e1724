import { extractArticle } from '../extract/extract-article.ts'
import { parseFeed } from '../parse/parse-feed.ts'
import type { PipelineStages } from './worker-pool.ts'

/**
 * Parsing and extraction in the calling thread (tests, benches). Apart from worker-pool.ts so that a process whose
 * stages run in worker threads (serve's crawl thread, `newsdesk crawl`) does not load linkedom, Readability and the
 * feed parser into its own thread as well, a large share of a quiet crawl's start-up (decision 0018).
 */
export const inThreadStages: PipelineStages = {
  parse: async (body, type, url) => parseFeed(body, type, url),
  extract: async (body, type, url) => extractArticle(body, type, url),
  close: async () => {},
}
