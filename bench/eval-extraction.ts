import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import { extractArticle } from '../src/crawler/extract/extract-article.ts'
import { findBenchmarkDir, loadBenchmarkPages, loadPeerOutputs, type BenchmarkPage, type Half } from './extraction/benchmark-pages.ts'
import { pageCounts, pageF1, score, type PageCounts } from './extraction/shingle-score.ts'
import { benchArgs } from './bench-args.ts'

/**
 * npm run eval:extraction [-- --worst 10 --half dev]
 * Scores this project's article extractor on the extraction benchmark's real pages against their human-marked bodies,
 * beside the published outputs of other extractors on the same pages, for the development half (tuned on), the
 * held-out half (never tuned on) and all pages. Also times the extractor against Readability on linkedom alone, in
 * the same run, as a ratio. `--worst N` lists this extractor's N worst pages of `--half` (default dev) for tuning.
 */
const { values } = benchArgs({ options: {
  worst: { type: 'string', default: '0' },
  half: { type: 'string', default: 'dev' },
  rounds: { type: 'string', default: '3' },
} })

const dir = findBenchmarkDir()
if (dir === null) {
  console.error('extraction benchmark not found: set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark')
  process.exit(2)
}
const pages = loadBenchmarkPages(dir)
const peers = loadPeerOutputs(dir)

const ours = new Map<string, string>()
const emptyPages: string[] = []
for (const page of pages) {
  const result = extractArticle(page.html, 'text/html; charset=utf-8', page.url)
  ours.set(page.id, result.ok ? result.text : '')
  if (!result.ok) emptyPages.push(`${page.id.slice(0, 12)} ${result.reason}: ${result.detail}`)
}

/**
 * Median CPU milliseconds per page for this extractor and for Readability on linkedom alone, measured interleaved page
 * by page over `rounds` passes (the first warms the JIT and is dropped). CPU time rather than wall time: on a shared
 * machine a page's wall time mostly measures the other processes, and interleaving exposes both to the same load.
 */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

function medianMs(): { ours: number, readability: number } {
  const rounds = Math.max(2, Number(values.rounds))
  const ours: number[] = []
  const readability: number[] = []
  for (let r = 0; r < rounds; r++) {
    for (const page of pages) {
      let t = process.cpuUsage()
      extractArticle(page.html, 'text/html; charset=utf-8', page.url)
      if (r > 0) ours.push(cpuMs(t))
      t = process.cpuUsage()
      new Readability(parseHTML(page.html.toString('utf8')).document as unknown as Document).parse()
      if (r > 0) readability.push(cpuMs(t))
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return { ours: median(ours), readability: median(readability) }
}
const { ours: oursMs, readability: readabilityMs } = medianMs()

const halves: Array<[string, (h: Half) => boolean]> = [['dev', (h) => h === 'dev'], ['held-out', (h) => h === 'held-out'], ['all', () => true]]
const counts = (output: Map<string, string>, keep: (h: Half) => boolean): PageCounts[] =>
  pages.filter((p) => keep(p.half)).map((p) => pageCounts(p.truth, output.get(p.id) ?? ''))

const rows: Array<{ name: string, version: string, output: Map<string, string> }> = [
  { name: 'newsdesk', version: 'this tree', output: ours },
  ...[...peers].map(([name, peer]) => ({ name, version: peer.version, output: peer.output })),
]
const scored = rows.map((row) => ({ ...row, scores: halves.map(([, keep]) => score(counts(row.output, keep))) }))
scored.sort((a, b) => b.scores[2]!.f1 - a.scores[2]!.f1)

const nDev = pages.filter((p) => p.half === 'dev').length
console.log(`Article extraction on ${pages.length} real news pages (dev ${nDev}, held-out ${pages.length - nDev}; split: pages sorted by id, alternating)`)
console.log('F1 (precision / recall) of word 4-gram shingles against the true article bodies\n')
const cell = (s: { f1: number, precision: number, recall: number }) => `${s.f1.toFixed(3)} (${s.precision.toFixed(3)}/${s.recall.toFixed(3)})`
console.log(`${'extractor'.padEnd(16)} ${'version'.padEnd(12)} ${halves.map(([h]) => h.padEnd(22)).join(' ')}`)
for (const row of scored) console.log(`${row.name.padEnd(16)} ${row.version.slice(0, 12).padEnd(12)} ${row.scores.map((s) => cell(s).padEnd(22)).join(' ')}`)
console.log(`\nnewsdesk: ${emptyPages.length} of ${pages.length} pages with no text${emptyPages.length > 0 ? `:\n  ${emptyPages.join('\n  ')}` : ''}`)
console.log(`cost: median ${oursMs.toFixed(1)} CPU ms per page; Readability on linkedom alone ${readabilityMs.toFixed(1)} ms; ratio ${(oursMs / readabilityMs).toFixed(2)}×`)

const worst = Number(values.worst)
if (worst > 0) {
  const list = pages.filter((p) => p.half === values.half)
    .map((p) => ({ p, c: pageCounts(p.truth, ours.get(p.id) ?? '') }))
    .sort((a, b) => pageF1(a.c) - pageF1(b.c)).slice(0, worst)
  console.log(`\nworst ${values.half} pages:`)
  for (const { p, c } of list) console.log(`  ${pageF1(c).toFixed(3)} p=${(c.tp / Math.max(1e-9, c.tp + c.fp)).toFixed(2)} r=${(c.tp / Math.max(1e-9, c.tp + c.fn)).toFixed(2)} ${p.id.slice(0, 12)} ${p.url}`)
}
