import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { XMLValidator } from 'fast-xml-parser'
import { TOPIC_NAMES, TOPICS } from '../domain/topics.ts'
import { LANGUAGES } from '../domain/languages.ts'
import { OpmlError, escapeAttribute, outlineTopic, parseOpml, serializeOpml, topicForCategory } from './opml.ts'
import type { PublisherEntry } from './publisher.ts'
import { bestCosts, growth } from '../../test/helpers/cpu-cost.ts'

// Refusals are promised "within 1 s of work". A test cannot hold a machine to an absolute time (CI runs 2–4× slower
// than a quiet machine), so costs are compared with ordinary work measured beside them, in CPU time, best of 3 in
// alternation (test/helpers/cpu-cost.ts).

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'opml')
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name))

const entry = (i: number, over: Partial<PublisherEntry> = {}): PublisherEntry => ({
  name: `Publisher ${i}`, site_url: `https://site${i}.example.com/`, feed_url: `https://site${i}.example.com/feed?n=${i}`,
  topic: TOPICS[i % TOPICS.length]!, lang: LANGUAGES[i % LANGUAGES.length]!, ...over,
})

/** Feed outlines back to entries the way the directory converts them (topic from category/folders). */
function toEntries(xml: string): PublisherEntry[] {
  return parseOpml(xml).feeds.map((f) => ({
    name: f.text!, site_url: f.htmlUrl, feed_url: f.xmlUrl, topic: outlineTopic(f)!, lang: f.language as PublisherEntry['lang'],
  }))
}

describe('parseOpml', () => {
  it('reads nested folders, categories, languages and entities in document order, with positions and lines', () => {
    const doc = parseOpml(fixture('nested.opml'))
    assert.equal(doc.title, 'Operator subscriptions')
    assert.equal(doc.outlines, 13)
    assert.deepEqual(doc.problems, [])
    assert.deepEqual(doc.feeds.map((f) => f.xmlUrl), [
      'https://eng.example.com/feed.xml', 'https://infra.example.com/atom.xml?lang=en&full=1', 'https://ki.example.de/feed',
      'http://mercados.example.es/rss', 'https://jinji.example.jp/feed', 'https://cafe.example.fr/feed/', 'https://plain.example.org/rss.xml',
    ])
    const infra = doc.feeds[1]!
    assert.equal(infra.text, 'Infra & Ops Notes')
    assert.deepEqual(infra.folders, ['Engineering', 'Platform teams'])
    assert.equal(infra.position, 4)
    assert.equal(infra.line, 12)
    assert.equal(doc.feeds[4]!.text, '日本の人事')
    assert.equal(doc.feeds[5]!.text, 'Café Marketing Weekly')
    assert.equal(doc.feeds[5]!.category, '/Newsletters,/marketing')
    assert.equal(doc.feeds[2]!.language, 'de-DE')
    assert.deepEqual(doc.feeds.map(outlineTopic), ['engineering', 'engineering', 'data-ai', 'finance', 'people', 'marketing', undefined])
  })

  it('reads OPML 1.0 in its declared encoding', () => {
    const doc = parseOpml(fixture('opml1.opml'))
    assert.deepEqual(doc.feeds.map((f) => [f.title, f.xmlUrl, f.folders]), [
      ['Sales News Café', 'https://sales.example.com/index.xml', []],
      ['Growth One', 'https://growth.example.com/rss', ['Growth Letters']],
    ])
  })

  it('reports feed-typed outlines without an address, and ignores the commented-out ones', () => {
    const doc = parseOpml(fixture('with-problems.opml'))
    assert.deepEqual(doc.problems, [{ position: 3, line: 7, reason: '"No Address": type="rss" without an xmlUrl' }])
    assert.equal(doc.feeds.length, 5)
    const commented = parseOpml('<opml><body><!-- <outline type="rss" xmlUrl="https://x.example/"/> --><outline text="empty"/></body></opml>')
    assert.deepEqual([commented.feeds, commented.outlines], [[], 1])
  })

  it('refuses DTDs, entity declarations and other hostile input fast', () => {
    const hostile: Array<[string, string | Buffer, RegExp]> = [
      ['billion laughs', fixture('entities.opml'), /entity or DTD declarations are not allowed/],
      ['external entity', '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]><opml><body><outline text="&x;" xmlUrl="https://a.example/"/></body></opml>', /not allowed/],
      ['bare entity declaration', '<opml><!ENTITY x "y"><body/></opml>', /not allowed/],
      ['deep nesting', `<opml><body>${'<outline text="a">'.repeat(5000)}${'</outline>'.repeat(5000)}</body></opml>`, /nested too deeply/],
      ['huge file', `<opml><body>${' '.repeat(9 * 1024 * 1024)}</body></opml>`, /cap/],
      ['attribute flood', `<opml><body><outline ${Array.from({ length: 500 }, (_, i) => `a${i}="x"`).join(' ')}/></body></opml>`, /too large/],
    ]
    // Ordinary work: a subscription list of 1,000 feeds, about 10 ms of CPU on a quiet machine. Each refusal measures
    // 0.01–0.1× of it; an expanded entity or a quadratic scan would cost thousands of times more.
    const ordinary = serializeOpml(Array.from({ length: 1_000 }, (_, i) => entry(i)))
    for (const [name, input, pattern] of hostile) {
      assert.throws(() => parseOpml(input), (err: unknown) => err instanceof OpmlError && pattern.test(err.message), name)
      const cost = bestCosts({ refused: () => { try { parseOpml(input) } catch { /* measured above */ } }, ordinary: () => parseOpml(ordinary) })
      assert.ok(cost.refused <= cost.ordinary, `${name} cost ${cost.refused} ms of CPU; 1,000 ordinary outlines ${cost.ordinary} ms`)
    }
  })

  it('parses 10,000 outlines, in time linear in their number', () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => entry(i))
    const doc = parseOpml(serializeOpml(entries))
    assert.equal(doc.feeds.length, 10_000)
    assert.equal(doc.outlines, 10_000 + TOPICS.length)
    // Four times the outlines: about 4× the work (measured 3.9–4.2×), 16× if quadratic.
    const { ratio } = growth((n) => serializeOpml(entries.slice(0, n)), parseOpml, 2_500)
    assert.ok(ratio < 8, `4× the outlines cost ${ratio.toFixed(1)}× the work`)
  })

  it('refuses malformed XML and documents that are not OPML, naming the problem', () => {
    assert.throws(() => parseOpml(fixture('malformed.opml')), /not well-formed XML: Expected closing tag 'outline'.*\(line 7, column 3\)/)
    assert.throws(() => parseOpml(fixture('not-opml.xml')), /the root element is <rss>, expected <opml>/)
    assert.throws(() => parseOpml('<opml version="2.0"><head/></opml>'), /has no <body>/)
    assert.throws(() => parseOpml('just text'), OpmlError)
    assert.deepEqual(parseOpml('<opml version="2.0"><body/></opml>').feeds, [])
  })
})

