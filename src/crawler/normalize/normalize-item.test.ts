import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parseFeed } from '../parse/parse-feed.ts'
import type { FeedItem } from '../parse/types.ts'
import { clampPublishedAt, contentHash, normalizeItem, normalizeLanguage, type NormalizeContext, type NormalizedArticle } from './normalize-item.ts'

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/feeds/${name}`, import.meta.url))
const FETCHED_AT = '2025-03-05T12:00:00.000Z'
const ctx: NormalizeContext = { feedUrl: 'https://news.example/feed.xml', feedLanguage: 'en-GB', fetchedAt: FETCHED_AT }

const item = (fields: Partial<FeedItem>): FeedItem => ({
  guid: null, url: 'https://news.example/a', title: 'A title', summaryHtml: null, contentHtml: null, author: null,
  publishedAt: null, language: null, imageUrl: null, ...fields,
})

function norm(fields: Partial<FeedItem>, c: NormalizeContext = ctx): NormalizedArticle {
  const r = normalizeItem(item(fields), c)
  if (!r.ok) assert.fail(`${r.reason}: ${r.detail}`)
  return r.article
}

const LONG = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1} of the article, with enough words to be a real paragraph.</p>`).join('\n')

describe('normalizeItem on the RSS 2.0 fixture', () => {
  const parsed = parseFeed(fixture('rss2.xml'), 'application/rss+xml', 'https://www.harbour-gazette.example/feeds/news.xml')
  assert.ok(parsed.ok)
  const c: NormalizeContext = { feedUrl: 'https://www.harbour-gazette.example/feeds/news.xml', feedLanguage: parsed.feed.language, fetchedAt: FETCHED_AT }
  const [a, b] = parsed.feed.items.map((i) => normalizeItem(i, c))

  it('full article in content:encoded: plain text, no script, canonical URL, language from the feed', () => {
    assert.ok(a?.ok)
    const art = a.article
    assert.equal(art.canonicalUrl, 'https://www.harbour-gazette.example/news/2025/03/04/sea-wall-approved')
    assert.equal(art.guid, 'harbour-gazette-48121')
    assert.equal(art.guidKey, 'https://www.harbour-gazette.example/feeds/news.xml#harbour-gazette-48121')
    assert.equal(art.title, 'Council approves new sea wall after storm damage')
    assert.equal(art.teaserText, 'The town council voted 9–2 to fund a £4.2m sea wall.')
    assert.ok(art.fullText !== null)
    assert.equal(art.fullText.split('\n\n').length, 4)
    assert.ok(art.fullText.startsWith('The town council voted 9–2 on Monday night'))
    assert.ok(art.fullText.endsWith('Residents can see the plans at the library until the end of March.'))
    assert.ok(!art.fullText.includes('trackRead'))
    assert.equal(art.needsExtraction, false)
    assert.equal(art.publishedAt, '2025-03-04T08:15:00.000Z')
    assert.equal(art.author, 'Maria Okafor')
    assert.equal(art.imageUrl, 'https://cdn.harbour-gazette.example/img/sea-wall.jpg')
    assert.equal(art.language, 'en')
    assert.match(art.contentHash, /^[0-9a-f]{64}$/)
  })

  it('teaser only: needs extraction, fragment dropped, link markup gone', () => {
    assert.ok(b?.ok)
    assert.equal(b.article.canonicalUrl, 'https://www.harbour-gazette.example/news/2025/03/03/kayakers-rescued')
    assert.equal(b.article.teaserText, 'Two kayakers were rescued on Monday afternoon after being swept out by the tide. Read more')
    assert.equal(b.article.fullText, null)
    assert.equal(b.article.needsExtraction, true)
  })
})

