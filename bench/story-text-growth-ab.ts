import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { findBenchmarkDir, loadBenchmarkPages } from './extraction/benchmark-pages.ts'
import { extractArticle } from '../src/crawler/extract/extract-article.ts'
import { detectLanguage } from '../src/crawler/extract/detect-language.ts'
import { toPublisher } from '../src/publishers/publisher.ts'
import { STORY_MEMBERS } from '../src/crawler/pipeline/story-rewrite-queue.ts'
import type { ArticleRecord } from '../src/domain/crawl-records.ts'
import { benchArgs } from './bench-args.ts'

/**
 * npm run bench:story-growth -- [--base DIR] [--rounds 5] [--size 20]
 * The story text stage as the crawler runs it on a growing story: a story gains one article at a time, from 1 to
 * `size`, and is rewritten from its first STORY_MEMBERS articles after each (as the rewrite queue reads them), on the
 * extraction benchmark's real pages (extracted once beforehand, not measured). Three ways, alternating their order
 * every round in one process, CPU time: this tree with a memo that starts empty for each story (only what the
 * story's own growth offers), this tree with no memo (`memo: null`, everything afresh, as before), and, with --base,
 * another tree's builder (DIR holds its src/, e.g. `git archive COMMIT src | tar -x -C DIR`). The first round warms
 * up and is not counted; every round also checks that this tree's two ways write the same bytes (and the base too with
 * --same-base: a base that should not change the text).
 * bench:ingest-ab does not show this: it writes each story once, from one article.
 */
const { values } = benchArgs({ options: { base: { type: 'string' }, 'same-base': { type: 'boolean' }, rounds: { type: 'string', default: '5' }, size: { type: 'string', default: '20' } } })
const dir = findBenchmarkDir()
if (dir === null) {
  console.error('extraction benchmark not found: set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark')
  process.exit(2)
}
const size = Math.max(1, Number(values.size))
const rounds = Math.max(2, Number(values.rounds))

const load = async (root: string) => {
  const from = (file: string) => import(pathToFileURL(path.join(root, 'src', file)).href)
  return (await from('crawler/pipeline/story-text-builder.ts')).buildStoryText as (id: string, members: ArticleRecord[], deps: object) => Promise<unknown>
}
const { ArticleTextMemo } = await import('../src/crawler/pipeline/article-text-memo.ts')
const mine = await load(path.resolve(import.meta.dirname, '..'))
const base = values.base ? await load(path.resolve(values.base)) : null
/** The base tree's own memo class, when it has one: its builder then runs as this tree's 'memo' way does. */
const BaseMemo = values.base
  ? ((await import(pathToFileURL(path.join(path.resolve(values.base), 'src', 'crawler/pipeline/article-text-memo.ts')).href).catch(() => ({}))) as { ArticleTextMemo?: new () => unknown }).ArticleTextMemo ?? null
  : null

const pub = toPublisher({ name: 'Bench', site_url: 'http://bench.test/', feed_url: 'http://bench.test/feed', topic: 'business', lang: 'en' })
const publishers = new Map([[pub.id, pub]])
const now = Date.parse('2026-11-24T12:00:00.000Z')
const records: ArticleRecord[] = []
for (const [n, page] of loadBenchmarkPages(dir).entries()) {
  const ex = extractArticle(page.html, 'text/html; charset=utf-8', page.url)
  if (!ex.ok || ex.text.length < 200) continue
  const lang = detectLanguage({ declared: ex.lang, title: ex.title, text: ex.text }).lang
  records.push({
    id: `p${n}`, storyId: '', publisherId: pub.id, feedUrl: pub.feedUrl, canonicalUrl: page.url, guidKey: null, contentHash: `h${n}`,
    title: ex.title, text: ex.text, lang, publishedAt: new Date(now - (100 - n) * 60_000).toISOString(), fetchedAt: new Date(now).toISOString(),
    author: ex.byline ?? null, imageUrl: null, signature: new Uint8Array(),
  })
}
/** Consecutive pages make the stories (their topics differ: the text stage is what is timed, not clustering). */
const stories: ArticleRecord[][] = []
for (let i = 0; i + size <= records.length; i += size) {
  const storyId = `00000000-0000-4000-8000-${String(stories.length + 1).padStart(12, '0')}`
  stories.push(records.slice(i, i + size).map((r) => ({ ...r, storyId })))
}

