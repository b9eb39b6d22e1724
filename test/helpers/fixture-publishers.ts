/**
 * A fixture publisher site on 127.0.0.1 for crawl tests: the 21 publishers of test/fixtures/publishers-site/content.ts
 * (RSS 2.0, RSS 1.0/RDF, Atom and JSON Feed in en, es, de, fr, ja, it, pt; overlapping coverage of seven events;
 * teasers whose pages must be extracted; conditional GET with 304s; a moved feed), plus broken and hostile feeds
 * (HTTP 500 and 404, malformed JSON and XML, an HTML page, billion laughs, XXE, deep nesting, a gzip bomb, a 6 MiB
 * feed, redirects to private addresses and in a loop, a feed robots.txt disallows, a feed that never answers) and the
 * whole hostile corpus of test/fixtures/feeds/hostile-corpus.ts.
 *
 * Everything is one origin (one robots.txt). Every request is recorded with its headers and arrival time, so a test
 * can verify the crawler's signatures and conditional requests.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import type { Language } from '../../src/domain/languages.ts'
import type { PublisherEntry } from '../../src/publishers/publisher.ts'
import { hostileCorpus } from '../fixtures/feeds/hostile-corpus.ts'
import {
  EVENTS, FAILING_FEEDS, PUBLISHERS, SLOW_FEED, type EventKey, type FailingFeed, type SiteArticle, type SitePublisher,
} from '../fixtures/publishers-site/content.ts'
import {
  CONTENT_TYPES, articleUrl, directoryFeedUrl, feedPath, renderArticlePage, renderFeed, renderHomePage, siteUrl,
  type RenderContext,
} from '../fixtures/publishers-site/render.ts'

export interface FixtureRequest {
  method: string
  /** Path and query as received. */
  path: string
  headers: http.IncomingHttpHeaders
  /** Date.now() when the request arrived. */
  at: number
  /** The status answered (undefined while unanswered, e.g. the slow feed). */
  status?: number
  /** Date.now() when the response was handed to the OS in full (undefined while unanswered). */
  finishedAt?: number
}

export interface ExpectedArticle {
  /** The canonical URL the crawler must store (tracking parameters and fragment dropped). */
  url: string
  title: string
  publisher: string
  /** The publisher's slug (path prefix). */
  slug: string
  lang: Language
  /** How its text reaches the crawler: in the feed, by extracting the page, or the teaser only (robots.txt). */
  text: 'feed' | 'extracted' | 'teaser'
  /** The paragraphs after the lead: only in the feed ('feed') or on the page ('extracted', 'teaser'). */
  body: string[]
}

/** Text of the article pages' chrome (navigation, ads, cookie banner, newsletter box, footer): never article text. */
export const PAGE_BOILERPLATE = ['We use cookies', 'Advertisement', 'Accept all', 'Get the morning newsletter', 'All rights reserved', 'More from ', 'Subscribe']

export interface ExpectedEvent {
  key: EventKey
  description: string
  articles: ExpectedArticle[]
}

export interface ExpectedFailure {
  name: string
  feedUrl: string
  /** last_status after one crawl. */
  status: string
}

export interface ExpectedOutcome {
  /** Each event's articles must make exactly one story. */
  events: ExpectedEvent[]
  /** Each of these must be a story of its own. */
  singles: ExpectedArticle[]
  /** All articles of the good feeds. */
  articles: ExpectedArticle[]
  /** The good feeds of `directory`. */
  okFeeds: number
  /** Good feeds answering conditional requests with 304. */
  conditionalFeeds: number
  /** The failing feeds of `directory`, with their expected status. */
  failures: ExpectedFailure[]
  /** The feeds of `hostileDirectory`, all failing, with their expected status. */
  hostileFailures: ExpectedFailure[]
}

