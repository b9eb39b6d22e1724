import assert from 'node:assert/strict'
import type http from 'node:http'
import { after, before, describe, it } from 'node:test'
import zlib from 'node:zlib'
import { createGuardedFetch, type GuardedFetch } from '../../src/crawler/fetch/guarded-fetch.ts'
import type { FetchResult } from '../../src/crawler/fetch/fetch-result.ts'
import { startServer, tableResolver, tempKeyRing, verifySignature, type TestServer } from './servers.ts'

const MiB = 1024 * 1024
const SITE = 'https://news.example'
const { keys, jwk } = tempKeyRing()
const bomb = zlib.gzipSync(Buffer.alloc(32 * MiB)) // ~32 KB on the wire, 32 MiB decoded
const brBomb = zlib.brotliCompressSync(Buffer.alloc(32 * MiB))

let closedOnce = false

function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url!, 'http://x')
  const hop = /^\/r\/(\d+)$/.exec(url.pathname)
  if (hop) {
    const n = Number(hop[1])
    if (n === 0) return void res.end('end of chain')
    res.writeHead(n % 2 ? 302 : 301, { location: `/r/${n - 1}` }).end()
    return
  }
  switch (url.pathname) {
    case '/feed':
      res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"', 'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT' })
      return void res.end('<rss/>')
    case '/conditional':
      if (req.headers['if-none-match'] === '"v1"' || req.headers['if-modified-since'] === 'Tue, 01 Jul 2025 10:00:00 GMT') {
        return void res.writeHead(304).end()
      }
      return void res.end('changed')
    case '/to':
      return void res.writeHead(302, { location: url.searchParams.get('location')! }).end()
    case '/big':
      // Chunked, no Content-Length: only counting while streaming can stop it.
      res.writeHead(200)
      for (let i = 0; i < 4; i++) res.write(Buffer.alloc(MiB, 0x61))
      return void res.end()
    case '/big-declared':
      res.writeHead(200, { 'content-length': String(64 * MiB) })
      return void res.write(Buffer.alloc(1024))
    case '/gzip':
      return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('hello gzip'))
    case '/deflate-raw':
      return void res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateRawSync('hello deflate'))
    case '/br':
      return void res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync('hello br'))
    case '/bomb':
      return void res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb)
    case '/br-bomb':
      return void res.writeHead(200, { 'content-encoding': 'br' }).end(brBomb)
    case '/hang':
      return // never answers
    case '/closed-once':
      // The first request's connection is closed without an answer, as a server does to an idle kept-alive socket.
      if (!closedOnce) {
        closedOnce = true
        return void req.socket.destroy()
      }
      return void res.end('second try')
    case '/closed-always':
      return void req.socket.destroy()
    case '/drip': {
      res.writeHead(200)
      const timer = setInterval(() => res.write('.'), 20)
      res.on('close', () => clearInterval(timer))
      return
    }
    case '/unavailable':
      return void res.writeHead(503, { 'retry-after': '120' }).end('busy')
    case '/close':
      return void res.writeHead(200, { connection: 'close' }).end('fresh connection each time')
    default:
      res.writeHead(404).end()
  }
}