describe('serializeOpml', () => {
  it('round-trips names, URLs, topics and languages, escaping every attribute', () => {
    const tricky: PublisherEntry[] = [
      entry(1, { name: 'A & B <"Quotes"> \'apos\'', feed_url: 'https://a.example/feed?x=1&y=<2>' }),
      entry(2, { name: 'Tab\there, newline\nthere', site_url: null }),
      entry(3, { name: '日本語の名前 🎉', lang: 'ja' }),
      entry(4, { name: 'Control\u0001char\u0000s', topic: 'data-ai' }),
      entry(5, { name: 'عربي', lang: 'ar', topic: 'people' }),
    ]
    const entries = [...tricky, ...Array.from({ length: 40 }, (_, i) => entry(i + 10))]
    const xml = serializeOpml(entries, { title: 'T & "t"', date: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)) })
    assert.equal(XMLValidator.validate(xml), true)
    assert.match(xml, /<dateCreated>Thu, 02 Jan 2025 03:04:05 GMT<\/dateCreated>/)
    assert.equal(parseOpml(xml).title, 'T & "t"')
    const back = toEntries(xml)
    // Grouped by topic (first-appearance order), list order kept within each topic.
    const order = [...new Set(entries.map((e) => e.topic))]
    const expected = order.flatMap((t) => entries.filter((e) => e.topic === t))
      .map((e) => ({ ...e, name: e.name.replace('\u0001', '').replace('\u0000', '').replace(/\s+/g, ' ') }))
    assert.deepEqual(back, expected)
  })

  it('writes topic folders with the English topic name, and a category and language on every feed', () => {
    const xml = serializeOpml([entry(0, { topic: 'data-ai', lang: 'ko' })])
    assert.match(xml, /<outline text="Data &amp; AI" title="Data &amp; AI">/)
    assert.match(xml, /<outline type="rss" text="Publisher 0" title="Publisher 0" xmlUrl="https:\/\/site0.example.com\/feed\?n=0" htmlUrl="https:\/\/site0.example.com\/" category="\/data-ai" language="ko"\/>/)
    assert.match(serializeOpml([]), /<body>\n  <\/body>/)
  })

  it('escapes attribute values', () => {
    assert.equal(escapeAttribute('a&b<c>d"e\'f\tg\nh\ri'), 'a&amp;b&lt;c&gt;d&quot;e\'f&#9;g&#10;h&#13;i')
    assert.equal(escapeAttribute('x\u0000\u001f\ufffey\ud800z😀'), 'xyz😀')
  })
})

describe('topicForCategory', () => {
  it('knows every slug and every topic name in the nine languages, loosely', () => {
    for (const topic of TOPICS) {
      assert.equal(topicForCategory(topic), topic)
      assert.equal(topicForCategory(topic.toUpperCase()), topic)
      for (const name of Object.values(TOPIC_NAMES[topic])) {
        // Names shared by two topics would be ambiguous; none are.
        assert.equal(topicForCategory(name), topic, `${name}`)
      }
    }
    assert.equal(topicForCategory('data & ai'), 'data-ai')
    assert.equal(topicForCategory(' Economía '), 'business')
    assert.equal(topicForCategory('Economia'), 'business')
    assert.equal(topicForCategory('Finanças'), 'finance')
    assert.equal(topicForCategory('financas'), 'finance')
    assert.equal(topicForCategory('Tech'), undefined)
  })

  it('prefers the category attribute, most specific segment first, then the innermost folder', () => {
    assert.equal(outlineTopic({ category: '/News/Finance', folders: ['Design'] }), 'finance')
    assert.equal(outlineTopic({ category: 'Tech,/Sales', folders: [] }), 'sales')
    assert.equal(outlineTopic({ category: '/Tech', folders: ['Design', 'Product', 'Misc'] }), 'product')
    assert.equal(outlineTopic({ category: null, folders: ['Misc'] }), undefined)
  })
})