describe('normalizeItem: HTML never survives', () => {
  it('title, teaser, full text and author are plain text', () => {
    const evil = '<p onclick="steal()">Real <b>text</b> &amp; more</p><script>alert(1)</script><style>p{}</style>' +
      '<iframe src="https://evil.example/"></iframe><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>'
    const art = norm({
      title: '<b>Breaking:</b> &lt;i&gt;storm&lt;/i&gt; &amp; floods <script>x()</script>',
      summaryHtml: evil,
      contentHtml: evil + LONG,
      author: '<a href="/staff/j">Jane &amp; John</a>',
    })
    assert.equal(art.title, 'Breaking: storm & floods')
    assert.equal(art.teaserText, 'Real text & more link')
    assert.equal(art.author, 'Jane & John')
    for (const field of [art.title, art.teaserText, art.fullText!, art.author!]) {
      assert.ok(!/[<>]/.test(field), field)
      assert.ok(!/alert|steal|onclick|onerror|javascript|iframe/i.test(field), field)
    }
  })
})

describe('normalizeItem: teaser versus full text', () => {
  it('content of 600+ characters is a full article', () => {
    const art = norm({ summaryHtml: '<p>Short teaser.</p>', contentHtml: LONG })
    assert.ok(art.fullText !== null && art.fullText.length >= 600)
    assert.equal(art.teaserText, 'Short teaser.')
    assert.equal(art.needsExtraction, false)
  })

  it('short content is a teaser: needs extraction', () => {
    const art = norm({ contentHtml: '<p>Only the first two sentences. Then a link.</p>' })
    assert.equal(art.fullText, null)
    assert.equal(art.needsExtraction, true)
    assert.equal(art.teaserText, 'Only the first two sentences. Then a link.')
  })

  it('the feed text keeps the paragraphs of a short article\'s content, of the full text, or of the summary', () => {
    const brief = norm({ summaryHtml: '<p>Harbour halts night shipping after a crane […]</p>', contentHtml: '<p>Harbour halts night shipping.</p><p>Nobody was hurt.</p>' })
    assert.equal(brief.needsExtraction, true)
    assert.equal(brief.teaserText, 'Harbour halts night shipping. Nobody was hurt.')
    assert.equal(brief.feedText, 'Harbour halts night shipping.\n\nNobody was hurt.')
    const full = norm({ summaryHtml: '<p>Short teaser.</p>', contentHtml: LONG })
    assert.equal(full.feedText, full.fullText)
    assert.equal(norm({ summaryHtml: '<p>One teaser.</p><p>Two lines.</p>' }).feedText, 'One teaser.\n\nTwo lines.')
  })

  it('a long summary that ends like an excerpt ([…], Read more, Weiterlesen) is still a teaser', () => {
    for (const tail of [' [&#8230;]', '&hellip;', ' <a href="/a">Read more »</a>', ' <a href="/a">Continue reading →</a>', ' Weiterlesen']) {
      const art = norm({ summaryHtml: LONG + tail })
      assert.equal(art.fullText, null, tail)
      assert.equal(art.needsExtraction, true, tail)
    }
  })

  it('a long summary without content (feeds that put the article in <description>) is the full text', () => {
    const art = norm({ summaryHtml: LONG })
    assert.ok(art.fullText?.startsWith('Paragraph 1 of the article'))
    assert.equal(art.needsExtraction, false)
  })

  it('the teaser is capped at 600 characters on a word boundary', () => {
    const art = norm({ summaryHtml: LONG })
    assert.ok(art.teaserText.length <= 601)
    assert.ok(art.teaserText.endsWith('…'))
    assert.ok(!art.teaserText.includes('\n'))
  })
})

