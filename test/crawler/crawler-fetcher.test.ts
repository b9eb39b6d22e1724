import assert from 'node:assert/strict'
import type http from 'node:http'
import { after, before, describe, it } from 'node:test'
import { createCrawlerFetcher, type CrawlerFetcher } from '../../src/crawler/fetch/crawler-fetcher.ts'
import { startServer, tableResolver, tempKeyRing, verifySignature, type TestServer } from './servers.ts'

const SITE = 'https://news.example'
const { keys, jwk } = tempKeyRing()

const ROBOTS = [
  'User-agent: *', 'Disallow: /', '',
  'User-agent: NewsdeskBot', 'Disallow: /private', 'Allow: /', 'Crawl-delay: 2', '',
].join('\n')

/** One server, several names (all 127.0.0.1): robots.txt differs per Host so each name is its own site. */
function site(req: http.IncomingMessage, res: http.ServerResponse, inFlight: Map<string, number>, peaks: Peaks): void {
  const host = req.headers.host!.split(':')[0]!
  const url = new URL(req.url!, 'http://x')
  if (url.pathname === '/robots.txt') {
    if (host === 'rules.test') return void res.end(ROBOTS)
    if (host === 'down.test') return void res.writeHead(503).end()
    if (host === 'paced.test' || host === 'stalled.test') return void res.end('User-agent: *\nCrawl-delay: 1\n')
    return void res.writeHead(404).end()
  }
  if (url.pathname === '/feed') {
    if (req.headers['if-none-match'] === '"f1"') return void res.writeHead(304).end()
    return void res.writeHead(200, { etag: '"f1"' }).end('<feed/>')
  }
  if (url.pathname === '/stall') return void setTimeout(() => res.end('late'), 2500)
  if (url.pathname === '/to') return void res.writeHead(302, { location: url.searchParams.get('location')! }).end()
  if (url.pathname === '/slow') {
    const now = (inFlight.get(host) ?? 0) + 1
    inFlight.set(host, now)
    peaks.perHost.set(host, Math.max(peaks.perHost.get(host) ?? 0, now))
    peaks.total = Math.max(peaks.total, [...inFlight.values()].reduce((a, b) => a + b, 0))
    setTimeout(() => { inFlight.set(host, inFlight.get(host)! - 1); res.end('slow') }, 60)
    return
  }
  res.end(`article at ${url.pathname}`)
}

interface Peaks { perHost: Map<string, number>; total: number }

