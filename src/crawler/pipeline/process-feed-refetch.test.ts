import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import { toPublisher } from '../../publishers/publisher.ts'
import { openSqliteStore } from '../../storage/sqlite/sqlite-store.ts'
import { ClusterWindow } from '../cluster-window.ts'
import type { CrawlerFetcher } from '../fetch/crawler-fetcher.ts'
import { failure } from '../fetch/fetch-result.ts'
import { inThreadStages } from '../workers/in-thread-stages.ts'
import { EXTRACTIONS_PER_FEED, processFeed } from './process-feed.ts'
import { REFETCH_BACKOFF_SECONDS } from './refetch-policy.ts'

/**
 * Which teaser-only articles a feed run queues for another fetch of their page: those over the extraction budget
 * (due at once) and those whose page failed for a passing reason (due after the first backoff step); never those
 * whose page is gone.
 */
const NOW = new Date('2026-11-25T12:00:00.000Z')
const publisher = toPublisher({ name: 'Wire', site_url: 'https://wire.example', feed_url: 'https://wire.example/feed.xml', topic: 'business', lang: 'en' })
const ITEMS = EXTRACTIONS_PER_FEED + 3

function rss(): Buffer {
  const items = Array.from({ length: ITEMS }, (_, i) => `<item><title>Distinct event number ${i} in the ${['harbour', 'senate', 'market', 'league'][i % 4]} ${i * 7}</title>
    <link>https://wire.example/a/${i}</link><guid>https://wire.example/a/${i}</guid>
    <pubDate>${new Date(NOW.getTime() - (ITEMS - i) * 60_000).toUTCString()}</pubDate>
    <description>Teaser ${i}: something ${i * 13} happened somewhere ${i * 17}.</description></item>`)
  return Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title><link>https://wire.example</link>${items.join('')}</channel></rss>`)
}

/** Pages of even items answer 503, odd ones 404; the feed comes from memory. */
const asked: string[] = []
const fetcher = {
  async fetchFeed(url: string) {
    return { status: 'ok', body: rss(), headers: { 'content-type': 'application/rss+xml' }, finalUrl: url, etag: null, lastModified: null }
  },
  async fetchArticle(url: string) {
    asked.push(url)
    const n = Number(url.split('/').pop())
    return n % 2 === 0 ? failure('http-error', 'busy', { httpStatus: 503 }) : failure('http-error', 'gone', { httpStatus: 404 })
  },
  linkRefusal: () => null,
} as unknown as CrawlerFetcher

describe('a feed run queues refetches', () => {
  it('for pages over the budget (due at once) and pages that failed for a passing reason (after the first step), not for 404s', async () => {
    const store = openSqliteStore(':memory:')
    try {
      await store.crawl.syncPublishers([publisher], NOW.toISOString())
      const window = new ClusterWindow()
      await window.load(store.crawl, NOW)
      const [feed] = await store.crawl.listFeeds()
      const report = await processFeed(feed!, {
        crawl: store.crawl, fetcher, window, stages: inThreadStages, schedule: { baseSeconds: 900, random: () => 0.5 }, now: () => NOW,
        log: pino({ level: 'silent' }),
      })
      assert.equal(report.articlesNew, ITEMS)
      assert.equal(asked.length, EXTRACTIONS_PER_FEED, 'the budget held')
      const fetched = new Set(asked)
      const all = Array.from({ length: ITEMS }, (_, i) => `https://wire.example/a/${i}`)
      const overBudget = all.filter((u) => !fetched.has(u))
      assert.deepEqual(overBudget, all.slice(0, ITEMS - EXTRACTIONS_PER_FEED), 'the budget goes to the newest pages; the oldest wait')
      const busy = asked.filter((u) => Number(u.split('/').pop()) % 2 === 0)

      const urls = async (at: Date) => (await store.crawl.claimDueRefetches({ now: at.toISOString(), limit: 100, leaseSeconds: 3600 })).map((c) => c.url).sort()
      assert.deepEqual(await urls(NOW), [...overBudget].sort(), 'over the budget: due at once')
      const firstStep = new Date(NOW.getTime() + REFETCH_BACKOFF_SECONDS[0] * 1000)
      assert.deepEqual(await urls(new Date(firstStep.getTime() - 1000)), [], 'the failed ones wait for the first step')
      assert.deepEqual(await urls(firstStep), [...busy].sort(), '503s are queued, 404s are not')
    } finally {
      await store.close()
    }
  })
})
