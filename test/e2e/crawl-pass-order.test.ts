/**
 * A pass clusters its feeds' new articles oldest first, whichever feed answers first (pipeline/held-runs.ts, decision
 * 0007): a slow feed's older article is committed, and so judged, before a fast feed's younger one. Two loopback
 * feeds; the slow one answers only once the fast one has been fetched (and, in the contrast case, its article
 * committed), so the arrival order is the wrong one by construction. The clustering order is the order in which
 * the pass's cluster window is told of each assigned article; with a hold of one article the pass clusters each feed
 * as it comes (the contrast that shows the hold is what orders them).
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { ClusterWindow } from '../../src/crawler/cluster-window.ts'
import { runCrawl } from '../../src/crawler/crawl-run.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import type { HoldLimits } from '../../src/crawler/pipeline/held-runs.ts'
import { inThreadStages } from '../../src/crawler/workers/in-thread-stages.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { tempDir } from '../helpers/cli.ts'
import { startServer, tableResolver, tempKeyRing, type TestServer } from '../crawler/servers.ts'

const HOUR = 3_600_000
/** Long enough to be the whole article, so no page is fetched. */
const TEXT = {
  fast: 'The city council approved a new tram line to the airport on Monday after a two-year consultation. Construction starts in spring and the line opens in 2029. The budget is 410 million euros, shared with the region. Residents along the route will be compensated for noise.',
  slow: 'A regional bank reported record quarterly profit as higher interest rates lifted lending margins. Deposits grew by a tenth. The bank raised its dividend and announced a share buyback. Its chief executive warned that bad loans could rise next year as the economy slows.',
}

describe('a crawl pass clusters its feeds\' articles oldest first', { timeout: 60_000 }, () => {
  let site: TestServer
  let fetcher: CrawlerFetcher
  /** The slow feed answers once this resolves. */
  let slowGate: () => Promise<void> = async () => {}
  let fastFetched: () => void = () => {}
  // Whole seconds, as RSS dates carry them.
  const published = { fast: new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * HOUR), slow: new Date(Math.floor(Date.now() / 1000) * 1000 - 30 * HOUR) }

  /** A cluster window that records the order in which articles are assigned to stories. */
  class RecordingWindow extends ClusterWindow {
    readonly assigned: string[] = []
    override indexed(articleId: string, fetchedAt: number): void {
      this.assigned.push(articleId)
      super.indexed(articleId, fetchedAt)
    }
  }

  const rss = (name: 'fast' | 'slow', run: number) => `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title>
    <link>http://127.0.0.1:${site.port}/</link><language>en</language><item><title>${TEXT[name].split(' ').slice(0, 9).join(' ')}</title>
    <link>http://127.0.0.1:${site.port}/${name}-${run}</link><guid isPermaLink="false">${name}-${run}</guid>
    <pubDate>${published[name].toUTCString()}</pubDate><description>${TEXT[name]} Run ${run}.</description></item></channel></rss>`

  before(async () => {
    site = await startServer((req, res) => {
      const [, name, run] = /^\/(fast|slow)\.xml\?run=(\d+)$/.exec(req.url ?? '') ?? []
      if (!name) return void res.writeHead(404).end()
      const send = () => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(name as 'fast' | 'slow', Number(run)))
      if (name === 'fast') {
        send()
        fastFetched()
      } else void slowGate().then(send)
    })
    fetcher = createCrawlerFetcher({
      siteUrl: 'https://news.example', keys: tempKeyRing().keys, allow: [`127.0.0.1:${site.port}`], resolve: tableResolver({}),
    })
  })
  after(async () => {
    await fetcher?.close()
    await site?.close()
  })

  /** Crawls both feeds in one pass; the articles' publication times in the order they were clustered. */
  async function crawl(run: number, hold: HoldLimits | undefined, gate: (store: Store, fast: Promise<void>) => Promise<void>) {
    const store = openSqliteStore(path.join(tempDir('newsdesk-pass-order-'), 'order.db'))
    try {
      const fast = new Promise<void>((resolve) => { fastFetched = resolve })
      slowGate = () => gate(store, fast)
      const publishers = (['slow', 'fast'] as const).map((name) => toPublisher({
        name: `${name} wire`, site_url: `http://127.0.0.1:${site.port}/`, feed_url: `http://127.0.0.1:${site.port}/${name}.xml?run=${run}`, topic: 'business', lang: 'en',
      }))
      const window = new RecordingWindow()
      const summary = await runCrawl({
        crawl: store.crawl, fetcher, publishers, llm: null, log: pino({ level: 'silent' }), intervalSeconds: 900,
        stages: inThreadStages, storyTextMemo: null, concurrency: 2, window, ...(hold ? { hold } : {}),
      })
      assert.equal(summary.feeds.ok, 2)
      assert.equal(summary.articlesNew, 2)
      const published = new Map<string, string | null>()
      for await (const a of store.crawl.recentArticles(new Date(0).toISOString())) published.set(a.id, a.publishedAt)
      return window.assigned.map((id) => published.get(id))
    } finally {
      await store.close()
    }
  }

  it('commits the slow feed\'s older article first, although it arrived last', async () => {
    const order = await crawl(1, undefined, async (_store, fast) => {
      await fast
      // The fast feed's run is prepared and held by now; the slow one comes after it.
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    assert.deepEqual(order, [published.slow.toISOString(), published.fast.toISOString()])
  })

  it('commits in arrival order when the pass holds nothing (the contrast)', async () => {
    const order = await crawl(2, { articles: 1, ms: 60_000 }, async (store) => {
      // Answer only once the fast feed's article is committed.
      for (let i = 0; i < 500; i++) {
        for await (const _ of store.crawl.recentArticles(new Date(0).toISOString())) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })
    assert.deepEqual(order, [published.fast.toISOString(), published.slow.toISOString()])
  })
})
