import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import MarkdownIt from 'markdown-it'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { normalizeItem } from '../../src/crawler/normalize/normalize-item.ts'
import { parseFeed, type FeedItem } from '../../src/crawler/parse/parse-feed.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { ROOT } from '../helpers/cli.ts'
import { makeStory } from '../fixtures/stories.ts'

/**
 * Character references in feeds are decoded once per layer: the XML parser resolves the XML escapes, the HTML-to-text
 * step the HTML ones, and nothing else. `&amp;lt;b&amp;gt;` in a title is the HTML `&lt;b&gt;`, which is the text
 * "<b>"; decoding a third time made it a tag, which the text step then removed with its content. The text keeps it,
 * and the pages escape it when they render it.
 */

const FEED_URL = 'https://markup-weekly.example/feed'
const parsed = (file: string): FeedItem[] => {
  const result = parseFeed(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'feeds', file)), 'application/xml', FEED_URL)
  if (!result.ok) assert.fail(`${file}: ${result.reason} ${result.detail}`)
  return result.feed.items
}
const normalized = (item: FeedItem) => {
  const result = normalizeItem(item, { feedUrl: FEED_URL, fetchedAt: new Date('2026-11-21T00:00:00Z'), feedLanguage: 'en' })
  if (!result.ok) assert.fail(`${result.reason}: ${result.detail}`)
  return result.article
}

describe('feed text: one decoding per layer', () => {
  it('RSS: titles and descriptions are HTML as the XML carries it, then text with the escaped tags kept', () => {
    const [mention, cdata, doubled] = parsed('entities-rss.xml')
    assert.equal(mention!.title, 'Use &lt;b&gt; for bold, not &lt;blink&gt;')
    assert.equal(mention!.summaryHtml, '<p>Write &lt;b&gt; where you mean bold &amp; keep &amp;lt; as text.</p>')
    assert.equal(normalized(mention!).title, 'Use <b> for bold, not <blink>')
    assert.equal(normalized(mention!).teaserText, 'Write <b> where you mean bold & keep &lt; as text.')

    assert.equal(cdata!.title, 'Tags in CDATA: &lt;script&gt; stays text', 'CDATA is HTML too: its escapes are kept for the text step')
    assert.equal(normalized(cdata!).title, 'Tags in CDATA: <script> stays text')
    assert.equal(cdata!.contentHtml, '<p>Fish &amp;amp; chips &mdash; <b>real</b> markup.</p>')
    assert.equal(normalized(cdata!).teaserText, 'Fish &amp; chips — real markup.', 'real markup goes, escaped text stays')
    // Escaped markup that closes its elements reads as a double-escaped fragment: its tags go (see html-text.ts).
    assert.equal(normalized({ ...cdata!, contentHtml: null }).teaserText, 'The element, shown as code.')

    assert.equal(doubled!.summaryHtml, '&lt;p&gt;Breaking &lt;b&gt;news&lt;/b&gt;&lt;/p&gt;')
    assert.equal(normalized(doubled!).teaserText, 'Breaking news', 'a double-escaping publisher still reads as text')
  })

  it('Atom: html, text and xhtml constructs, titles included, each decoded once', () => {
    const [html, text] = parsed('entities-atom.xml')
    assert.equal(html!.title, 'Use &lt;b&gt; for bold')
    assert.equal(normalized(html!).title, 'Use <b> for bold')
    assert.equal(normalized(html!).teaserText, 'Write <b> where you mean bold.')

    // type="text": the characters themselves, escaped for the text step, which gives them back unchanged.
    assert.equal(normalized(text!).title, 'AT&amp;T writes <b> as text')
    assert.equal(text!.summaryHtml, 'In text constructs &amp;lt; and &lt;i&gt; are characters.')
    assert.equal(htmlToTextOf(text!.summaryHtml), 'In text constructs &lt; and <i> are characters.')
    // type="xhtml": real elements are markup, escaped characters are text.
    assert.equal(text!.contentHtml, '<p>XHTML with &lt;b&gt; escaped and <b>real</b> bold &amp;amp; more.</p>')
    assert.equal(normalized(text!).teaserText, 'XHTML with <b> escaped and real bold &amp; more.')
  })

  describe('pages escape the kept text', () => {
    let store: Store
    let app: ReturnType<typeof createApp>['app']
    const id = 'e1000000-0000-4000-8000-000000000001'

    before(async () => {
      const [, cdata] = parsed('entities-rss.xml')
      const article = normalized(cdata!)
      store = openSqliteStore(':memory:')
      await store.upsertStories([StorySnapshot.parse(makeStory({ id, headline: article.title, summary: 'Shown as <script>alert(1)</script> text.' }))])
      const config = loadConfig({ SITE_URL: 'https://news.example.org' })
      const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
      app = createApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) }).app
    })
    after(() => store.close())

    it('HTML shows the tag names as text, never as elements', async () => {
      const res = await app.request(`https://news.example.org/s/${id}`, { headers: { Accept: 'text/html' } })
      assert.equal(res.status, 200)
      const page = await res.text()
      assert.ok(page.includes('Tags in CDATA: &lt;script&gt; stays text'), 'the headline, escaped')
      assert.ok(page.includes('Shown as &lt;script&gt;alert(1)&lt;/script&gt; text.'), 'the summary, escaped')
      assert.doesNotMatch(page, /<script>alert|<script> stays/)
    })

    it('Markdown keeps them as text for a CommonMark renderer that allows HTML', async () => {
      const res = await app.request(`https://news.example.org/s/${id}?format=md`)
      assert.equal(res.status, 200)
      const rendered = new MarkdownIt({ html: true }).render(await res.text())
      assert.ok(rendered.includes('Tags in CDATA: &lt;script&gt; stays text'), rendered.slice(0, 400))
      assert.doesNotMatch(rendered, /<script>/)
    })
  })
})

/** The text step on its own, for a construct the normalizer would not pick as the teaser. */
function htmlToTextOf(html: string | null): string {
  return normalized({ guid: null, url: 'https://markup-weekly.example/x', title: 'x', summaryHtml: html, contentHtml: null, author: null, publishedAt: null, language: null, imageUrl: null }).teaserText
}
