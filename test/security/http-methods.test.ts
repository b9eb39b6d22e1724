import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHarness, type Harness } from './harness.ts'
import { rawRequest } from './raw-http.ts'

const PAGE_ROUTES = ['/', '/index.md', '/search', '/search.md', '/pricing', '/legal/terms', '/legal/privacy.md', '/c/business']

describe('HTTP methods, preflights and parse errors', () => {
  let h: Harness
  /** Every GET path the app registers, its parameters filled with real values. */
  let getPaths: string[]
  before(async () => {
    h = await startHarness()
    const fill: Record<string, string> = { id: h.storyIds[0]!, slug: 'business', file: 'stories-2026-11.xml' }
    // /mcp and /a2a register GET only to answer it 405: they are POST resources with their own preflight.
    getPaths = [...new Set(h.app.routes.filter((r) => r.method === 'GET' && !r.path.includes('*') && r.path !== '/mcp' && r.path !== '/a2a')
      .map((r) => r.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => (name === 'id' && r.path.startsWith('/source') ? h.sourceIds[0]! : fill[name] ?? 'x'))))]
  })
  after(async () => { await h.close() })

  it('the app has GET routes for every surface (the list below is not empty by accident)', () => {
    for (const path of ['/', '/openapi.json', '/llms.txt', '/sitemap.xml', '/api/v1/stories', '/.well-known/agent-card.json']) {
      assert.ok(getPaths.includes(path), `${path} in ${getPaths.join(' ')}`)
    }
  })

  it('OPTIONS on every GET resource answers the CORS preflight (204, Allow, ACAO *)', async () => {
    for (const path of getPaths) {
      const res = await fetch(`${h.url}${path}`, {
        method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
      })
      assert.equal(res.status, 204, `${path}: ${res.status}`)
      assert.equal(res.headers.get('access-control-allow-origin'), '*', path)
      assert.match(res.headers.get('allow') ?? '', /\bGET\b/, path)
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /\bGET\b/, path)
    }
  })

  it('OPTIONS on the JSON-RPC endpoints allows POST', async () => {
    for (const path of ['/mcp', '/a2a']) {
      const res = await fetch(`${h.url}${path}`, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } })
      assert.equal(res.status, 204, path)
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/, path)
    }
  })

  it('OPTIONS on an unknown path is a 404', async () => {
    const res = await fetch(`${h.url}/no/such/thing`, { method: 'OPTIONS' })
    assert.equal(res.status, 404)
  })

  it('POST, PUT, DELETE and PATCH on page routes: 405 with Allow, in the negotiated format', async () => {
    const formats = [
      { accept: 'text/html', type: /^text\/html/ },
      { accept: 'text/markdown', type: /^text\/markdown/ },
      { accept: 'application/json', type: /^application\/json/ },
    ]
    for (const path of [...PAGE_ROUTES, `/s/${h.storyIds[0]}`, `/source/${h.sourceIds[0]}`]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        for (const format of formats) {
          const res = await fetch(`${h.url}${path}`, { method, headers: { Accept: format.accept }, body: method === 'DELETE' ? undefined : 'x=1' })
          const text = await res.text()
          assert.equal(res.status, 405, `${method} ${path}: ${res.status}`)
          assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS', `${method} ${path}`)
          const type = path.endsWith('.md') && format.accept !== 'application/json' ? /^text\/markdown/ : format.type
          assert.match(res.headers.get('content-type') ?? '', type, `${method} ${path} ${format.accept}`)
          if (format.accept === 'application/json') assert.equal(JSON.parse(text).error, 'method_not_allowed')
        }
      }
    }
    // Other GET resources too (discovery files, the OpenAPI document).
    for (const path of ['/openapi.json', '/llms.txt', '/robots.txt', '/sitemap.xml']) {
      const res = await fetch(`${h.url}${path}`, { method: 'POST', body: '{}' })
      assert.equal(res.status, 405, path)
      assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS', path)
    }
  })

  it('431: oversized headers get the JSON error shape', async () => {
    const res = await rawRequest(h.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    assert.equal(res.status, 431)
    assert.match(res.headers['content-type'] ?? '', /^application\/json/)
    const body = JSON.parse(res.body)
    assert.deepEqual(Object.keys(body).sort(), ['error', 'message'])
    assert.equal(body.error, 'headers_too_large')
  })

  it('a request line that is not HTTP gets a JSON 400, not an empty answer', async () => {
    for (const head of ['GARBAGE\r\n\r\n', 'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n']) {
      const res = await rawRequest(h.port, head)
      assert.equal(res.status, 400, JSON.stringify(head))
      assert.equal(JSON.parse(res.body).error, 'bad_request', JSON.stringify(head))
    }
  })

  it('missing or repeated Host, an unknown Expect and CONNECT get the JSON error shape (RFC 9112 §3.2), on every path', async () => {
    const cases: Array<[string, number, string]> = [
      ['GET / HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'bad_request'],
      ['GET /api/v1/stories HTTP/1.1\r\nAccept: application/json\r\n\r\n', 400, 'bad_request'],
      ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n', 400, 'bad_request'],
      ['GET /api/v1/categories HTTP/1.1\r\nhost: 127.0.0.1\r\nHOST: 127.0.0.1\r\n\r\n', 400, 'bad_request'],
      [`POST /mcp HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`, 400, 'bad_request'],
      ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n', 417, 'expectation_failed'],
      ['CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n', 501, 'not_implemented'],
      ['CONNECT 127.0.0.1:22 HTTP/1.1\r\n\r\n', 501, 'not_implemented'],
    ]
    // Twice: the second round meets the cached answers' front path too.
    for (const round of [1, 2]) {
      await fetch(`${h.url}/api/v1/categories`)
      for (const [head, status, error] of cases) {
        const res = await rawRequest(h.port, head)
        assert.equal(res.status, status, `${round}: ${JSON.stringify(head)}`)
        assert.match(res.headers['content-type'] ?? '', /^application\/json/, JSON.stringify(head))
        const body = JSON.parse(res.body)
        assert.deepEqual(Object.keys(body), ['error', 'message'], JSON.stringify(head))
        assert.equal(body.error, error, JSON.stringify(head))
        assert.equal(res.headers.connection, 'close')
      }
    }
    // HTTP/1.0 needs no Host; one Host is fine.
    assert.equal((await rawRequest(h.port, 'GET /api/v1/categories HTTP/1.0\r\n\r\n')).status, 200)
    assert.equal((await rawRequest(h.port, 'GET /api/v1/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).status, 200)
  })

  it('none of this logged an error', () => {
    assert.deepEqual(h.logs.filter((l) => l.level >= 50).map((l) => l.msg), [])
  })
})
