import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import { toPublisher } from '../../publishers/publisher.ts'
import type { Publisher } from '../../domain/crawl-records.ts'
import { openSqliteStore } from '../../storage/sqlite/sqlite-store.ts'
import type { Store } from '../../storage/store.ts'
import { ClusterWindow } from '../cluster-window.ts'
import { BRIDGE_ARTICLES, BRIDGE_T0, FIGURES_ONLY } from '../cluster/testdata/bridge.ts'
import type { CrawlerFetcher } from '../fetch/crawler-fetcher.ts'
import { failure } from '../fetch/fetch-result.ts'
import { inThreadStages } from '../workers/in-thread-stages.ts'
import { relationsAfter, survivorsOf } from './commit-runs.ts'
import { processFeed } from './process-feed.ts'
import { createStoryRewriteQueue } from './story-rewrite-queue.ts'

/**
 * The crawl pipeline over a real SQLite store: three outlets' feeds carry a bridge (cluster/testdata/bridge.ts:
 * `strike` and `cost` do not match each other, `bridge` matches both, under a model that decides by shared figures).
 * Whatever order the feeds are crawled in, the end is one story, the one first published, written from all three
 * articles; a story merged away redirects to it.
 */
const NOW = new Date(BRIDGE_T0 + 40 * 3_600_000)
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const ARTICLES = [...BRIDGE_ARTICLES]
const PUBLISHERS = new Map<string, Publisher>(ARTICLES.map((a) => [a.id, toPublisher({
  name: `Outlet ${a.id}`, site_url: `https://${a.id}.example`, feed_url: `https://${a.id}.example/feed.xml`, topic: 'business', lang: 'en',
})]))

