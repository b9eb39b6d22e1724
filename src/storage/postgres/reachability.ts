/**
 * Whether the PostgreSQL server answers at all, so that a stopped or partitioned server costs readers one timeout,
 * not one per request. pg's client-side timeouts (query_timeout, connectionTimeoutMillis) end each wait; once one
 * has fired, the store is marked not answering: reads fail at once (the query service answers 503, cached answers
 * keep being served under the content version known in memory) while a probe on a connection of its own, with
 * short timeouts, asks every PROBE_INTERVAL_MS. The first answer clears the mark: recovery needs no restart.
 */

/** What pg and our deadlines say when the server did not answer in time (pg has no error codes for these). */
const TIMEOUT_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]

/** Thrown by our own deadlines (the health ping, the heartbeat); counts as a timeout like pg's. */
export class StoreTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`storage: ${what} got no answer from PostgreSQL within ${ms} ms`)
    this.name = 'StoreTimeoutError'
  }
}

/** Thrown instead of querying while the server is known not to answer. */
export class StoreNotAnsweringError extends Error {
  constructor() {
    super('storage: PostgreSQL is not answering (a query timed out; probing until it answers again)')
    this.name = 'StoreNotAnsweringError'
  }
}

/** True when `err` is a client-side timeout: the server never answered, as opposed to answering with an error. */
export function isClientTimeout(err: unknown): boolean {
  if (err instanceof StoreTimeoutError) return true
  const message = (err as { message?: unknown } | null)?.message
  return typeof message === 'string' && TIMEOUT_MESSAGES.some((m) => message.includes(m))
}

/**
 * `work`, or a StoreTimeoutError after `ms`. The timer's verdict waits one event-loop turn, so an answer that
 * arrived while the loop was busy (a long task, a loaded machine) is taken rather than called late.
 */
export async function withDeadline<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  let settled = false
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => {
      if (!settled) reject(new StoreTimeoutError(what, ms))
    }), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work.finally(() => { settled = true }), late])
  } finally {
    clearTimeout(timer)
  }
}

export const PROBE_INTERVAL_MS = 1_000

export interface Reachability {
  /** Throws StoreNotAnsweringError while the server is known not to answer. */
  check(): void
  /** Whether the server is known not to answer (a timeout seen, no answer since). */
  unanswering(): boolean
  /** Records a failed round trip: a client-side timeout marks the server not answering and starts the probe. */
  failed(err: unknown): void
  close(): void
}

/** `probe` must bound itself in time (its own short timeouts) and reject when the server does not answer. */
export function createReachability(probe: () => Promise<void>, opts: { intervalMs?: number } = {}): Reachability {
  const intervalMs = opts.intervalMs ?? PROBE_INTERVAL_MS
  let down = false
  let closed = false
  let timer: NodeJS.Timeout | undefined

  // The first probe goes at once (a timeout on a loaded machine may be a false alarm), the next every intervalMs.
  const schedule = (delayMs: number) => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      probe().then(() => { down = false }, () => schedule(intervalMs))
    }, delayMs)
    timer.unref()
  }

  return {
    check() {
      if (down) throw new StoreNotAnsweringError()
    },
    unanswering: () => down,
    failed(err) {
      if (closed || down || !isClientTimeout(err)) return
      down = true
      schedule(0)
    },
    close() {
      closed = true
      clearTimeout(timer)
    },
  }
}