export interface FixturePublishers {
  /** `http://127.0.0.1:PORT` */
  url: string
  port: number
  /** The main directory (NEWSDESK_PUBLISHERS): 21 good feeds and 14 broken or hostile ones. */
  directory: PublisherEntry[]
  /** Only hostile feeds: the hostile corpus, a gzip bomb, a 6 MiB feed, a private redirect and the slow feed. */
  hostileDirectory: PublisherEntry[]
  /** Entries of `directory` for some publishers (by slug), for smaller crawls. */
  directoryOf(slugs: string[]): PublisherEntry[]
  /** Every request received, in arrival order. */
  requests: FixtureRequest[]
  expected: ExpectedOutcome
  /** The time articles are dated relative to. */
  startedAt: number
  stop(): Promise<void>
}

const MiB = 1024 * 1024
const FEED_BYTES_CAP = 5 * MiB
const SITE_DIR = new URL('../fixtures/publishers-site/', import.meta.url)
const siteFile = (name: string) => fs.readFileSync(new URL(name, SITE_DIR))

const FAILURE_PATH = (f: FailingFeed) => `/${f.slug}/feed.xml`
const HOSTILE_PREFIX = '/hostile-corpus/'

interface Resource {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export interface FixturePublishersOptions {
  /**
   * Milliseconds to wait before answering each request for an article page (given its path), to make a crawl slow
   * enough to interrupt (test/e2e/crawl-crash.test.ts). Default: no delay.
   */
  articleDelayMs?: (pathname: string) => number
}

export async function startFixturePublishers(options: FixturePublishersOptions = {}): Promise<FixturePublishers> {
  const requests: FixtureRequest[] = []
  const delayed = new Set<NodeJS.Timeout>()
  const hanging = new Set<http.ServerResponse>()
  const startedAt = Date.now()
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  const ctx: RenderContext = { origin, now: startedAt }

  // ---- resources, rendered once
  const lastModified = new Date(Math.floor(startedAt / 1000) * 1000).toUTCString()
  const resources = new Map<string, Resource>()
  const articlePages = new Set<string>()
  const feeds = new Map<string, { publisher: SitePublisher; resource: Resource; etag: string }>()
  for (const p of PUBLISHERS) {
    const body = Buffer.from(renderFeed(p, ctx), 'utf8')
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`
    const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[p.format], 'cache-control': 'public, max-age=60' }
    if (p.validators) Object.assign(headers, { etag, 'last-modified': lastModified })
    feeds.set(feedPath(p), { publisher: p, resource: { status: 200, headers, body }, etag })
    if (p.movedFeed) resources.set(`/${p.slug}/rss`, { status: 301, headers: { location: `${origin}${feedPath(p)}` }, body: Buffer.from('Moved') })
    resources.set(`/${p.slug}/`, html(renderHomePage(p, ctx)))
    for (const a of p.articles) {
      const page = new URL(articleUrl(p, a, ctx)).pathname
      articlePages.add(page)
      resources.set(page, html(renderArticlePage(p, a, ctx)))
    }
  }
  resources.set('/robots.txt', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: siteFile('robots.txt') })

  const corpus = hostileCorpus.map((doc, i) => ({ doc, path: `${HOSTILE_PREFIX}${i}-${doc.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`, body: doc.body() }))
  for (const c of corpus) resources.set(c.path, { status: 200, headers: { 'content-type': c.doc.contentType }, body: c.body })

  const rssOpen = '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Zip Courier</title><item><title>'
  const gzipBomb = zlib.gzipSync(Buffer.concat([Buffer.from(rssOpen), Buffer.alloc(24 * MiB, 0x20)]), { level: 9 })
  const oversizedChunk = Buffer.from(`<item><title>Bulk item</title><description>${'All the news that fits, and then some. '.repeat(40)}</description></item>\n`)
  const billionLaughs = hostileCorpus.find((d) => d.name.startsWith('billion laughs'))!.body()
  const xxe = hostileCorpus.find((d) => d.name.startsWith('XXE file'))!.body()
  const deep = Buffer.from(`${rssOpen.replace('<item><title>', '')}${'<div>'.repeat(5000)}${'</div>'.repeat(5000)}</channel></rss>`)

  const failing = new Map<string, FailingFeed>([...FAILING_FEEDS, SLOW_FEED].map((f) => [FAILURE_PATH(f), f]))

  // ---- the handler
  server.on('request', (req, res) => {
    const record: FixtureRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, at: Date.now() }
    requests.push(record)
    res.on('finish', () => {
      record.status = res.statusCode
      record.finishedAt = Date.now()
    })
    const pathname = new URL(record.path, origin).pathname
    const send = (r: Resource) => {
      res.writeHead(r.status, r.headers)
      res.end(req.method === 'HEAD' ? undefined : r.body)
    }

    const feed = feeds.get(pathname)
    if (feed) {
      const { publisher, resource, etag } = feed
      if (publisher.validators && notModified(req.headers, etag, lastModified)) {
        res.writeHead(304, { etag, 'last-modified': lastModified, 'cache-control': 'public, max-age=60' })
        return res.end()
      }
      return send(resource)
    }

    const f = failing.get(pathname)
    if (f) {
      switch (f.kind) {
        case 'status-500': return send(text(500, 'Internal Server Error: database connection pool exhausted'))
        case 'status-404': return send(text(404, 'Not Found'))
        case 'malformed-json': return send({ status: 200, headers: { 'content-type': 'application/feed+json' }, body: siteFile('malformed.json') })
        case 'malformed-xml': return send({ status: 200, headers: { 'content-type': 'application/rss+xml' }, body: siteFile('malformed.xml') })
        case 'not-a-feed': return send({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: siteFile('not-a-feed.html') })
        case 'billion-laughs': return send({ status: 200, headers: { 'content-type': 'application/rss+xml' }, body: billionLaughs })
        case 'xxe': return send({ status: 200, headers: { 'content-type': 'application/rss+xml' }, body: xxe })
        case 'deep-nesting': return send({ status: 200, headers: { 'content-type': 'application/rss+xml' }, body: deep })
        case 'gzip-bomb':
          return send({ status: 200, headers: { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }, body: gzipBomb })
        case 'oversized': {
          // Chunked, no Content-Length: the cap must stop the read at 5 MiB, not the declared length.
          res.writeHead(200, { 'content-type': 'application/rss+xml' })
          res.write('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bulk Bulletin</title>')
          let sent = 0
          const pump = () => {
            while (sent < 6 * MiB) {
              sent += oversizedChunk.length
              if (!res.write(oversizedChunk)) return void res.once('drain', pump)
            }
            res.end('</channel></rss>')
          }
          res.on('error', () => {})
          return pump()
        }
        case 'slow':
          // Never answers: the crawler's headers timeout (10 s) must end the fetch. Closed by stop().
          hanging.add(res)
          res.on('close', () => hanging.delete(res))
          return
        case 'redirect-private': return send(redirect('http://10.0.0.1/feed'))
        case 'redirect-loopback-v6': return send(redirect(`http://[::1]:${port}/harbor-wire/feed.xml`))
        case 'redirect-loop': {
          const hop = Number(new URL(record.path, origin).searchParams.get('hop') ?? '0')
          return send(redirect(`${origin}${pathname}?hop=${hop + 1}`))
        }
        case 'robots-disallowed': return send({ status: 200, headers: { 'content-type': 'application/rss+xml' }, body: Buffer.from(renderFeed(PUBLISHERS[0]!, ctx)) })
      }
    }

    const resource = resources.get(pathname)
    const delay = options.articleDelayMs && articlePages.has(pathname) ? options.articleDelayMs(pathname) : 0
    if (resource && delay > 0) {
      const timer = setTimeout(() => {
        delayed.delete(timer)
        if (!res.destroyed) send(resource)
      }, delay)
      delayed.add(timer)
      return
    }
    if (resource) return send(resource)
    return send(text(404, 'Not Found'))
  })

  // ---- directories and expectations
  const entry = (name: string, site: string | null, feedUrl: string, topic: PublisherEntry['topic'], lang: Language): PublisherEntry =>
    ({ name, site_url: site, feed_url: feedUrl, topic, lang })
  const goodEntries = PUBLISHERS.map((p) => entry(p.name, siteUrl(p, ctx), directoryFeedUrl(p, ctx), p.topic, p.lang))
  const failingEntry = (f: FailingFeed) => entry(f.name, `${origin}/${f.slug}/`, `${origin}${FAILURE_PATH(f)}`, f.topic, f.lang)
  const directory = [...goodEntries, ...FAILING_FEEDS.map(failingEntry)]

  const hostileEntries: Array<{ entry: PublisherEntry; status: string }> = [
    ...corpus.map((c, i) => ({
      entry: entry(`Hostile ${i}: ${c.doc.name}`, null, `${origin}${c.path}`, 'business', 'en'),
      // A body over the feed cap never reaches the parser.
      status: c.body.length > FEED_BYTES_CAP ? 'too-large' : `parse:${c.doc.expected}`,
    })),
    ...FAILING_FEEDS.filter((f) => ['gzip-bomb', 'oversized', 'redirect-private'].includes(f.kind))
      .map((f) => ({ entry: failingEntry(f), status: f.expectedStatus })),
    { entry: failingEntry(SLOW_FEED), status: SLOW_FEED.expectedStatus },
  ]

  const bySlug = new Map(PUBLISHERS.map((p, i) => [p.slug, goodEntries[i]!]))
  const articleOf = (p: SitePublisher, a: SiteArticle): ExpectedArticle => ({
    url: articleUrl(p, a, ctx), title: a.title, publisher: p.name, slug: p.slug, lang: p.lang,
    text: p.content === 'full' ? 'feed' : p.robotsBlocksArticles ? 'teaser' : 'extracted',
    body: a.body,
  })
  const all = PUBLISHERS.flatMap((p) => p.articles.map((a) => ({ a, expected: articleOf(p, a) })))
  const expected: ExpectedOutcome = {
    events: (Object.keys(EVENTS) as EventKey[]).map((key) => ({
      key, description: EVENTS[key], articles: all.filter((x) => x.a.event === key).map((x) => x.expected),
    })),
    singles: all.filter((x) => x.a.event === undefined).map((x) => x.expected),
    articles: all.map((x) => x.expected),
    okFeeds: PUBLISHERS.length,
    conditionalFeeds: PUBLISHERS.filter((p) => p.validators).length,
    failures: FAILING_FEEDS.map((f) => ({ name: f.name, feedUrl: `${origin}${FAILURE_PATH(f)}`, status: f.expectedStatus })),
    hostileFailures: hostileEntries.map((h) => ({ name: h.entry.name, feedUrl: h.entry.feed_url, status: h.status })),
  }

  return {
    url: origin,
    port,
    directory,
    hostileDirectory: hostileEntries.map((h) => h.entry),
    directoryOf(slugs) {
      return slugs.map((s) => {
        const e = bySlug.get(s)
        if (!e) throw new Error(`no fixture publisher ${s}`)
        return e
      })
    },
    requests,
    expected,
    startedAt,
    stop: () => new Promise((resolve) => {
      for (const res of hanging) res.destroy()
      for (const timer of delayed) clearTimeout(timer)
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

function html(body: string): Resource {
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(body, 'utf8') }
}

function text(status: number, body: string): Resource {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(body) }
}

function redirect(location: string): Resource {
  return { status: 302, headers: { location, 'content-type': 'text/plain' }, body: Buffer.from(`Found: ${location}`) }
}

/** RFC 9110 §13.1: If-None-Match wins; If-Modified-Since only without it. */
function notModified(headers: http.IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  const inm = headers['if-none-match']
  if (inm !== undefined) return inm.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag) || inm.trim() === '*'
  const ims = headers['if-modified-since']
  if (ims === undefined) return false
  const t = Date.parse(ims)
  return !Number.isNaN(t) && Date.parse(lastModified) <= t
}
