import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { extractArticle, type ExtractResult } from '../extract/extract-article.ts'
import { parseFeed, type ParseResult } from '../parse/parse-feed.ts'
import type { WorkerRequest, WorkerResponse } from './messages.ts'

/** Parsing and extraction as the pipeline calls them; in worker threads (serve) or in the calling thread (tests, bench). */
export interface PipelineStages {
  parse(body: Uint8Array, contentType: string | null, url: string): Promise<ParseResult>
  extract(body: Uint8Array, contentType: string | null, url: string): Promise<ExtractResult>
  close(): Promise<void>
}

export const inThreadStages: PipelineStages = {
  parse: async (body, type, url) => parseFeed(body, type, url),
  extract: async (body, type, url) => extractArticle(body, type, url),
  close: async () => {},
}

/**
 * Workers for parsing and extraction, sized to the machine: one per core when the process only crawls (`newsdesk crawl`),
 * one per core but one when it also serves HTTP (the main thread answers requests and clusters; a crawl pass must not
 * take its core). At most 8: past that the fetcher's 16 concurrent requests, not the CPU, bound a pass, and each
 * worker holds its own copy of linkedom and Readability (tens of MB).
 */
export const MAX_POOL_SIZE = 8
export function extractionPoolSize(opts: { serving: boolean }, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(MAX_POOL_SIZE, cores - (opts.serving ? 1 : 0)))
}

/** A stage that takes longer than this is abandoned and its worker replaced: no page may hold a worker forever. */
export const STAGE_TIMEOUT_MS = 15_000

interface Pending {
  resolve(res: WorkerResponse): void
  timer: NodeJS.Timeout
}

/**
 * A small pool of worker threads (one per spare CPU, at least one) for the CPU-bound stages. Requests queue when all
 * workers are busy; a worker that times out or dies is replaced and its request answered with a failure value.
 */
export function createWorkerStages(size: number, timeoutMs = STAGE_TIMEOUT_MS): PipelineStages {
  const source = import.meta.url.endsWith('.ts')
    ? { file: new URL('./ts-bootstrap.mjs', import.meta.url), entry: new URL('./pipeline-worker.ts', import.meta.url).href }
    : { file: new URL('./pipeline-worker.js', import.meta.url), entry: undefined }
  let nextId = 0
  let closed = false
  const idle: Worker[] = []
  const queue: Array<{ req: WorkerRequest; resolve(res: WorkerResponse): void }> = []
  const pending = new Map<Worker, Map<number, Pending>>()

  const spawn = () => {
    const worker = new Worker(source.file, { workerData: { entry: source.entry } })
    worker.unref()
    pending.set(worker, new Map())
    worker.on('message', (res: WorkerResponse) => {
      const p = pending.get(worker)?.get(res.id)
      if (!p) return
      clearTimeout(p.timer)
      pending.get(worker)!.delete(res.id)
      p.resolve(res)
      release(worker)
    })
    worker.on('error', (err) => fail(worker, err.message))
    worker.on('exit', () => fail(worker, 'worker exited'))
    release(worker)
  }

  /** Answers the worker's request with an error, and puts a fresh worker in its place. */
  const fail = (worker: Worker, message: string) => {
    const waiting = pending.get(worker)
    if (!waiting) return
    pending.delete(worker)
    const i = idle.indexOf(worker)
    if (i >= 0) idle.splice(i, 1)
    for (const [id, p] of waiting) {
      clearTimeout(p.timer)
      p.resolve({ id, kind: 'error', message })
    }
    void worker.terminate()
    if (!closed) spawn()
  }

  const release = (worker: Worker) => {
    const job = queue.shift()
    if (job) dispatch(worker, job.req, job.resolve)
    else idle.push(worker)
  }

  const dispatch = (worker: Worker, req: WorkerRequest, resolve: (res: WorkerResponse) => void) => {
    const timer = setTimeout(() => fail(worker, `took longer than ${timeoutMs / 1000} s`), timeoutMs)
    pending.get(worker)!.set(req.id, { resolve, timer })
    worker.postMessage(req)
  }

  const run = (req: Omit<WorkerRequest, 'id'>) => new Promise<WorkerResponse>((resolve) => {
    const full = { ...req, id: ++nextId }
    const worker = idle.pop()
    if (worker) dispatch(worker, full, resolve)
    else queue.push({ req: full, resolve })
  })

  for (let i = 0; i < Math.max(1, size); i++) spawn()

  return {
    async parse(body, contentType, url) {
      const res = await run({ kind: 'parse', body, contentType, url })
      return res.kind === 'parse' ? res.result : { ok: false, reason: 'malformed', detail: `parser: ${res.kind === 'error' ? res.message : 'unexpected answer'}` }
    },
    async extract(body, contentType, url) {
      const res = await run({ kind: 'extract', body, contentType, url })
      return res.kind === 'extract' ? res.result : { ok: false, reason: 'parse-error', detail: `extractor: ${res.kind === 'error' ? res.message : 'unexpected answer'}` }
    },
    async close() {
      closed = true
      const workers = [...pending]
      pending.clear()
      for (const [, waiting] of workers) {
        for (const [id, p] of waiting) {
          clearTimeout(p.timer)
          p.resolve({ id, kind: 'error', message: 'the crawler is shutting down' })
        }
      }
      for (const job of queue.splice(0)) job.resolve({ id: job.req.id, kind: 'error', message: 'the crawler is shutting down' })
      await Promise.all(workers.map(([w]) => w.terminate()))
    },
  }
}