describe('guarded fetch against a loopback server', () => {
  let server: TestServer
  let fetch: GuardedFetch
  let base: string
  const get = (path: string, maxBytes = MiB) => fetch(`${base}${path}`, { maxBytes })
  const reason = (r: FetchResult) => (r.status === 'failed' ? r.reason : r.status)

  before(async () => {
    server = await startServer(routes)
    base = server.origin
    // A safety net, not a deadline under test: the loopback routes answer at once, but a loaded machine may be slow.
    fetch = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1'], timeouts: { totalMs: 30_000 } })
  })
  after(async () => { await fetch.close(); await server.close() })

  it('returns a 200 body with validators, final URL and headers', async () => {
    const r = await get('/feed')
    assert.equal(r.status, 'ok')
    if (r.status !== 'ok') return
    assert.equal(r.body.toString(), '<rss/>')
    assert.equal(r.etag, '"v1"')
    assert.equal(r.lastModified, 'Tue, 01 Jul 2025 10:00:00 GMT')
    assert.equal(r.headers['content-type'], 'application/rss+xml')
    assert.equal(r.finalUrl, `${base}/feed`)
  })

  it('sends a User-Agent naming the bot and a URL about it, and a verifiable Web Bot Auth signature', async () => {
    const before = server.requests.length
    await get('/feed')
    const req = server.requests[before]!
    assert.equal(req.headers['user-agent'], 'NewsdeskBot/1.0 (+https://news.example/auth.md)')
    assert.equal(req.headers['signature-agent'], '"https://news.example"')
    assert.match(String(req.headers['signature-input']), /^sig1=\("@authority" "signature-agent"\);created=(\d+);keyid="[^"]+";alg="ed25519";expires=(\d+);nonce="[^"]+";tag="web-bot-auth"$/)
    const [, created, expires] = /created=(\d+).*expires=(\d+)/.exec(String(req.headers['signature-input']))!
    assert.ok(Number(expires) - Number(created) <= 300, 'short signature lifetime')
    await verifySignature(req, jwk)
    // The verifier really checks the authority: the same headers presented to another host fail.
    await assert.rejects(verifySignature({ ...req, headers: { ...req.headers, host: 'other.example' } }, jwk))
  })

  it('sends If-None-Match and If-Modified-Since and reports 304 as not-modified', async () => {
    const before = server.requests.length
    const r = await fetch(`${base}/conditional`, { maxBytes: MiB, etag: '"v1"', lastModified: 'Tue, 01 Jul 2025 10:00:00 GMT' })
    assert.equal(r.status, 'not-modified')
    assert.equal(server.requests[before]!.headers['if-none-match'], '"v1"')
    assert.equal(server.requests[before]!.headers['if-modified-since'], 'Tue, 01 Jul 2025 10:00:00 GMT')
    const again = await fetch(`${base}/conditional`, { maxBytes: MiB, lastModified: 'Tue, 01 Jul 2025 10:00:00 GMT' })
    assert.equal(again.status, 'not-modified')
    const stale = await fetch(`${base}/conditional`, { maxBytes: MiB, etag: '"v0"' })
    assert.equal(stale.status, 'ok')
  })

  it('follows a chain of 5 redirects, signing every hop', async () => {
    const before = server.requests.length
    const r = await get('/r/5')
    assert.equal(r.status, 'ok')
    if (r.status === 'ok') assert.equal(r.finalUrl, `${base}/r/0`)
    const hops = server.requests.slice(before)
    assert.deepEqual(hops.map((h) => h.url), ['/r/5', '/r/4', '/r/3', '/r/2', '/r/1', '/r/0'])
    for (const h of hops) await verifySignature(h, jwk)
    assert.equal(new Set(hops.map((h) => h.headers.signature)).size, hops.length, 'each hop signed anew')
  })

  it('refuses a 6th redirect', async () => {
    const before = server.requests.length
    assert.equal(reason(await get('/r/6')), 'too-many-redirects')
    assert.equal(server.requests.length - before, 6, 'the 7th URL is never requested')
  })

  for (const [target, expected] of <[string, string][]>[
    ['http://10.0.0.1/', 'blocked-address'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked-address'],
    ['http://[::1]:PORT/feed', 'blocked-address'],
    ['http://[::ffff:127.0.0.2]:PORT/feed', 'blocked-address'],
    ['http://2130706434:PORT/feed', 'blocked-address'],
    ['file:///etc/passwd', 'bad-url'],
  ]) {
    it(`refuses a redirect from an allowed host to ${target}`, async () => {
      const location = target.replace('PORT', String(server.port))
      const before = server.requests.length
      const r = await get(`/to?location=${encodeURIComponent(location)}`)
      assert.equal(reason(r), expected)
      assert.equal(server.requests.length - before, 1, 'only the redirecting request reached a server')
    })
  }

  it('caps the body while streaming and by declared length', async () => {
    assert.equal(reason(await get('/big', 2 * MiB)), 'too-large')
    assert.equal(reason(await get('/big', 5 * MiB)), 'ok')
    assert.equal(reason(await get('/big-declared', 5 * MiB)), 'too-large')
  })

  it('decodes gzip, raw deflate and brotli', async () => {
    for (const [path, text] of [['/gzip', 'hello gzip'], ['/deflate-raw', 'hello deflate'], ['/br', 'hello br']]) {
      const r = await get(path!)
      assert.equal(r.status === 'ok' && r.body.toString(), text)
    }
  })

  it('refuses gzip and brotli bombs by the decoded size, though the wire size is under the cap', async () => {
    assert.ok(bomb.length < MiB)
    const started = Date.now()
    assert.equal(reason(await get('/bomb', MiB)), 'too-large')
    assert.equal(reason(await get('/br-bomb', MiB)), 'too-large')
    assert.ok(Date.now() - started < 2000)
  })

  it('sends a GET once more when its connection closed before any answer; a server that always closes still fails', async () => {
    const again = await get('/closed-once')
    assert.equal(again.status, 'ok')
    assert.equal(again.status === 'ok' && again.body.toString(), 'second try')
    assert.equal(reason(await get('/closed-always')), 'network')
  })

  it('reports an HTTP error status with Retry-After', async () => {
    const r = await get('/unavailable')
    assert.deepEqual(r.status === 'failed' && [r.reason, r.httpStatus, r.retryAfter], ['http-error', 503, '120'])
  })

  it('signed every request this server received, with the User-Agent, across all the tests above', async () => {
    assert.ok(server.requests.length > 30)
    for (const req of server.requests) {
      assert.equal(req.headers['user-agent'], 'NewsdeskBot/1.0 (+https://news.example/auth.md)')
      await verifySignature(req, jwk)
    }
  })
})

describe('guarded fetch: the check runs on the resolved address of every connection', () => {
  let server: TestServer
  before(async () => { server = await startServer(routes) })
  after(() => server.close())

  it('refuses localhost (resolving to 127.0.0.1) when only another host is allowed, and allows it when its address is', async () => {
    const guarded = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.2', 'feed.example'] })
    const r = await guarded(`http://localhost:${server.port}/feed`, { maxBytes: MiB })
    assert.equal(r.status === 'failed' && r.reason, 'blocked-address')
    assert.match(r.status === 'failed' ? r.message : '', /localhost resolves to non-public address (127\.0\.0\.1|::1)/)
    await guarded.close()
    const allowed = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1', '::1'] })
    assert.equal((await allowed(`http://localhost:${server.port}/feed`, { maxBytes: MiB })).status, 'ok')
    await allowed.close()
  })

  it('refuses a name whose DNS answer turns private between connections (rebinding)', async () => {
    let calls = 0
    const guarded = createGuardedFetch({
      siteUrl: SITE, keys, allow: ['127.0.0.1'],
      resolve: async () => [{ address: calls++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }],
    })
    const url = `http://flip.test:${server.port}/close`
    assert.equal((await guarded(url, { maxBytes: MiB })).status, 'ok')
    const second = await guarded(url, { maxBytes: MiB })
    assert.equal(second.status === 'failed' && second.reason, 'blocked-address')
    assert.equal(calls, 2, 'resolved again for the new connection')
    await guarded.close()
  })

  it('refuses a name with any private answer, and lifts the guard for an allow-listed hostname', async () => {
    const resolve = tableResolver({ 'mixed.test': ['8.8.8.8', '10.0.0.1'], 'feed.internal': '127.0.0.1', 'other.test': '127.0.0.1', 'pub.test': '8.8.8.8' })
    const guarded = createGuardedFetch({ siteUrl: SITE, keys, allow: ['feed.internal'], resolve })
    const mixed = await guarded(`http://mixed.test:${server.port}/feed`, { maxBytes: MiB })
    assert.match(mixed.status === 'failed' ? `${mixed.reason} ${mixed.message}` : '', /^blocked-address .*non-public address 10\.0\.0\.1/)
    assert.equal((await guarded(`http://feed.internal:${server.port}/feed`, { maxBytes: MiB })).status, 'ok')
    // A public address on a non-web port is refused too (no port scanning through us).
    const port = await guarded(`http://pub.test:${server.port}/feed`, { maxBytes: MiB })
    assert.match(port.status === 'failed' ? `${port.reason} ${port.message}` : '', /^blocked-address fetch: port \d+ refused/)
    // From the allow-listed name to another name for the same address: the name was allowed, not the address.
    const hop = await guarded(`http://feed.internal:${server.port}/to?location=${encodeURIComponent(`http://other.test:${server.port}/feed`)}`, { maxBytes: MiB })
    assert.match(hop.status === 'failed' ? `${hop.reason} ${hop.message}` : '', /^blocked-address .*other\.test resolves to non-public address 127\.0\.0\.1/)
    const nx = await guarded(`http://nx.test:${server.port}/feed`, { maxBytes: MiB })
    assert.equal(nx.status === 'failed' && nx.reason, 'network')
    await guarded.close()
  })

  it('an allow-list entry with a port allows that port only: a redirect to another open port of the host is refused', async () => {
    // The issue's case: a hostile feed on an allowed host redirected to 127.0.0.1:22. Here the other port is a real
    // open server, so only the guard can stop the second hop.
    const other = await startServer(routes)
    try {
      const resolve = tableResolver({ 'feeds.internal': '127.0.0.1' })
      for (const [allow, start] of [
        [[`127.0.0.1:${server.port}`], `http://127.0.0.1:${server.port}`],
        [[`[::ffff:127.0.0.1]:${server.port}`], `http://127.0.0.1:${server.port}`],
        [[`feeds.internal:${server.port}`], `http://feeds.internal:${server.port}`],
      ] as const) {
        const guarded = createGuardedFetch({ siteUrl: SITE, keys, allow, resolve })
        assert.equal((await guarded(`${start}/feed`, { maxBytes: MiB })).status, 'ok', String(allow))
        for (const target of [`http://127.0.0.1:${other.port}/feed`, `${start.replace(String(server.port), String(other.port))}/feed`]) {
          const before = other.requests.length
          const r = await guarded(`${start}/to?location=${encodeURIComponent(target)}`, { maxBytes: MiB })
          assert.equal(r.status === 'failed' && r.reason, 'blocked-address', `${String(allow)} → ${target}`)
          assert.equal(other.requests.length, before, 'the other port never saw a request')
        }
        await guarded.close()
      }
    } finally {
      await other.close()
    }
  })

  it('signs each hop of a cross-host redirect for its own authority', async () => {
    const resolve = tableResolver({ 'a.test': '127.0.0.1', 'b.test': '127.0.0.1' })
    const guarded = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1'], resolve })
    const before = server.requests.length
    const next = encodeURIComponent(`http://b.test:${server.port}/feed`)
    assert.equal((await guarded(`http://a.test:${server.port}/to?location=${next}`, { maxBytes: MiB })).status, 'ok')
    const hops = server.requests.slice(before)
    assert.deepEqual(hops.map((h) => h.headers.host), [`a.test:${server.port}`, `b.test:${server.port}`])
    for (const h of hops) await verifySignature(h, jwk)
    await guarded.close()
  })
})

describe('guarded fetch timeouts', () => {
  let server: TestServer
  before(async () => { server = await startServer(routes) })
  after(() => server.close())

  it('gives up on a server that never answers (total timeout)', async () => {
    const guarded = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1'], timeouts: { totalMs: 300 } })
    const started = Date.now()
    const r = await guarded(`${server.origin}/hang`, { maxBytes: MiB })
    assert.equal(r.status === 'failed' && r.reason, 'timeout')
    // /hang never answers: any end is the timeout's; the bound only keeps a broken one from hanging the suite.
    assert.ok(Date.now() - started < 10_000)
    await guarded.close()
  })

  it('gives up on a body that trickles forever (total timeout), and on missing headers (headers timeout)', async () => {
    const total = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1'], timeouts: { totalMs: 300 } })
    const drip = await total(`${server.origin}/drip`, { maxBytes: MiB })
    assert.equal(drip.status === 'failed' && drip.reason, 'timeout')
    // The message names the limit, not the abort's numeric DOMException code ("timed out (23)").
    assert.equal(drip.status === 'failed' && drip.message, `fetch: ${server.origin}/drip timed out: not complete within 0.3 s`)
    await total.close()
    const headers = createGuardedFetch({ siteUrl: SITE, keys, allow: ['127.0.0.1'], timeouts: { headersMs: 200, totalMs: 5000 } })
    const started = Date.now()
    const hang = await headers(`${server.origin}/hang`, { maxBytes: MiB })
    assert.equal(hang.status === 'failed' && hang.reason, 'timeout')
    assert.equal(hang.status === 'failed' && hang.message, `fetch: ${server.origin}/hang timed out: no response headers within 0.2 s`)
    assert.ok(Date.now() - started < 4_500, 'the headers deadline ended it, not the 5 s total')
    await headers.close()
  })
})
