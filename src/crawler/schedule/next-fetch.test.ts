import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { toPublisher } from '../../publishers/publisher.ts'
import type { FeedRecord } from '../../domain/crawl-records.ts'
import { BACKOFF_MAX_SECONDS, QUIET_MAX_SECONDS, maxAgeOf, nextFeedState, retryAfterSeconds, type FetchOutcome } from './next-fetch.ts'

const NOW = new Date('2026-11-20T10:00:00Z')
const BASE = 900
const feed = (over: Partial<FeedRecord> = {}): FeedRecord => ({
  publisher: toPublisher({ name: 'P', site_url: 'https://p.example', feed_url: 'https://p.example/feed', topic: 'business', lang: 'en' }),
  etag: '"old"', lastModified: null, nextFetchAt: NOW.toISOString(), intervalSeconds: BASE, consecutiveFailures: 0,
  lastStatus: null, lastError: null, lastFetchedAt: null, lastSuccessAt: null, articleCount: 0, active: true, ...over,
})
const middle = { baseSeconds: BASE, random: () => 0.5 } // jitter factor exactly 1
const waitOf = (f: FeedRecord, o: FetchOutcome, opts = middle) => (Date.parse(nextFeedState(f, o, NOW, opts).nextFetchAt) - NOW.getTime()) / 1000
const failed = (retryAfterSeconds: number | null = null): FetchOutcome => ({ kind: 'failed', status: 'http-error', message: 'HTTP 503', retryAfterSeconds })

describe('feed schedule', () => {
  it('new articles keep the base interval and store the new validators', () => {
    const next = nextFeedState(feed({ intervalSeconds: 3600 }), { kind: 'ok', newArticles: 2, etag: '"new"', lastModified: 'x', maxAgeSeconds: null }, NOW, middle)
    assert.equal(next.intervalSeconds, BASE)
    assert.equal(next.etag, '"new"')
    assert.equal(next.lastStatus, 'ok')
    assert.equal(next.succeededAt, NOW.toISOString())
  })

  it('quiet feeds are polled less and less often, up to the cap; validators survive a 304', () => {
    let f = feed()
    const intervals: number[] = []
    for (let i = 0; i < 12; i++) {
      const next = nextFeedState(f, { kind: 'not-modified', maxAgeSeconds: null }, NOW, middle)
      assert.equal(next.etag, '"old"')
      intervals.push(next.intervalSeconds)
      f = feed({ intervalSeconds: next.intervalSeconds })
    }
    assert.deepEqual(intervals.slice(0, 3), [1350, 2025, 3038])
    assert.equal(intervals.at(-1), QUIET_MAX_SECONDS)
  })

  it('never polls sooner than the base interval or the server asks (Cache-Control max-age)', () => {
    assert.equal(waitOf(feed(), { kind: 'ok', newArticles: 1, etag: null, lastModified: null, maxAgeSeconds: 60 }), BASE)
    assert.equal(waitOf(feed(), { kind: 'ok', newArticles: 1, etag: null, lastModified: null, maxAgeSeconds: 7200 }), 7200)
  })

  it('backs off exponentially on failures, with jitter, capped at a day, honouring Retry-After', () => {
    const waits = [0, 1, 2, 3, 4, 10].map((n) => waitOf(feed({ consecutiveFailures: n }), failed()))
    assert.deepEqual(waits, [900, 1800, 3600, 7200, 14400, BACKOFF_MAX_SECONDS])
    assert.equal(waitOf(feed(), failed(), { baseSeconds: BASE, random: () => 0 }), 720, '-20 %')
    assert.equal(waitOf(feed(), failed(), { baseSeconds: BASE, random: () => 0.999999 }), 1080, '+20 %')
    assert.equal(waitOf(feed(), failed(5000)), 5000)
    const next = nextFeedState(feed({ consecutiveFailures: 2 }), failed(), NOW, middle)
    assert.equal(next.consecutiveFailures, 3)
    assert.equal(next.lastError, 'HTTP 503')
    assert.equal(next.succeededAt, null)
    assert.equal(next.etag, '"old"', 'a failure keeps the validators')
  })

  it('reads max-age and Retry-After', () => {
    assert.equal(maxAgeOf({ 'cache-control': 'public, max-age=600' }), 600)
    assert.equal(maxAgeOf({ 'cache-control': 'no-cache' }), null)
    assert.equal(maxAgeOf({}), null)
    assert.equal(retryAfterSeconds('120', NOW), 120)
    assert.equal(retryAfterSeconds('Fri, 20 Nov 2026 10:05:00 GMT', NOW), 300)
    assert.equal(retryAfterSeconds('soon', NOW), null)
    assert.equal(retryAfterSeconds(null, NOW), null)
  })
})
