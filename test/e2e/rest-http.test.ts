import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import zlib from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { ALL_SEARCH_STORIES, SEARCH_STORIES as S, makeStory } from '../fixtures/stories.ts'
import { ROOT } from '../helpers/cli.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'

const ROUTES = [
  '/api/v1/stories', '/api/v1/stories?topic=finance&limit=3&lang=de', '/api/v1/stories?q=semiconductor',
  `/api/v1/stories/${S.zurichLab.id}?lang=ja`, '/api/v1/categories?lang=ko', '/api/v1/sources', '/openapi.json',
]

describe('HTTP behaviour: caching, identical bytes, methods, headers', () => {
  let srv: FixtureServer
  before(async () => { srv = await startFixtureServer(ALL_SEARCH_STORIES) })
  after(async () => srv.stop())

  it('every cacheable 200 is public with an edge TTL, stale directives and a strong ETag, and no s-maxage', async () => {
    for (const route of ROUTES) {
      const res = await srv.api(route)
      assert.equal(res.status, 200, route)
      const cc = res.headers.get('cache-control')!
      assert.match(cc, /^public, max-age=60, stale-while-revalidate=300, stale-if-error=86400$/, route)
      assert.match(res.headers.get('cdn-cache-control')!, /^max-age=300, /, route)
      assert.doesNotMatch(cc, /s-maxage/)
      assert.match(res.headers.get('etag')!, /^"[A-Za-z0-9_-]{27}"$/, route)
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8')
      assert.equal(res.headers.get('access-control-allow-origin'), '*')
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
      // Only the content coding is negotiated (fetch accepts gzip): bodies big enough to compress vary on it.
      const coded = res.headers.get('content-encoding')
      // The OpenAPI document also answers its declared media type to a client that asks for it by Accept.
      const vary = route === '/openapi.json' ? res.headers.get('vary')?.replace(/^Accept(, )?/, '') || null : res.headers.get('vary')
      assert.equal(vary, coded ? 'Accept-Encoding' : vary && 'Accept-Encoding', route)
      assert.equal(res.headers.get('set-cookie'), null)
      if (!coded) assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(res.text))
    }
  })

  it('compresses with the response cache off (RESPONSE_CACHE_MB=0): compression does not depend on the cache', async () => {
    const uncached = await startFixtureServer(ALL_SEARCH_STORIES, { RESPONSE_CACHE_MB: '0' })
    try {
      const url = `${uncached.serve.url}/api/v1/stories?limit=20`
      const identity = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
      const plain = Buffer.from(await identity.arrayBuffer())
      assert.ok(plain.byteLength > 1024, 'a body worth compressing')
      assert.equal(identity.headers.get('content-encoding'), null)
      for (const [coding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
        const res = await getBytes(url, { 'accept-encoding': coding })
        assert.equal(res.status, 200)
        assert.equal(res.headers['content-encoding'], coding)
        assert.equal(res.headers.vary, 'Accept-Encoding')
        assert.deepEqual(decode(res.bytes), plain)
        assert.notEqual(res.headers.etag, identity.headers.get('etag'), 'each encoding has its own ETag')
      }
    } finally {
      await uncached.stop()
    }
  })

  it('answers If-None-Match with 304 for the ETag, its weak form, a list and *', async () => {
    for (const route of ROUTES) {
      const first = await srv.api(route)
      const etag = first.headers.get('etag')!
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const res = await srv.api(route, { headers: { 'If-None-Match': inm } })
        assert.equal(res.status, 304, `${route} ${inm}`)
        assert.equal(res.text, '')
        assert.equal(res.headers.get('etag'), etag)
        assert.equal(res.headers.get('cache-control'), first.headers.get('cache-control'))
        assert.equal(res.headers.get('cdn-cache-control'), first.headers.get('cdn-cache-control'))
      }
      const miss = await srv.api(route, { headers: { 'If-None-Match': '"something-else"' } })
      assert.equal(miss.status, 200)
      assert.equal(miss.text, first.text)
    }
  })

  it('answers HEAD with the GET headers and no body', async () => {
    for (const route of ROUTES) {
      const get = await srv.api(route)
      const head = await srv.api(route, { method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal(head.text, '')
      for (const h of ['etag', 'cache-control', 'content-type', 'content-length', 'access-control-allow-origin']) {
        assert.equal(head.headers.get(h), get.headers.get(h), `${route} ${h}`)
      }
    }
  })

  it('sends identical bytes to every caller: credentials, cookies and client headers are ignored', async () => {
    const callers: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer secret-token' },
      { Cookie: 'session=abc; theme=dark' },
      { Authorization: 'Basic dXNlcjpwYXNz', Cookie: 'x=1', 'User-Agent': 'ExampleAgent/1.0', 'X-Forwarded-For': '203.0.113.9', 'Accept-Language': 'fr' },
    ]
    for (const route of [...ROUTES, '/api/v1/stories?limit=0', '/api/v1/stories/0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const answers = await Promise.all(callers.map((headers) => srv.api(route, { headers })))
      for (const a of answers) {
        assert.equal(a.status, answers[0]!.status)
        assert.equal(a.text, answers[0]!.text, route)
        assert.equal(a.headers.get('etag'), answers[0]!.headers.get('etag'))
        assert.equal(a.headers.get('set-cookie'), null)
      }
    }
  })

  it('shares one cache entry across parameter order and unknown parameters, with the same bytes', async () => {
    const a = await srv.api('/api/v1/stories?limit=3&lang=es&topic=engineering')
    const b = await srv.api('/api/v1/stories?topic=engineering&utm_source=x&lang=es&limit=3')
    assert.equal(a.text, b.text)
    assert.equal(a.headers.get('etag'), b.headers.get('etag'))
  })

  it('caches errors briefly and never caches health', async () => {
    const bad = await srv.api('/api/v1/stories?limit=99')
    assert.equal(bad.headers.get('cache-control'), 'public, max-age=60')
    const missing = await srv.api('/api/v1/stories/0f8fad5b-d9cb-469f-a165-70867728950e')
    assert.equal(missing.headers.get('cache-control'), 'public, max-age=60')
    assert.equal((await srv.api('/api/v1/health')).headers.get('cache-control'), 'no-store')
  })

  it('answers 405 with Allow for methods other than GET and HEAD, and OPTIONS preflights with 204', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const route of ['/api/v1/stories', `/api/v1/stories/${S.rates.id}`, '/api/v1/categories', '/api/v1/sources', '/api/v1/health']) {
        const res = await srv.api(route, { method, body: method === 'DELETE' ? undefined : '{}' })
        assert.equal(res.status, 405, `${method} ${route}`)
        assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS')
        assert.equal(res.json.error, 'method_not_allowed')
        assert.match(res.json.message, new RegExp(`^${method} is not allowed`))
      }
    }
    const pre = await srv.api('/api/v1/stories', {
      method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    })
    assert.equal(pre.status, 204)
    assert.equal(pre.headers.get('access-control-allow-origin'), '*')
    assert.match(pre.headers.get('access-control-allow-methods')!, /GET/)
  })

  it('answers unknown paths with a JSON 404', async () => {
    for (const route of ['/api/v1/nope', '/api/v1/stories/', '/api/v2/stories', '/api/v1/stories/a/b']) {
      const res = await srv.api(route)
      assert.equal(res.status, 404, route)
      assert.equal(res.json.error, 'not_found')
      assert.equal(typeof res.json.message, 'string')
    }
  })

  it('serves new content, with new ETags, as soon as an import lands', async () => {
    const before = await srv.api('/api/v1/stories?limit=1')
    const fresh = makeStory({ published_at: '2026-11-20T13:00:00Z', headline: 'Lighthouse Bank names a new chief risk officer', category: 'leadership' })
    await srv.importStories([fresh])
    const after = await srv.api('/api/v1/stories?limit=1', { headers: { 'If-None-Match': before.headers.get('etag')! } })
    assert.equal(after.status, 200, 'old ETag no longer matches')
    assert.equal(after.json.stories[0].id, fresh.id)
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'))
    const found = await srv.api('/api/v1/stories?q=lighthouse')
    assert.deepEqual(found.json.stories.map((s: { id: string }) => s.id), [fresh.id])
    const sources = await srv.api('/api/v1/sources')
    assert.equal(sources.json.count, 2)
  })

  it('serves an OpenAPI 3.1 document that describes every operation and passes redocly lint', async () => {
    const doc = (await srv.api('/openapi.json')).json
    assert.equal(doc.openapi, '3.1.0')
    assert.equal(doc.info.version, '1.0.0')
    assert.deepEqual(doc.servers, [{ url: `${SITE_URL}/api/v1`, description: 'This Newsdesk instance' }])
    const ops = Object.fromEntries(Object.entries(doc.paths as Record<string, { get: { operationId: string; responses: object; parameters?: Array<{ name: string }> } }>)
      .map(([p, item]) => [item.get.operationId, { path: p, statuses: Object.keys(item.get.responses), params: (item.get.parameters ?? []).map((x) => x.name) }]))
    assert.deepEqual(ops.listStories, { path: '/stories', statuses: ['200', '304', '400', '405', '503'], params: ['q', 'topic', 'limit', 'lang', 'source', 'since', 'until', 'cursor'] })
    assert.deepEqual(ops.getStory, { path: '/stories/{id}', statuses: ['200', '304', '400', '404', '405', '503'], params: ['id', 'lang'] })
    assert.deepEqual(ops.listCategories, { path: '/categories', statuses: ['200', '304', '400', '405', '503'], params: ['lang'] })
    assert.deepEqual(ops.listSources, { path: '/sources', statuses: ['200', '304', '400', '405', '503'], params: ['limit', 'cursor'] })
    assert.deepEqual(ops.health, { path: '/health', statuses: ['200', '304', '405', '503'], params: [] })
    assert.equal(doc.paths['/health'].get.responses['503'].content['application/json'].schema.$ref, '#/components/schemas/Health')

    const file = path.join(srv.dir, 'openapi.json')
    fs.writeFileSync(file, JSON.stringify(doc))
    const lint = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'redocly'), ['lint', file, '--format', 'json'], { encoding: 'utf8', cwd: srv.dir })
    assert.equal(lint.status, 0, lint.stdout + lint.stderr)
    const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number } }
    assert.equal(report.totals.errors, 0)
    assert.equal(report.totals.warnings, 0)
  })
})

/** A GET whose body comes back as sent (fetch would decode it). */
function getBytes(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }))
      res.on('error', reject)
    }).on('error', reject)
  })
}
