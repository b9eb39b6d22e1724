import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FeedRecord } from '../domain/crawl-records.ts'
import diagnostics_channel from 'node:diagnostics_channel'
import { CHANNELS, emit } from './events.ts'
import { createMetrics, feedState } from './metrics.ts'

const feed = (over: Partial<FeedRecord>): FeedRecord => ({
  publisher: {} as FeedRecord['publisher'], etag: null, lastModified: null, nextFetchAt: '2026-11-20T12:00:00Z', intervalSeconds: 900,
  consecutiveFailures: 0, lastStatus: 'ok', lastError: null, lastFetchedAt: null, lastSuccessAt: null, articleCount: 0, active: true, ...over,
})

describe('metrics', () => {
  it('feeds by state: pending, ok, failing after one failure, backoff after two, inactive', () => {
    assert.equal(feedState(feed({ lastStatus: null })), 'pending')
    assert.equal(feedState(feed({})), 'ok')
    assert.equal(feedState(feed({ lastStatus: 'not-modified' })), 'ok')
    assert.equal(feedState(feed({ consecutiveFailures: 1, lastStatus: 'timeout' })), 'failing')
    assert.equal(feedState(feed({ consecutiveFailures: 5, lastStatus: 'http-error:500' })), 'backoff')
    assert.equal(feedState(feed({ active: false, consecutiveFailures: 5 })), 'inactive')
  })

  it('counts what the crawler publishes only while subscribed', async () => {
    emit.llmCall({ outcome: 'ok', durationMs: 10 }) // before: nobody listens, nothing breaks
    const metrics = createMetrics()
    emit.llmCall({ outcome: 'timeout', durationMs: 60_000 })
    emit.crawlPass({ outcome: 'ok', durationMs: 2_000, storiesCreated: 3, storiesUpdated: 1 })
    const text = await metrics.registry.metrics()
    assert.match(text, /^newsdesk_llm_calls_total\{outcome="timeout"\} 1$/m)
    assert.match(text, /^newsdesk_llm_calls_total\{outcome="ok"\} 0$/m)
    assert.match(text, /^newsdesk_stories_published_total\{kind="created"\} 3$/m)
    assert.match(text, /^newsdesk_crawl_passes_total\{outcome="ok"\} 1$/m)
    const second = createMetrics()
    metrics.close()
    emit.llmCall({ outcome: 'timeout', durationMs: 1 })
    assert.match(await second.registry.metrics(), /^newsdesk_llm_calls_total\{outcome="timeout"\} 1$/m, 'each registry counts from its start')
    second.close()
    assert.equal(diagnostics_channel.channel(CHANNELS.llmCall).hasSubscribers, false, 'close() unsubscribes')
  })
})
