/**
 * A full disk during a crawl (issue 24, point 10): the pass used to log an error with a stack for every feed and
 * story that failed alike (63 lines) and left the feeds it had claimed leased for the whole lease (10 min), so the
 * next pass skipped them. Now the pass stops at the first full write, hands its unfinished feeds' leases back, and
 * the crawl schedule logs one line per pass, without a stack.
 *
 * The disk fills after the first feed has committed: the real SQLite store runs underneath, and its writes that add
 * data (feed commits, story rewrites) then throw the error SQLite itself raises when it cannot grow, SQLITE_FULL
 * (made by a database whose max_page_count is reached, not constructed by hand). Lease updates rewrite rows in place
 * and go through, as they do on a real full disk.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { runCrawl } from '../../src/crawler/crawl-run.ts'
import { startCrawlSchedule } from '../../src/crawler/crawl-schedule.ts'
import type { Crawler } from '../../src/crawler/create-crawler.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import { CrawlStoreFullError } from '../../src/crawler/store-full-error.ts'
import { inThreadStages } from '../../src/crawler/workers/in-thread-stages.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import type { CrawlStore } from '../../src/storage/crawl-store.ts'
import Database from '../../src/storage/sqlite/driver.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { tempDir } from '../helpers/cli.ts'
import { startServer, tempKeyRing, type TestServer } from '../crawler/servers.ts'

const FEEDS = 12

/** The error SQLite raises when the database cannot grow: made for real, by a database held at its page count. */
function realSqliteFull(): Error {
  const db = new Database(':memory:')
  try {
    db.exec('CREATE TABLE t (x)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000))
  } catch (err) {
    return err as Error
  } finally {
    db.close()
  }
  throw new Error('expected SQLITE_FULL')
}

/** The store's crawl state, full after `room` feed commits: every write that adds data then fails like SQLite's. */
function fillsUp(crawl: CrawlStore, room: number): CrawlStore {
  let commits = 0
  const full = realSqliteFull()
  const growing = new Set(['commitFeedRun', 'commitClusteredRun', 'commitStories', 'settleRefetch'])
  return new Proxy(crawl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown
      if (typeof value !== 'function') return value
      if (!growing.has(String(prop))) return (value as (...a: unknown[]) => unknown).bind(target)
      return async (...args: unknown[]) => {
        if (commits >= room) throw full
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        if (prop === 'commitFeedRun' || prop === 'commitClusteredRun') commits++
        return result
      }
    },
  })
}

describe('a full disk during a crawl pass', { timeout: 60_000 }, () => {
  let site: TestServer
  let store: Store
  let fetcher: CrawlerFetcher
  const lines: Array<Record<string, unknown> & { level: number; msg: string }> = []
  const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line)) } })
  const publishers = () => Array.from({ length: FEEDS }, (_, i) => toPublisher({
    name: `Feed ${i}`, site_url: `${site.origin}/`, feed_url: `${site.origin}/feed-${i}.xml`, topic: 'business', lang: 'en',
  }))

  before(async () => {
    site = await startServer((req, res) => {
      const n = /^\/feed-(\d+)\.xml$/.exec(req.url ?? '')?.[1]
      if (!n) return void res.writeHead(404).end()
      const date = new Date(Date.now() - 3_600_000).toUTCString()
      const items = [1, 2].map((k) => `<item><title>Port ${n} reports cargo record number ${k} in quarter</title>
        <link>${site.origin}/a/${n}/${k}</link><guid>${site.origin}/a/${n}/${k}</guid><pubDate>${date}</pubDate>
        <description>The port of city ${n} handled a record volume of cargo in the quarter, item ${k}, officials said on Monday in a statement that gave figures for every terminal.</description></item>`)
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel>
        <title>Feed ${n}</title><link>${site.origin}/</link><language>en</language>${items.join('')}</channel></rss>`)
    })
    store = openSqliteStore(path.join(tempDir('newsdesk-full-'), 'full.db'))
    fetcher = createCrawlerFetcher({ siteUrl: 'https://news.example', keys: tempKeyRing().keys, allow: ['127.0.0.1'] })
  })
  after(async () => {
    await fetcher?.close()
    await store?.close()
    await site?.close()
  })

  it('stops the pass with one clear error, hands every unfinished feed back, and logs no stack', async () => {
    const crawl = fillsUp(store.crawl, 1)
    const owner = 'full-disk-test'
    const crawler: Crawler = {
      publishers: FEEDS, problems: [], leaseSeconds: 600,
      run: (opts = {}) => runCrawl({
        crawl, fetcher, publishers: publishers(), llm: null, log, intervalSeconds: 900, stages: inThreadStages,
        // Each feed's two articles commit as a batch of their own, so the store fills after one feed.
        concurrency: 4, owner, leaseSeconds: 600, storyTextMemo: null, hold: { articles: 2, ms: 60_000 }, ...opts,
      }),
      warmUp: async () => {},
      close: async () => {},
    }
    // The pass itself: a CrawlStoreFullError naming SQLite's reason.
    await assert.rejects(crawler.run(), (err: unknown) => {
      assert.ok(err instanceof CrawlStoreFullError)
      assert.match(err.message, /^the store is full \(SQLITE_FULL: database or disk is full\): the crawl pass stopped after 1 feeds; \d+ unfinished feeds were handed back/)
      assert.ok(err.feedsReleased >= 1, `${err.feedsReleased} released`)
      return true
    })
    assert.deepEqual(lines.filter((l) => l.level >= 40).map((l) => l.msg), [], 'the pass logs nothing per feed or story')

    // Every feed but the one that committed is due and free at once: no lease outlives the pass.
    const claimable = await store.crawl.claimDueFeeds({ now: new Date().toISOString(), limit: 100, owner: 'next-pass', leaseSeconds: 60 })
    assert.equal(claimable.length, FEEDS - 1)
    await store.crawl.releaseFeeds({ feedUrls: claimable.map((f) => f.publisher.feedUrl), owner: 'next-pass' })

    // Under the schedule (serve, crawl --worker): one error line for the pass, with its reason and no stack.
    lines.length = 0
    const schedule = startCrawlSchedule(crawler, 3600, log)
    await schedule.stop()
    const errors = lines.filter((l) => l.level >= 50)
    assert.equal(errors.length, 1, JSON.stringify(lines.map((l) => l.msg)))
    assert.match(errors[0]!.msg, /^crawl: the store is full \(SQLITE_FULL: database or disk is full\)/)
    assert.equal(errors[0]!.reason, 'SQLITE_FULL: database or disk is full')
    assert.equal(errors[0]!.err, undefined, 'no error object, so no stack')
    assert.equal(lines.filter((l) => l.level >= 40).length, 1)
    assert.equal((await store.crawl.claimDueFeeds({ now: new Date().toISOString(), limit: 100, owner: 'after', leaseSeconds: 60 })).length, FEEDS - 1)
  })
})
