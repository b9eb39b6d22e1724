/**
 * Links to loopback, private or reserved addresses are never published (issue 24, point 7): a feed's item whose link
 * is one is skipped (no story's original_url, no other story's covered_by), a cover image there is dropped, each with
 * a log line. The publisher itself is on 127.0.0.1 and allow-listed with its port (`127.0.0.1:PORT`), as an operator
 * allows an intranet source: its own links are published, the same host's other ports are not.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { runCrawl } from '../../src/crawler/crawl-run.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import { inThreadStages } from '../../src/crawler/workers/in-thread-stages.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { tempDir } from '../helpers/cli.ts'
import { startServer, tableResolver, tempKeyRing, type TestServer } from '../crawler/servers.ts'

/**
 * Long enough to be the whole article: no page is fetched, so only the links themselves are judged. The kept items
 * tell of unrelated events in unrelated words, so each is its own story and every kept link is an original_url.
 */
const BODIES: Record<string, string> = {
  harbour: 'The harbour authority said container traffic rose for a third quarter as new cranes came into service on the eastern quay. Dock workers agreed a two-year wage deal. Shipping lines added a weekly service to Rotterdam. The port expects dredging of the channel to finish before winter storms arrive.',
  orchestra: 'The city orchestra announced its new season, opening with a Mahler symphony under a guest conductor from Vienna. Ticket sales for subscriptions doubled after the concert hall reopened. Musicians will tour four schools in spring. A violin competition returns in June with a larger prize.',
  vineyard: 'A family vineyard in the valley reported an early harvest after a dry, warm summer ripened the grapes weeks ahead of schedule. Growers hired extra pickers. The winery plans a sparkling rosé. Frost insurance premiums fell, and tastings at the cellar door drew record weekend crowds.',
}
const body = (subject: string) => BODIES[subject] ?? `${subject} figures were published for the year, with officials explaining every regional change in detail at a press conference on Monday and answering questions for an hour.`

describe('links to private addresses are never published', { timeout: 60_000 }, () => {
  let site: TestServer
  let store: Store
  let fetcher: CrawlerFetcher
  const lines: Array<Record<string, unknown> & { level: number; msg: string }> = []
  const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line)) } })

  const items = () => {
    const own = `http://127.0.0.1:${site.port}`
    return [
      // [link, image, title subject]
      [`${own}/kept-own`, null, 'harbour'],
      ['https://wire.example.com/kept-public', 'https://10.1.2.3/cover.jpg', 'orchestra'],
      ['https://wire.example.com/kept-public-2', 'https://images.wire.example.com/ok.jpg', 'vineyard'],
      ['http://10.0.0.1/private', null, 'railway'],
      ['http://169.254.169.254/latest/meta-data/', null, 'airport'],
      [`http://127.0.0.1:${site.port + 1 === 65536 ? 1 : site.port + 1}/other-port`, null, 'bridge'],
      ['http://[::1]/loopback-v6', null, 'tunnel'],
      ['http://[::ffff:192.168.1.1]/mapped', null, 'canal'],
      ['http://localhost/name', null, 'stadium'],
      ['http://printer.local/mdns', null, 'library'],
      ['http://intranet/single-label', null, 'museum'],
      ['http://2130706433/decimal-loopback', null, 'factory'],
    ] as const
  }

  before(async () => {
    site = await startServer((req, res) => {
      if (req.url !== '/feed.xml') return void res.writeHead(404).end()
      const date = new Date(Date.now() - 3_600_000).toUTCString()
      const xml = items().map(([link, image, subject]) => `<item><title>${body(subject).split(' ').slice(0, 9).join(' ')}</title>
        <link>${link}</link><guid isPermaLink="false">${subject}</guid><pubDate>${date}</pubDate>
        ${image ? `<enclosure url="${image}" type="image/jpeg" length="1000"/>` : ''}
        <description>${body(subject)}</description></item>`).join('')
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel>
        <title>Loopback wire</title><link>http://127.0.0.1:${site.port}/</link><language>en</language>${xml}</channel></rss>`)
    })
    store = openSqliteStore(path.join(tempDir('newsdesk-links-'), 'links.db'))
    fetcher = createCrawlerFetcher({
      siteUrl: 'https://news.example', keys: tempKeyRing().keys, allow: [`127.0.0.1:${site.port}`], resolve: tableResolver({}),
    })
  })
  after(async () => {
    await fetcher?.close()
    await store?.close()
    await site?.close()
  })

  it('skips the items linking to them, drops such cover images, logs each, and publishes the rest', async () => {
    const publisher = toPublisher({
      name: 'Loopback wire', site_url: `http://127.0.0.1:${site.port}/`, feed_url: `http://127.0.0.1:${site.port}/feed.xml`, topic: 'business', lang: 'en',
    })
    const summary = await runCrawl({
      crawl: store.crawl, fetcher, publishers: [publisher], llm: null, log, intervalSeconds: 900, stages: inThreadStages, storyTextMemo: null,
    })
    assert.equal(summary.feeds.ok, 1)
    assert.equal(summary.articlesNew, 3)

    const stories = await Promise.all((await store.listStories({ limit: 50, lang: 'en' })).map((s) => store.getStory(s.id, 'en')))
    const published = stories.flatMap((s) => [s!.originalUrl, ...(s!.coveredBy ?? []).map((c) => c.url), s!.coverImageUrl])
      .filter((u): u is string => u !== null)
    assert.deepEqual(published.filter((u) => !u.includes('.jpg')).map((u) => new URL(u).pathname).sort(), ['/kept-own', '/kept-public', '/kept-public-2'])
    for (const url of published) assert.equal(fetcher.linkRefusal(url), null, url)
    assert.deepEqual(stories.map((s) => s!.coverImageUrl).filter(Boolean), ['https://images.wire.example.com/ok.jpg'])

    const skipped = lines.filter((l) => l.msg === 'crawler: article skipped, its link is not publishable')
    assert.deepEqual(skipped.map((l) => new URL(String(l.url)).pathname).sort(),
      ['/decimal-loopback', '/latest/meta-data/', '/loopback-v6', '/mapped', '/mdns', '/name', '/other-port', '/private', '/single-label'])
    for (const l of skipped) assert.match(String(l.reason), /^(non-public address|private name) /)
    const dropped = lines.filter((l) => l.msg === 'crawler: cover image dropped, its link is not publishable')
    assert.deepEqual(dropped.map((l) => [l.image, l.reason]), [['https://10.1.2.3/cover.jpg', 'non-public address 10.1.2.3']])
    assert.equal(lines.filter((l) => l.level >= 50).length, 0)
  })
})
