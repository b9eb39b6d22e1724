import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parseFeed as libParseFeed } from '@rowanmanning/feed-parser'
import { XMLParser } from 'fast-xml-parser'
import { decode } from 'html-entities'
import { parseHTML } from 'linkedom'
import { LANGUAGES } from '../../src/domain/languages.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { parseFeed } from '../../src/crawler/parse/parse-feed.ts'
import { LAST_MODIFIED_SETTLE_MS } from '../../src/surfaces/http/conditional.ts'
import type { ParsedFeed } from '../../src/crawler/parse/types.ts'
import { ALPHA, BETA, makeStory } from '../fixtures/stories.ts'
import { request } from '../helpers/http.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'

const HOSTILE_SOURCE = { id: '7d3b4c90-2e3f-4a41-9c5d-6e7f8a9b0c12', name: 'Evil <script>alert(1)</script> & "Co"', site_url: 'https://evil.example' }
const HOSTILE_HEADLINE = 'Chips & <b>dips</b> ]]> "quoted" <![CDATA[x]]>'

const STORIES = {
  translated: makeStory({
    id: 'f0000000-0000-4000-8000-000000000001', published_at: '2026-11-20T12:00:00Z', category: 'finance', source: ALPHA,
    headline: 'Central bank holds rates', summary: 'The bank kept its rate at 3 percent.',
    covered_by: [{ name: 'Beta Wire', title: 'Rates unchanged', url: 'https://beta-wire.example/rates' }],
    translations: { de: { headline: 'Zentralbank hält die Zinsen', summary: 'Die Bank ließ den Zins bei 3 Prozent.' } },
  }),
  english: makeStory({
    id: 'f0000000-0000-4000-8000-000000000002', published_at: '2026-11-20T11:00:00Z', category: 'engineering', source: BETA,
    headline: 'Chip plant opens in Dresden', summary: 'A new fab starts production.',
  }),
  hostile: makeStory({
    id: 'f0000000-0000-4000-8000-000000000003', published_at: '2026-11-20T10:00:00Z', category: 'finance', source: HOSTILE_SOURCE,
    original_title: '</title><script>alert("t")</script>',
    author: '<img src=x onerror=alert(1)>',
    headline: HOSTILE_HEADLINE,
    summary: 'Summary with <script>alert("s")</script> and </description></item></channel>',
    cards: [{ heading: '<h1>Heading</h1>', body: 'Body <iframe src="https://evil.example"></iframe>' }],
    covered_by: [{ name: '<svg onload=alert(1)>', title: 'T & <u>u</u>', url: 'https://evil.example/a?b=1&c=2' }],
  }),
}
const ALL = Object.values(STORIES)

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['entry', 'item', 'link', 'outline'].includes(n), parseTagValue: false })
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** When a Last-Modified naming `iso` may be sent: the second after its own, plus the settling time. */
const settlesAt = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000 + 1000 + LAST_MODIFIED_SETTLE_MS
const untilSettled = (iso: string) => new Promise((resolve) => setTimeout(resolve, Math.max(0, settlesAt(iso) - Date.now()) + 5))

function ownParse(body: string, contentType: string, url: string): ParsedFeed {
  const result = parseFeed(Buffer.from(body), contentType, url)
  assert.ok(result.ok, `${url}: the project's parser refused it: ${result.ok ? '' : `${result.reason} ${result.detail}`}`)
  return result.feed
}

