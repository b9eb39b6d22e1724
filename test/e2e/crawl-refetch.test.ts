/**
 * Articles that kept their feed teaser get their page fetched again (issue: refetch), end to end on loopback, on both
 * stores: the crawl pass (runCrawl, with the clock it uses injected), the real signed fetcher against a publisher
 * on 127.0.0.1, real extraction, the real story rewrite queue.
 *
 * The publisher's feed carries two teaser-only items. One article page answers 503 on the first pass and the full
 * article afterwards; the other answers 404 for good. After the first pass both stories are written from their
 * teasers and only the 503 article is queued. A pass before its retry time fetches nothing again; a pass once it is
 * due (the injected clock moved on, nothing sleeps) upgrades the article, and its story's summary and cards now come
 * from the full text. The 404 page is never asked for again.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { runCrawl, type CrawlSummary } from '../../src/crawler/crawl-run.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import { REFETCH_BACKOFF_SECONDS } from '../../src/crawler/pipeline/refetch-policy.ts'
import { inThreadStages } from '../../src/crawler/workers/in-thread-stages.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { openPostgresStore } from '../../src/storage/postgres/open-postgres-store.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { startServer, tableResolver, tempKeyRing, type TestServer } from '../crawler/servers.ts'
import { useTestSchemas } from '../helpers/postgres.ts'

const HOST = 'wire.test'
const TEASER = 'Harbour authority halts night shipping after crane failure.'
const MISSING_TEASER = 'Orchestra announces a winter season of rarely heard symphonies.'
/** Said only on the full article page: the story's text can only hold it once the page was read. */
const FULL_ONLY = ['Inspectors found a cracked slewing bearing', 'Shipping lines rerouted eleven container vessels', 'The harbour master expects']
const FULL_PARAGRAPHS = [
  'The harbour authority halted all night shipping on Tuesday after one of the three gantry cranes at the eastern terminal failed during a routine lift, dropping an empty container onto the quay.',
  `${FULL_ONLY[0]} at the base of the crane, according to a statement released by the authority on Wednesday morning. Nobody was injured, but the terminal was closed for the rest of the night while engineers examined the remaining cranes.`,
  `${FULL_ONLY[1]} to the northern terminal, where berths are shorter and loading takes longer. Hauliers reported queues of more than two hours at the northern gate on Wednesday afternoon.`,
  `${FULL_ONLY[2]} the two remaining cranes to return to service by Friday once their bearings have been checked. A replacement bearing for the failed crane has been ordered from the manufacturer and is due within six weeks.`,
]
const PAGE_IMAGE = 'https://images.wire.example/crane.jpg'
const ARTICLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour halts night shipping</title>
<meta property="og:image" content="${PAGE_IMAGE}"></head>
<body><header><nav><a href="/">Home</a></nav></header><main><article><h1>Harbour halts night shipping after crane failure</h1>
${FULL_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
</article></main><footer>All rights reserved</footer></body></html>`

interface Site {
  server: TestServer
  /** Whether the article page is still "down" (503). */
  down: boolean
  hits(pathname: string): number
}

async function startSite(now: () => Date): Promise<Site> {
  const site = { down: true } as Site
  site.server = await startServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    const origin = `http://${HOST}:${site.server.port}`
    if (url.pathname === '/robots.txt') return void res.writeHead(404).end()
    if (url.pathname === '/feed.xml') {
      const date = new Date(now().getTime() - 3_600_000).toUTCString()
      const item = (slug: string, title: string, teaser: string) => `<item><title>${title}</title><link>${origin}/${slug}</link>
        <guid>${origin}/${slug}</guid><pubDate>${date}</pubDate><description>${teaser}</description></item>`
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel>
        <title>Wire</title><link>${origin}/</link><language>en</language>
        ${item('harbour', 'Harbour halts night shipping after crane failure', TEASER)}
        ${item('orchestra', 'Orchestra announces winter season', MISSING_TEASER)}
        </channel></rss>`)
    }
    if (url.pathname === '/harbour') {
      if (site.down) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('busy')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE_PAGE)
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })
  site.hits = (pathname) => site.server.requests.filter((r) => r.url === pathname).length
  return site
}

const pgSchemas = useTestSchemas()
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-refetch-'))
after(() => fs.rmSync(tmp, { recursive: true, force: true }))

const stores: Array<[string, () => Store]> = [
  ['sqlite', () => openSqliteStore(path.join(tmp, 'store.db'))],
  ['postgres', () => openPostgresStore(pgSchemas.freshUrl())],
]

for (const [name, open] of stores) {
  describe(`a teaser kept after a 503 is upgraded by a later pass (${name})`, { timeout: 60_000 }, () => {
    let clock = new Date()
    let site: Site
    let store: Store
    let fetcher: CrawlerFetcher
    const lines: Array<Record<string, unknown>> = []
    const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>) } })
    const publisher = () => toPublisher({ name: 'Wire', site_url: `http://${HOST}:${site.server.port}/`, feed_url: `http://${HOST}:${site.server.port}/feed.xml`, topic: 'business', lang: 'en' })
    const pass = (): Promise<CrawlSummary> => runCrawl({
      crawl: store.crawl, fetcher, publishers: [publisher()], llm: null, log, now: () => clock, random: () => 0.5,
      intervalSeconds: 900, stages: inThreadStages, force: true,
    })
    const harbourStory = async () => {
      const stories = await store.listStories({ limit: 10, lang: 'en' })
      const found = []
      for (const s of stories) {
        const detail = (await store.getStory(s.id, 'en'))!
        if (detail.originalUrl.endsWith('/harbour')) found.push(detail)
      }
      assert.equal(found.length, 1)
      return found[0]!
    }
    const storyText = (s: Awaited<ReturnType<typeof harbourStory>>) =>
      [s.en.summary ?? '', ...(s.en.cards ?? []).flatMap((c) => [c.heading ?? '', c.body ?? ''])].join('\n')

    before(async () => {
      site = await startSite(() => clock)
      store = open()
      const { keys } = tempKeyRing()
      fetcher = createCrawlerFetcher({ siteUrl: 'https://news.example', keys, allow: ['127.0.0.1'], resolve: tableResolver({ [HOST]: '127.0.0.1' }) })
    })
    after(async () => {
      await fetcher?.close()
      await store?.close()
      await site?.server.close()
    })

    it('first pass: both articles keep their teaser; only the 503 one is queued, and the story is the teaser\'s', async () => {
      const summary = await pass()
      assert.equal(summary.articlesNew, 2)
      assert.equal(summary.articlesUpgraded, 0)
      assert.deepEqual([site.hits('/harbour'), site.hits('/orchestra')], [1, 1])
      const story = await harbourStory()
      const text = storyText(story)
      for (const phrase of FULL_ONLY) assert.ok(!text.includes(phrase), `not yet: ${phrase}`)
      assert.ok(text.includes('crane failure') || story.en.headline.includes('crane failure'), text)
      assert.equal(story.coverImageUrl, null, 'the feed gave no image')
      const kept = lines.filter((l) => l.msg === 'crawler: article page not fetched, kept the feed teaser')
      assert.deepEqual(kept.map((l) => [String(l.url).replace(/^.*\//, ''), l.status, l.refetch]).sort(),
        [['harbour', 503, true], ['orchestra', 404, false]])
      // Only the 503 article is queued: a claim far in the future (past its backoff, within its age) finds just it.
      const later = new Date(clock.getTime() + REFETCH_BACKOFF_SECONDS[0] * 1000).toISOString()
      const claimed = await store.crawl.claimDueRefetches({ now: later, limit: 10, leaseSeconds: 1 })
      assert.deepEqual(claimed.map((c) => c.url.replace(/^.*\//, '')), ['harbour'])
      assert.equal(claimed[0]!.article.text, TEASER)
    })

    it('a pass before the retry time fetches no article page again', async () => {
      site.down = false
      // The claim taken above (1 s) has run out by now on the injected clock, but the row is not due before its backoff.
      clock = new Date(clock.getTime() + 5 * 60_000)
      const summary = await pass()
      assert.equal(summary.articlesUpgraded, 0)
      assert.deepEqual([site.hits('/harbour'), site.hits('/orchestra')], [1, 1])
    })

    it('once due, the page is fetched again: the article takes the full text and the story is rewritten from it', async () => {
      clock = new Date(clock.getTime() + REFETCH_BACKOFF_SECONDS[0] * 1000)
      const before = await harbourStory()
      const summary = await pass()
      assert.equal(summary.articlesUpgraded, 1)
      assert.equal(summary.articlesNew, 0)
      assert.deepEqual([site.hits('/harbour'), site.hits('/orchestra')], [2, 1], 'the 404 page is never asked for again')
      const story = await harbourStory()
      assert.equal(story.id, before.id, 'the article keeps its story')
      const text = storyText(story)
      assert.ok(FULL_ONLY.some((phrase) => text.includes(phrase)), `the story is written from the full text:\n${text}`)
      const [article] = await store.crawl.storyArticles(story.id, 10)
      for (const phrase of FULL_ONLY) assert.ok(article!.text.includes(phrase), `the stored text is the page's: ${phrase}`)
      assert.equal(article!.imageUrl, PAGE_IMAGE, 'the page\'s image fills what the feed left empty')
      assert.equal(story.coverImageUrl, PAGE_IMAGE)
      const upgraded = lines.filter((l) => l.msg === 'crawler: article page fetched again')
      assert.deepEqual(upgraded.map((l) => [String(l.url).replace(/^.*\//, ''), l.outcome, l.story]), [['harbour', 'upgraded', story.id]])
      assert.deepEqual(await store.crawl.claimDueRefetches({ now: new Date(clock.getTime() + 86_400_000).toISOString(), limit: 10, leaseSeconds: 1 }), [],
        'the queue is empty')
    })
  })
}
