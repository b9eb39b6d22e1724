import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { ExtractResult } from '../extract/extract-article.ts'
import type { ParseResult } from '../parse/parse-feed.ts'
import type { WorkerReady, WorkerRequest, WorkerResponse } from './messages.ts'

/**
 * Parsing and extraction as the pipeline calls them: in worker threads (createWorkerStages: serve, crawl) or in the
 * calling thread (in-thread-stages.ts: tests, benches).
 */
export interface PipelineStages {
  parse(body: Uint8Array, contentType: string | null, url: string): Promise<ParseResult>
  extract(body: Uint8Array, contentType: string | null, url: string): Promise<ExtractResult>
  close(): Promise<void>
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
  req: WorkerRequest
  resolve(res: WorkerResponse): void
  /** Undefined while the worker is still loading its modules. */
  timer: NodeJS.Timeout | undefined
}

/**
 * How long a new worker may take to load its modules before its requests fail and it is replaced. Kept apart from
 * STAGE_TIMEOUT_MS: on a loaded machine the load alone takes seconds, and counting it against the first pages made
 * their extraction fail, so a resumed or concurrent crawl kept those articles' teasers and wrote their stories
 * differently from a run on a quiet machine (decision 0018).
 */
export const WORKER_START_TIMEOUT_MS = 60_000

/**
 * Requests handed to one worker at once. With one, a worker idles from each answer until the main thread (busy with
 * HTTP, clustering or simply descheduled on a loaded machine) gets round to sending the next page. The main thread's
 * longest turns are a feed's commit (clustering its up to 20 articles inside one SQLite transaction) and story
 * rewrites, and on two cores it also waits its turn behind the two workers: with 2 or 8 requests in hand the workers
 * still ran dry at times, with 16 (as many as the fetcher fetches at once, so a fetched page goes straight to the
 * least busy worker) they did not (decision 0018; `npm run bench:pool-ab` measures it). The price: up to 15 pages
 * may wait behind a slow one in its worker, where the other worker could have taken them. A request's time limit
 * runs from when its worker takes it up; those queued behind one that overruns go back to the pool's queue.
 */
export const REQUESTS_PER_WORKER = 16

export interface WorkerPoolOptions {
  /** Default REQUESTS_PER_WORKER (benches compare others). */
  requestsPerWorker?: number
}

/** The worker pool's stages, and how many worker threads it has running (none until the first request). */
export interface WorkerStages extends PipelineStages {
  workers(): number
}

/**
 * A small pool of worker threads (extractionPoolSize) for the CPU-bound stages. Requests queue when every worker has
 * REQUESTS_PER_WORKER; a worker that times out or dies is replaced and its requests answered with a failure value.
 *
 * The workers start with the first request, not with the pool: a pass that finds nothing due, or only unchanged
 * feeds (304), parses nothing and should not load linkedom and Readability into two threads (a `crawl --worker` on a
 * quiet directory kept them for nothing). A first request waits for that start either way (its clock starts when its
 * worker is ready, see WORKER_START_TIMEOUT_MS); `serve` still starts them ahead of its first pass (Crawler.warmUp).
 */
