import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import Database from '../../src/storage/sqlite/driver.ts'
import { StorySnapshot, serializeSnapshot } from '../../src/domain/story.ts'
import { MIGRATION_VERSIONS } from '../../src/storage/sqlite/migrations.ts'
import { ALL_SEARCH_STORIES, makeStory } from '../fixtures/stories.ts'
import { CLI, ROOT, runCli, runCliInProcess, tempDir, testEnv } from '../helpers/cli.ts'

const canonical = (s: Parameters<typeof StorySnapshot.parse>[0]) => serializeSnapshot(StorySnapshot.parse(s))

function freshEnv() {
  const dir = tempDir()
  return { dir, env: testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'db', 'newsdesk.db')}` }) }
}

describe('newsdesk CLI', () => {
  it('prints help for the program and for each command', async () => {
    const { env } = freshEnv()
    // The real binary for the program's help and an unknown command: stdout vs stderr, exit codes 0 and 2.
    const top = await runCli(['--help'], { env })
    assert.equal(top.code, 0)
    for (const name of ['serve', 'import', 'export', 'migrate']) assert.match(top.stdout, new RegExp(`^  ${name}\\s+\\S`, 'm'))
    for (const name of ['serve', 'import', 'export', 'migrate']) {
      const res = await runCliInProcess([name, '--help'], { env })
      assert.equal(res.code, 0, name)
      assert.match(res.stdout, new RegExp(`^newsdesk ${name}`), name)
    }
    const unknown = await runCli(['frobnicate'], { env })
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /unknown command "frobnicate"/)
    const badFlag = await runCliInProcess(['export', '--nope'], { env })
    assert.equal(badFlag.code, 2)
    assert.match(badFlag.stderr, /Unknown option '--nope'/)
  })

  it('refuses a bad configuration with exit code 2, listing every bad variable', async () => {
    const res = await runCli(['serve'], { env: testEnv({ PORT: 'eighty', LOG_LEVEL: 'loud', NEWSDESK_SAMPLE: 'maybe', SITE_URL: 'not a url' }) })
    assert.equal(res.code, 2)
    for (const key of ['PORT', 'LOG_LEVEL', 'NEWSDESK_SAMPLE', 'SITE_URL']) assert.match(res.stderr, new RegExp(`- ${key}: `), key)
    assert.match(res.stderr, /^config: invalid environment/)
  })

  it('migrate creates the database and applies the schema once', async () => {
    const { dir, env } = freshEnv()
    const first = await runCliInProcess(['migrate'], { env })
    assert.equal(first.code, 0, first.stderr)
    const again = await runCliInProcess(['migrate'], { env })
    assert.equal(again.code, 0)
    const db = new Database(path.join(dir, 'db', 'newsdesk.db'), { readonly: true })
    assert.deepEqual(db.prepare('SELECT version FROM schema_migrations').all(),
      MIGRATION_VERSIONS.map((version) => ({ version })))
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM categories').get() as { n: number }).n, 13)
    db.close()
  })

  it('import then export round-trips byte for byte after sorting by id', async () => {
    const { dir, env } = freshEnv()
    const lines = [...ALL_SEARCH_STORIES.map(canonical)]
    const samplePath = path.join(ROOT, 'sample', 'edition.ndjson')
    if (fs.existsSync(samplePath)) lines.push(...fs.readFileSync(samplePath, 'utf8').split('\n').filter(Boolean))
    const file = path.join(dir, 'in.ndjson')
    fs.writeFileSync(file, [...lines].reverse().join('\n') + '\n')
    const imported = await runCliInProcess(['import', file], { env })
    assert.equal(imported.code, 0, imported.stderr)
    assert.match(imported.stderr, new RegExp(`import: ${lines.length} new, 0 updated, 0 bad of ${lines.length} lines`))
    const exported = await runCliInProcess(['export'], { env })
    assert.equal(exported.code, 0)
    const sortById = (ls: string[]) => [...ls].sort((a, b) => (JSON.parse(a).id < JSON.parse(b).id ? -1 : 1))
    assert.equal(exported.stdout, sortById(lines).join('\n') + '\n')

    // Export to a file writes the same bytes, and importing it again changes nothing.
    const out = path.join(dir, 'out.ndjson')
    assert.equal((await runCliInProcess(['export', out], { env })).code, 0)
    assert.equal(fs.readFileSync(out, 'utf8'), exported.stdout)
    assert.equal(fs.existsSync(`${out}.tmp`), false)
    const again = await runCliInProcess(['import', out], { env })
    assert.match(again.stderr, new RegExp(`import: 0 new, ${lines.length} updated, 0 bad`))
    assert.equal((await runCliInProcess(['export'], { env })).stdout, exported.stdout)
  })

  it('export FILE writes through devices and FIFOs, keeps symbolic links and refuses what is not a file (exit 2)', async () => {
    const { dir, env } = freshEnv()
    const story = canonical(makeStory({ id: '6c3d7e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f', headline: 'Export target story' }))
    assert.equal((await runCliInProcess(['import', '-'], { env, input: `${story}\n` })).code, 0)
    const expected = `${story}\n`

    // /dev/null stays the device (it used to be replaced by a regular file).
    if (fs.existsSync('/dev/null')) {
      const res = await runCliInProcess(['export', '/dev/null'], { env })
      assert.equal(res.code, 0, res.stderr)
      assert.equal(fs.statSync('/dev/null').isCharacterDevice(), true)
    }
    // A symbolic link to a regular file: the target gets the export, the link stays a link.
    const real = path.join(dir, 'real.ndjson')
    fs.writeFileSync(real, 'old\n')
    const link = path.join(dir, 'link.ndjson')
    fs.symlinkSync(real, link)
    assert.equal((await runCliInProcess(['export', link], { env })).code, 0)
    assert.equal(fs.lstatSync(link).isSymbolicLink(), true)
    assert.equal(fs.readFileSync(real, 'utf8'), expected)
    // A FIFO is written through to its reader and stays a FIFO.
    const fifo = path.join(dir, 'pipe')
    const made = spawn('mkfifo', [fifo])
    if (await new Promise((done) => { made.on('close', (code) => done(code === 0)); made.on('error', () => done(false)) })) {
      const reader = spawn('cat', [fifo])
      let read = ''
      reader.stdout.on('data', (d: Buffer) => { read += d.toString() })
      const closed = new Promise((done) => reader.on('close', done))
      assert.equal((await runCliInProcess(['export', fifo], { env })).code, 0)
      await closed
      assert.equal(read, expected)
      assert.equal(fs.lstatSync(fifo).isFIFO(), true)
    }
    // Refused with exit code 2 and a message naming the path: a directory, a link to nothing.
    const dangling = path.join(dir, 'dangling.ndjson')
    fs.symlinkSync(path.join(dir, 'missing', 'x.ndjson'), dangling)
    for (const [target, why] of [[dir, /is a directory/], [dangling, /symbolic link to a file that does not exist/]] as const) {
      const res = await runCliInProcess(['export', target], { env })
      assert.equal(res.code, 2, target)
      assert.match(res.stderr, why)
      assert.ok(res.stderr.startsWith(`export: ${target}`), res.stderr)
    }
    assert.equal(fs.lstatSync(dangling).isSymbolicLink(), true)
    // A device that fails every write (/dev/full: ENOSPC) is exit code 1 with the reason, not a stack.
    if (fs.existsSync('/dev/full')) {
      const res = await runCliInProcess(['export', '/dev/full'], { env })
      assert.equal(res.code, 1)
      assert.match(res.stderr, /ENOSPC|no space/i)
      assert.doesNotMatch(res.stderr, /\n\s+at /)
    }
  })

  it('accepts the shape with optional fields absent or null, and fills the documented defaults', async () => {
    const { env } = freshEnv()
    const minimal = {
      id: '7d4e8f10-2b3c-4d5e-8f60-718293a4b5c6', original_url: 'https://alpha-ledger.example/a',
      original_title: 'Minimal', category: 'sales', headline: 'Minimal story',
    }
    const withCoverage = {
      ...minimal, id: '8e5f9a21-3c4d-4e6f-9a71-8293a4b5c6d7', author: null, source: null, summary: null, cards: null,
      covered_by: [{ name: 'Beta Wire', title: 'Same event', url: null }], translations: { de: { summary: 'Nur Zusammenfassung' }, fr: {} },
    }
    const res = await runCliInProcess(['import', '-'], { env, input: `${JSON.stringify(minimal)}\n\n${JSON.stringify(withCoverage)}\r\n` })
    assert.equal(res.code, 0, res.stderr)
    const [a, b] = (await runCliInProcess(['export'], { env })).stdout.trim().split('\n').map((l) => JSON.parse(l))
    assert.deepEqual(a, {
      ...minimal, author: null, published_at: null, cover_image_url: null, source: null, summary: null, cards: null,
      covered_by: null, multi_source: false, translations: {},
      original_url: minimal.original_url, original_title: 'Minimal', category: 'sales', headline: 'Minimal story',
    })
    assert.equal(b.multi_source, true, 'multi_source defaults to covered_by.length > 0')
    assert.deepEqual(b.translations, { de: { summary: 'Nur Zusammenfassung' }, fr: {} })
  })

  it('reports each bad line with its number and reason, imports the rest and exits 1', async () => {
    const { dir, env } = freshEnv()
    const good = (headline: string) => canonical(makeStory({ headline }))
    const lines = [
      good('First good story'),                                                    // 1
      '{"id": "oops"',                                                             // 2 not JSON
      JSON.stringify({ ...makeStory(), headline: undefined }),                     // 3 no headline
      JSON.stringify(makeStory({ category: 'sports' as never })),                  // 4 bad topic
      JSON.stringify(makeStory({ id: 'not-a-uuid' })),                             // 5 bad id
      JSON.stringify(makeStory({ original_url: 'javascript:alert(1)' })),           // 6 unsafe link
      JSON.stringify({ ...makeStory(), extra_field: 1 }),                          // 7 unknown key
      JSON.stringify(makeStory({ translations: { en: { headline: 'x' } } as never })), // 8 en is not a translation
      '[]',                                                                        // 9 not an object
      JSON.stringify(makeStory({ published_at: 'yesterday' })),                    // 10 bad date
      good('Second good story'),                                                   // 11
      JSON.stringify({ newsdesk_record: 'feed', feed_url: 'https://x.example/f' }), // 12 state line, incomplete
      JSON.stringify({ newsdesk_record: 'cookies' }),                              // 13 unknown state kind
    ]
    const file = path.join(dir, 'mixed.ndjson')
    fs.writeFileSync(file, lines.join('\n') + '\n')
    const res = await runCliInProcess(['import', file], { env })
    assert.equal(res.code, 1)
    const reported = [...res.stderr.matchAll(/^import: line (\d+): (.*)$/gm)].map((m) => [Number(m[1]), m[2]])
    assert.deepEqual(reported.map(([n]) => n), [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13])
    const reason = (n: number) => reported.find(([l]) => l === n)![1] as string
    assert.match(reason(2), /not valid JSON/)
    assert.match(reason(3), /^headline: /)
    assert.match(reason(4), /^category: /)
    assert.match(reason(5), /^id: /)
    assert.match(reason(6), /^original_url: /)
    assert.match(reason(7), /extra_field/)
    assert.match(reason(8), /translations/)
    assert.match(reason(10), /^published_at: /)
    assert.match(reason(12), /publisher_id/)
    assert.match(reason(13), /newsdesk_record/)
    assert.match(res.stderr, /import: 2 new, 0 updated, 11 bad of 13 lines/)
    const exported = (await runCliInProcess(['export'], { env })).stdout.trim().split('\n')
    assert.deepEqual(exported.map((l) => JSON.parse(l).headline).sort(), ['First good story', 'Second good story'])
  })

  it('reports a missing file clearly', async () => {
    const { env } = freshEnv()
    const res = await runCliInProcess(['import', '/nonexistent/file.ndjson'], { env })
    assert.equal(res.code, 2)
    assert.match(res.stderr, /import: no such file: \/nonexistent\/file.ndjson/)
    assert.equal((await runCliInProcess(['import'], { env })).code, 2)
  })

  it('loses nothing and half-writes nothing when killed mid-import', async () => {
    const { dir, env } = freshEnv()
    const file = path.join(dir, 'big.ndjson')
    const total = 6000
    const out = fs.createWriteStream(file)
    for (let i = 0; i < total; i++) {
      out.write(canonical(makeStory({ headline: `Freight volume report number ${i}`, published_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() })) + '\n')
    }
    await new Promise((r) => out.end(r))
    const child = spawn(process.execPath, [...CLI, 'import', file], { env, cwd: ROOT })
    const dbFile = path.join(dir, 'db', 'newsdesk.db')
    // Kill as soon as the first batches are committed.
    for (let i = 0; i < 400; i++) {
      await new Promise((r) => setTimeout(r, 25))
      if (!fs.existsSync(dbFile)) continue
      try {
        const probe = new Database(dbFile, { readonly: true })
        const n = (probe.prepare('SELECT COUNT(*) AS n FROM stories').get() as { n: number }).n
        probe.close()
        if (n >= 500) break
      } catch { /* schema not there yet */ }
    }
    child.kill('SIGKILL')
    await new Promise((r) => child.once('close', r))

    const db = new Database(dbFile)
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok')
    assert.deepEqual(db.pragma('foreign_key_check'), [])
    const count = (db.prepare('SELECT COUNT(*) AS n FROM stories').get() as { n: number }).n
    const texts = (db.prepare("SELECT COUNT(*) AS n FROM story_texts WHERE lang = 'en'").get() as { n: number }).n
    db.close()
    assert.ok(count > 0 && count < total, `killed mid-way (${count})`)
    assert.equal(count % 500, 0, 'only whole batches are committed')
    assert.equal(texts, count, 'no story without its text')

    const resumed = await runCliInProcess(['import', file], { env })
    assert.equal(resumed.code, 0)
    assert.match(resumed.stderr, new RegExp(`import: ${total - count} new, ${count} updated`))
  })
})
