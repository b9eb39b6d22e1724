import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as tick } from 'node:timers/promises'
import { hostileCorpus } from '../../../test/fixtures/feeds/hostile-corpus.ts'
import { parseFeed } from './parse-feed.ts'
import { guardJsonDepth, guardXml } from '../../util/xml-guard.ts'

// Refusal limits are promised as "within 1 s of work": measured in CPU time, not wall time, because on a loaded machine
// a test waits for a core and that wait says nothing about the work the input caused.
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start)
  return (user + system) / 1000
}

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

  it('JSON depth', () => {
    assert.ok(guardJsonDepth('{"a":[{"b":[1,2,{"c":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}]}]}').ok, 'brackets in strings do not count')
    assert.ok(guardJsonDepth('"\\"[[[["', 2).ok, 'escaped quote does not end the string')
    assert.equal(guardJsonDepth('['.repeat(65)).ok, false)
    assert.equal(guardJsonDepth('['.repeat(64) + ']'.repeat(64)).ok, true)
  })
})

describe('hostile corpus: every document rejected with the right reason, fast, without blocking the event loop', () => {
  const timings: string[] = []
  after(() => {
    // Reported for the record (node --test prints diagnostics).
    console.log(['hostile corpus rejection times (parseFeed, warm median of 3):', ...timings].join('\n  '))
  })

  const bodies = hostileCorpus.map((doc) => ({ ...doc, bytes: doc.body() }))

  for (const doc of bodies) {
    it(`${doc.name} → ${doc.expected} in < 1 s`, () => {
      const runs: number[] = []
      let result = parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed')
      for (let k = 0; k < 3; k++) {
        const t0 = process.cpuUsage()
        result = parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed')
        runs.push(cpuMsSince(t0))
      }
      runs.sort((a, b) => a - b)
      const median = runs[1]!
      timings.push(`${doc.name} (${doc.bytes.length} B): ${median.toFixed(3)} ms → ${result.ok ? 'ACCEPTED' : result.reason}`)
      assert.equal(result.ok, false)
      assert.equal((result as { reason: string }).reason, doc.expected, (result as { detail: string }).detail)
      // The rule (issue 5): each hostile document is refused within 1 s. In practice a few ms (single linear scans:
      // see the timings printed above); tighter bounds belong in a benchmark, not in a test a loaded machine runs.
      assert.ok(runs[2]! < 1000, `${runs[2]} ms`)
    })
  }

  it('a legitimate 4 MiB feed of 500 long items still parses, in well under 1 s', () => {
    const item = (i: number) => `<item><title>Story ${i}</title><link>https://big.example/${i}</link><guid isPermaLink="false">g${i}</guid>` +
      `<pubDate>Mon, 03 Mar 2025 10:00:00 GMT</pubDate><description>Teaser &amp; more</description>` +
      `<content:encoded><![CDATA[${'<p>Paragraph of article text with &quot;quotes&quot;.</p>'.repeat(150)}]]></content:encoded></item>`
    const xml = '<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
      `<channel><title>Big</title><link>https://big.example/</link>${Array.from({ length: 500 }, (_, i) => item(i)).join('')}</channel></rss>`
    const bytes = Buffer.from(xml)
    parseFeed(bytes, null, 'https://big.example/rss')
    const t0 = process.cpuUsage()
    const r = parseFeed(bytes, null, 'https://big.example/rss')
    const ms = cpuMsSince(t0)
    timings.push(`(valid) 500-item feed of ${(bytes.length / 1024 / 1024).toFixed(1)} MiB: parsed in ${ms.toFixed(1)} ms`)
    assert.ok(r.ok)
    assert.equal(r.feed.items.length, 500)
    assert.ok(ms < 1000, `${ms} ms`)
  })

  it('a document just under every limit at once still parses (or fails) in well under 1 s', () => {
    // 39k elements, ~39k attributes, 240k entity references in text, 100-char text runs.
    const chunk = '<i a="1">' + '&lt;p&gt;'.repeat(3) + 'x'.repeat(40) + '</i>'
    const xml = '<rss version="2.0"><channel><title>t</title><item><title>x</title><description>' + chunk.repeat(39_000) + '</description></item></channel></rss>'
    const bytes = Buffer.from(xml)
    const guard = guardXml(xml)
    assert.ok(guard.ok, JSON.stringify(guard))
    parseFeed(bytes, null, 'https://edge.example/rss')
    const t0 = process.cpuUsage()
    const r = parseFeed(bytes, null, 'https://edge.example/rss')
    const ms = cpuMsSince(t0)
    timings.push(`(limits) ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, 39k elements, 234k references: ${ms.toFixed(1)} ms → ${r.ok ? 'parsed' : r.reason}`)
    assert.ok(ms < 1000, `${ms} ms`)
  })

  it('the event loop keeps turning: no document holds it for a second while the corpus is parsed', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 5 })
    histogram.enable()
    for (let round = 0; round < 3; round++) {
      for (const doc of bodies) {
        parseFeed(doc.bytes, doc.contentType, 'https://hostile.example/feed')
        await tick() // what a crawler does between feeds: let the API's requests in
      }
    }
    histogram.disable()
    const maxMs = histogram.max / 1e6
    timings.push(`max event-loop delay over 3 rounds of the corpus: ${maxMs.toFixed(1)} ms`)
    assert.ok(maxMs < 1000, `${maxMs} ms`)
  })
})
