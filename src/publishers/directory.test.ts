import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { LANGUAGES } from '../domain/languages.ts'
import { TOPICS } from '../domain/topics.ts'
import {
  BUNDLED_DIRECTORY_PATH, DirectoryError, feedKey, loadDirectory, parseDirectorySetting, parseDirectoryText,
  readDirectoryFile, serializeDirectoryJson,
} from './directory.ts'
import { serializeOpml } from './opml.ts'
import { PublisherEntry, publisherId } from './publisher.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'opml')

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-directory-'))
process.once('exit', () => fs.rmSync(TMP, { recursive: true, force: true }))

function tmpFile(name: string, content: string | Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(TMP, 'f-')), name)
  fs.writeFileSync(file, content)
  return file
}

const bundled = JSON.parse(fs.readFileSync(BUNDLED_DIRECTORY_PATH, 'utf8')) as Array<Record<string, unknown>>

const own = [
  { name: 'Own Feed', site_url: 'https://own.example.com', feed_url: 'https://own.example.com/feed', topic: 'sales', lang: 'it' },
  { name: 'Own Second', site_url: null, feed_url: 'https://second.example.com/rss', topic: 'growth', lang: 'pt' },
]

describe('the bundled directory', () => {
  it('holds more than 500 publishers, every one valid, with unique feed URLs and names', () => {
    assert.ok(Array.isArray(bundled))
    assert.ok(bundled.length > 500, `${bundled.length} publishers`)
    const keys = new Set<string>()
    const names = new Set<string>()
    bundled.forEach((raw, i) => {
      const parsed = PublisherEntry.safeParse(raw)
      assert.ok(parsed.success, `entry ${i + 1}: ${JSON.stringify(raw)}: ${parsed.error?.message}`)
      const e = parsed.data
      assert.deepEqual(Object.keys(raw), ['name', 'site_url', 'feed_url', 'topic', 'lang'], `entry ${i + 1}`)
      assert.equal(raw.name, e.name, `entry ${i + 1}: name not trimmed`)
      assert.doesNotMatch(e.name, /\s{2}|[\u0000-\u001f\u200b\ufeff]/, `entry ${i + 1}: name`)
      for (const url of [e.feed_url, e.site_url]) {
        if (url === null) continue
        const u = new URL(url)
        assert.match(u.protocol, /^https?:$/)
        assert.equal(u.hostname, u.hostname.toLowerCase(), url)
        assert.match(u.hostname, /\.[a-z]{2,}$/, url)
        assert.equal(u.username + u.password + u.hash, '', url)
        assert.doesNotMatch(url, /\s|\/\/.*\/\/|[?&](utm_[a-z]+|_ga)=/, url)
      }
      assert.ok(!keys.has(feedKey(e.feed_url)), `entry ${i + 1}: duplicate feed ${e.feed_url}`)
      keys.add(feedKey(e.feed_url))
      assert.ok(!names.has(e.name.toLowerCase()), `entry ${i + 1}: duplicate name ${e.name}`)
      names.add(e.name.toLowerCase())
    })
    // Every topic and language is represented.
    assert.deepEqual(new Set(bundled.map((e) => e.topic)), new Set(TOPICS))
    assert.deepEqual(new Set(bundled.map((e) => e.lang)), new Set(LANGUAGES))
  })

  it('labels scripts consistently: Hangul names are Korean, kana names Japanese, Arabic names Arabic', () => {
    for (const e of bundled) {
      const name = e.name as string
      if (/[\uac00-\ud7af]/.test(name)) assert.equal(e.lang, 'ko', name)
      if (/[\u3040-\u30ff]/.test(name)) assert.equal(e.lang, 'ja', name)
      if (/[\u0600-\u06ff]/.test(name)) assert.equal(e.lang, 'ar', name)
    }
  })

  it('is what loadDirectory returns by default, without problems', () => {
    const d = loadDirectory()
    assert.equal(d.source, 'bundled')
    assert.equal(d.mode, 'bundled')
    assert.deepEqual(d.problems, [])
    assert.equal(d.publishers.length, bundled.length)
    assert.equal(d.publishers[0]!.id, publisherId(bundled[0]!.feed_url as string))
    assert.deepEqual(d.publishers[0], {
      id: publisherId(bundled[0]!.feed_url as string), name: bundled[0]!.name, siteUrl: bundled[0]!.site_url,
      feedUrl: bundled[0]!.feed_url, topic: bundled[0]!.topic, lang: bundled[0]!.lang,
    })
    assert.deepEqual(loadDirectory({ file: '' }).entries, d.entries)
  })

  it('is written in the layout serializeDirectoryJson produces', () => {
    assert.equal(serializeDirectoryJson(loadDirectory().entries), fs.readFileSync(BUNDLED_DIRECTORY_PATH, 'utf8'))
  })
})

