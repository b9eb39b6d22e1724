/**
 * A brief whose whole text is in the feed but under the full-text length (FULL_TEXT_MIN_CHARS): the crawler asks for
 * its page, the page says no more than the feed did, and the article keeps what the feed said, paragraphs and all. End to
 * end on loopback: the real signed fetcher, real extraction, the real story rewrite, a real SQLite store.
 *
 * The brief has a subhead without a full stop and ends with the outlet's feed footer. Run into one line (as the teaser
 * is), the subhead would glue onto the next sentence ("…before Friday Engineers will…") and the footer onto the last;
 * kept as paragraphs, the subhead is left out, every sentence is quoted as written and the footer is dropped.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { runCrawl, type CrawlSummary } from '../../src/crawler/crawl-run.ts'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import { FULL_TEXT_MIN_CHARS } from '../../src/crawler/normalize/normalize-item.ts'
import { REFETCH_BACKOFF_SECONDS } from '../../src/crawler/pipeline/refetch-policy.ts'
import { inThreadStages } from '../../src/crawler/workers/in-thread-stages.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { startServer, tableResolver, tempKeyRing, type TestServer } from '../crawler/servers.ts'

const HOST = 'brief.test'
const PARAGRAPHS = [
  'The harbour authority halted night shipping on Tuesday after a gantry crane failed at the eastern terminal.',
  'Nobody was injured, the authority said in a statement on Wednesday morning.',
  'Inspections before Friday',
  'Engineers will inspect the two remaining cranes before Friday, and a replacement bearing is due within six weeks.',
]
const FOOTER = 'Enjoyed this story? Share it with a friend on LinkedIn, X or by email.'
const CLIPPED_SUMMARY = 'The harbour authority halted night shipping on Tuesday after a gantry crane failed at the […]'
const html = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('')

/**
 * One publisher on loopback (its routes in `routes`), a SQLite store in a temporary folder and the signed fetcher,
 * set up before the suite's tests and closed after them; `pass` crawls the publisher once at `now()`.
 */
