import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCrawlDelay, MAX_CRAWL_DELAY_SECONDS } from './crawl-delay.ts'

/** A clock that records every sleep instead of sleeping, so slot arithmetic is checked exactly, free of load. */
function fakeClock(start = 1_000_000) {
  const sleeps: number[] = []
  const clock = { t: start, now: () => clock.t, sleep: async (ms: number) => void sleeps.push(ms) }
  return { clock, sleeps }
}

describe('createCrawlDelay', () => {
  it('spaces concurrent requests to one origin by the delay, the first at once', async () => {
    const { clock, sleeps } = fakeClock()
    const delay = createCrawlDelay(undefined, clock)
    await Promise.all([1, 2, 3].map(() => delay.wait('https://a.example', 0.3)))
    assert.deepEqual(sleeps, [300, 600])
  })

  it('keeps origins apart, and waits nothing once the reserved slot has passed', async () => {
    const { clock, sleeps } = fakeClock()
    const delay = createCrawlDelay(undefined, clock)
    await delay.wait('https://a.example', 2)
    await delay.wait('https://b.example', 2)
    assert.deepEqual(sleeps, [])
    clock.t += 500
    await delay.wait('https://a.example', 2)
    assert.deepEqual(sleeps, [1500])
    clock.t += 10_000
    await delay.wait('https://a.example', 2)
    assert.deepEqual(sleeps, [1500])
  })

  it('caps a long Crawl-delay and ignores none, zero and negative ones', async () => {
    const { clock, sleeps } = fakeClock()
    const delay = createCrawlDelay(undefined, clock)
    await delay.wait('https://slow.example', 3600)
    await delay.wait('https://slow.example', 3600)
    assert.deepEqual(sleeps, [MAX_CRAWL_DELAY_SECONDS * 1000])
    for (const seconds of [null, 0, -5]) {
      await delay.wait('https://free.example', seconds)
      await delay.wait('https://free.example', seconds)
    }
    assert.deepEqual(sleeps, [MAX_CRAWL_DELAY_SECONDS * 1000])
  })
})
