import assert from 'node:assert/strict'
import diagnostics_channel from 'node:diagnostics_channel'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, afterEach, before, describe, it } from 'node:test'
import pino from 'pino'
import { CHANNELS, type WebSubPingEvent } from '../metrics/events.ts'
import { startLoopbackHub, type LoopbackHub } from '../../test/helpers/websub-hub.ts'
import { createHubPinger, type HubPingerOptions } from './hub-pinger.ts'

const log = pino({ level: 'silent' })
const topics = (n: number, prefix = 'a') => Array.from({ length: n }, (_, i) => `https://news.example.org/feeds/${prefix}${i}.atom`)

/** The ping outcomes published while `work` runs (what /metrics counts). */
async function outcomes(work: () => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const listener = (m: unknown) => { const { outcome } = m as WebSubPingEvent; counts[outcome] = (counts[outcome] ?? 0) + 1 }
  diagnostics_channel.subscribe(CHANNELS.websubPing, listener)
  try {
    await work()
  } finally {
    diagnostics_channel.unsubscribe(CHANNELS.websubPing, listener)
  }
  return counts
}

describe('hub pinger against a loopback WebSub hub', () => {
  let hub: LoopbackHub
  const pinger = (o: Partial<HubPingerOptions> = {}) =>
    createHubPinger({ hubUrl: hub.url, userAgent: 'NewsdeskBot/1.0 (+https://news.example.org/auth.md)', log, retryDelayMs: 20, timeoutMs: 2000, ...o })

  before(async () => { hub = await startLoopbackHub() })
  afterEach(() => hub.reset())
  after(async () => { await hub.close() })

  it('one valid publish request per topic, a bounded number at once; a waiting topic queued again is sent once', async () => {
    const p = pinger({ concurrency: 3 })
    const counts = await outcomes(async () => {
      p.publish(topics(20))
      p.publish(topics(20))
      await p.idle()
    })
    assert.deepEqual(hub.refused, [])
    assert.deepEqual([...hub.accepted()].sort(), topics(20).sort())
    // The three in flight when the topics came again are sent again once answered: the hub may have read those
    // feeds before the second change. The seventeen still waiting are sent once.
    const sent = new Map<string, number>()
    for (const x of hub.pings) sent.set(x.topic, (sent.get(x.topic) ?? 0) + 1)
    assert.deepEqual([...sent].filter(([, n]) => n > 1).map(([t]) => t), topics(3))
    assert.equal(hub.pings.length, 23)
    assert.ok(hub.maxOpen() <= 3, `at most 3 at once (saw ${hub.maxOpen()})`)
    assert.equal(hub.pings[0]!.userAgent, 'NewsdeskBot/1.0 (+https://news.example.org/auth.md)')
    assert.deepEqual(counts, { ok: 23 })
    await p.close(1000)
  })

  it('a 5xx or a 429 is retried after a growing wait, then the topic goes through', async () => {
    const p = pinger({ concurrency: 1, attempts: 4, random: () => 1 })
    hub.failNext(2, 503)
    const [topic] = topics(1)
    const counts = await outcomes(async () => {
      p.publish([topic!])
      await p.idle()
    })
    assert.deepEqual(hub.pings.map((x) => x.status), [503, 503, 204])
    const [first, second, third] = hub.pings.map((x) => x.at)
    assert.ok(second! - first! >= 18, `first retry after about 20 ms (${second! - first!})`)
    assert.ok(third! - second! >= 38, `second retry after about 40 ms (${third! - second!})`)
    assert.deepEqual(counts, { retried: 2, ok: 1 })

    hub.reset()
    hub.failNext(1, 429)
    p.publish([topic!])
    await p.idle()
    assert.deepEqual(hub.pings.map((x) => x.status), [429, 204])
    await p.close(1000)
  })

  it('a refusal (4xx) is not retried; a hub failing every time is given up after the last attempt', async () => {
    const p = pinger({ attempts: 3 })
    hub.failNext(1, 400)
    const counts = await outcomes(async () => {
      p.publish(topics(1))
      await p.idle()
    })
    assert.deepEqual(hub.pings.map((x) => x.status), [400])
    assert.deepEqual(counts, { failed: 1 })

    hub.reset()
    hub.failNext(10, 502)
    const again = await outcomes(async () => {
      p.publish(topics(1, 'b'))
      await p.idle()
    })
    assert.deepEqual(hub.pings.map((x) => x.status), [502, 502, 502])
    assert.deepEqual(again, { retried: 2, failed: 1 })
    await p.close(1000)
  })

  it('a stalled hub costs one timeout per attempt; the retry goes through', async () => {
    // 600 ms, not 150: on a loaded CI leg the retry's own 204 once took longer than 150 ms, timed out and was sent a
    // third time ([0, 204, 204]). The time check is a hang guard: a stall without the timeout never ends.
    const p = pinger({ timeoutMs: 600 })
    hub.stallNext(1)
    const started = Date.now()
    const counts = await outcomes(async () => {
      p.publish(topics(1))
      await p.idle()
    })
    assert.ok(Date.now() - started < 10_000)
    assert.deepEqual(hub.pings.map((x) => x.status), [0, 204])
    assert.deepEqual(counts, { retried: 1, ok: 1 })
    await p.close(1000)
  })

  it('an unreachable hub is a network failure: retried, then given up', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const p = pinger({ hubUrl: `http://127.0.0.1:${port}/hub`, attempts: 2 })
    const counts = await outcomes(async () => {
      p.publish(topics(1))
      await p.idle()
    })
    assert.deepEqual(counts, { retried: 1, failed: 1 })
    await p.close(1000)
  })

  it('close() lets queued pings finish within its grace, and abandons the rest of a stalled hub\'s when it runs out', async () => {
    const quick = pinger({ concurrency: 2 })
    quick.publish(topics(6))
    await quick.close(5000)
    assert.equal(hub.accepted().size, 6, 'queued pings were sent before close returned')
    quick.publish(topics(1, 'late'))
    assert.equal(hub.pings.length, 6, 'nothing is taken after close')

    hub.reset()
    const stuck = pinger({ concurrency: 1, timeoutMs: 60_000 })
    hub.stallNext(100)
    const started = Date.now()
    const counts = await outcomes(async () => {
      stuck.publish(topics(3, 'c'))
      await stuck.close(200)
    })
    assert.ok(Date.now() - started < 2000, `close held for ${Date.now() - started} ms`)
    assert.deepEqual(counts, { dropped: 3 })
  })
})
