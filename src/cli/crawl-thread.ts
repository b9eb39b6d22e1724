import { Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import { republish } from '../metrics/events.ts'

export interface CrawlThreadData {
  /** The process environment the configuration is read from (the same as the serving thread's). */
  env: Record<string, string | undefined>
  intervalSeconds: number
  /** Development only: the TypeScript entry the tsx bootstrap imports. */
  entry?: string
}

export type CrawlThreadMessage = 'stop' | 'stopped'

export interface CrawlThread {
  /** Lets the feeds in flight commit (as the in-thread schedule does), then ends the thread. */
  stop(): Promise<void>
}

/**
 * Starts `serve`'s crawl schedule in a worker thread (see crawl-thread-worker.ts). A thread that dies (a bug, an
 * out-of-memory) is logged and not restarted: serving goes on, and the operator sees the error.
 */
export function startCrawlThread(env: Record<string, string | undefined>, intervalSeconds: number, log: Logger): CrawlThread {
  const source = import.meta.url.endsWith('.ts')
    ? { file: new URL('../crawler/workers/ts-bootstrap.mjs', import.meta.url), entry: new URL('./crawl-thread-worker.ts', import.meta.url).href }
    : { file: new URL('./crawl-thread-worker.js', import.meta.url), entry: undefined }
  const data: CrawlThreadData = { env, intervalSeconds, entry: source.entry }
  const worker = new Worker(source.file, { workerData: data })
  let exited = false
  const exit = new Promise<void>((resolve) => worker.once('exit', () => { exited = true; resolve() }))
  worker.on('error', (err) => log.error({ err }, 'crawl: the crawl thread failed; serving continues without crawling'))
  worker.on('message', republish)
  return {
    async stop() {
      if (exited) return
      const stopped = new Promise<void>((resolve) => worker.on('message', (m: CrawlThreadMessage) => { if (m === 'stopped') resolve() }))
      worker.postMessage('stop' satisfies CrawlThreadMessage)
      await Promise.race([stopped, exit])
      await worker.terminate()
    },
  }
}
