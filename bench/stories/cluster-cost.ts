/**
 * `npm run bench:clustering`: what clustering one article costs as the window grows 10× (10k and 100k articles in
 * the window). The window is filled with the synthetic unrelated articles of the scale test (Zipf-distributed words
 * and names, so frequent names exist), then five rounds of 1,000 probe articles are clustered against each window,
 * the windows taking turns round by round, and each window's fastest round is reported. The ratio of the two costs,
 * measured in one process, is the number that matters.
 * Then, apart from the timings (a forced collection changes what the next rounds cost), the memory a window holds per
 * article: heap and typed arrays after full collections, at the smallest size (the npm script gives node
 * --expose-gc for it). Collecting garbage over a large window is much of what grows.
 *
 *   npm run bench:clustering [-- 10000 100000] [-- --bands 64] [-- --runs 5]
 *
 * `--bands N` runs the index with N LSH bands instead of the shipped number (lsh-index.ts), to weigh what a band
 * costs against what `npm run fit:clustering` says it finds.
 *
 * `--runs N` measures N times, each in a fresh process, one after the other, and prints every run's figures and
 * their medians. One run's ratio moves a lot on a shared machine (1.18× and 1.49× for the same code, quiet, one
 * after the other): a claim about "flat" needs the median of several.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureBuilt, ROOT } from '../../test/helpers/cli.ts'
import { spread } from '../rounds.ts'

// The compiled dist/ that the service runs (bin/newsdesk.js), not tsx's transform of the sources, which this script
// runs in: tsx wraps each closure in a defineProperty call as it is created (to keep function names) and compiles a
// Unicode regular expression literal (/^\p{N}/u) again on every evaluation. Measured through tsx, clustering an
// article cost about 1.8× what the built code costs (1000 against 550 µs at 10k on one machine).
ensureBuilt()
const built = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(ROOT, 'dist', file)).href)) as T
const { clusterArticle } = await built<typeof import('../../src/crawler/cluster/assign-cluster.ts')>('crawler/cluster/assign-cluster.js')
const { ClusterIndex } = await built<typeof import('../../src/crawler/cluster/cluster-state.ts')>('crawler/cluster/cluster-state.js')
const { fingerprintArticle } = await built<typeof import('../../src/crawler/cluster/fingerprint.ts')>('crawler/cluster/fingerprint.js')
const { LSH_PARAMS } = await built<typeof import('../../src/crawler/cluster/lsh-index.ts')>('crawler/cluster/lsh-index.js')
const { syntheticCorpus } = await built<typeof import('../../src/crawler/cluster/testdata/synthetic.ts')>('crawler/cluster/testdata/synthetic.js')

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1')
if (runs > 1) {
  repeatInFreshProcesses(runs, args)
  process.exit(0)
}
const bandsAt = args.indexOf('--bands')
const bands = bandsAt >= 0 ? Number(args.splice(bandsAt, 2)[1]) : LSH_PARAMS.bands
if (!Number.isInteger(bands) || bands < 0) throw new Error('--bands takes a whole number')
const params = { ...LSH_PARAMS, bands }
const sizes = args.map(Number).filter((n) => n > 0)
const windowSizes = sizes.length > 0 ? sizes : [10_000, 100_000]
const PROBES = 1_000
const ROUNDS = 5
const H = 3_600_000
const now = Date.parse('2026-11-20T12:00:00Z')

interface Measured { size: number, usPerArticle: number, fillUs: number, compared: number, entriesRead: number }

/**
 * Every window is filled first, then the rounds take turns between them (the smallest first in even rounds, the
 * largest first in odd ones), and each window's fastest round counts. Measured one size after the other, a shared
 * machine's slow minute fell on one size only: one run's ratio read 1.13× and the next 1.53× for the same code.
 */
function measure(windowSizes: readonly number[]): Measured[] {
  const windows = windowSizes.map((size) => {
    // The window: `size` articles spread over the last 60 hours.
    const corpus = syntheticCorpus(7, now - 60 * H, (60 * H) / size)
    const index = new ClusterIndex(params)
    const t0 = performance.now()
    for (let i = 0; i < size; i++) index.add(fingerprintArticle(corpus.article(i), now), `a${i}`, `s${i}`)
    // The work done, beside its time: stories compared (full feature vectors) and index entries read, per article.
    return { size, index, fillUs: ((performance.now() - t0) * 1000) / size, rounds: [] as number[], compared: 0, entriesRead: 0 }
  })
  // Rounds of fresh probes; the fastest round counts (other processes on a shared machine only slow rounds down, and
  // so does a collection of a 100k window's heap: with three rounds, one run in four read 2× at 100k).
  for (let round = 0; round < ROUNDS; round++) {
    // Made before the clock starts: writing the synthetic text was ~6 % of a round's profile, charged to clustering.
    const corpus = syntheticCorpus(99 + round, now - H, 1000)
    const probes = Array.from({ length: PROBES }, (_, i) => corpus.article(i))
    for (const w of round % 2 === 0 ? windows : [...windows].reverse()) {
      const t1 = performance.now()
      for (let i = 0; i < PROBES; i++) {
        // The same probe ids in every window: each window is its own index.
        const a = clusterArticle(probes[i]!, `p${round}-${i}`, `p${round}-${i}`, { index: w.index, now })
        w.compared += a.compared
        w.entriesRead += a.entriesRead
      }
      w.rounds.push(((performance.now() - t1) * 1000) / PROBES)
    }
  }
  return windows.map((w) => ({
    size: w.size, usPerArticle: Math.min(...w.rounds), fillUs: w.fillUs, compared: w.compared / (ROUNDS * PROBES),
    entriesRead: w.entriesRead / (ROUNDS * PROBES),
  }))
}