describe('feeds out: RSS, Atom, JSON Feed, OPML', () => {
  let srv: FixtureServer
  const get = (path: string, init?: RequestInit) => request(`${srv.serve.url}${path}`, init)

  before(async () => { srv = await startFixtureServer(ALL) })
  after(async () => { await srv?.stop() })

  const FEEDS: Array<{ path: string; ids: string[] }> = [
    { path: '/feeds/latest', ids: [STORIES.translated.id, STORIES.english.id, STORIES.hostile.id] },
    { path: '/feeds/topics/finance', ids: [STORIES.translated.id, STORIES.hostile.id] },
    { path: `/feeds/sources/${BETA.id}`, ids: [STORIES.english.id] },
    { path: '/feeds/search', ids: [STORIES.english.id] },
  ]
  const withQuery = (path: string, ext: string, lang: string) => {
    const params = new URLSearchParams()
    if (path === '/feeds/search') params.set('q', 'chip plant')
    if (lang !== 'en') params.set('lang', lang)
    const qs = params.toString()
    return `${path}.${ext}${qs ? `?${qs}` : ''}`
  }

  it('every feed, in every format and language, parses with our parser and (XML) with @rowanmanning/feed-parser', async () => {
    for (const { path, ids } of FEEDS) {
      for (const lang of LANGUAGES) {
        for (const [ext, type] of [['rss', 'application/rss+xml'], ['atom', 'application/atom+xml'], ['json', 'application/feed+json']] as const) {
          const url = withQuery(path, ext, lang)
          const res = await get(url)
          assert.equal(res.status, 200, `${url}: ${res.text.slice(0, 200)}`)
          assert.equal(res.headers.get('content-type'), `${type}; charset=utf-8`, url)
          const feed = ownParse(res.text, type, `${SITE_URL}${url}`)
          assert.equal(feed.format, ext, url)
          assert.equal(feed.language, lang, url)
          assert.deepEqual(feed.items.map((i) => i.guid), ids.map((id) => `urn:uuid:${id}`), `${url}: ids, newest first`)
          const originals = ids.map((id) => ALL.find((s) => s.id === id)!.original_url)
          assert.deepEqual(feed.items.map((i) => i.url), originals, `${url}: the link readers open is the original article`)
          if (ext !== 'json') {
            const lib = libParseFeed(res.text)
            assert.deepEqual(lib.items.map((i) => i.url), originals, `${url}: feed-parser sees the same links`)
            assert.equal(lib.items.length, ids.length)
            for (const item of lib.items) assert.ok(item.published instanceof Date && !Number.isNaN(item.published.getTime()), `${url}: published date`)
          }
        }
      }
    }
  })

  it('items carry headline, content, publisher, story page, covered_by, topic and both times', async () => {
    const rss = xml.parse((await get('/feeds/topics/finance.rss')).text).rss.channel
    const item = rss.item[0]
    assert.equal(item.title, 'Central bank holds rates')
    assert.equal(item.link[0], STORIES.translated.original_url)
    assert.deepEqual(item.guid, { '#text': `urn:uuid:${STORIES.translated.id}`, '@isPermaLink': 'false' })
    assert.equal(item['atom:link']['@href'], `${SITE_URL}/s/${STORIES.translated.id}`)
    assert.equal(item['atom:link']['@rel'], 'related')
    assert.equal(item.category['#text'], 'Finance')
    assert.deepEqual(item.source, { '#text': 'Alpha Ledger', '@url': `${SITE_URL}/feeds/sources/${ALPHA.id}.rss` })
    assert.equal(item.pubDate, 'Fri, 20 Nov 2026 12:00:00 GMT')
    assert.equal(item.description, 'The bank kept its rate at 3 percent.')
    const content = parseHTML(`<html><body>${item['content:encoded']}</body></html>`).document
    assert.equal(content.querySelector('p')!.textContent, 'The bank kept its rate at 3 percent.')
    assert.deepEqual([...content.querySelectorAll('h4')].map((h) => h.textContent), ['What happened', 'Why it matters'])
    const links = [...content.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    assert.deepEqual(links, [STORIES.translated.original_url, 'https://beta-wire.example/rates', `${SITE_URL}/s/${STORIES.translated.id}`])

    const atom = xml.parse((await get('/feeds/topics/finance.atom')).text).feed
    const entry = atom.entry[0]
    assert.equal(entry.published, '2026-11-20T12:00:00Z')
    assert.match(entry.updated, RFC3339)
    assert.equal(entry.category['@term'], 'finance')
    assert.equal(entry.source.title, 'Alpha Ledger')
    assert.deepEqual(entry.link.map((l: Record<string, string>) => [l['@rel'], l['@href']]),
      [['alternate', STORIES.translated.original_url], ['related', `${SITE_URL}/s/${STORIES.translated.id}`]])

    const json = (await get('/feeds/topics/finance.json')).json
    const first = json.items[0]
    assert.equal(first.url, STORIES.translated.original_url)
    assert.equal(first.external_url, `${SITE_URL}/s/${STORIES.translated.id}`)
    assert.deepEqual(first.tags, ['Finance'])
    assert.equal(first.date_published, '2026-11-20T12:00:00Z')
    assert.match(first.date_modified, RFC3339)
    assert.deepEqual(first._newsdesk.covered_by, STORIES.translated.covered_by)
    assert.deepEqual(first._newsdesk.publisher, { name: 'Alpha Ledger', url: ALPHA.site_url, page_url: `${SITE_URL}/source/${ALPHA.id}` })
  })

  it('Atom has every element RFC 4287 requires, in the forms it requires', async () => {
    for (const url of ['/feeds/latest.atom', '/feeds/topics/finance.atom?lang=ja', '/feeds/search.atom?q=nothingmatches']) {
      const feed = xml.parse((await get(url)).text).feed
      assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom', url)
      assert.ok(feed.id && URL.canParse(feed.id), `${url}: atom:id is an IRI`)
      assert.ok(feed.title['#text'], `${url}: atom:title`)
      assert.match(feed.updated, RFC3339, `${url}: atom:updated`)
      const self = feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')
      assert.equal(self['@href'], `${SITE_URL}${url}`, `${url}: rel=self is the feed's own address`)
      const feedHasAuthor = Boolean(feed.author?.name)
      for (const entry of feed.entry ?? []) {
        assert.ok(URL.canParse(entry.id) && entry.id.startsWith('urn:uuid:'), `${url}: entry id`)
        assert.ok(entry.title['#text'], `${url}: entry title`)
        assert.match(entry.updated, RFC3339, `${url}: entry updated`)
        assert.ok(feedHasAuthor || entry.author?.name, `${url}: an author on the feed or the entry (§4.1.1)`)
        assert.ok(entry.content || entry.link.some((l: Record<string, string>) => (l['@rel'] ?? 'alternate') === 'alternate'), `${url}: content or an alternate link (§4.1.2)`)
        const alternates = entry.link.filter((l: Record<string, string>) => (l['@rel'] ?? 'alternate') === 'alternate')
        assert.equal(alternates.length, 1, `${url}: at most one alternate link per type and language (§4.1.2)`)
      }
    }
  })

  it('JSON Feed has the fields version 1.1 requires', async () => {
    for (const url of ['/feeds/latest.json', `/feeds/sources/${ALPHA.id}.json?lang=ar`, '/feeds/search.json?q=nothingmatches']) {
      const res = await get(url)
      const feed = res.json
      assert.equal(feed.version, 'https://jsonfeed.org/version/1.1', url)
      assert.equal(typeof feed.title, 'string', url)
      assert.ok(Array.isArray(feed.items), url)
      assert.equal(feed.feed_url, `${SITE_URL}${url}`)
      assert.ok(URL.canParse(feed.home_page_url))
      for (const item of feed.items) {
        assert.equal(typeof item.id, 'string', `${url}: item id`)
        assert.equal(typeof item.content_html, 'string', `${url}: content_html`)
        // Readers that strip tags show content_text: plain text, never an entity or a tag.
        assert.equal(typeof item.content_text, 'string', `${url}: content_text`)
        assert.doesNotMatch(item.content_text, /&(#\d+|amp|lt|gt|quot|apos);/, `${url}: content_text is plain text, never escaped`)
        for (const a of item.authors) assert.equal(typeof a.name, 'string')
        for (const key of Object.keys(item)) {
          assert.ok(['id', 'url', 'external_url', 'title', 'content_html', 'content_text', 'summary', 'image', 'date_published', 'date_modified', 'authors', 'tags', 'language'].includes(key) || key.startsWith('_'),
            `${url}: ${key} is a JSON Feed 1.1 item field or an extension`)
        }
      }
    }
  })

  it('a language falls back to English per story, and says so', async () => {
    const rss = ownParse((await get('/feeds/latest.rss?lang=de')).text, 'application/rss+xml', `${SITE_URL}/feeds/latest.rss?lang=de`)
    assert.deepEqual(rss.items.slice(0, 2).map((i) => i.title), ['Zentralbank hält die Zinsen', 'Chip plant opens in Dresden'])
    assert.equal(rss.title, 'Newsdesk: Aktuelle Meldungen')
    const atom = xml.parse((await get('/feeds/latest.atom?lang=de')).text).feed
    assert.equal(atom['@xml:lang'], 'de')
    assert.deepEqual(atom.entry.map((e: Record<string, string>) => e['@xml:lang']), [undefined, 'en', 'en'])
    const json = (await get('/feeds/latest.json?lang=de')).json
    assert.deepEqual(json.items.map((i: { language: string }) => i.language), ['de', 'en', 'en'])
  })

  it('hostile publisher text stays text: escaped in every format, round-trips exactly, never markup', async () => {
    for (const ext of ['rss', 'atom', 'json'] as const) {
      const res = await get(`/feeds/sources/${HOSTILE_SOURCE.id}.${ext}`)
      assert.equal(res.status, 200)
      // XML: no publisher markup anywhere in the document. JSON Feed's title and summary are plain text by definition,
      // so only its HTML field is checked (below).
      if (ext !== 'json') {
        assert.ok(!res.text.includes('<script'), `${ext}: no raw <script anywhere in the document`)
        assert.ok(!res.text.includes('<img src=x'), `${ext}: no raw <img`)
      }
      const feed = ownParse(res.text, res.headers.get('content-type')!, `${SITE_URL}/x`)
      const item = feed.items[0]!
      // Atom's title is a text construct (type="text"): the parser hands it on as HTML, that is the text escaped once,
      // so one decoding gives the headline back. RSS and JSON Feed titles come out of the parser as the text itself.
      const headline = ext === 'atom' ? decode(item.title) : item.title
      assert.equal(headline, HOSTILE_HEADLINE, `${ext}: the headline round-trips exactly`)
      assert.equal(item.author, '<img src=x onerror=alert(1)>', `${ext}: the author round-trips as text`)
      // The entry's HTML as a conforming XML parser (one level of entity decoding, like Miniflux's) hands it to a
      // reader. @rowanmanning/feed-parser, and so our crawler's parser, decodes HTML entities once more, which no
      // escaping can survive, so they are not the judge of the content's escaping.
      const html = ext === 'json' ? (res.json.items[0].content_html as string)
        : ext === 'rss' ? xml.parse(res.text).rss.channel.item[0]['content:encoded'] as string
        : xml.parse(res.text).feed.entry[0].content['#text'] as string
      assert.ok(!html.includes('<script') && !html.includes('<img'), `${ext}: the entry HTML holds no raw publisher markup`)
      const doc = parseHTML(`<html><body>${html}</body></html>`).document
      assert.equal(doc.querySelectorAll('script, img, iframe, svg, h1, b, u').length, 0, `${ext}: no element came from publisher text`)
      const text = doc.body.textContent!
      for (const s of ['<script>alert("s")</script>', '</description></item></channel>', '<h1>Heading</h1>', '<iframe src="https://evil.example"></iframe>', '<svg onload=alert(1)>', 'T & <u>u</u>', '</title><script>alert("t")</script>']) {
        assert.ok(text.includes(s), `${ext}: "${s}" is shown as text`)
      }
      assert.ok(text.includes('Evil <script>alert(1)</script> & "Co"'), `${ext}: the publisher name is shown as text`)
      if (ext !== 'json') assert.equal(libParseFeed(res.text).items[0]!.title, HOSTILE_HEADLINE, `${ext}: feed-parser reads the same headline`)
    }
  })

  it('ETag and 304, Last-Modified and If-Modified-Since, the usual cache headers', async () => {
    const url = '/feeds/topics/finance.atom'
    // Last-Modified is sent once the second it names has ended and settled (LAST_MODIFIED_SETTLE_MS): wait for that.
    await untilSettled(xml.parse((await get(url)).text).feed.updated)
    const first = await get(url)
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!
    assert.match(etag, /^"[\w-]+"$/, 'a strong ETag')
    assert.match(first.headers.get('cache-control')!, /^public, max-age=\d+/)
    const newest = xml.parse(first.text).feed.updated
    assert.equal(lastModified, new Date(newest).toUTCString(), 'Last-Modified is the newest entry\'s write, the feed\'s <updated>')

    const byEtag = await get(url, { headers: { 'If-None-Match': etag } })
    assert.equal(byEtag.status, 304)
    assert.equal(byEtag.text, '')
    assert.equal(byEtag.headers.get('last-modified'), lastModified)

    assert.equal((await get(url, { headers: { 'If-Modified-Since': lastModified } })).status, 304, 'readers that only send If-Modified-Since')
    const later = new Date(Date.parse(lastModified) + 3_600_000).toUTCString()
    assert.equal((await get(url, { headers: { 'If-Modified-Since': later } })).status, 304)
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString()
    assert.equal((await get(url, { headers: { 'If-Modified-Since': earlier } })).status, 200, 'modified since an earlier date')
    assert.equal((await get(url, { headers: { 'If-Modified-Since': 'not a date' } })).status, 200, 'an unparseable date is ignored')
    assert.equal((await get(url, { headers: { 'If-None-Match': '"other"', 'If-Modified-Since': later } })).status, 200,
      'If-None-Match decides when both are sent (RFC 9110 §13.2.2)')
    assert.equal((await get(url)).headers.get('etag'), etag, 'the same bytes again')

    // A new story changes the feed: new ETag, later Last-Modified, and the old validators no longer match.
    await srv.importStories([makeStory({ id: 'f0000000-0000-4000-8000-000000000009', category: 'finance', published_at: '2026-11-20T13:00:00Z', headline: 'Bond yields fall' })])
    const changed = await get(url, { headers: { 'If-None-Match': etag } })
    const answeredAt = Date.now()
    assert.equal(changed.status, 200)
    assert.notEqual(changed.headers.get('etag'), etag)
    assert.equal((await get(url, { headers: { 'If-Modified-Since': lastModified } })).status, 200)
    assert.equal(ownParse(changed.text, 'application/atom+xml', `${SITE_URL}${url}`).items[0]!.title, 'Bond yields fall')
    // A write this recent may yet share its second with another: no date to revalidate by until it settles.
    const updated = xml.parse(changed.text).feed.updated
    if (answeredAt < settlesAt(updated)) assert.equal(changed.headers.get('last-modified'), null, 'no Last-Modified before it settles')
    await untilSettled(updated)
    const settled = await get(url)
    assert.equal(settled.headers.get('last-modified'), new Date(updated).toUTCString())
    assert.equal((await get(url, { headers: { 'If-Modified-Since': settled.headers.get('last-modified')! } })).status, 304)
  })

  it('bad addresses get clear errors: unknown topic or publisher 404, bad lang or no q 400', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/feeds/topics/astrology.rss', 404, /not_found/],
      ['/feeds/topics/finance.txt', 404, /not_found/],
      ['/feeds/sources/not-a-uuid.atom', 404, /not_found/],
      ['/feeds/sources/00000000-0000-4000-8000-000000000000.json', 404, /not_found/],
      ['/feeds/latest.rss?lang=xx', 400, /lang: must be one of/],
      ['/feeds/search.rss', 400, /q: required/],
      ['/feeds/search.json?q=a', 400, /q: must be 2 to 256 characters/],
      ['/feeds/topics.opml?lang=zz', 400, /lang/],
    ]
    for (const [url, status, body] of cases) {
      const res = await get(url)
      assert.equal(res.status, status, url)
      assert.match(res.text, body, url)
    }
  })

  it('the OPML lists the home edition and every topic feed, each of which answers', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const res = await get(`/feeds/topics.opml${lang === 'en' ? '' : '?lang=fr'}`)
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('content-type'), 'text/x-opml; charset=utf-8')
      const opml = xml.parse(res.text).opml
      assert.equal(opml['@version'], '2.0')
      const outlines = opml.body.outline[0].outline as Array<Record<string, string>>
      const expected = [`${SITE_URL}/feeds/latest.rss`, ...TOPICS.map((t) => `${SITE_URL}/feeds/topics/${t}.rss`)]
        .map((u) => (lang === 'en' ? u : `${u}?lang=fr`))
      assert.deepEqual(outlines.map((o) => o['@xmlUrl']), expected)
      for (const o of outlines) {
        assert.equal(o['@type'], 'rss')
        const feed = await get(o['@xmlUrl']!.slice(SITE_URL.length))
        assert.equal(feed.status, 200, o['@xmlUrl'])
        const title = ownParse(feed.text, 'application/rss+xml', o['@xmlUrl']!).title!
        assert.ok(title.startsWith('Newsdesk: ') && title.includes(o['@text']!), `${o['@xmlUrl']}: "${title}" names "${o['@text']}"`)
      }
    }
  })

  it('every page offers its feeds for autodiscovery, and each offered feed answers', async () => {
    const pages: Array<[string, string[]]> = [
      ['/', ['/feeds/latest']],
      ['/c/finance?lang=es', ['/feeds/topics/finance', '/feeds/latest']],
      [`/source/${ALPHA.id}`, [`/feeds/sources/${ALPHA.id}`, '/feeds/latest']],
      ['/search?q=chip', ['/feeds/search', '/feeds/latest']],
      [`/s/${STORIES.english.id}`, ['/feeds/latest']],
      ['/legal/terms', ['/feeds/latest']],
    ]
    for (const [page, feeds] of pages) {
      const html = (await get(page)).text
      const { document } = parseHTML(html)
      const links = [...document.querySelectorAll('link[rel="alternate"][type]')]
        .filter((l) => /rss|atom|feed/.test(l.getAttribute('type')!))
      assert.equal(links.length, feeds.length * 3, `${page}: RSS, Atom and JSON Feed per feed`)
      for (const link of links) {
        const href = link.getAttribute('href')!
        assert.ok(feeds.some((f) => new URL(href).pathname.startsWith(f)), `${page}: ${href}`)
        assert.ok(link.getAttribute('title'), `${page}: titled`)
        if (page.includes('lang=es')) assert.match(href, /lang=es/, 'the page\'s language')
        const res = await get(href.slice(SITE_URL.length))
        assert.equal(res.status, 200, href)
        assert.equal(res.headers.get('content-type'), `${link.getAttribute('type')}; charset=utf-8`)
      }
    }
  })
})