function crawlFixture(name: string, now: () => Date, routes: (url: string, origin: string, res: ServerResponse) => void) {
  const f = { lines: [] as Array<Record<string, unknown>> } as {
    server: TestServer, store: Store, fetcher: CrawlerFetcher, lines: Array<Record<string, unknown>>, pass: () => Promise<CrawlSummary>
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-brief-'))
  const log = pino({ level: 'info' }, { write: (line: string) => { f.lines.push(JSON.parse(line) as Record<string, unknown>) } })
  before(async () => {
    f.server = await startServer((req, res) => routes(req.url ?? '/', `http://${HOST}:${f.server.port}`, res))
    f.store = openSqliteStore(path.join(tmp, 'store.db'))
    const { keys } = tempKeyRing()
    f.fetcher = createCrawlerFetcher({ siteUrl: 'https://news.example', keys, allow: ['127.0.0.1'], resolve: tableResolver({ [HOST]: '127.0.0.1' }) })
  })
  after(async () => {
    await f.fetcher?.close()
    await f.store?.close()
    await f.server?.close()
    fs.rmSync(tmp, { recursive: true, force: true })
  })
  f.pass = () => runCrawl({
    crawl: f.store.crawl, fetcher: f.fetcher, log, llm: null, now, random: () => 0.5, intervalSeconds: 900, stages: inThreadStages, force: true,
    publishers: [toPublisher({ name, site_url: `http://${HOST}:${f.server.port}/`, feed_url: `http://${HOST}:${f.server.port}/feed.xml`, topic: 'business', lang: 'en' })],
  })
  return f
}

describe('a brief under the full-text length whose page adds nothing keeps the feed\'s paragraphs', { timeout: 60_000 }, () => {
  const now = new Date()
  const f = crawlFixture('Harbour Brief', () => now, (url, origin, res) => {
    if (url === '/feed.xml') {
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Harbour Brief</title><link>${origin}/</link><language>en</language>
<item><title>Harbour halts night shipping after crane failure</title><link>${origin}/crane</link><guid>${origin}/crane</guid>
<pubDate>${new Date(now.getTime() - 3_600_000).toUTCString()}</pubDate><description>${CLIPPED_SUMMARY}</description>
<content:encoded><![CDATA[${html([...PARAGRAPHS, FOOTER])}]]></content:encoded></item></channel></rss>`)
    }
    if (url === '/crane') {
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Harbour halts night shipping</title></head>
<body><nav><a href="/">Home</a></nav><main><article><h1>Harbour halts night shipping after crane failure</h1>${html(PARAGRAPHS)}</article></main></body></html>`)
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })

  it('stores the paragraphs, and the story quotes whole sentences without the subhead or the footer', async () => {
    assert.ok(html([...PARAGRAPHS, FOOTER]).length < FULL_TEXT_MIN_CHARS, 'the brief is under the full-text length')
    const summary = await f.pass()
    assert.equal(summary.articlesNew, 1)
    assert.equal(f.server.requests.filter((r) => r.url === '/crane').length, 1, 'the page was asked for')

    const [listed] = await f.store.listStories({ limit: 10, lang: 'en' })
    const story = (await f.store.getStory(listed!.id, 'en'))!
    const [article] = await f.store.crawl.storyArticles(story.id, 10)
    assert.deepEqual(article!.text.split('\n\n').slice(0, PARAGRAPHS.length), PARAGRAPHS, 'the feed\'s paragraphs, as they were')

    const quoted = [story.en.summary ?? '', ...(story.en.cards ?? []).map((c) => c.body ?? '')]
    const all = quoted.join('\n')
    assert.ok(story.en.summary?.startsWith(PARAGRAPHS[0]!), story.en.summary ?? '')
    assert.match(all, /(?:^|\s)Engineers will inspect the two remaining cranes/u, 'the last sentence is quoted, from its start')
    assert.doesNotMatch(all, /Inspections before Friday|Enjoyed this story|LinkedIn|\[…\]/u)
  })
})

/**
 * A teaser feed whose page holds a brief under the extractor's minimum (300 characters): alone, such a page is as
 * likely a cookie wall as an article, so the extractor declines it; the feed's teaser opening it confirms it is the
 * brief, which replaces the clipped teaser, on the first pass or, after a passing failure, in the refetch pass. A
 * short page the teaser does not open (a script notice) stays declined.
 */
describe('a teaser feed\'s page too short to extract on its own is taken when the teaser opens it', { timeout: 60_000 }, () => {
  const published = new Date()
  let clock = published
  const BRIEF = [
    'The harbour authority reopened the eastern terminal on Friday after engineers replaced the failed crane bearing.',
    'Night shipping resumes on Monday.',
  ]
  const TEASER = 'The harbour authority reopened the eastern terminal on Friday after engineers replaced the […]'
  const LATER = ['The harbour authority fined the crane operator £40,000 on Monday for missing two inspections.', 'The operator said it would appeal.']
  const LATER_TEASER = 'The harbour authority fined the crane operator £40,000 on Monday for missing two […]'
  let laterDown = true
  const OTHER_TEASER = 'The city council approved a new budget for the harbour district on Thursday after a long debate over […]'
  const f = crawlFixture('Harbour Wire', () => clock, (url, origin, res) => {
    const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Harbour</title></head><body><main><article>${body}</article></main></body></html>`)
    if (url === '/feed.xml') {
      const item = (slug: string, title: string, teaser: string) => `<item><title>${title}</title><link>${origin}/${slug}</link><guid>${origin}/${slug}</guid>
<pubDate>${new Date(published.getTime() - 3_600_000).toUTCString()}</pubDate><description>${teaser}</description></item>`
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?>
<rss version="2.0"><channel><title>Harbour Wire</title><link>${origin}/</link><language>en</language>
${item('reopens', 'Harbour terminal reopens', TEASER)}${item('budget', 'Council approves harbour budget', OTHER_TEASER)}
${item('fine', 'Crane operator fined', LATER_TEASER)}</channel></rss>`)
    }
    if (url === '/reopens') return void page(html(BRIEF))
    if (url === '/fine') return void (laterDown ? res.writeHead(503, { 'content-type': 'text/plain' }).end('busy') : page(html(LATER)))
    if (url === '/budget') return void page('<p>Please enable JavaScript and cookies to continue reading this page.</p>')
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })

  const storedTexts = async () => {
    const texts = new Map<string, string>()
    for (const s of await f.store.listStories({ limit: 10, lang: 'en' })) {
      for (const a of await f.store.crawl.storyArticles(s.id, 10)) texts.set(a.canonicalUrl.replace(/^.*\//u, ''), a.text)
    }
    return texts
  }

  it('stores the confirmed brief, keeps the teaser of the page it does not open', async () => {
    assert.ok(BRIEF.join('\n\n').length < 300 && LATER.join('\n\n').length < 300, 'the briefs are under the extractor\'s minimum')
    const summary = await f.pass()
    assert.equal(summary.articlesNew, 3)
    const texts = await storedTexts()
    assert.equal(texts.get('fine'), LATER_TEASER, 'its page answered 503: the teaser for now')
    assert.equal(texts.get('reopens'), BRIEF.join('\n\n'), 'the page\'s brief, confirmed by the teaser')
    assert.equal(texts.get('budget'), OTHER_TEASER, 'a short page the teaser does not open is no article')
    assert.deepEqual(f.lines.filter((l) => l.msg === 'crawler: article page not extracted, kept the feed teaser').map((l) => String(l.url).replace(/^.*\//u, '')), ['budget'])
  })

  it('the refetch pass takes a confirmed brief too', async () => {
    laterDown = false
    clock = new Date(published.getTime() + REFETCH_BACKOFF_SECONDS[0] * 1000)
    const summary = await f.pass()
    assert.equal(summary.articlesUpgraded, 1)
    assert.equal((await storedTexts()).get('fine'), LATER.join('\n\n'))
  })
})
