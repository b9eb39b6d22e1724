import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parseFeed } from '../parse/parse-feed.ts'
import { normalizeFeed } from './normalize-feed.ts'

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/feeds/${name}`, import.meta.url))

describe('normalizeFeed', () => {
  it('every fixture feed goes through parse → normalize → dedupe with plain text only', () => {
    const feeds: [string, string, number][] = [
      ['rss2.xml', 'https://www.harbour-gazette.example/feeds/news.xml', 3],
      ['rss1.rdf', 'https://science-weekly.example/rss', 2],
      ['atom.xml', 'https://blog.atom-example.org/engineering/feed.atom', 3],
      ['jsonfeed.json', 'https://orbit-notes.example/feed.json', 3],
      ['windows-1252.xml', 'https://petit-journal.example/rss', 2],
      ['utf16le-bom.xml', 'https://utf16.example/rss', 1],
      ['japanese-shift_jis.xml', 'https://tokyo-news.example/rss', 1],
      ['arabic.xml', 'https://gulf-news.example/ar/feed', 1],
      ['sloppy.xml', 'https://sloppy.example/rss', 1],
    ]
    const languages: Record<string, (string | null)[]> = {}
    for (const [name, url, count] of feeds) {
      const parsed = parseFeed(fixture(name), null, url)
      assert.ok(parsed.ok, name)
      const out = normalizeFeed(parsed.feed, url, '2025-03-21T00:00:00Z')
      assert.equal(out.articles.length, count, name)
      assert.equal(out.rejected.length, 0, name)
      for (const a of out.articles) {
        for (const text of [a.title, a.teaserText, a.fullText ?? '']) assert.ok(!/<\/?[a-z][^>]*>/i.test(text), `${name}: ${text}`)
        assert.ok(a.title.length > 0)
      }
      languages[name] = out.articles.map((a) => a.language)
    }
    assert.deepEqual(languages['atom.xml'], ['en', 'en', 'pt'])
    assert.deepEqual(languages['rss1.rdf'], ['de', 'de'])
    assert.deepEqual(languages['japanese-shift_jis.xml'], ['ja'])
    assert.deepEqual(languages['arabic.xml'], ['ar'])
    assert.deepEqual(languages['windows-1252.xml'], ['fr', 'fr'])
  })

  it('JSON Feed: the untitled item gets a title from its text; the javascript: link and onclick are gone', () => {
    const parsed = parseFeed(fixture('jsonfeed.json'), 'application/feed+json', 'https://orbit-notes.example/feed.json')
    assert.ok(parsed.ok)
    const { articles } = normalizeFeed(parsed.feed, 'https://orbit-notes.example/feed.json', '2025-03-21T00:00:00Z')
    assert.equal(articles[0]!.canonicalUrl, 'https://orbit-notes.example/2025/03/05/launch/')
    assert.equal(articles[2]!.title, 'A quiet week for aurora watchers.')
    assert.equal(articles[1]!.teaserText, 'The agency published a cheaper plan. It needs two launches instead of three.')
  })

  it('items without links are rejected with a reason; duplicates inside one feed are dropped', () => {
    const xml = '<rss version="2.0"><channel><title>t</title><link>https://x.example/</link>' +
      '<item><title>No link</title><guid isPermaLink="false">x</guid></item>' +
      '<item><title>A</title><link>https://x.example/a?utm_source=rss</link></item>' +
      '<item><title>A again</title><link>https://x.example/a</link></item></channel></rss>'
    const parsed = parseFeed(Buffer.from(xml), null, 'https://x.example/rss')
    assert.ok(parsed.ok)
    const out = normalizeFeed(parsed.feed, 'https://x.example/rss', new Date('2025-03-21T00:00:00Z'))
    assert.deepEqual(out.rejected.map((r) => [r.index, r.reason]), [[0, 'no-url']])
    assert.deepEqual(out.articles.map((a) => a.title), ['A'])
    assert.equal(out.duplicates.length, 1)
  })
})