describe('NEWSDESK_PUBLISHERS', () => {
  it('parses PATH as replace and +PATH as extend', () => {
    assert.deepEqual(parseDirectorySetting(undefined), { mode: 'bundled' })
    assert.deepEqual(parseDirectorySetting('  '), { mode: 'bundled' })
    assert.deepEqual(parseDirectorySetting('/etc/pubs.json'), { mode: 'replace', path: '/etc/pubs.json' })
    assert.deepEqual(parseDirectorySetting('+ ./pubs.opml'), { mode: 'extend', path: './pubs.opml' })
    assert.throws(() => parseDirectorySetting('+'), DirectoryError)
  })

  it('PATH replaces the bundled directory (JSON)', () => {
    const file = tmpFile('own.json', JSON.stringify(own))
    const d = loadDirectory({ file })
    assert.equal(d.source, file)
    assert.equal(d.mode, 'replace')
    assert.deepEqual(d.entries, own)
    assert.deepEqual(d.publishers.map((p) => p.id), own.map((e) => publisherId(e.feed_url)))
    assert.deepEqual(d.problems, [])
  })

  it('PATH replaces the bundled directory (OPML), topics from folders, defaults business/en', () => {
    const d = loadDirectory({ file: path.join(FIXTURES, 'nested.opml') })
    assert.equal(d.publishers.length, 7)
    assert.deepEqual(d.entries.map((e) => [e.topic, e.lang]), [
      ['engineering', 'en'], ['engineering', 'en'], ['data-ai', 'de'], ['finance', 'es'], ['people', 'ja'], ['marketing', 'fr'], ['business', 'en'],
    ])
    const withDefaults = loadDirectory({ file: path.join(FIXTURES, 'nested.opml'), defaultTopic: 'product', defaultLang: 'it' })
    assert.deepEqual(withDefaults.entries.at(-1), { name: 'Uncategorised Example', site_url: null, feed_url: 'https://plain.example.org/rss.xml', topic: 'product', lang: 'it' })
    assert.equal(withDefaults.entries[0]!.lang, 'it')
  })

  it('+PATH extends: new publishers appended, a bundled feed URL overridden in place', () => {
    const override = { ...bundled[3]!, topic: 'sales', lang: 'de', name: 'Renamed' }
    const file = tmpFile('extra.json', JSON.stringify([own[0], { ...override, feed_url: (bundled[3]!.feed_url as string).replace(/^https:/, 'http:') }, own[1]]))
    const d = loadDirectory({ file: `+${file}` })
    assert.equal(d.mode, 'extend')
    assert.equal(d.source, `bundled+${file}`)
    assert.equal(d.publishers.length, bundled.length + 2)
    assert.deepEqual(d.entries.slice(-2), own)
    assert.equal(d.entries[3]!.name, 'Renamed')
    assert.equal(d.entries[3]!.topic, 'sales')
    assert.deepEqual(d.entries.slice(0, 3), bundled.slice(0, 3))
    assert.deepEqual(d.problems, [])
  })

  it('+PATH extends with OPML too', () => {
    const d = loadDirectory({ file: `+${path.join(FIXTURES, 'opml1.opml')}` })
    assert.equal(d.publishers.length, bundled.length + 2)
    assert.equal(d.entries.at(-2)!.name, 'Sales News Café')
  })

  it('reports invalid entries with position and reason and skips them; duplicates keep the first', () => {
    const file = tmpFile('mixed.json', JSON.stringify([
      own[0],
      { ...own[1], topic: 'tech' },
      { name: '   ', feed_url: 'https://x.example/feed', topic: 'sales', lang: 'en' },
      { ...own[1], feed_url: 'not a url' },
      { ...own[1], extra: true },
      42,
      { ...own[0], name: 'Same feed, other scheme and slash', feed_url: 'http://own.example.com/feed/' },
      { name: 'Missing fields' },
      { ...own[1], feed_url: '  https://trimmed.example.com/feed  ', site_url: '' },
    ]))
    const d = loadDirectory({ file })
    assert.deepEqual(d.entries.map((e) => e.feed_url), ['https://own.example.com/feed', 'https://trimmed.example.com/feed'])
    assert.equal(d.entries[1]!.site_url, null)
    assert.equal(d.problems.length, 7)
    const [topic, name, url, extra, number, dup, missing] = d.problems
    assert.match(topic!, /^.*mixed\.json: entry 2 "Own Second": topic "tech" is not one of business, data-ai, .*; skipped$/)
    assert.match(name!, /entry 3: name is empty; skipped$/)
    assert.match(url!, /entry 4 "Own Second": feed_url "not a url" is not an absolute http\(s\) URL; skipped$/)
    assert.match(extra!, /entry 5 "Own Second": unknown field extra \(allowed: name, site_url, feed_url, topic, lang\); skipped$/)
    assert.match(number!, /entry 6: expected an object .*, got 42; skipped$/)
    assert.match(dup!, /entry 7 "Same feed, other scheme and slash": duplicate feed_url http:\/\/own\.example\.com\/feed\/ \(first listed at entry 1\); skipped$/)
    assert.match(missing!, /entry 8 "Missing fields": feed_url is missing; topic is missing; lang is missing; skipped$/)
  })

  it('reports OPML problems with outline position and line', () => {
    const d = loadDirectory({ file: path.join(FIXTURES, 'with-problems.opml') })
    assert.deepEqual(d.entries.map((e) => [e.name, e.site_url]), [['Good Design Feed', null], ['Bad Site', null]])
    assert.deepEqual(d.problems.map((p) => p.replace(/^.*with-problems\.opml: /, '')), [
      'outline 3 (line 7): "No Address": type="rss" without an xmlUrl; skipped',
      'outline 4 (line 8, "Chinese Feed"): language "zh-CN" is not one of en, es, fr, de, it, pt, ja, ko, ar; skipped',
      'outline 5 (line 9, "Not A URL"): xmlUrl "feed.example.com/rss" is not an absolute http(s) URL; skipped',
      'outline 6 (line 10, "Good Design Feed again"): duplicate xmlUrl http://design.example.com/feed/ (first listed at outline 2 (line 6)); skipped',
      'outline 7 (line 11, "Bad Site"): htmlUrl "javascript:alert(1)" is not an absolute http(s) URL; kept without a site_url',
    ])
  })

  it('throws a DirectoryError for unusable files, never anything else', () => {
    const cases: Array<[string, RegExp]> = [
      [path.join(os.tmpdir(), 'newsdesk-no-such-file.json'), /no such file/],
      [os.tmpdir(), /is a directory/],
      [tmpFile('empty.json', '  \n'), /the file is empty/],
      [tmpFile('bad.json', '[{"name": '), /invalid JSON/],
      [tmpFile('object.json', '{"publishers": []}'), /expected a JSON array of publishers/],
      [tmpFile('text.txt', 'name,feed_url\n'), /neither a JSON array nor an OPML document/],
      [tmpFile('deep.json', `${'['.repeat(100)}${']'.repeat(100)}`), /refused: JSON nested deeper/],
      [tmpFile('all-bad.json', JSON.stringify([{ name: 'x' }, { name: 'y' }])), /none of its 2 entries is valid/],
      [path.join(FIXTURES, 'entities.opml'), /entity or DTD declarations are not allowed/],
      [path.join(FIXTURES, 'malformed.opml'), /not well-formed XML/],
      [path.join(FIXTURES, 'not-opml.xml'), /expected <opml>/],
      [tmpFile('no-feeds.opml', '<opml version="2.0"><body><outline text="Folder"/></body></opml>'), /no feeds/],
      [tmpFile('huge.json', `[${' '.repeat(8 * 1024 * 1024)}]`), /the cap is/],
    ]
    for (const [file, pattern] of cases) {
      for (const setting of [file, `+${file}`]) {
        assert.throws(() => loadDirectory({ file: setting }), (err: unknown) => err instanceof DirectoryError && pattern.test(err.message), `${setting}`)
      }
    }
    // An explicitly empty list is a valid (empty) directory.
    assert.deepEqual(loadDirectory({ file: tmpFile('none.json', '[]') }).publishers, [])
  })

  it('import mode fills missing topic and language from the defaults', () => {
    const text = JSON.stringify([{ name: 'No topic', site_url: null, feed_url: 'https://nt.example.com/feed' }])
    const strict = parseDirectoryText(text, 'in.json')
    assert.equal(strict.entries.length, 0)
    assert.match(strict.problems[0]!, /topic is missing; lang is missing/)
    const filled = parseDirectoryText(text, 'in.json', { fillMissing: true, defaultTopic: 'design', defaultLang: 'fr' })
    assert.deepEqual(filled.entries, [{ name: 'No topic', site_url: null, feed_url: 'https://nt.example.com/feed', topic: 'design', lang: 'fr' }])
  })

  it('JSON and OPML exports of a directory read back to the same publishers', () => {
    const entries = loadDirectory().entries
    const json = readDirectoryFile(tmpFile('export.json', serializeDirectoryJson(entries)))
    assert.deepEqual(json.entries, entries)
    const opml = readDirectoryFile(tmpFile('export.opml', serializeOpml(entries)))
    assert.deepEqual(opml.problems, [])
    const byFeed = (list: PublisherEntry[]) => [...list].sort((a, b) => (a.feed_url < b.feed_url ? -1 : 1))
    assert.deepEqual(byFeed(opml.entries), byFeed(entries))
  })
})

describe('feedKey', () => {
  it('ignores scheme, host case, trailing slash, default port and fragment, not the path or query', () => {
    assert.equal(feedKey('https://Example.com:443/feed/#x'), feedKey('http://example.com/feed'))
    assert.notEqual(feedKey('https://example.com/feed?a=1'), feedKey('https://example.com/feed?a=2'))
    assert.notEqual(feedKey('https://example.com/Feed'), feedKey('https://example.com/feed'))
  })
})
