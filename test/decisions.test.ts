import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { ROOT } from './helpers/cli.ts'

/**
 * The design decisions are one record per standing decision in docs/decisions/ (`NNNN-slug.md`), indexed by its
 * README, and code and docs cite them by number: `(decision 0012)`. These checks keep every citation pointing at a
 * record that exists, every record listed and shaped alike, and the retired journal (docs/decisions.md) uncited.
 */
const DECISIONS = path.join(ROOT, 'docs', 'decisions')
const SECTIONS = ['## Context', '## Decision', '## Consequences', '## How to re-measure']

const records = fs.readdirSync(DECISIONS).filter((f) => f !== 'README.md').sort()
const numbers = new Map(records.map((f) => [f.slice(0, 4), f]))

/** Text files that may cite a decision: sources, tests, benches, scripts and docs (fixtures are data, not citations). */
function citingFiles(): string[] {
  const files = ['README.md']
  for (const dir of ['src', 'test', 'bench', 'scripts', 'docs']) {
    for (const f of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      const file = path.join(dir, f)
      if (file.startsWith(path.join('test', 'fixtures'))) continue
      if (/\.(ts|mjs|js|md|sh)$/.test(f)) files.push(file)
    }
  }
  return files
}

/** Every record number a text cites: "decision 0012", "decisions 0003 and 0005", "decisions 0019, 0017", links. */
export function citedNumbers(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/\bdecisions?\s+((?:\d{4}(?:\s*(?:,|and)\s*(?=\d{4}))?)+)/gi)) {
    found.push(...m[1]!.match(/\d{4}/g)!)
  }
  for (const m of text.matchAll(/decisions\/(\d{4})-[\w-]+\.md/g)) found.push(m[1]!)
  return found
}

const JOURNAL_CITATION = /decisions\.md|\bdecisions? "/

describe('design decision records', () => {
  it('reads citations of one, several and linked records', () => {
    assert.deepEqual(citedNumbers('(decision 0012); decisions 0003 and 0005; decisions 0019, 0017, and [0041](decisions/0041-prompt-injection.md)'),
      ['0012', '0003', '0005', '0019', '0017', '0041'])
  })

  it('every record is NNNN-slug.md, numbered once, titled with its number and holding the four sections', () => {
    assert.ok(records.length > 0)
    assert.equal(numbers.size, records.length, 'two records share a number')
    for (const file of records) {
      assert.match(file, /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/, file)
      const text = fs.readFileSync(path.join(DECISIONS, file), 'utf8')
      assert.ok(text.startsWith(`# ${file.slice(0, 4)} `), `${file} does not start with "# ${file.slice(0, 4)} "`)
      for (const section of SECTIONS) assert.ok(text.includes(`\n${section}\n`), `${file} has no "${section}"`)
    }
  })

  it('the README lists every record once, and only records that exist', () => {
    const readme = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8')
    const listed = [...readme.matchAll(/\]\((\d{4}-[\w-]+\.md)\)/g)].map((m) => m[1]!)
    assert.deepEqual([...listed].sort(), records)
  })

  it('every decision cited in the code and docs exists as a record', () => {
    const missing: string[] = []
    for (const file of citingFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const n of citedNumbers(text)) if (!numbers.has(n)) missing.push(`${file} cites decision ${n}`)
      for (const m of text.matchAll(/decisions\/(\d{4}-[\w-]+\.md)/g)) {
        if (!records.includes(m[1]!)) missing.push(`${file} links to docs/decisions/${m[1]}, which does not exist`)
      }
    }
    assert.deepEqual(missing, [])
  })

  it('nothing cites the retired journal (docs/decisions.md) or a decision by its old section title', () => {
    assert.ok(!fs.existsSync(path.join(ROOT, 'docs', 'decisions.md')), 'docs/decisions.md is back: split it into records')
    const stale: string[] = []
    for (const file of citingFiles()) {
      if (file === path.join('test', 'decisions.test.ts')) continue
      const cites = JOURNAL_CITATION.test(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      if (cites) stale.push(`${file} cites docs/decisions.md: cite the record number`)
    }
    assert.deepEqual(stale, [])
  })
})