function rss(articleId: string): Buffer {
  const a = ARTICLES.find((x) => x.id === articleId)!
  const p = PUBLISHERS.get(articleId)!
  return Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>${p.name}</title><link>${p.siteUrl}</link>
    <item><title>${escape(a.title)}</title><link>${p.siteUrl}/${a.id}</link><guid>${p.siteUrl}/${a.id}</guid>
    <pubDate>${new Date(a.publishedAt!).toUTCString()}</pubDate><description>${escape(a.teaserText)}</description></item>
    </channel></rss>`)
}

/** Feeds from memory (the network is not what is tested here); article pages are unavailable, so teasers count. */
const fetcher = {
  async fetchFeed(url: string) {
    const id = [...PUBLISHERS].find(([, p]) => p.feedUrl === url)![0]
    return { status: 'ok', body: rss(id), headers: { 'content-type': 'application/rss+xml' }, finalUrl: url, etag: null, lastModified: null }
  },
  async fetchArticle() {
    return failure('http-error', 'no article pages in this test', { httpStatus: 404 })
  },
  linkRefusal: () => null,
} as unknown as CrawlerFetcher

async function crawlInOrder(order: string[], log = pino({ level: 'silent' })) {
  const store: Store = openSqliteStore(':memory:')
  const publishers = [...PUBLISHERS.values()]
  await store.crawl.syncPublishers(publishers, NOW.toISOString())
  const window = new ClusterWindow(FIGURES_ONLY)
  await window.load(store.crawl, NOW)
  const writer = createStoryRewriteQueue({ crawl: store.crawl, log, publishers: new Map(publishers.map((p) => [p.id, p])), llm: null, now: () => NOW })
  const feeds = await store.crawl.listFeeds()
  const storyOf = new Map<string, string>()
  for (const id of order) {
    const feed = feeds.find((f) => f.publisher.feedUrl === PUBLISHERS.get(id)!.feedUrl)!
    const report = await processFeed(feed, {
      crawl: store.crawl, fetcher, window, stages: inThreadStages, schedule: { baseSeconds: 900, random: () => 0.5 }, now: () => NOW, log,
    })
    assert.equal(report.articlesNew, 1, `${id}: ${report.reason ?? ''}`)
    storyOf.set(id, report.touched[0]!)
    writer.enqueue(report.touched.map((storyId) => ({ storyId, attempts: 0 })))
    await writer.drain()
  }
  return { store, storyOf }
}

describe('story merges in the crawl pipeline', () => {
  for (const order of [['strike', 'cost', 'bridge'], ['cost', 'strike', 'bridge'], ['bridge', 'cost', 'strike']]) {
    it(`crawled ${order.join(' → ')}: one story, written from all three articles`, async () => {
      const { store, storyOf } = await crawlInOrder(order)
      try {
        assert.equal(await store.countStories(), 1)
        const [story] = await store.listStories({ limit: 10, lang: 'en' })
        const detail = (await store.getStory(story!.id, 'en'))!
        // The lead is one of the three (chosen by the story text: docs/summaries.md), the two others its coverage.
        const lead = ARTICLES.find((a) => detail.originalUrl === `${PUBLISHERS.get(a.id)!.siteUrl}/${a.id}`)
        assert.ok(lead, detail.originalUrl)
        assert.deepEqual(detail.coveredBy!.map((c) => c.name).sort(), ARTICLES.filter((a) => a !== lead).map((a) => `Outlet ${a.id}`).sort())
        assert.equal(detail.multiSource, true)
        assert.equal((await store.crawl.storyArticles(story!.id, 10)).length, 3)
        // Every story id a feed run reported answers: the survivor itself, or a redirect to it.
        for (const id of new Set(storyOf.values())) {
          assert.ok(id === story!.id || (await store.storyRedirect(id)) === story!.id, `${id} resolves to the survivor`)
        }
        if (order[0] === 'strike') {
          // The bridge came last: cost's story was written, then merged into strike's (the one published first).
          assert.equal(story!.id, storyOf.get('strike'))
          assert.equal(await store.storyRedirect(storyOf.get('cost')!), story!.id)
          assert.equal(storyOf.get('bridge'), story!.id, 'the bridge reports the survivor as touched')
        }
        if (order[0] === 'cost') {
          assert.equal(story!.id, storyOf.get('strike'), 'strike was published first, though crawled second')
          assert.equal(await store.storyRedirect(storyOf.get('cost')!), story!.id)
        }
      } finally {
        await store.close()
      }
    })
  }
})

describe('an article page that fails', () => {
  it('leaves the article with its feed teaser, and says so in the log with the URL and the reason', async () => {
    const lines: Array<Record<string, unknown>> = []
    const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>) } })
    const { store } = await crawlInOrder(['strike'], log)
    try {
      const kept = lines.filter((l) => l.msg === 'crawler: article page not fetched, kept the feed teaser')
      assert.deepEqual(kept.map((l) => [l.url, l.reason]), [[`${PUBLISHERS.get('strike')!.siteUrl}/strike`, 'http-error']])
      const [story] = await store.listStories({ limit: 1, lang: 'en' })
      const [article] = await store.crawl.storyArticles(story!.id, 1)
      assert.equal(article!.text, ARTICLES[0]!.teaserText, 'the stored text is the teaser')
    } finally {
      await store.close()
    }
  })
})

describe('related stories found in a run', () => {
  it('are committed between the stories that survived the run\'s merges, one per pair with its best score, never a story with itself', () => {
    // s2 merged into s1 after articles of s2 and s3 had found each other related.
    const survivor = survivorsOf([{ from: 's2', into: 's1' }])
    assert.deepEqual(relationsAfter([
      { storyId: 's3', relatedId: 's2', score: 0.4 },
      { storyId: 's1', relatedId: 's3', score: 0.6 },
      { storyId: 's2', relatedId: 's1', score: 0.9 },
      { storyId: 's4', relatedId: 's3', score: 0.3 },
    ], survivor), [{ storyId: 's1', relatedId: 's3', score: 0.6 }, { storyId: 's3', relatedId: 's4', score: 0.3 }])
  })
})
