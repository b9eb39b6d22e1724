import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import Database from '../../src/storage/sqlite/driver.ts'
import { XMLValidator } from 'fast-xml-parser'
import { parseOpml } from '../../src/publishers/opml.ts'
import { publisherId } from '../../src/publishers/publisher.ts'
import { ROOT, runCli, runCliInProcess, tempDir, testEnv } from '../helpers/cli.ts'

const BUNDLED_FILE = path.join(ROOT, 'content', 'publishers.json')
const BUNDLED_TEXT = fs.readFileSync(BUNDLED_FILE, 'utf8')
const BUNDLED = JSON.parse(BUNDLED_TEXT) as Array<{ name: string; site_url: string | null; feed_url: string; topic: string; lang: string }>
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'opml')

interface ListedFeed {
  id: string
  name: string
  feed_url: string
  topic: string
  lang: string
  active: boolean
  last_status: string | null
  last_error: string | null
  consecutive_failures: number
  last_fetched_at: string | null
  next_fetch_at: string
  article_count: number
}

function freshEnv(extra: Record<string, string> = {}) {
  const dir = tempDir()
  const dbFile = path.join(dir, 'newsdesk.db')
  return { dir, dbFile, env: testEnv({ DATABASE_URL: `sqlite:${dbFile}`, ...extra }) }
}

const OWN = [
  { name: 'Operator Feed One', site_url: 'https://one.example.com', feed_url: 'https://one.example.com/feed', topic: 'sales', lang: 'en' },
  { name: 'Operator Feed Two', site_url: null, feed_url: 'https://two.example.com/rss', topic: 'design', lang: 'ko' },
]

const NESTED_EXPECTED = [
  { name: 'Example Engineering', site_url: 'https://eng.example.com/', feed_url: 'https://eng.example.com/feed.xml', topic: 'engineering', lang: 'en' },
  { name: 'Infra & Ops Notes', site_url: 'https://infra.example.com', feed_url: 'https://infra.example.com/atom.xml?lang=en&full=1', topic: 'engineering', lang: 'en' },
  { name: 'KI-Blog Beispiel', site_url: 'https://ki.example.de', feed_url: 'https://ki.example.de/feed', topic: 'data-ai', lang: 'de' },
  { name: 'Mercados Ejemplo', site_url: null, feed_url: 'http://mercados.example.es/rss', topic: 'finance', lang: 'es' },
  { name: '日本の人事', site_url: null, feed_url: 'https://jinji.example.jp/feed', topic: 'people', lang: 'ja' },
  { name: 'Café Marketing Weekly', site_url: null, feed_url: 'https://cafe.example.fr/feed/', topic: 'marketing', lang: 'fr' },
  { name: 'Uncategorised Example', site_url: null, feed_url: 'https://plain.example.org/rss.xml', topic: 'business', lang: 'en' },
]

