import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as tick } from 'node:timers/promises'
import { hostileCorpus } from '../../../test/fixtures/feeds/hostile-corpus.ts'
import { parseFeed } from './parse-feed.ts'
import { guardXml } from '../../util/xml-guard.ts'
import { bestCosts, growth } from '../../../test/helpers/cpu-cost.ts'

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/feeds/${name}`, import.meta.url), 'utf8')

describe('guardXml: what passes', () => {
  it('every well-formed fixture feed passes, with its depth and element count', () => {
    for (const name of ['rss2.xml', 'rss1.rdf', 'atom.xml', 'sloppy.xml', 'doctype-plain.xml', 'arabic.xml']) {
      const r = guardXml(fixture(name))
      assert.ok(r.ok, `${name}: ${JSON.stringify(r)}`)
      assert.ok(r.maxDepth >= 3 && r.maxDepth <= 8, `${name} depth ${r.maxDepth}`)
    }
  })

  it('markup-looking text inside CDATA, comments and attribute values is not markup', () => {
    const xml = '<?xml version="1.0"?><!-- <!DOCTYPE x [ <!ENTITY a "b"> ]> --><rss><channel>' +
      '<item><description><![CDATA[<!DOCTYPE html [ <!ENTITY x "y"> ]> ' + '<div>'.repeat(500) + ']]></description>' +
      '<title a="<!ENTITY" b=\'>\'>x</title></item></channel></rss>'
    const r = guardXml(xml)
    assert.ok(r.ok, JSON.stringify(r))
    assert.equal(r.maxDepth, 4)
  })

  it('self-closing tags do not nest; stray "<" in text is not a tag', () => {
    const r = guardXml('<rss><channel>' + '<a/>'.repeat(1000) + 'x < y and 3<4 </channel></rss>')
    assert.ok(r.ok)
    assert.equal(r.maxDepth, 2)
    assert.equal(r.elements, 1002)
  })

  it('a DOCTYPE without internal subset, in any case, with quoted ids', () => {
    assert.ok(guardXml('<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss/>').ok)
    assert.ok(guardXml('<!doctype html><html/>').ok)
    assert.ok(guardXml('<!DOCTYPE rss SYSTEM "a[b].dtd"><rss/>').ok, '[ inside a quoted system id is not a subset')
  })
})

describe('guardXml: limits', () => {
  it('depth: 64 passes, 65 does not', () => {
    assert.ok(guardXml('<a>'.repeat(64) + '</a>'.repeat(64)).ok)
    assert.deepEqual(guardXml('<a>'.repeat(65)), { ok: false, reason: 'too-deep', detail: 'elements nested deeper than 64 at offset 192' })
    assert.ok(guardXml('<a>'.repeat(65), { maxDepth: 100 }).ok)
  })

  it('entity references are counted outside CDATA only', () => {
    assert.ok(guardXml('<a><![CDATA[' + '&amp;'.repeat(200_000) + ']]></a>').ok)
    assert.ok(guardXml('<a>' + '<b>&amp;&amp;</b>'.repeat(30_000) + '</a>').ok)
    assert.equal((guardXml('<a>' + '<b>&amp;&amp;</b>'.repeat(30_000) + '</a>', { maxEntityRefs: 59_999 }) as { reason: string }).reason, 'xml-entities')
    assert.equal((guardXml('<a>' + '&amp;'.repeat(250_001) + '</a>', { maxTextRun: 10_000_000 }) as { reason: string }).reason, 'xml-entities')
    assert.equal((guardXml('<a b="' + '&amp;'.repeat(250_001) + '"/>', { maxTagChars: 10_000_000 }) as { reason: string }).reason, 'xml-entities')
  })
})

describe('hostile corpus: every document rejected with the right reason, cheaply, without blocking the event loop', () => {
  // The rule (issue 5) is "refused within 1 s of work". A test cannot hold a machine to an absolute time (CI runs
  // these suites 2–4× slower than a quiet machine), so it holds each document to ordinary work measured beside it: a
  // legitimate feed of the largest size a publisher sends (4 MiB, 500 long items), which parses in about 30 ms of CPU
  // on a quiet 2-core machine. Costs are CPU time, best of 3 in alternation (test/helpers/cpu-cost.ts).
  const timings: string[] = []
  after(() => {
    // Reported for the record (node --test prints diagnostics).
    console.log(['hostile corpus costs (parseFeed, CPU, best of 3):', ...timings].join('\n  '))
  })

  const item = (i: number) => `<item><title>Story ${i}</title><link>https://big.example/${i}</link><guid isPermaLink="false">g${i}</guid>` +
    `<pubDate>Mon, 03 Mar 2025 10:00:00 GMT</pubDate><description>Teaser &amp; more</description>` +
    `<content:encoded><![CDATA[${'<p>Paragraph of article text with &quot;quotes&quot;.</p>'.repeat(150)}]]></content:encoded></item>`
  const bigFeed = (items: number) => Buffer.from('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
    `<channel><title>Big</title><link>https://big.example/</link>${Array.from({ length: items }, (_, i) => item(i)).join('')}</channel></rss>`)
  const ordinary = bigFeed(500)
  const parseOrdinary = () => parseFeed(ordinary, null, 'https://big.example/rss')

  const bodies = hostileCorpus.map((doc) => ({ ...doc, bytes: doc.body() }))

  for (const doc of bodies) {
    it(`${doc.name} → ${doc.expected}, for less work than parsing an ordinary 4 MiB feed`, () => {
      const result = parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed')
      assert.equal(result.ok, false)
      assert.equal((result as { reason: string }).reason, doc.expected, (result as { detail: string }).detail)
      const cost = bestCosts({ hostile: () => parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed'), ordinary: parseOrdinary })
      timings.push(`${doc.name} (${doc.bytes.length} B): ${cost.hostile.toFixed(3)} ms → ${result.reason} (ordinary feed ${cost.ordinary.toFixed(1)} ms)`)
      // A single linear scan refuses each one: the costliest (a 5 MiB element flood) measures about 0.4× the
      // ordinary feed. An entity expansion or a quadratic scan would cost hundreds of times more.
      assert.ok(cost.hostile <= cost.ordinary, `${cost.hostile} ms against ${cost.ordinary} ms for the ordinary feed`)
    })
  }

  it('a legitimate 4 MiB feed of 500 long items still parses, in time linear in its size', () => {
    const r = parseOrdinary()
    assert.ok(r.ok)
    assert.equal(r.feed.items.length, 500)
    const { ratio, smallMs, largeMs } = growth(bigFeed, (bytes) => parseFeed(bytes, null, 'https://big.example/rss'), 125)
    timings.push(`(valid) 500-item feed of ${(ordinary.length / 1024 / 1024).toFixed(1)} MiB: ${largeMs.toFixed(1)} ms; 125 items ${smallMs.toFixed(1)} ms`)
    // Four times the items: about 4× the work when linear (measured 3.9–4.6×), 16× when quadratic.
    assert.ok(ratio < 8, `4× the items cost ${ratio.toFixed(1)}× the work`)
  })

  it('a document just under every limit at once still parses, linearly, for a bounded multiple of an ordinary feed', () => {
    // 39k elements, ~39k attributes, 234k entity references in text, 100-char text runs.
    const chunk = '<i a="1">' + '&lt;p&gt;'.repeat(3) + 'x'.repeat(40) + '</i>'
    const atLimits = (chunks: number) => Buffer.from('<rss version="2.0"><channel><title>t</title><item><title>x</title><description>' + chunk.repeat(chunks) + '</description></item></channel></rss>')
    const bytes = atLimits(39_000)
    const guard = guardXml(bytes.toString())
    assert.ok(guard.ok, JSON.stringify(guard))
    const r = parseFeed(bytes, null, 'https://edge.example/rss')
    assert.ok(r.ok, JSON.stringify(r))
    const cost = bestCosts({ limits: () => parseFeed(bytes, null, 'https://edge.example/rss'), ordinary: parseOrdinary })
    const { ratio } = growth(atLimits, (b) => parseFeed(b, null, 'https://edge.example/rss'), 9_750)
    timings.push(`(limits) ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, 39k elements, 234k references: ${cost.limits.toFixed(1)} ms ` +
      `(${(cost.limits / cost.ordinary).toFixed(1)}× the ordinary feed; a quarter of it ${(1 / ratio).toFixed(2)}× the cost)`)
    // Entity-dense markup costs more per byte than an ordinary feed: 5–7× a whole 4 MiB feed, about 170 ms on a quiet
    // machine. The bound leaves room for noise and still keeps the worst accepted document well inside 1 s there.
    assert.ok(cost.limits < 20 * cost.ordinary, `${cost.limits} ms against ${cost.ordinary} ms for the ordinary feed`)
    assert.ok(ratio < 8, `4× the markup cost ${ratio.toFixed(1)}× the work (linear: about 4×)`)
  })

  it('the event loop keeps turning: no document holds it longer than an ordinary feed does', async () => {
    // Wall time, so a round can be preempted: the best of 3 rounds is compared with the best of 3 ordinary parses.
    const roundMaxima: number[] = []
    for (let round = 0; round < 3; round++) {
      const histogram = monitorEventLoopDelay({ resolution: 5 })
      histogram.enable()
      for (const doc of bodies) {
        parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed')
        await tick() // what a crawler does between feeds: let the API's requests in
      }
      histogram.disable()
      roundMaxima.push(histogram.max / 1e6)
    }
    const ordinaryWall: number[] = []
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now()
      parseOrdinary()
      ordinaryWall.push(performance.now() - t0)
    }
    const heldMs = Math.min(...roundMaxima)
    const ordinaryMs = Math.min(...ordinaryWall)
    timings.push(`longest event-loop delay over the corpus: ${heldMs.toFixed(1)} ms (best of 3 rounds; one ordinary 4 MiB parse ${ordinaryMs.toFixed(1)} ms)`)
    // The histogram's 5 ms resolution and the timer's own lateness are added to every delay it records.
    assert.ok(heldMs <= 2 * ordinaryMs + 20, `the loop was held ${heldMs} ms; an ordinary feed holds it ${ordinaryMs} ms`)
  })
})
