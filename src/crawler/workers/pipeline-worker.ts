import { parentPort } from 'node:worker_threads'
import { extractArticle } from '../extract/extract-article.ts'
import { parseFeed } from '../parse/parse-feed.ts'
import type { WorkerReady, WorkerRequest, WorkerResponse } from './messages.ts'

/**
 * The CPU-bound pipeline stages, off the main thread: parsing a large valid feed and extracting a pathological page
 * take long enough to stall every HTTP response of `serve` (decision 0018).
 * Both are pure functions of bytes, so they move as they are.
 */
parentPort!.on('message', (req: WorkerRequest) => {
  const body = Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength)
  let res: WorkerResponse
  try {
    res = req.kind === 'parse'
      ? { id: req.id, kind: 'parse', result: parseFeed(body, req.contentType, req.url) }
      : { id: req.id, kind: 'extract', result: extractArticle(body, req.contentType, req.url) }
  } catch (err) {
    res = { id: req.id, kind: 'error', message: err instanceof Error ? err.message : String(err) }
  }
  parentPort!.postMessage(res)
})

// Imports are done once this runs: from now on a request's time is the page's own (see worker-pool.ts).
parentPort!.postMessage({ kind: 'ready' } satisfies WorkerReady)
