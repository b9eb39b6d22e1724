import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { SITE_URL, startHarness, type Harness } from './harness.ts'
import { rawGet } from './raw-http.ts'

/** The examples of paths that answered 500 or reflected themselves into links and headers, and kin. */
const ODD_PATHS = [
  '/s/%E2%80%8B', '/%E5%8D%8A', '/%00', '/%0D%0AX-Injected:%201', '/s/%0d%0a', '/c/%E2%80%8B', '/source/%00',
  '//evil.example/x', '/%5cevil.example/x', '///evil.example', '/%09/evil.example', '/%2F%2Fevil.example',
  '/s/abc%3E;%20rel=%22preload%22;%20as=%22script%22,%20%3Chttps://evil.example/x.js', '/s/%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
  '/%ZZ', '/%', '/s/%ED%A0%80', '/%F0%9F%92%A9', '/legal/%E2%80%AE', '/search/%00', '/c/business/%00',
]

const FORMATS = [
  { name: 'html', accept: 'text/html,application/xhtml+xml,*/*;q=0.8', type: /^text\/html/ },
  { name: 'markdown', accept: 'text/markdown', type: /^text\/markdown/ },
  { name: 'json', accept: 'application/json', type: /^application\/json/ },
] as const

/** Every link target in an HTML or Markdown body. */
function linkTargets(body: string): string[] {
  const html = [...body.matchAll(/\b(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]!)
  const markdown = [...body.matchAll(/\]\(([^)\s]*)\)/g)].map((m) => m[1]!)
  return [...html, ...markdown].map((t) => t.replaceAll('&amp;', '&'))
}

describe('odd and malformed paths: a normal 404 in the negotiated format, nothing reflected', () => {
  let h: Harness
  before(async () => { h = await startHarness() })
  after(async () => { await h.close() })

  for (const format of FORMATS) {
    it(`${format.name}: every odd path is a 404 with no reflected link or header`, async () => {
      for (const target of ODD_PATHS) {
        const res = await rawGet(h.port, target, { Accept: format.accept })
        assert.equal(res.status, 404, `${target}: ${res.status} ${res.body.slice(0, 200)}`)
        assert.match(res.headers['content-type'] ?? '', format.type, target)
        // No header carries any part of the path: no Link at all on an error, nothing that names evil.example.
        assert.equal(res.headers.link, undefined, `${target}: Link ${res.headers.link}`)
        assert.ok(!Object.values(res.headers).some((v) => /evil|preload|script|X-Injected/i.test(v)), `${target}: ${JSON.stringify(res.headers)}`)
        assert.ok(!('x-injected' in res.headers), target)
        if (format.name === 'json') {
          assert.deepEqual(Object.keys(JSON.parse(res.body)).sort(), ['error', 'message'])
          assert.equal(JSON.parse(res.body).error, 'not_found')
          // The echoed path is percent-encoded: no raw control, quote or angle bracket.
          assert.doesNotMatch(JSON.parse(res.body).message, /[\u0000-\u001f<>"\u200b\u202e]/, target)
        } else {
          for (const link of linkTargets(res.body)) {
            const resolved = new URL(link, `${SITE_URL}/a/b/`)
            assert.ok(resolved.origin === SITE_URL || !link.startsWith('/') && /^https:\/\//.test(link) && !/evil/.test(link),
              `${target}: link ${link} resolves to ${resolved.origin}`)
          }
          assert.doesNotMatch(res.body, /evil\.example|<script>|preload/, target)
        }
      }
    })
  }

  it('a raw backslash in the request target (never sent by browsers) is a 400 with the JSON error shape', async () => {
    const res = await rawGet(h.port, '/\\evil.example/x', { Accept: 'text/html' })
    assert.equal(res.status, 400)
    assert.deepEqual(JSON.parse(res.body), { error: 'bad_request', message: 'The request target or Host header is not valid.' })
    assert.equal(res.headers.link, undefined)
  })

  it('a page route with an id that is no story, topic or publisher is a 404 page, not a 400 or 500', async () => {
    for (const target of ['/s/not-a-uuid', '/c/no-such-topic', '/source/not-a-uuid', '/s/00000000-0000-4000-8000-000000000000']) {
      const res = await rawGet(h.port, target, { Accept: 'text/html' })
      assert.equal(res.status, 404, target)
      assert.equal(res.headers.link, undefined, target)
    }
  })

  it('errors on a Markdown request are Markdown, also when the bad parameter is the language', async () => {
    for (const target of ['/?lang=zz', '/s/x.md?lang=%E2%80%8B', '/search?format=md&lang=xx', '/%F0%9F%92%A9.md', '//evil.example/x.md']) {
      const res = await rawGet(h.port, target, { Accept: 'text/markdown' })
      assert.ok(res.status === 400 || res.status === 404, `${target}: ${res.status}`)
      assert.match(res.headers['content-type'] ?? '', /^text\/markdown/, target)
      assert.match(res.body, /^# /, target)
    }
  })

  it('nothing above was logged as an error (no stack per odd request)', () => {
    const errors = h.logs.filter((l) => l.level >= 50)
    assert.deepEqual(errors.map((l) => l.msg), [])
  })
})
