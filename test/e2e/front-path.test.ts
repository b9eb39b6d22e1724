import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import zlib from 'node:zlib'
import { StorySnapshot } from '../../src/domain/story.ts'
import type { CachedGets } from '../../src/front/cached-gets.ts'
import type { RunningServer } from '../../src/server/start-server.ts'
import type { Store } from '../../src/storage/store.ts'
import { SKILL_NAME } from '../../src/surfaces/discovery/skill-md.ts'
import { LAST_MODIFIED_SETTLE_MS } from '../../src/surfaces/http/conditional.ts'
import { ALPHA, SEARCH_STORIES as S, makeStory } from '../fixtures/stories.ts'
import { startFrontTwins, type FrontTwins } from '../helpers/front-twins.ts'

interface Raw {
  status: number
  /** Raw header lines in the order sent, without Date (the one header that differs by the second). */
  headers: string[]
  body: Buffer
}

/** One GET over a fresh connection, headers and bytes exactly as they arrived (no decompression). */
function rawGet(port: number, url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const lines: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`)
        }
        resolve({ status: res.statusCode!, headers: lines, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const header = (r: Raw, name: string) => r.headers.find((l) => l.toLowerCase().startsWith(`${name}: `))?.slice(name.length + 2)

/** Every cacheable GET route the e2e suite covers: API, OpenAPI, pages in both formats, sitemaps, discovery files. */
const ROUTES = [
  '/api/v1', '/api/v1/stories', '/api/v1/stories?limit=3', '/api/v1/stories?topic=finance&limit=3&lang=de',
  '/api/v1/stories?lang=de&limit=3&topic=finance', '/api/v1/stories?q=semiconductor', `/api/v1/stories/${S.zurichLab.id}?lang=ja`,
  `/api/v1/stories/${S.zurichLab.id}`, '/api/v1/categories?lang=ko', '/api/v1/categories', '/api/v1/sources', '/openapi.json',
  '/', '/?lang=fr', '/index.md', '/?format=md', `/s/${S.zurichLab.id}`, `/s/${S.zurichLab.id}.md`, `/s/${S.zurichLab.id}?lang=de&format=md`,
  '/c/engineering', '/c/engineering?format=md', `/source/${ALPHA.id}`, '/search?q=lab', '/search.md?q=lab', '/pricing', '/legal/terms.md',
  '/sitemap.xml', '/sitemaps/index.xml',
  '/llms.txt', '/auth.md', '/robots.txt', '/.well-known/api-catalog', '/.well-known/ai-catalog.json',
  '/.well-known/agent-skills/index.json', `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`,
  '/.well-known/mcp/server-card.json', '/.well-known/agent-card.json',
]

/** Request header sets: no compression, gzip, br, a browser, an agent asking for Markdown, the MCP card type, A2A 1.0. */
const HEADER_SETS: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, br' },
  { accept: 'text/markdown', 'accept-encoding': 'br;q=0.5, gzip' },
  { accept: 'application/mcp-server-card+json' },
  { 'a2a-version': '1.0', 'accept-encoding': 'br' },
]

describe('front path: cached answers before the framework, byte-identical to it', () => {
  let store: Store
  let withFront: RunningServer
  let framework: RunningServer
  let front: CachedGets
  let archive: string[] = []
  let twins: FrontTwins

  before(async () => {
    twins = await startFrontTwins()
    ;({ store, withFront, framework, front } = twins)
    const index = await rawGet(framework.port, '/sitemaps/index.xml')
    archive = [...index.body.toString().matchAll(/<loc>https:\/\/news\.example\.org([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((p) => p.includes('stories-'))
    assert.ok(archive.length > 0, 'the index links archive sitemaps')
  })
  after(async () => { await twins?.close() })

  it('answers every route and header set with the framework\'s status, headers and bytes, 200 and 304', async () => {
    const before = front.stats()
    let cases = 0 // (only to count the conditional requests below)
    for (const url of [...ROUTES, ...archive]) {
      for (const h of HEADER_SETS) {
        const label = `${url} ${JSON.stringify(h)}`
        const first = await rawGet(withFront.port, url, h) // a miss: the framework answers and the front path learns the form
        const reference = await rawGet(framework.port, url, h)
        const again = await rawGet(framework.port, url, h) // the framework answering from its cache
        const answeredBefore = front.stats().answered
        const fronted = await rawGet(withFront.port, url, h) // the front path
        assert.equal(front.stats().answered, answeredBefore + 1, `${label}: answered by the front path`)
        assert.equal(first.status, 200, label)
        for (const [name, r] of [['framework miss', first], ['framework hit', again], ['front path', fronted]] as const) {
          assert.equal(r.status, reference.status, `${label}: ${name} status`)
          assert.deepEqual(r.headers, reference.headers, `${label}: ${name} headers`)
          assert.ok(r.body.equals(reference.body), `${label}: ${name} bytes`)
        }
        const etag = header(reference, 'etag')!
        const notModified = await rawGet(framework.port, url, { ...h, 'if-none-match': etag })
        const frontNotModified = await rawGet(withFront.port, url, { ...h, 'if-none-match': `"other", W/${etag}` })
        const frontNotModifiedExact = await rawGet(withFront.port, url, { ...h, 'if-none-match': etag })
        assert.equal(notModified.status, 304, label)
        for (const r of [frontNotModified, frontNotModifiedExact]) {
          assert.equal(r.status, 304, label)
          assert.deepEqual(r.headers, notModified.headers, `${label}: 304 headers`)
          assert.equal(r.body.length, 0)
        }
        cases++
      }
    }
    const after = front.stats()
    // Both conditional requests of every case were the front path's too.
    assert.equal(after.notModified - before.notModified, 2 * cases, 'front-path 304s')
  })

  it('answers a miss taking identity before compressing, with the bytes and headers every later answer has', async () => {
    // An identity miss is answered before its br/gzip variants exist; requests right behind it (identity from the
    // body still compressing, br waiting for its variants) must still get exactly the framework's answers.
    for (const url of ['/api/v1/stories?limit=40', '/api/v1/stories?limit=41&lang=de']) {
      const br = { 'accept-encoding': 'br' }
      const first = await rawGet(withFront.port, url)
      const [soonIdentity, soonBr] = await Promise.all([rawGet(withFront.port, url), rawGet(withFront.port, url, br)])
      const [refIdentity, refBr] = [await rawGet(framework.port, url), await rawGet(framework.port, url, br)]
      assert.equal(header(first, 'vary')?.includes('Accept-Encoding'), true, `${url}: the identity miss varies`)
      assert.equal(header(refBr, 'content-encoding'), 'br')
      for (const [name, r, ref] of [['miss', first, refIdentity], ['identity', soonIdentity, refIdentity], ['br', soonBr, refBr]] as const) {
        assert.equal(r.status, 200, `${url}: ${name}`)
        assert.deepEqual(r.headers, ref.headers, `${url}: ${name} headers`)
        assert.ok(r.body.equals(ref.body), `${url}: ${name} bytes`)
      }
    }
  })

  it('serves br and gzip made once, each with its own ETag, decoding to the identity bytes', async () => {
    const url = '/api/v1/stories?limit=50'
    const identity = await rawGet(withFront.port, url)
    const br = await rawGet(withFront.port, url, { 'accept-encoding': 'br' })
    const gzip = await rawGet(withFront.port, url, { 'accept-encoding': 'gzip' })
    assert.equal(header(identity, 'content-encoding'), undefined)
    assert.equal(header(br, 'content-encoding'), 'br')
    assert.equal(header(gzip, 'content-encoding'), 'gzip')
    for (const r of [identity, br, gzip]) assert.equal(header(r, 'vary'), 'Accept-Encoding')
    assert.ok(zlib.brotliDecompressSync(br.body).equals(identity.body))
    assert.ok(zlib.gunzipSync(gzip.body).equals(identity.body))
    assert.ok(br.body.length < identity.body.length / 2, `br ${br.body.length} of ${identity.body.length} bytes`)
    assert.equal(new Set([identity, br, gzip].map((r) => header(r, 'etag'))).size, 3, 'one ETag per encoding')
    // gzip;q=0 refuses gzip; `*` admits br; identity when nothing is acceptable.
    assert.equal(header(await rawGet(withFront.port, url, { 'accept-encoding': 'gzip;q=0, *' }), 'content-encoding'), 'br')
    assert.equal(header(await rawGet(withFront.port, url, { 'accept-encoding': 'br;q=0, gzip' }), 'content-encoding'), 'gzip')
    assert.equal(header(await rawGet(withFront.port, url, { 'accept-encoding': 'deflate' }), 'content-encoding'), undefined)
    // A small body is sent as it is and does not vary.
    const small = await rawGet(withFront.port, '/api/v1/stories?limit=1', { 'accept-encoding': 'br' })
    assert.equal(header(small, 'content-encoding'), undefined)
    assert.equal(header(small, 'vary'), undefined)
  })

  it('never learns a form with a parameter the cache key ignores, nor a repeated one', async () => {
    for (const url of ['/api/v1/stories?limit=2&utm_source=x', '/api/v1/stories?limit=2&limit=2', '/?utm_source=mail', '/api/v1/stories?']) {
      const before = front.stats()
      const one = await rawGet(withFront.port, url)
      const two = await rawGet(withFront.port, url)
      assert.equal(one.status, two.status, url)
      assert.ok(one.body.equals(two.body), url)
      const after = front.stats()
      assert.equal(after.answered, before.answered, `${url} is left to the framework`)
      assert.equal(after.forms, before.forms, `${url} added no front-path form`)
    }
    // Unknown topic: a 400 stays a 400 and is never remembered.
    const bad = await rawGet(withFront.port, '/api/v1/stories?topic=nope')
    assert.equal(bad.status, 400)
    assert.equal((await rawGet(withFront.port, '/api/v1/stories?topic=nope')).status, 400)
  })

  it('answers each negotiated format from its own entry', async () => {
    const markdown = await rawGet(withFront.port, '/c/engineering', { accept: 'text/markdown' })
    const html = await rawGet(withFront.port, '/c/engineering', { accept: 'text/html' })
    for (let i = 0; i < 2; i++) {
      assert.equal(header(await rawGet(withFront.port, '/c/engineering', { accept: 'text/markdown' }), 'content-type'), 'text/markdown; charset=utf-8')
      assert.equal(header(await rawGet(withFront.port, '/c/engineering', { accept: 'text/html' }), 'content-type'), 'text/html; charset=utf-8')
      assert.equal(header(await rawGet(withFront.port, '/c/engineering', { accept: 'text/x-markdown, text/html;q=0.5' }), 'content-type'), 'text/markdown; charset=utf-8')
    }
    assert.notEqual(header(markdown, 'etag'), header(html, 'etag'))
  })

  it('stops answering an entry once the content version moves', async () => {
    const url = '/api/v1/stories?limit=2'
    await rawGet(withFront.port, url)
    const old = await rawGet(withFront.port, url)
    const headline = 'Front path sees the newest story at once'
    await store.upsertStories([StorySnapshot.parse(makeStory({ published_at: '2026-11-30T12:00:00Z', headline }))])
    const fresh = await rawGet(withFront.port, url)
    assert.notEqual(header(fresh, 'etag'), header(old, 'etag'))
    assert.match(fresh.body.toString(), new RegExp(headline))
    const reference = await rawGet(framework.port, url)
    assert.ok(fresh.body.equals(reference.body))
    const notModified = await rawGet(withFront.port, url, { 'if-none-match': header(old, 'etag')! })
    assert.equal(notModified.status, 200, 'the old ETag no longer matches')
  })

  it('answers date-only revalidations (If-Modified-Since alone) by the responder\'s rule, with the framework\'s 304 and 200', async () => {
    const url = '/feeds/topics/finance.atom'
    // Last-Modified is sent, and a form learnt, once the date it names has settled (LAST_MODIFIED_SETTLE_MS).
    const updated = Date.parse(/<updated>([^<]+)<\/updated>/.exec((await rawGet(framework.port, url)).body.toString())![1]!)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.floor(updated / 1000) * 1000 + 1000 + LAST_MODIFIED_SETTLE_MS - Date.now()) + 5))
    const lastModified = header(await rawGet(withFront.port, url), 'last-modified')!
    assert.ok(lastModified, 'a settled Last-Modified')
    const dates = [lastModified, new Date(Date.parse(lastModified) + 3_600_000).toUTCString(), new Date(Date.parse(lastModified) - 1000).toUTCString(), 'not a date']
    for (const since of dates) {
      const h = { 'if-modified-since': since }
      const reference = await rawGet(framework.port, url, h)
      const answeredBefore = front.stats().answered + front.stats().notModified
      const fronted = await rawGet(withFront.port, url, h)
      assert.equal(front.stats().answered + front.stats().notModified, answeredBefore + 1, `${since}: answered by the front`)
      assert.equal(fronted.status, reference.status, since)
      assert.deepEqual(fronted.headers, reference.headers, `${since}: headers`)
      assert.ok(fronted.body.equals(reference.body), `${since}: bytes`)
    }
    assert.deepEqual((await Promise.all(dates.map((since) => rawGet(withFront.port, url, { 'if-modified-since': since })))).map((r) => r.status), [304, 304, 200, 200])
  })

  it('leaves HEAD and other methods to the framework', async () => {
    const before = front.stats()
    const head = await new Promise<number>((resolve, reject) => {
      http.request({ host: '127.0.0.1', port: withFront.port, path: '/api/v1/stories', method: 'HEAD', agent: false }, (res) => {
        res.resume()
        resolve(res.statusCode!)
      }).on('error', reject).end()
    })
    assert.equal(head, 200)
    assert.equal(front.stats().answered, before.answered)
  })
})