/** Bytes a window of `size` articles holds, per article, in kB; null without --expose-gc. */
function windowMemory(size: number): number | null {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) return null
  const inUse = () => {
    gc()
    gc()
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  const corpus = syntheticCorpus(7, now - 60 * H, (60 * H) / size)
  const before = inUse()
  const index = new ClusterIndex(params)
  for (let i = 0; i < size; i++) index.add(fingerprintArticle(corpus.article(i), now), `a${i}`, `s${i}`)
  const bytes = inUse() - before
  if (index.clusterCount !== size) throw new Error('the window lost articles') // and keeps the index alive until here
  return bytes / size / 1024
}

measure([2_000]) // warm-up: JIT, so the first size measured is not charged for it
const results = measure(windowSizes)
console.log(`LSH bands: ${bands}${bands === LSH_PARAMS.bands ? ' (as shipped)' : ` (shipped: ${LSH_PARAMS.bands})`}`)
for (const r of results) {
  console.log(`window ${String(r.size).padStart(7)} articles: clustering ${r.usPerArticle.toFixed(0)} µs/article (fingerprint + index ${r.fillUs.toFixed(0)} µs/article to fill); ` +
    `${r.compared.toFixed(1)} stories compared, ${r.entriesRead.toFixed(1)} index entries read per article`)
}
const memory = windowMemory(Math.min(...windowSizes))
if (memory !== null) console.log(memoryLine(memory, Math.min(...windowSizes)))
if (results.length >= 2) console.log(`cost ratio ${results.at(-1)!.size}/${results[0]!.size}: ${(results.at(-1)!.usPerArticle / results[0]!.usPerArticle).toFixed(2)}×`)

/** A run's figures as JSON on stdout's last line, for `--runs`' parent. */
if (process.env.NEWSDESK_BENCH_RUN_JSON === '1') {
  console.log(JSON.stringify({ sizes: results.map((r) => r.size), us: results.map((r) => r.usPerArticle), work: results.map((r) => [r.compared, r.entriesRead]), memory }))
}

function memoryLine(kbPerArticle: number, size: number): string {
  return `window memory: ${kbPerArticle.toFixed(1)} kB/article (heap and typed arrays, ${size} articles)`
}

function repeatInFreshProcesses(n: number, rest: string[]): void {
  const median = (xs: number[]): number => spread(xs).median
  const runsSeen: Array<{ sizes: number[], us: number[], work: Array<[number, number]>, memory: number | null }> = []
  for (let i = 0; i < n; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...rest], {
      env: { ...process.env, NEWSDESK_BENCH_RUN_JSON: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    })
    if (child.status !== 0) throw new Error(`bench:clustering: run ${i + 1} exited with ${child.status}`)
    const lines = child.stdout.trim().split('\n')
    const run = JSON.parse(lines.at(-1)!) as { sizes: number[], us: number[], work: Array<[number, number]>, memory: number | null }
    if (i === 0) console.log(lines[0]) // which band count ran
    runsSeen.push(run)
    const ratio = run.us.length >= 2 ? ` (ratio ${(run.us.at(-1)! / run.us[0]!).toFixed(2)}×)` : ''
    console.log(`run ${i + 1} of ${n}: ${run.sizes.map((size, k) => `${size} → ${run.us[k]!.toFixed(0)} µs`).join(', ')}${ratio}`)
  }
  const sizes = runsSeen[0]!.sizes
  console.log(`median of ${n} runs: ${sizes.map((size, k) => `window ${size} ${median(runsSeen.map((r) => r.us[k]!)).toFixed(0)} µs/article`).join(', ')}`)
  if (sizes.length >= 2) {
    const ratios = runsSeen.map((r) => r.us.at(-1)! / r.us[0]!)
    console.log(`cost ratio ${sizes.at(-1)}/${sizes[0]}: median ${median(ratios).toFixed(2)}× (runs ${ratios.map((x) => x.toFixed(2)).join(', ')})`)
  }
  // The work is the same in every run (the synthetic window and probes are seeded); its time is not.
  console.log(`work per article: ${sizes.map((size, k) => `window ${size} ${runsSeen[0]!.work[k]![0].toFixed(1)} stories compared, ${runsSeen[0]!.work[k]![1].toFixed(1)} index entries read`).join('; ')}`)
  const memory = runsSeen[0]!.memory
  if (memory !== null) console.log(memoryLine(memory, Math.min(...sizes)))
}
