import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_CSP, SECURITY_HEADERS, hasSecurityHeaders, completeResponse, withSecurityHeaders } from './security-headers.ts'

/** What the middleware makes of a response's headers: a Fetch Headers, the security headers set on it, iterated. */
function viaHeaders(init: Record<string, string>): Array<[string, string]> {
  const h = new Headers(init)
  for (const name in SECURITY_HEADERS) h.set(name, SECURITY_HEADERS[name]!)
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', DEFAULT_CSP)
  h.delete('Set-Cookie')
  return [...h]
}

describe('withSecurityHeaders', () => {
  it('gives the names, order and values a Fetch Headers with the security headers iterates', () => {
    const cases: Array<Record<string, string>> = [
      { ETag: '"e"', 'Cache-Control': 'public, max-age=60', Vary: 'Accept', 'Content-Type': 'text/html', 'Content-Length': '12' },
      // A page's own policy stays; a repeated name in two spellings is joined as Headers joins it; cookies go.
      { 'Content-Security-Policy': "default-src 'self'", Vary: 'Accept', vary: 'Accept-Encoding', 'Set-Cookie': 'a=b' },
      // Values are trimmed; a name the security set overrides takes the security value.
      { Link: ' <https://x.example>; rel="next" ', 'X-Content-Type-Options': 'sniff' },
      {},
    ]
    for (const init of cases) assert.deepEqual(Object.entries(withSecurityHeaders(init)), viaHeaders(init), JSON.stringify(init))
  })

  it('gives each response its own values when responses share a set of names', () => {
    // The plan for a set of names is reused; the values must still come from each call's own headers.
    for (const etag of ['"a"', '"b"', '"c"']) {
      const init = { ETag: etag, Vary: 'Accept', vary: ` ${etag} `, 'Content-Length': String(etag.length) }
      assert.deepEqual(Object.entries(withSecurityHeaders(init)), viaHeaders(init), JSON.stringify(init))
    }
    const a = withSecurityHeaders({ Link: '<a>', ETag: '"1"' })
    const b = withSecurityHeaders({ ETag: '"1"', Link: '<a>' })
    assert.deepEqual(Object.entries(a), Object.entries(b))
  })

  it('marks only the responses it made', () => {
    assert.equal(hasSecurityHeaders(completeResponse(null, 304, { ETag: '"e"' })), true)
    assert.equal(hasSecurityHeaders(new Response(null, { status: 304 })), false)
  })
})