describe('crawler fetcher', () => {
  let server: TestServer
  let peaks: Peaks
  const names = ['rules.test', 'open.test', 'down.test', 'a.test', 'b.test', 'paced.test', 'stalled.test']
  const resolve = tableResolver(Object.fromEntries(names.map((n) => [n, '127.0.0.1'])))
  const make = (limits = {}, now?: () => number) =>
    createCrawlerFetcher({ siteUrl: SITE, keys, allow: ['127.0.0.1'], resolve, limits, robots: now ? { now } : {} })
  const at = (host: string, path: string) => `http://${host}:${server.port}${path}`
  const robotsHits = (host: string) => server.requests.filter((r) => r.url === '/robots.txt' && r.headers.host!.startsWith(`${host}:`)).length

  before(async () => {
    const inFlight = new Map<string, number>()
    peaks = { perHost: new Map(), total: 0 }
    server = await startServer((req, res) => site(req, res, inFlight, peaks))
  })
  after(() => server.close())

  it('honours a robots.txt Disallow for our token, fetches robots.txt once per origin, exposes Crawl-delay', async () => {
    const fetcher = make()
    const denied = await fetcher.fetchArticle(at('rules.test', '/private/story'))
    assert.equal(denied.status === 'failed' && denied.reason, 'robots-disallowed')
    assert.equal(denied.status === 'failed' && denied.httpStatus, undefined, 'a rule, not an outage: no status to retry on')
    const ok = await fetcher.fetchArticle(at('rules.test', '/news/story'))
    assert.equal(ok.status === 'ok' && ok.body.toString(), 'article at /news/story')
    assert.equal(robotsHits('rules.test'), 1)
    assert.deepEqual(await fetcher.robots.check(at('rules.test', '/x')), { allowed: true, crawlDelaySeconds: 2, failure: null })
    // robots.txt requests are signed like any other.
    for (const r of server.requests.filter((q) => q.url === '/robots.txt')) await verifySignature(r, jwk)
    await fetcher.close()
  })

  // The slot arithmetic is checked exactly, on a fake clock, in crawl-delay.test.ts. Here the site's own robots.txt
  // drives it end to end: arrival gaps on the server carry the client's scheduling jitter (a loaded CI machine showed
  // tens of ms), so the delay is 1 s and the check allows 300 ms of it. No upper bound: that would time the machine.
  it('spaces requests to a site by its Crawl-delay, concurrent ones too', async () => {
    const fetcher = make()
    await Promise.all([1, 2, 3].map((n) => fetcher.fetchArticle(at('paced.test', `/paced/${n}`))))
    const times = server.requests.filter((r) => r.url.startsWith('/paced/')).map((r) => r.at)
    assert.equal(times.length, 3)
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    assert.ok(gaps.every((g) => g >= 700), `gaps ${gaps.join(', ')} ms`)
    await fetcher.close()
  })

  // The spacing is taken when a request holds its host's slot, just before it starts. Reserved earlier, the requests
  // queued behind a stalled one would find their slots long passed when it ends, and all start at once: a burst at
  // the very site that was struggling.
  it('keeps the Crawl-delay between requests that queued behind a stalled one', async () => {
    const fetcher = make({ perHost: 1 })
    const stalled = fetcher.fetchArticle(at('stalled.test', '/stall'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const queued = [1, 2, 3].map((n) => fetcher.fetchArticle(at('stalled.test', `/queued/${n}`)))
    assert.equal((await stalled).status, 'ok')
    assert.ok((await Promise.all(queued)).every((r) => r.status === 'ok'))
    const times = server.requests.filter((r) => r.headers.host!.startsWith('stalled.test:') && r.url !== '/robots.txt').map((r) => r.at)
    assert.equal(times.length, 4)
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    assert.ok(gaps.every((g) => g >= 700), `gaps ${gaps.join(', ')} ms`)
    await fetcher.close()
  })

  it('treats a 404 robots.txt as allow-all and a 503 as disallow-all', async () => {
    const fetcher = make()
    assert.equal((await fetcher.fetchArticle(at('open.test', '/anything'))).status, 'ok')
    const down = await fetcher.fetchArticle(at('down.test', '/anything'))
    assert.equal(down.status === 'failed' && down.reason, 'robots-disallowed')
    assert.match(down.status === 'failed' ? down.message : '', /robots\.txt unreachable.*HTTP 503/)
    assert.equal(down.status === 'failed' && down.httpStatus, 503, 'robots.txt\'s own status: unreachable, so worth a later try')
    assert.ok(!server.requests.some((r) => r.url === '/anything' && r.headers.host!.startsWith('down.test')))
    await fetcher.close()
  })

  it('records a name that does not resolve as a network failure, not as disallowed by robots.txt', async () => {
    const fetcher = make()
    const r = await fetcher.fetchFeed(at('nowhere.test', '/feed'))
    assert.equal(r.status === 'failed' && r.reason, 'network')
    assert.match(r.status === 'failed' ? r.message : '', /nowhere\.test does not resolve \(DNS ENOTFOUND\)/)
    await fetcher.close()
  })

  it('re-reads robots.txt after its TTL', async () => {
    let clock = 1_000_000
    const fetcher = make({}, () => clock)
    const before = robotsHits('open.test')
    await fetcher.fetchArticle(at('open.test', '/one'))
    await fetcher.fetchArticle(at('open.test', '/two'))
    assert.equal(robotsHits('open.test') - before, 1)
    clock += 86_400_001
    await fetcher.fetchArticle(at('open.test', '/three'))
    assert.equal(robotsHits('open.test') - before, 2)
    await fetcher.close()
  })

  it('checks robots.txt of a redirect target too', async () => {
    const fetcher = make()
    const r = await fetcher.fetchArticle(at('open.test', `/to?location=${encodeURIComponent(at('rules.test', '/private/x'))}`))
    assert.equal(r.status === 'failed' && r.reason, 'robots-disallowed')
    await fetcher.close()
  })

  it('fetches feeds conditionally and reports blocked addresses before consulting robots.txt', async () => {
    const fetcher = make()
    const first = await fetcher.fetchFeed(at('open.test', '/feed'))
    assert.equal(first.status === 'ok' && first.etag, '"f1"')
    assert.equal((await fetcher.fetchFeed(at('open.test', '/feed'), { etag: '"f1"' })).status, 'not-modified')
    const blocked = await fetcher.fetchFeed('http://10.0.0.1/feed')
    assert.equal(blocked.status === 'failed' && blocked.reason, 'blocked-address')
    await fetcher.close()
  })

  it('never runs more than 2 requests per host at once, and respects the global cap', async () => {
    const fetcher = make({ total: 3 })
    await Promise.all(['a.test', 'b.test'].map((h) => fetcher.fetchArticle(at(h, '/warm-robots'))))
    peaks.perHost.clear()
    peaks.total = 0
    const results = await Promise.all(
      ['a.test', 'b.test'].flatMap((h) => Array.from({ length: 6 }, () => fetcher.fetchArticle(at(h, '/slow')))))
    assert.ok(results.every((r) => r.status === 'ok'))
    assert.equal(peaks.perHost.get('a.test'), 2)
    assert.equal(peaks.perHost.get('b.test'), 2)
    assert.equal(peaks.total, 3)
    await fetcher.close()
  })

  it('uses 2 per host by default', async () => {
    const fetcher = make()
    peaks.perHost.clear()
    await Promise.all(Array.from({ length: 8 }, () => fetcher.fetchArticle(at('a.test', '/slow'))))
    assert.equal(peaks.perHost.get('a.test'), 2)
    await fetcher.close()
  })
})
