/**
 * WebSub discovery in the feeds (docs/decisions/0053-websub-pings.md): two services over one store, one with
 * WEBSUB_HUB_URL and one without. With the hub, the latest, topic and publisher feeds name it and their own
 * address in the Link header and in the document (RSS and Atom `link rel="hub"`, JSON Feed `hubs`); take the hub
 * away again and the bytes are the other service's exactly. Without it, no feed, header or llms.txt mentions a hub.
 * A search feed never names one: no ping would ever come for it.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { LANGUAGES } from '../../src/domain/languages.ts'
import { ALPHA, BETA, makeStory } from '../fixtures/stories.ts'
import { runCliInProcess } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { startInProcessServe, type RunningService } from '../helpers/in-process-serve.ts'

const HUB = 'https://hub.example.net/websub'

const STORIES = [
  makeStory({ id: 'e0000000-0000-4000-8000-000000000001', published_at: '2026-11-20T12:00:00Z', category: 'finance', source: ALPHA, headline: 'Central bank holds rates' }),
  makeStory({ id: 'e0000000-0000-4000-8000-000000000002', published_at: '2026-11-20T11:00:00Z', category: 'engineering', source: BETA, headline: 'Chip plant opens in Dresden' }),
]

const FEEDS = ['/feeds/latest', '/feeds/topics/finance', `/feeds/sources/${BETA.id}`]
const FORMATS = ['rss', 'atom', 'json'] as const

const address = (path: string, format: string, lang: string) => `${path}.${format}${lang === 'en' ? '' : `?lang=${lang}`}`

/** The hub's line taken out of an XML feed, or its key out of a JSON Feed: what the feed is without a hub. */
function withoutHub(body: string, format: (typeof FORMATS)[number]): string {
  if (format === 'json') {
    const { hubs, ...rest } = JSON.parse(body) as Record<string, unknown>
    assert.deepEqual(hubs, [{ type: 'WebSub', url: HUB }])
    return JSON.stringify(rest)
  }
  const line = format === 'rss' ? `<atom:link rel="hub" href="${HUB}"/>\n` : `<link rel="hub" href="${HUB}"/>\n`
  assert.equal(body.split(line).length, 2, `one hub link in\n${body.slice(0, 800)}`)
  return body.replace(line, '')
}

describe('WebSub discovery in the feeds', () => {
  let plain: FixtureServer
  let pushed: { serve: RunningService }

  before(async () => {
    plain = await startFixtureServer(STORIES)
    pushed = { serve: await startInProcessServe({ ...plain.env, WEBSUB_HUB_URL: HUB }) }
  })
  after(async () => { await Promise.all([plain?.stop(), pushed?.serve.stop()]) })

  it('with a hub: each feed names it and itself (Link header and document); without the hub line the bytes are unchanged', async () => {
    for (const path of FEEDS) {
      for (const lang of LANGUAGES) {
        for (const format of FORMATS) {
          const url = address(path, format, lang)
          const [without, withHub] = await Promise.all([request(`${plain.serve.url}${url}`), request(`${pushed.serve.url}${url}`)])
          assert.equal(withHub.status, 200, url)
          const self = `${SITE_URL}${url}`
          assert.equal(withHub.headers.get('link'), `<${HUB}>; rel="hub", <${self}>; rel="self"`, url)
          assert.equal(without.headers.get('link'), null, url)
          // The document's own address is the topic URL a subscriber names at the hub.
          if (format === 'json') assert.equal(JSON.parse(withHub.text).feed_url, self, url)
          else assert.ok(withHub.text.includes(`rel="self" type="application/${format}+xml" href="${self.replaceAll('&', '&amp;')}"`), url)
          assert.equal(withoutHub(withHub.text, format), without.text, url)
          assert.doesNotMatch(without.text, /rel="hub"|"hubs"/, url)
        }
      }
    }
  })

  it('the hub is also on a repeated answer (the front path) and on a 304, so a revalidating subscriber still finds it', async () => {
    const url = `${pushed.serve.url}/feeds/latest.atom`
    const first = await request(url)
    const repeated = await request(url)
    assert.equal(repeated.text, first.text)
    assert.equal(repeated.headers.get('link'), first.headers.get('link'))
    const again = await request(url, { headers: { 'If-None-Match': first.headers.get('etag')! } })
    assert.equal(again.status, 304)
    assert.equal(again.headers.get('link'), `<${HUB}>; rel="hub", <${SITE_URL}/feeds/latest.atom>; rel="self"`)
  })

  it('a search feed names no hub (nothing pings for searches) and is byte-identical either way', async () => {
    for (const format of FORMATS) {
      const url = `/feeds/search.${format}?q=chip`
      const [without, withHub] = await Promise.all([request(`${plain.serve.url}${url}`), request(`${pushed.serve.url}${url}`)])
      assert.equal(withHub.status, 200)
      assert.equal(withHub.headers.get('link'), null)
      assert.equal(withHub.text, without.text, url)
    }
  })

  it('llms.txt tells agents where to subscribe only when a hub is set', async () => {
    const [without, withHub] = await Promise.all([request(`${plain.serve.url}/llms.txt`), request(`${pushed.serve.url}/llms.txt`)])
    assert.doesNotMatch(without.text, /WebSub/)
    const line = withHub.text.split('\n').find((l) => l.startsWith('- [WebSub hub]'))
    assert.ok(line, withHub.text)
    assert.ok(line.includes(`(${HUB})`) && line.includes('hub.topic'), line)
    assert.equal(withHub.text.replace(`${line}\n`, ''), without.text)
  })

  it('a bad WEBSUB_HUB_URL stops the command with exit 2 and says what is wrong', async () => {
    const result = await runCliInProcess(['publishers', 'list'], { env: { ...plain.env, WEBSUB_HUB_URL: 'https://user:pw@hub.example.net/' } })
    assert.equal(result.code, 2, result.stderr)
    assert.match(result.stderr, /WEBSUB_HUB_URL: must be an absolute http\(s\) URL of a WebSub hub .*without a user name or password/)
  })
})