describe('newsdesk publishers', () => {
  it('is listed in the help, and explains itself', async () => {
    const { env } = freshEnv()
    // The real binary, as a user runs it: help on stdout, exit code 0.
    const [top, own] = await Promise.all([runCli(['--help'], { env }), runCli(['publishers', '--help'], { env })])
    assert.match(top.stdout, /^ {2}publishers\s+\S/m)
    assert.equal(own.code, 0)
    assert.match(own.stdout, /^newsdesk publishers list/)
    assert.match(own.stdout, /NEWSDESK_PUBLISHERS=\+PATH/)
  })

  it('list on a fresh database shows every bundled publisher as never fetched (plain and --json)', async () => {
    const { env, dbFile } = freshEnv()
    // The real binary once: the table on stdout, the summary on stderr, nothing else on either.
    const plain = await runCli(['publishers', 'list'], { env })
    assert.equal(plain.code, 0, plain.stderr)
    const lines = plain.stdout.trimEnd().split('\n')
    assert.match(lines[0]!, /^NAME\s+TOPIC\s+LANG\s+STATUS\s+FAILS\s+NEXT FETCH\s+ARTICLES\s+LAST ERROR$/)
    assert.equal(lines.length, BUNDLED.length + 1)
    lines.slice(1).forEach((line, i) => {
      const p = BUNDLED[i]!
      // Long names are cut to 40 columns (CJK characters take two).
      assert.ok(line.startsWith([...p.name].slice(0, 15).join('')), `row ${i + 1}: ${line}`)
      assert.match(line, new RegExp(`\\s${p.topic}\\s+${p.lang}\\s+never fetched\\s+0\\s+due\\s+0$`), `row ${i + 1}: ${line}`)
    })
    assert.match(plain.stderr, new RegExp(`^publishers: ${BUNDLED.length} feeds from the bundled directory \\(${BUNDLED.length} never fetched, 0 failing\\); sync: ${BUNDLED.length} added, 0 updated, 0 deactivated\\n$`))

    const json = await runCliInProcess(['publishers', 'list', '--json'], { env })
    assert.equal(json.code, 0, json.stderr)
    const feeds = JSON.parse(json.stdout) as ListedFeed[]
    assert.deepEqual(feeds.map((f) => f.feed_url), BUNDLED.map((p) => p.feed_url))
    for (const [i, f] of feeds.entries()) {
      const p = BUNDLED[i]!
      assert.deepEqual(
        [f.id, f.name, f.topic, f.lang, f.active, f.last_status, f.last_fetched_at, f.consecutive_failures, f.article_count],
        [publisherId(p.feed_url), p.name, p.topic, p.lang, true, null, null, 0, 0],
      )
    }
    assert.match(json.stderr, /sync: 0 added, \d+ updated, 0 deactivated/)

    // The directory is in the store: the crawler's feed table and the public sources.
    const db = new Database(dbFile, { readonly: true })
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM feeds WHERE active = 1').get() as { n: number }).n, BUNDLED.length)
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM sources').get() as { n: number }).n, BUNDLED.length)
    db.close()
  })

  it('list --failing shows the feeds whose last fetch failed, with their error', async () => {
    const { env, dbFile } = freshEnv()
    assert.equal((await runCliInProcess(['publishers', 'list', '--json'], { env })).code, 0)
    const broken = BUNDLED[7]!
    const db = new Database(dbFile)
    db.prepare(`UPDATE feeds SET consecutive_failures = 3, last_status = 'http-error', last_error = 'HTTP 503 from upstream',
      last_fetched_at = '2025-01-01T00:00:00.000Z', next_fetch_at = '2999-01-01T00:00:00.000Z' WHERE feed_url = ?`).run(broken.feed_url)
    db.close()
    const json = await runCliInProcess(['publishers', 'list', '--failing', '--json'], { env })
    assert.equal(json.code, 0, json.stderr)
    const feeds = JSON.parse(json.stdout) as ListedFeed[]
    assert.deepEqual(feeds.map((f) => [f.name, f.last_status, f.last_error, f.consecutive_failures, f.next_fetch_at]),
      [[broken.name, 'http-error', 'HTTP 503 from upstream', 3, '2999-01-01T00:00:00.000Z']])
    assert.match(json.stderr, new RegExp(`\\(${BUNDLED.length - 1} never fetched, 1 failing\\)`))
    const plain = await runCliInProcess(['publishers', 'list', '--failing'], { env })
    const rows = plain.stdout.trimEnd().split('\n')
    assert.equal(rows.length, 2)
    assert.match(rows[1]!, /http-error\s+3\s+2999-01-01 00:00Z\s+0\s+HTTP 503 from upstream$/)
  })

  it('NEWSDESK_PUBLISHERS=PATH replaces the directory (JSON, then OPML); +PATH extends it; state is kept', async () => {
    const { env, dir } = freshEnv()
    const own = path.join(dir, 'own.json')
    fs.writeFileSync(own, JSON.stringify(OWN))
    assert.equal((await runCliInProcess(['publishers', 'list'], { env })).code, 0)

    const replaced = await runCliInProcess(['publishers', 'list', '--json'], { env: { ...env, NEWSDESK_PUBLISHERS: own } })
    assert.equal(replaced.code, 0, replaced.stderr)
    assert.deepEqual((JSON.parse(replaced.stdout) as ListedFeed[]).map((f) => f.feed_url), OWN.map((p) => p.feed_url))
    assert.match(replaced.stderr, new RegExp(`2 feeds from ${own.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*; ${BUNDLED.length} feeds no longer in the directory not shown \\(--all\\); sync: 2 added, 0 updated, ${BUNDLED.length} deactivated`))
    const all = JSON.parse((await runCliInProcess(['publishers', 'list', '--json', '--all'], { env: { ...env, NEWSDESK_PUBLISHERS: own } })).stdout) as ListedFeed[]
    assert.equal(all.length, BUNDLED.length + 2)
    assert.equal(all.filter((f) => !f.active).length, BUNDLED.length)

    const opml = await runCliInProcess(['publishers', 'list', '--json'], { env: { ...env, NEWSDESK_PUBLISHERS: path.join(FIXTURES, 'nested.opml') } })
    assert.equal(opml.code, 0, opml.stderr)
    assert.deepEqual((JSON.parse(opml.stdout) as ListedFeed[]).map((f) => [f.name, f.topic, f.lang]), NESTED_EXPECTED.map((p) => [p.name, p.topic, p.lang]))

    const extended = await runCliInProcess(['publishers', 'list', '--json'], { env: { ...env, NEWSDESK_PUBLISHERS: `+${own}` } })
    assert.equal(extended.code, 0, extended.stderr)
    const feeds = JSON.parse(extended.stdout) as ListedFeed[]
    assert.deepEqual(feeds.map((f) => f.feed_url), [...BUNDLED.map((p) => p.feed_url), ...OWN.map((p) => p.feed_url)])
    assert.match(extended.stderr, new RegExp(`from the bundled directory extended with .*own\\.json .*sync: 0 added, ${BUNDLED.length + 2} updated, ${NESTED_EXPECTED.length} deactivated`))
  })

  it('import converts an OPML file with nested categories to the JSON directory shape', async () => {
    const { env, dir } = freshEnv()
    const res = await runCliInProcess(['publishers', 'import', path.join(FIXTURES, 'nested.opml')], { env })
    assert.equal(res.code, 0, res.stderr)
    assert.deepEqual(JSON.parse(res.stdout), NESTED_EXPECTED)
    assert.match(res.stderr, /7 publishers from .*nested\.opml \(OPML, 7 entries, 0 skipped\)/)

    // --topic/--lang set the defaults; --output writes atomically and says how to use the file.
    const out = path.join(dir, 'mine.json')
    const written = await runCliInProcess(['publishers', 'import', path.join(FIXTURES, 'nested.opml'), '--topic', 'product', '--lang', 'it', '--output', out], { env })
    assert.equal(written.code, 0, written.stderr)
    assert.equal(written.stdout, '')
    const mine = JSON.parse(fs.readFileSync(out, 'utf8')) as typeof NESTED_EXPECTED
    assert.deepEqual(mine.at(-1), { ...NESTED_EXPECTED.at(-1)!, topic: 'product', lang: 'it' })
    assert.deepEqual(mine.slice(0, 3).map((p) => p.lang), ['it', 'it', 'de'])
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.includes('.tmp')), [])
    assert.match(written.stderr, new RegExp(`NEWSDESK_PUBLISHERS=${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(replaces the bundled directory\\)`))

    // The written file is a directory NEWSDESK_PUBLISHERS accepts.
    const exported = await runCliInProcess(['publishers', 'export'], { env: { ...env, NEWSDESK_PUBLISHERS: out } })
    assert.equal(exported.code, 0, exported.stderr)
    assert.deepEqual(JSON.parse(exported.stdout), mine)

    // OPML 1.0 in another encoding, from standard input.
    const stdin = await runCliInProcess(['publishers', 'import', '-'], { env, input: fs.readFileSync(path.join(FIXTURES, 'opml1.opml')) })
    assert.equal(stdin.code, 0, stdin.stderr)
    assert.deepEqual((JSON.parse(stdin.stdout) as typeof OWN).map((p) => p.name), ['Sales News Café', 'Growth One'])
  })

  it('import reports skipped entries with their position and exits 1', async () => {
    const { env } = freshEnv()
    const res = await runCliInProcess(['publishers', 'import', path.join(FIXTURES, 'with-problems.opml')], { env })
    assert.equal(res.code, 1)
    assert.deepEqual((JSON.parse(res.stdout) as typeof OWN).map((p) => p.name), ['Good Design Feed', 'Bad Site'])
    assert.match(res.stderr, /outline 3 \(line 7\): "No Address": type="rss" without an xmlUrl; skipped/)
    assert.match(res.stderr, /outline 4 \(line 8, "Chinese Feed"\): language "zh-CN" is not one of/)
    assert.match(res.stderr, /outline 6 \(line 10, "Good Design Feed again"\): duplicate xmlUrl/)
    assert.match(res.stderr, /2 publishers from .* \(OPML, 6 entries, 4 skipped\)/)
  })

  it('export writes the effective directory as JSON or OPML', async () => {
    const { env, dir } = freshEnv()
    const json = await runCliInProcess(['publishers', 'export'], { env })
    assert.equal(json.code, 0, json.stderr)
    assert.equal(json.stdout, BUNDLED_TEXT)
    assert.match(json.stderr, new RegExp(`exported ${BUNDLED.length} publishers from the bundled directory as JSON`))

    const opml = await runCliInProcess(['publishers', 'export', '--format', 'opml'], { env })
    assert.equal(opml.code, 0, opml.stderr)
    assert.equal(XMLValidator.validate(opml.stdout), true)
    const doc = parseOpml(opml.stdout)
    assert.equal(doc.feeds.length, BUNDLED.length)
    assert.deepEqual(new Set(doc.feeds.map((f) => f.xmlUrl)), new Set(BUNDLED.map((p) => p.feed_url)))
    const byUrl = new Map(BUNDLED.map((p) => [p.feed_url, p]))
    for (const f of doc.feeds) {
      const p = byUrl.get(f.xmlUrl)!
      assert.deepEqual([f.text, f.htmlUrl, f.category, f.language], [p.name, p.site_url, `/${p.topic}`, p.lang])
    }

    // To a file: the format follows the extension; the file round-trips through NEWSDESK_PUBLISHERS.
    const file = path.join(dir, 'directory.opml')
    const toFile = await runCliInProcess(['publishers', 'export', file], { env })
    assert.equal(toFile.code, 0, toFile.stderr)
    assert.equal(toFile.stdout, '')
    assert.match(fs.readFileSync(file, 'utf8'), /^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0">/)
    const back = await runCliInProcess(['publishers', 'export', '--format', 'json'], { env: { ...env, NEWSDESK_PUBLISHERS: file } })
    assert.equal(back.code, 0, back.stderr)
    const sortByUrl = (list: typeof BUNDLED) => [...list].sort((a, b) => (a.feed_url < b.feed_url ? -1 : 1))
    assert.deepEqual(sortByUrl(JSON.parse(back.stdout)), sortByUrl(BUNDLED))

    // The effective directory: replaced and extended.
    const own = path.join(dir, 'own.json')
    fs.writeFileSync(own, JSON.stringify(OWN))
    assert.deepEqual(JSON.parse((await runCliInProcess(['publishers', 'export'], { env: { ...env, NEWSDESK_PUBLISHERS: own } })).stdout), OWN)
    const extended = JSON.parse((await runCliInProcess(['publishers', 'export'], { env: { ...env, NEWSDESK_PUBLISHERS: `+${own}` } })).stdout) as unknown[]
    assert.equal(extended.length, BUNDLED.length + 2)
  })

  it('warns about invalid entries in the NEWSDESK_PUBLISHERS file and uses the valid ones', async () => {
    const { env, dir } = freshEnv()
    const file = path.join(dir, 'mixed.json')
    fs.writeFileSync(file, JSON.stringify([OWN[0], { ...OWN[1], lang: 'klingon' }, OWN[0]]))
    const res = await runCliInProcess(['publishers', 'list', '--json'], { env: { ...env, NEWSDESK_PUBLISHERS: file } })
    assert.equal(res.code, 0, res.stderr)
    assert.deepEqual((JSON.parse(res.stdout) as ListedFeed[]).map((f) => f.name), [OWN[0]!.name])
    assert.match(res.stderr, /publishers: warning: .*mixed\.json: entry 2 "Operator Feed Two": lang "klingon" is not one of en, es, fr, de, it, pt, ja, ko, ar; skipped/)
    assert.match(res.stderr, /publishers: warning: .*mixed\.json: entry 3 "Operator Feed One": duplicate feed_url .* \(first listed at entry 1\); skipped/)
  })

  it('bad files and bad usage give exit code 1 or 2 with a clear message', async () => {
    const { env, dir, dbFile } = freshEnv()
    const notJson = path.join(dir, 'broken.json')
    fs.writeFileSync(notJson, '[{"name": "unterminated"')
    const allBad = path.join(dir, 'all-bad.json')
    fs.writeFileSync(allBad, JSON.stringify([{ name: 'x', feed_url: 'nope', topic: 'sales', lang: 'en' }]))
    const cases: Array<[string[], Record<string, string>, number, RegExp]> = [
      [['publishers', 'list'], { NEWSDESK_PUBLISHERS: path.join(dir, 'missing.json') }, 2, /^publishers: NEWSDESK_PUBLISHERS: .*missing\.json: no such file\n$/],
      [['publishers', 'export'], { NEWSDESK_PUBLISHERS: `+${path.join(dir, 'missing.opml')}` }, 2, /NEWSDESK_PUBLISHERS: .*missing\.opml: no such file/],
      [['publishers', 'list'], { NEWSDESK_PUBLISHERS: path.join(FIXTURES, 'entities.opml') }, 2, /NEWSDESK_PUBLISHERS: .*entities\.opml: refused: entity or DTD declarations are not allowed/],
      [['publishers', 'export'], { NEWSDESK_PUBLISHERS: notJson }, 2, /NEWSDESK_PUBLISHERS: .*broken\.json: invalid JSON/],
      [['publishers', 'export'], { NEWSDESK_PUBLISHERS: allBad }, 2, /none of its 1 entries is valid:\n {2}.*feed_url "nope" is not an absolute http\(s\) URL/],
      [['publishers', 'export'], { NEWSDESK_PUBLISHERS: '+' }, 2, /"\+" must be followed by a file path/],
      [['publishers', 'import', path.join(FIXTURES, 'malformed.opml')], {}, 1, /malformed\.opml: not well-formed XML: Expected closing tag 'outline'/],
      [['publishers', 'import', path.join(FIXTURES, 'entities.opml')], {}, 1, /entities\.opml: refused: entity or DTD declarations are not allowed/],
      [['publishers', 'import', path.join(FIXTURES, 'not-opml.xml')], {}, 1, /not an OPML document: the root element is <rss>, expected <opml>/],
      [['publishers', 'import', allBad], {}, 1, /no valid publishers in .*all-bad\.json; nothing written/],
      [['publishers', 'import', path.join(dir, 'missing.opml')], {}, 2, /no such file: .*missing\.opml/],
      [['publishers', 'import', path.join(FIXTURES, 'nested.opml'), '--topic', 'tech'], {}, 2, /--topic must be one of business, data-ai/],
      [['publishers', 'import', path.join(FIXTURES, 'nested.opml'), '--lang', 'zh'], {}, 2, /--lang must be one of en, es/],
      [['publishers', 'import'], {}, 2, /import expects exactly one FILE/],
      [['publishers', 'export', '--format', 'csv'], {}, 2, /--format must be json or opml/],
      [['publishers', 'export', '--json'], {}, 2, /--json applies to `publishers list` only/],
      [['publishers', 'list', '--topic', 'sales'], {}, 2, /--topic applies to `publishers import` only/],
      [['publishers', 'frob'], {}, 2, /unknown subcommand "frob"/],
      [['publishers'], {}, 2, /expected a subcommand: list, import or export/],
      [['publishers', 'export', path.join(dir, 'no-such-dir', 'out.json')], {}, 1, /ENOENT/],
    ]
    const results = []
    for (const [args, extra] of cases) results.push(await runCliInProcess(args, { env: { ...env, ...extra } }))
    // The real binary gives the same exit code and messages: a configuration error (2) and a refused file (1).
    for (const i of [0, 7]) {
      const [args, extra] = cases[i]!
      const child = await runCli(args, { env: { ...env, ...extra } })
      assert.deepEqual(child, results[i], `${args.join(' ')}: the binary and the in-process run differ`)
    }
    results.forEach((res, i) => {
      const [args, extra, code, pattern] = cases[i]!
      const label = `${args.join(' ')} ${JSON.stringify(extra)}`
      assert.equal(res.code, code, `${label}: ${res.stderr}`)
      assert.match(res.stderr, pattern, label)
      assert.doesNotMatch(res.stderr, /\n\s+at /, `${label}: a stack trace`)
    })
    // Nothing failed half-way: no database was created by refused list runs, and no stray files appeared.
    assert.equal(fs.existsSync(dbFile), false)
    assert.deepEqual(fs.readdirSync(dir).sort(), ['all-bad.json', 'broken.json'])
  })
})