export function createWorkerStages(size: number, timeoutMs = STAGE_TIMEOUT_MS, options: WorkerPoolOptions = {}): WorkerStages {
  const perWorker = options.requestsPerWorker ?? REQUESTS_PER_WORKER
  const source = import.meta.url.endsWith('.ts')
    ? { file: new URL('./ts-bootstrap.mjs', import.meta.url), entry: new URL('./pipeline-worker.ts', import.meta.url).href }
    : { file: new URL('./pipeline-worker.js', import.meta.url), entry: undefined }
  let nextId = 0
  let closed = false
  /** Free request slots, one entry per slot (a worker appears up to REQUESTS_PER_WORKER times). */
  const idle: Worker[] = []
  const queue: Array<{ req: WorkerRequest; resolve(res: WorkerResponse): void }> = []
  const pending = new Map<Worker, Map<number, Pending>>()
  /** Workers that said they are ready: only their requests' clocks run. */
  const ready = new WeakSet<Worker>()

  const spawn = () => {
    const worker = new Worker(source.file, { workerData: { entry: source.entry } })
    worker.unref()
    pending.set(worker, new Map())
    const starting = setTimeout(() => fail(worker, `did not start within ${WORKER_START_TIMEOUT_MS / 1000} s`), WORKER_START_TIMEOUT_MS).unref()
    worker.on('message', (res: WorkerResponse | WorkerReady) => {
      if (res.kind === 'ready') {
        clearTimeout(starting)
        ready.add(worker)
        // The requests already handed over start their clocks now, as if dispatched at this moment.
        for (const p of pending.get(worker)?.values() ?? []) p.timer = deadline(worker)
        return
      }
      const p = pending.get(worker)?.get(res.id)
      if (!p) return
      clearTimeout(p.timer)
      const waiting = pending.get(worker)!
      waiting.delete(res.id)
      // The worker now takes up the request that waited in its port: its clock starts now.
      for (const next of waiting.values()) {
        clearTimeout(next.timer)
        next.timer = deadline(worker)
      }
      p.resolve(res)
      release(worker)
    })
    worker.on('error', (err) => { clearTimeout(starting); fail(worker, err.message) })
    worker.on('exit', () => { clearTimeout(starting); fail(worker, 'worker exited') })
    for (let slot = 0; slot < perWorker; slot++) release(worker)
  }

  const deadline = (worker: Worker) => setTimeout(() => fail(worker, `took longer than ${timeoutMs / 1000} s`), timeoutMs)

  /**
   * Answers the request the worker was running with an error, and puts a fresh worker in its place; a request that was
   * only waiting in the worker's port goes back to the front of the queue, since nothing is known against it.
   */
  const fail = (worker: Worker, message: string) => {
    const waiting = pending.get(worker)
    if (!waiting) return
    pending.delete(worker)
    for (let i = idle.indexOf(worker); i >= 0; i = idle.indexOf(worker)) idle.splice(i, 1)
    const [running, ...queued] = [...waiting.values()]
    for (const p of [running, ...queued]) if (p) clearTimeout(p.timer)
    if (running) running.resolve({ id: running.req.id, kind: 'error', message })
    queue.unshift(...queued.map((p) => ({ req: p.req, resolve: p.resolve })))
    void worker.terminate()
    if (!closed) spawn()
  }

  const release = (worker: Worker) => {
    const job = queue.shift()
    if (job) dispatch(worker, job.req, job.resolve)
    else idle.push(worker)
  }

  const dispatch = (worker: Worker, req: WorkerRequest, resolve: (res: WorkerResponse) => void) => {
    pending.get(worker)!.set(req.id, { req, resolve, timer: ready.has(worker) ? deadline(worker) : undefined })
    worker.postMessage(req)
  }

  /** Takes the free slot of the worker with the fewest requests, so two requests go to two workers when both can. */
  const leastBusy = (): Worker | undefined => {
    let best = -1
    for (let i = 0; i < idle.length; i++) {
      if (best < 0 || pending.get(idle[i]!)!.size < pending.get(idle[best]!)!.size) best = i
    }
    return best < 0 ? undefined : idle.splice(best, 1)[0]
  }

  let started = false
  const run = (req: Omit<WorkerRequest, 'id'>) => new Promise<WorkerResponse>((resolve) => {
    const full = { ...req, id: ++nextId }
    // After close() no worker would ever take it: answered at once, as close() answers the requests it finds.
    if (closed) return resolve({ id: full.id, kind: 'error', message: 'the crawler is shutting down' })
    if (!started) {
      started = true
      for (let i = 0; i < Math.max(1, size); i++) spawn()
    }
    const worker = leastBusy()
    if (worker) dispatch(worker, full, resolve)
    else queue.push({ req: full, resolve })
  })

  return {
    workers: () => pending.size,
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
      idle.length = 0
      await Promise.all(workers.map(([w]) => w.terminate()))
    },
  }
}
