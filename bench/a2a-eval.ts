/**
 * Accuracy of the A2A agent's free-text reader on the hand-labelled requests of test/fixtures/a2a-requests/: the
 * development column (dev.json, and dev2-38.json, fresh sets written during issue 29's second and third passes, each
 * scored once as written before the round of general fixes it led to, then tuned on), the held-out third (written
 * before the reader changed for issue 29, never tuned on), four check sets, each written after the previous round
 * of tuning and run once before it was tuned on in turn (the fourth, written blind, tuned on in the third pass), and
 * two blind sets written at the start of the third pass and never tuned on (fifth and eighth check, scored on the
 * reader before the pass and once after it), and two written after the pass's last change to the reader and run once
 * (closing a and b); each file's "about" says how it was made. Only a set's first
 * run estimates requests the reader has not seen (docs/bench-log.md keeps those figures). A request is right when
 * the skill and every argument equal the label; per language (the language the message is written in) and per
 * argument (over the requests where the label or the reading has that argument). The publishers are the bundled
 * directory's (content/publishers.json), as a fresh install serves them.
 *
 *   npm run eval:a2a [-- --verbose]     --verbose lists the development column's misses (never the others')
 */
import fs from 'node:fs'
import path from 'node:path'
const ROOT = path.resolve(import.meta.dirname, '..')
import { readRequest } from './a2a-eval-reader.ts'

interface Labelled {
  lang: string
  text: string
  skill: string
  args: Record<string, unknown>
}

interface LabelFile {
  now: string
  requests: Labelled[]
}

interface Outcome {
  row: Labelled
  skill: string
  args: Record<string, unknown>
  right: boolean
}

const DIR = path.join(ROOT, 'test', 'fixtures', 'a2a-requests')
const SITE = 'https://news.example.org'
const verbose = process.argv.includes('--verbose')

const load = (name: string) => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as LabelFile
const publisherNames = (JSON.parse(fs.readFileSync(path.join(ROOT, 'content', 'publishers.json'), 'utf8')) as { name: string }[])
  .map((p) => p.name)

/** Arguments compared as JSON, keys sorted. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const sorted = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).sort(([a], [b]) => a.localeCompare(b)))

function score(file: LabelFile): Outcome[] {
  const now = Date.parse(file.now)
  return file.requests.map((row) => {
    const { skill, args } = readRequest(row.text, SITE, now, publisherNames)
    const right = skill === row.skill && same(sorted(args), sorted(row.args))
    return { row, skill, args, right }
  })
}

const pct = (right: number, total: number) => (total ? `${String(right).padStart(3)}/${String(total).padEnd(3)} ${(100 * right / total).toFixed(1).padStart(5)} %` : '        -       ')

function tally(outcomes: Outcome[], group: (o: Outcome) => string[], right: (o: Outcome, key: string) => boolean) {
  const counts = new Map<string, { right: number; total: number }>()
  for (const o of outcomes) {
    for (const key of group(o)) {
      const c = counts.get(key) ?? { right: 0, total: 0 }
      c.total++
      if (right(o, key)) c.right++
      counts.set(key, c)
    }
  }
  return counts
}

const LANGS = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar']
const ARGS = ['skill', 'query', 'topic', 'source', 'since', 'until', 'limit', 'lang', 'id']

const sets = {
  dev: ['dev.json', ...Array.from({ length: 37 }, (_, i) => `dev${i + 2}.json`)].flatMap((name) => score(load(name))),
  'held-out': score(load('held-out.json')), 'late check': score(load('late-check.json')),
  'second check': score(load('second-check.json')), 'third check': score(load('third-check.json')),
  'fourth check': score(load('fourth-check.json')),
  'fifth check': score(load('fifth-check.json')), 'eighth check': score(load('eighth-check.json')),
  'closing a': score(load('closing-check-a.json')), 'closing b': score(load('closing-check-b.json')),
}
const byLang = Object.values(sets).map((o) => tally(o, (x) => [x.row.lang], (x) => x.right))
const byArg = Object.values(sets).map((o) => tally(o,
  (x) => ARGS.filter((k) => k === 'skill' || k in x.row.args || k in x.args),
  (x, k) => (k === 'skill' ? x.skill === x.row.skill : same(x.row.args[k], x.args[k]))))

console.log(`A2A free-text reader, ${publisherNames.length} publishers; a request is right when its skill and every argument match`)
console.log(`${''.padEnd(14)}${Object.keys(sets).map((name) => name.padEnd(20)).join('')}`)
const line = (label: string, cells: string[]) => console.log(`${label.padEnd(14)}${cells.map((c) => c.padEnd(20)).join('')}`)
line('all', Object.values(sets).map((o) => pct(o.filter((x) => x.right).length, o.length)))
console.log('per language')
for (const lang of LANGS) line(`  ${lang}`, byLang.map((t) => pct(t.get(lang)?.right ?? 0, t.get(lang)?.total ?? 0)))
console.log('per argument')
for (const arg of ARGS) line(`  ${arg}`, byArg.map((t) => pct(t.get(arg)?.right ?? 0, t.get(arg)?.total ?? 0)))

if (verbose) {
  console.log('\ndevelopment misses')
  for (const o of sets.dev.filter((x) => !x.right)) {
    console.log(`  ${o.row.text}\n    want ${o.row.skill} ${JSON.stringify(sorted(o.row.args))}\n    got  ${o.skill} ${JSON.stringify(sorted(o.args))}`)
  }
}