type Way = { name: string; run: (members: ArticleRecord[], memo: unknown) => Promise<unknown>; memo: boolean }
const ways: Way[] = [
  { name: 'memo', run: (m, memo) => mine(m[0]!.storyId, m, { publishers, llm: null, now: () => new Date(now), memo }), memo: true },
  { name: 'no memo', run: (m) => mine(m[0]!.storyId, m, { publishers, llm: null, now: () => new Date(now), memo: null }), memo: false },
  ...(base ? [{ name: 'base', run: (m: ArticleRecord[], memo: unknown) => base(m[0]!.storyId, m, { publishers, llm: null, now: () => new Date(now), ...(BaseMemo ? { memo } : {}) }), memo: BaseMemo !== null }] : []),
]
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Every story grown through one way; CPU ms, and the bytes written (to compare the ways). */
async function grow(way: Way): Promise<{ ms: number; out: string }> {
  let ms = 0
  let out = ''
  for (const story of stories) {
    const memo = way.memo ? (way.name === 'base' && BaseMemo ? new BaseMemo() : new ArticleTextMemo()) : null
    for (let k = 1; k <= story.length; k++) {
      const members = story.slice(0, Math.min(k, STORY_MEMBERS))
      const t = cpuMs()
      const written = await way.run(members, memo)
      ms += cpuMs() - t
      out += `${JSON.stringify(written)}\n`
    }
  }
  return { ms, out }
}

const totals = ways.map(() => 0)
for (let r = 0; r < rounds; r++) {
  const order = ways.map((_, i) => (i + r) % ways.length)
  const outs: string[] = []
  for (const i of order) {
    const { ms, out } = await grow(ways[i]!)
    if (r > 0) totals[i] = totals[i]! + ms
    outs[i] = out
  }
  // This tree's two ways must agree; another tree (--base) may write another text (that is what is being compared).
  if (outs[1] !== outs[0] || (values['same-base'] && base && outs[2] !== outs[0])) {
    console.error(`round ${r}: the ways wrote different bytes`)
    process.exit(1)
  }
}
const rewrites = stories.length * size * (rounds - 1)
console.log(`Story text on ${stories.length} stories growing 1→${size} articles (rewritten from the first ${STORY_MEMBERS}) from ${records.length} real pages; ${rounds - 1} counted rounds; memo and no memo identical bytes every round; Node ${process.version}`)
console.log(`${'way'.padEnd(8)} ${'CPU ms/rewrite'.padStart(15)} ${'vs no memo'.padStart(11)}${base ? ` ${'vs base'.padStart(8)}` : ''}`)
ways.forEach((w, i) => {
  const per = totals[i]! / rewrites
  console.log(`${w.name.padEnd(8)} ${per.toFixed(2).padStart(15)} ${`${(totals[i]! / totals[1]!).toFixed(2)}×`.padStart(11)}${base ? ` ${`${(totals[i]! / totals[2]!).toFixed(2)}×`.padStart(8)}` : ''}`)
})
// What remembering costs in memory: every page's story text prepared into one memo, the heap measured after a full
// collection before and after (node --expose-gc; skipped without it).
const gc = (globalThis as { gc?: () => void }).gc
if (gc) {
  // Copies, so the memo's strings are all it keeps alive (the records above stay alive either way).
  const copies = records.map((r) => ({ ...r, title: [...r.title].join(''), text: [...r.text].join('') }))
  gc()
  const before = process.memoryUsage().heapUsed
  const memo = new ArticleTextMemo()
  for (const r of copies) await mine(r.storyId || '00000000-0000-4000-8000-000000000000', [r], { publishers, llm: null, now: () => new Date(now), memo })
  copies.length = 0
  gc()
  const bytes = process.memoryUsage().heapUsed - before
  console.log(`memo of ${memo.size} articles, ${memo.chars} characters of title and text: heap +${(bytes / 1e6).toFixed(1)} MB, ${(bytes / memo.chars).toFixed(1)} bytes per character`)
}
console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