describe('normalizeItem: dates', () => {
  it('clamps dates more than 1 h in the future to the fetch time; keeps the rest; drops absurd ones', () => {
    assert.equal(norm({ publishedAt: '2025-03-05T14:00:00.000Z' }).publishedAt, FETCHED_AT, '+2 h')
    assert.equal(norm({ publishedAt: '2030-01-01T00:00:00.000Z' }).publishedAt, FETCHED_AT, 'years ahead')
    assert.equal(norm({ publishedAt: '2025-03-05T12:45:00.000Z' }).publishedAt, '2025-03-05T12:45:00.000Z', '+45 min is clock skew, kept')
    assert.equal(norm({ publishedAt: '2025-03-01T08:00:00.000Z' }).publishedAt, '2025-03-01T08:00:00.000Z')
    assert.equal(norm({ publishedAt: null }).publishedAt, null)
    assert.equal(norm({ publishedAt: 'garbage' }).publishedAt, null)
    assert.equal(norm({ publishedAt: '1970-01-01T00:00:00.000Z' }).publishedAt, null, 'epoch 0 is a CMS default')
    assert.equal(clampPublishedAt('2025-03-05T13:00:00.000Z', Date.parse(FETCHED_AT)), '2025-03-05T13:00:00.000Z', 'exactly +1 h kept')
  })

  it('accepts a Date as fetchedAt', () => {
    assert.equal(norm({ publishedAt: '2099-01-01T00:00:00Z' }, { ...ctx, fetchedAt: new Date(FETCHED_AT) }).publishedAt, FETCHED_AT)
  })
})

describe('normalizeItem: other fields', () => {
  it('language: item first, then feed; to ISO 639-1', () => {
    assert.equal(norm({ language: 'pt-BR' }).language, 'pt')
    assert.equal(norm({}).language, 'en')
    assert.equal(norm({}, { ...ctx, feedLanguage: null }).language, null)
    assert.deepEqual(['en-US', 'EN', 'de_AT', 'fre', 'fra', 'deu', 'jpn', 'ar', 'zh-Hant-TW', 'english', 'x', '', null, '123'].map(normalizeLanguage),
      ['en', 'en', 'de', 'fr', 'fr', 'de', 'ja', 'ar', 'zh', null, null, null, null, null])
  })

  it('image: http(s) only', () => {
    assert.equal(norm({ imageUrl: 'https://cdn.example/x.jpg' }).imageUrl, 'https://cdn.example/x.jpg')
    assert.equal(norm({ imageUrl: 'javascript:alert(1)' }).imageUrl, null)
    assert.equal(norm({ imageUrl: 'data:image/png;base64,AAAA' }).imageUrl, null)
  })

  it('GUID key: global URIs as is, others scoped to the feed', () => {
    assert.equal(norm({ guid: 'tag:example.org,2025:1' }).guidKey, 'tag:example.org,2025:1')
    assert.equal(norm({ guid: 'https://news.example/?p=123' }).guidKey, 'https://news.example/?p=123')
    assert.equal(norm({ guid: '  123  ' }).guidKey, 'https://news.example/feed.xml#123')
    assert.equal(norm({ guid: null }).guidKey, null)
  })

  it('a missing title is derived from the text; nothing at all is rejected; so is an item without an http(s) link', () => {
    assert.equal(norm({ title: '', summaryHtml: '<p>Short news without a title.</p>' }).title, 'Short news without a title.')
    assert.deepEqual((normalizeItem(item({ title: '  ' }), ctx) as { reason: string }).reason, 'empty')
    assert.deepEqual((normalizeItem(item({ url: null }), ctx) as { reason: string }).reason, 'no-url')
    assert.deepEqual((normalizeItem(item({ url: 'javascript:alert(1)' }), ctx) as { reason: string }).reason, 'no-url')
  })

  it('content hash ignores case, whitespace and compatibility forms, not wording', () => {
    assert.equal(contentHash('Storm  hits COAST', 'The storm hit the coast.'), contentHash('storm hits coast', 'The  storm\nhit the coast.'))
    assert.equal(contentHash('ＡＢＣ', 'x'), contentHash('abc', 'x'), 'NFKC: full-width letters')
    assert.notEqual(contentHash('Storm hits coast', 'The storm hit the coast.'), contentHash('Storm hits coast', 'A storm hit the coast.'))
    // Only the first 500 characters of text count.
    const base = 'x'.repeat(500)
    assert.equal(contentHash('t', `${base}AAA`), contentHash('t', `${base}BBB`))
    assert.equal(norm({ summaryHtml: '<p>Same   text</p>' }).contentHash, norm({ url: 'https://other.example/b', summaryHtml: 'same text' }).contentHash)
  })
})
