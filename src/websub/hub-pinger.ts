import type { Logger } from 'pino'
import { emit } from '../metrics/events.ts'
import { sendPublish, type PublishOutcome } from './publish-request.ts'

export interface HubPingerOptions {
  hubUrl: string
  userAgent: string
  log: Logger
  /** Publish requests in flight at once: a pass may change hundreds of feeds, and one hub serves them all. */
  concurrency?: number
  /** Tries per topic, the first included; a topic that never got through waits for its feed's next change. */
  attempts?: number
  /** The wait before the first retry; each later one doubles it (with jitter, so retries do not arrive together). */
  retryDelayMs?: number
  timeoutMs?: number
  random?: () => number
  fetch?: typeof fetch
}

export interface HubPinger {
  /** Queues one publish request per topic URL; a topic already waiting is not queued twice. */
  publish(topics: Iterable<string>): void
  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void>
  /**
   * Stops taking topics, goes on with those it has (retries included) for up to `graceMs`, then abandons the rest,
   * aborting the requests in flight: a process that stops is never held longer by a hub that does not answer.
   */
  close(graceMs: number): Promise<void>
}

export const PING_DEFAULTS = { concurrency: 4, attempts: 4, retryDelayMs: 1000, timeoutMs: 10_000 } as const

/**
 * Tells a WebSub hub which topics changed, one POST per topic (W3C WebSub §6), a bounded number at once. A 5xx, a
 * 429, a network failure or a timeout is retried with exponential backoff, a bounded number of times; a retry waits
 * on a timer, never in a request slot. Every request ends counted by outcome (metrics/events.ts websubPing): ok,
 * retried (an attempt that will be tried again), failed (refused, or out of attempts) or dropped (closed first).
 */
export function createHubPinger(opts: HubPingerOptions): HubPinger {
  const o = { ...PING_DEFAULTS, random: Math.random, ...opts }
  /** Topics waiting for a slot, oldest first, with the attempts already made. */
  const queued = new Map<string, number>()
  const inFlight = new Set<string>()
  /** Topics changed again while their request was in flight: the hub may have read the feed before the change. */
  const again = new Set<string>()
  const retrying = new Map<string, NodeJS.Timeout>()
  const abort = new AbortController()
  /** False once close() began: no topic is taken any more. */
  let accepting = true
  /** True once close()'s grace ran out: nothing more is sent. */
  let stopped = false
  const idleWaiters: Array<() => void> = []
  const done = { ok: 0, failed: 0 }

  const settleIfIdle = () => {
    if (queued.size > 0 || inFlight.size > 0 || retrying.size > 0) return
    if (done.ok + done.failed > 0) {
      opts.log.info({ hub: o.hubUrl, topics_ok: done.ok, topics_failed: done.failed }, 'websub: hub told of the changed feeds')
      done.ok = 0
      done.failed = 0
    }
    for (const resolve of idleWaiters.splice(0)) resolve()
  }

  const idle = () => new Promise<void>((resolve) => {
    idleWaiters.push(resolve)
    settleIfIdle()
  })

  const pump = () => {
    for (const [topic, attempts] of queued) {
      if (stopped || inFlight.size >= o.concurrency) break
      queued.delete(topic)
      inFlight.add(topic)
      void send(topic, attempts)
    }
    settleIfIdle()
  }

  const finish = (topic: string, outcome: PublishOutcome, attempts: number) => {
    if (outcome.kind === 'ok') {
      emit.websubPing({ outcome: 'ok' })
      done.ok++
      opts.log.debug({ topic, status: outcome.status, attempts }, 'websub: hub told')
      return
    }
    if (outcome.kind === 'retry' && attempts < o.attempts) {
      emit.websubPing({ outcome: 'retried' })
      const delay = o.retryDelayMs * 2 ** (attempts - 1) * (0.5 + o.random() / 2)
      opts.log.debug({ topic, reason: outcome.reason, attempts, retry_in_ms: Math.round(delay) }, 'websub: hub did not take the ping; retrying')
      retrying.set(topic, setTimeout(() => {
        retrying.delete(topic)
        if (!queued.has(topic)) queued.set(topic, attempts)
        pump()
      }, delay))
      return
    }
    emit.websubPing({ outcome: 'failed' })
    done.failed++
    opts.log.warn({ hub: o.hubUrl, topic, reason: outcome.reason, attempts }, 'websub: could not tell the hub; the feed is pinged again at its next change')
  }

  async function send(topic: string, previous: number) {
    const attempts = previous + 1
    const outcome = await sendPublish(o.hubUrl, topic, { userAgent: o.userAgent, timeoutMs: o.timeoutMs, signal: abort.signal, fetch: o.fetch })
    inFlight.delete(topic)
    if (stopped && outcome.kind !== 'ok') {
      emit.websubPing({ outcome: 'dropped' })
    } else {
      finish(topic, outcome, attempts)
      if (again.delete(topic) && !retrying.has(topic)) queued.set(topic, 0)
    }
    pump()
  }

  return {
    publish(topics) {
      if (!accepting) return
      for (const topic of topics) {
        if (inFlight.has(topic)) again.add(topic)
        else if (!queued.has(topic) && !retrying.has(topic)) queued.set(topic, 0)
      }
      pump()
    },
    idle,
    async close(graceMs) {
      if (!accepting) return
      accepting = false
      let timer: NodeJS.Timeout | undefined
      const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs) })
      await Promise.race([idle(), grace])
      clearTimeout(timer)
      // Out of time: nothing more starts, retries are called off and the requests in flight aborted.
      stopped = true
      const abandoned = queued.size + retrying.size + inFlight.size
      for (const timer of retrying.values()) clearTimeout(timer)
      for (let i = 0; i < queued.size + retrying.size; i++) emit.websubPing({ outcome: 'dropped' })
      retrying.clear()
      queued.clear()
      again.clear()
      abort.abort()
      await idle()
      if (abandoned > 0) opts.log.warn({ hub: o.hubUrl, topics: abandoned }, 'websub: stopped before the hub was told of every changed feed')
    },
  }
}
