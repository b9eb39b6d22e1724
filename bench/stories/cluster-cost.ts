/**
 * `npm run bench:clustering`: what clustering one article costs as the window grows 10× (10k and 100k articles in
 * the window). The window is filled with the synthetic unrelated articles of the scale test (Zipf-distributed words
 * and names, so frequent names exist), then five rounds of 1,000 probe articles are clustered against each window,
 * the windows taking turns round by round, and each window's fastest round is reported. The ratio of the two costs,
 * measured in one process, is the number that matters.
 * The probes are the next articles of the window's own corpus, published over its last hour: they name the window's
 * names and use its words as often as its articles do, as the next hour's news does. Each window is kept at its size,
 * as a running service's is: after each round (outside the clock) its oldest hours leave, about as many articles as
 * the round added. Until December 2026 probes came from corpora of other seeds, whose words and names the window
 * hardly held (their lookups found mostly each other, the same round's articles, recent and cached), and they stayed
 * in the window, so the "10k" window held up to 15k articles while measured; both flattered the ratio.
 * Then, apart from the timings (a forced collection changes what the next rounds cost), the memory a window holds per
 * article: heap and typed arrays after full collections, at the smallest size (the npm script gives node
 * --expose-gc for it), apart from what an empty window holds already (its fixed table of term counts).
 * Each window's line also gives the garbage collection pauses within its counted round (as the runtime reports them),
 * to tell collection from the reads themselves: in December 2026, medians of five runs 44 µs per article at 10k and
 * 56 at 100k, of 574 and 582 (bench-log, a twelfth session).
 *
 *   npm run bench:clustering [-- 10000 100000] [-- --bands 64] [-- --runs 5] [-- --against ../other-checkout]
 *
 * `--bands N` runs the index with N LSH bands instead of the shipped number (lsh-index.ts), to weigh what a band
 * costs against what `npm run fit:clustering` says it finds.
 *
 * `--runs N` measures N times, each in a fresh process, one after the other, and prints every run's figures and
 * their medians. One run's ratio moves a lot on a shared machine (1.18× and 1.49× for the same code, quiet, one
 * after the other): a claim about "flat" needs the median of several.
 *
 * `--against DIR` measures another checkout of the project (an older commit: `git worktree add ../base <commit>`)
 * beside this one, in this process: DIR is built, each build gets its own windows of the same articles (this
 * checkout's synthetic corpus, so both builds cluster exactly the same text), and the rounds take turns between all
 * of them, so both builds meet the same minutes of the machine; windows of one size fill side by side too. Run after
 * run, the same code's figures moved by a quarter here, more than most changes gain; within one process the two
 * builds' rounds move together (it holds both builds' windows at once: about 2 GB of heap at 100k). It prints both
 * builds' figures and, per size, this build's cost over the other's. Calibrate before you believe a few per cent: the
 * same commit against itself read 1.04× at 10k and 0.96× at 100k in one run here (bench-log, 2026-12-01, an eighth
 * session).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureBuilt, ROOT } from '../../test/helpers/cli.ts'
import { spread } from '../rounds.ts'

// The compiled dist/ that the service runs (bin/newsdesk.js), not tsx's transform of the sources, which this script
// runs in: tsx wraps each closure in a defineProperty call as it is created (to keep function names) and compiles a
// Unicode regular expression literal (/^\p{N}/u) again on every evaluation. Measured through tsx, clustering an
// article cost about 1.8× what the built code costs (1000 against 550 µs at 10k on one machine).
ensureBuilt()

/** What the bench runs of one build: its dist/, as the service would load it. */
async function loadBuild(root: string) {
  const built = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(root, 'dist', file)).href)) as T
  return {
    ...await built<typeof import('../../src/crawler/cluster/assign-cluster.ts')>('crawler/cluster/assign-cluster.js'),
    ...await built<typeof import('../../src/crawler/cluster/cluster-state.ts')>('crawler/cluster/cluster-state.js'),
    ...await built<typeof import('../../src/crawler/cluster/fingerprint.ts')>('crawler/cluster/fingerprint.js'),
    ...await built<typeof import('../../src/crawler/cluster/lsh-index.ts')>('crawler/cluster/lsh-index.js'),
    ...await built<typeof import('../../src/crawler/cluster/testdata/synthetic.ts')>('crawler/cluster/testdata/synthetic.js'),
  }
}
type Build = Awaited<ReturnType<typeof loadBuild>>
const here = await loadBuild(ROOT)
const { LSH_PARAMS, syntheticCorpus, ClusterIndex } = here

const args = process.argv.slice(2)
const againstAt = args.indexOf('--against')
const againstDir = againstAt >= 0 ? path.resolve(args.splice(againstAt, 2)[1] ?? '') : null
const runsAt = args.indexOf('--runs')
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1')
if (runs > 1) {
  if (againstDir !== null) throw new Error('--against runs once, in one process: give it without --runs')
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

/** The window: `size` articles spread over the last 60 hours (the same articles for every build and size). */
function windowCorpus(size: number) {
  return syntheticCorpus(7, now - 60 * H, (60 * H) / size)
}

/** Files articles `from` … `to` − 1 of `corpus` (which makes them in order: one corpus per window). */
function fillWindow(lib: Build, index: InstanceType<Build['ClusterIndex']>, corpus: ReturnType<typeof windowCorpus>, from: number, to: number): void {
  for (let i = from; i < to; i++) index.add(lib.fingerprintArticle(corpus.article(i), now), `a${i}`, `s${i}`)
}

/** Articles a build files in one turn while windows of one size fill side by side. */
const FILL_TURN = 1_000

/**
 * Garbage collection pauses as the runtime reports them (start and duration, ms on performance.now()'s clock), to
 * tell how much of a round was collection: the entries arrive after the synchronous rounds (gcDuring waits for them).
 */
const gcPauses: Array<{ start: number, ms: number }> = []
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, ms: e.duration }) }).observe({ entryTypes: ['gc'] })

/** The collection time, µs per article, of each window's fastest round (the one its cost is). */
async function gcDuring(results: Measured[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50))
  for (const r of results) {
    const [from, to] = r.fastestSpan
    r.gcUs = (gcPauses.filter((g) => g.start >= from && g.start < to).reduce((sum, g) => sum + g.ms, 0) * 1000) / PROBES
  }
}

interface Measured {
  build: string
  size: number
  usPerArticle: number
  /** Of it, garbage collection (gcDuring fills it in). */
  gcUs: number
  /** The fastest round's start and end (performance.now()). */
  fastestSpan: [number, number]
  fillUs: number
  compared: number
  entriesRead: number
  /** Fewest and most articles the window held while measured. */
  held: [number, number]
}

/**
 * Every window is filled first, then the rounds take turns between them (the smallest first in even rounds, the
 * largest first in odd ones), and each window's fastest round counts. Measured one size after the other, a shared
 * machine's slow minute fell on one size only: one run's ratio read 1.13× and the next 1.53× for the same code.
 */
function measure(windowSizes: readonly number[], builds: ReadonlyArray<{ name: string, lib: Build }>): Measured[] {
  const windows = windowSizes.flatMap((size) => {
    // The work done, beside its time: stories compared (full feature vectors) and index entries read, per article.
    const same = builds.map(({ name, lib }) => ({
      build: name, lib, size, index: new lib.ClusterIndex(params), corpus: windowCorpus(size), fillUs: 0, rounds: [] as number[], compared: 0, entriesRead: 0,
      held: { now: size, least: size, most: size }, spans: [] as Array<[number, number]>,
    }))
    // Builds fill their windows of one size side by side, a thousand articles in turn, the first turn alternating: a
    // window filled after another meets a larger heap, and the same code filled second read 13 % dearer at 10k.
    for (let from = 0, turn = 0; from < size; from += FILL_TURN, turn++) {
      for (const w of turn % 2 === 0 ? same : [...same].reverse()) {
        const t0 = performance.now()
        fillWindow(w.lib, w.index, w.corpus, from, Math.min(size, from + FILL_TURN))
        w.fillUs += ((performance.now() - t0) * 1000) / size
      }
    }
    return same
  })
  // Rounds of fresh probes; the fastest round counts (other processes on a shared machine only slow rounds down, and
  // so does a collection of a 100k window's heap: with three rounds, one run in four read 2× at 100k).
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of round % 2 === 0 ? windows : [...windows].reverse()) {
      // The next articles of the window's own corpus, published over its last hour: new articles that name the
      // window's names and use its words as often as its articles do, as the next hour's news does. Made before the
      // clock starts (writing the synthetic text was ~6 % of a round's profile).
      const probes = Array.from({ length: PROBES }, (_, i) => {
        const k = round * PROBES + i
        return { ...w.corpus.article(w.size + k), publishedAt: new Date(now - H + (k * H) / (ROUNDS * PROBES)).toISOString() }
      })
      const t1 = performance.now()
      for (let i = 0; i < PROBES; i++) {
        // The same probe ids in every window: each window is its own index.
        const a = w.lib.clusterArticle(probes[i]!, `p${round}-${i}`, `p${round}-${i}`, { index: w.index, now })
        w.compared += a.compared
        w.entriesRead += a.entriesRead
      }
      const t2 = performance.now()
      w.rounds.push(((t2 - t1) * 1000) / PROBES)
      w.spans.push([t1, t2])
      w.held.now += PROBES
      w.held.most = Math.max(w.held.most, w.held.now)
      w.held.now -= keepSize(w.index, w.size, round + 1)
      w.held.least = Math.min(w.held.least, w.held.now)
    }
  }
  return windows.map((w) => {
    const fastest = w.rounds.indexOf(Math.min(...w.rounds))
    return {
      build: w.build, size: w.size, usPerArticle: w.rounds[fastest]!, gcUs: 0, fastestSpan: w.spans[fastest]!,
      fillUs: w.fillUs, compared: w.compared / (ROUNDS * PROBES),
      entriesRead: w.entriesRead / (ROUNDS * PROBES), held: [w.held.least, w.held.most],
    }
  })
}

/**
 * Evicts the window's oldest whole hours (as the service evicts: by hour slots), as many as make up for the probes of
 * `roundsDone` rounds, to the nearest hour; returns how many articles left. The window's articles are spread evenly
 * over 60 hours from an hour's start, so its first h hours hold those numbered below h × size / 60. Never the last
 * hour, where the probes are.
 */
function keepSize(index: InstanceType<Build['ClusterIndex']>, size: number, roundsDone: number): number {
  const leftBefore = (hours: number) => Math.ceil((hours * size) / 60)
  const hoursBefore = Math.min(59, Math.round((roundsDone - 1) * PROBES * 60 / size))
  const hours = Math.min(59, Math.round((roundsDone * PROBES * 60) / size))
  index.evictBefore(now - 60 * H + hours * H)
  return leftBefore(hours) - leftBefore(hoursBefore)
}

interface WindowMemory {
  /** What `size` articles add to an empty window, per article, in kB. */
  kbPerArticle: number
  /** What an empty window holds, in MB: tables of a fixed size, whatever the window holds. */
  fixedMb: number
}

/** The memory a window of `size` articles holds; null without --expose-gc. */
function windowMemory(size: number): WindowMemory | null {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) return null
  const inUse = () => {
    gc()
    gc()
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  const before = inUse()
  const index = new ClusterIndex(params)
  const empty = inUse()
  fillWindow(here, index, windowCorpus(size), 0, size)
  const bytes = inUse() - empty
  if (index.clusterCount !== size) throw new Error('the window lost articles') // and keeps the index alive until here
  return { kbPerArticle: bytes / size / 1024, fixedMb: (empty - before) / 1024 / 1024 }
}

const builds = [{ name: 'this checkout', lib: here }]
if (againstDir !== null) {
  if (!fs.existsSync(path.join(againstDir, 'scripts', 'build.mjs'))) throw new Error(`--against: ${againstDir} is not a checkout of this project`)
  const build = spawnSync(process.execPath, [path.join(againstDir, 'scripts', 'build.mjs')], { cwd: againstDir, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`--against: building ${againstDir} failed:\n${build.stdout}${build.stderr}`)
  builds.push({ name: againstDir, lib: await loadBuild(againstDir) })
}
measure([2_000], builds) // warm-up: JIT, so the first size measured is not charged for it
const results = measure(windowSizes, builds)
await gcDuring(results)
console.log(`LSH bands: ${bands}${bands === LSH_PARAMS.bands ? ' (as shipped)' : ` (shipped: ${LSH_PARAMS.bands})`}`)
for (const r of results) {
  console.log(`${builds.length > 1 ? `${r.build}: ` : ''}window ${String(r.size).padStart(7)} articles: clustering ${r.usPerArticle.toFixed(0)} µs/article, ${r.gcUs.toFixed(0)} of them collecting garbage (fingerprint + index ${r.fillUs.toFixed(0)} µs/article to fill); ` +
    `${r.compared.toFixed(1)} stories compared, ${r.entriesRead.toFixed(1)} index entries read per article; the window held ${r.held[0]}–${r.held[1]} articles`)
}
const memory = windowMemory(Math.min(...windowSizes))
if (memory !== null) console.log(memoryLine(memory, Math.min(...windowSizes)))
for (const { name } of builds) {
  const own = results.filter((r) => r.build === name)
  if (own.length >= 2) console.log(`${builds.length > 1 ? `${name}: ` : ''}cost ratio ${own.at(-1)!.size}/${own[0]!.size}: ${(own.at(-1)!.usPerArticle / own[0]!.usPerArticle).toFixed(2)}×`)
}
if (builds.length > 1) {
  for (const size of windowSizes) {
    const [mine, theirs] = builds.map(({ name }) => results.find((r) => r.build === name && r.size === size)!)
    console.log(`window ${size}: this checkout costs ${(mine!.usPerArticle / theirs!.usPerArticle).toFixed(2)}× what ${againstDir} costs`)
  }
}

/** A run's figures as JSON on stdout's last line, for `--runs`' parent. */
if (process.env.NEWSDESK_BENCH_RUN_JSON === '1') {
  console.log(JSON.stringify({ sizes: results.map((r) => r.size), us: results.map((r) => r.usPerArticle), gc: results.map((r) => r.gcUs), work: results.map((r) => [r.compared, r.entriesRead]), memory }))
}

function memoryLine(m: WindowMemory, size: number): string {
  return `window memory: ${m.kbPerArticle.toFixed(1)} kB/article (heap and typed arrays, ${size} articles), beside ${m.fixedMb.toFixed(0)} MB an empty window holds`
}

function repeatInFreshProcesses(n: number, rest: string[]): void {
  const median = (xs: number[]): number => spread(xs).median
  const runsSeen: Array<{ sizes: number[], us: number[], gc: number[], work: Array<[number, number]>, memory: WindowMemory | null }> = []
  for (let i = 0; i < n; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...rest], {
      env: { ...process.env, NEWSDESK_BENCH_RUN_JSON: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    })
    if (child.status !== 0) throw new Error(`bench:clustering: run ${i + 1} exited with ${child.status}`)
    const lines = child.stdout.trim().split('\n')
    const run = JSON.parse(lines.at(-1)!) as { sizes: number[], us: number[], gc: number[], work: Array<[number, number]>, memory: WindowMemory | null }
    if (i === 0) console.log(lines[0]) // which band count ran
    runsSeen.push(run)
    const ratio = run.us.length >= 2 ? ` (ratio ${(run.us.at(-1)! / run.us[0]!).toFixed(2)}×)` : ''
    console.log(`run ${i + 1} of ${n}: ${run.sizes.map((size, k) => `${size} → ${run.us[k]!.toFixed(0)} µs`).join(', ')}${ratio}`)
  }
  const sizes = runsSeen[0]!.sizes
  console.log(`median of ${n} runs: ${sizes.map((size, k) => `window ${size} ${median(runsSeen.map((r) => r.us[k]!)).toFixed(0)} µs/article (collecting garbage ${median(runsSeen.map((r) => r.gc[k]!)).toFixed(0)})`).join(', ')}`)
  if (sizes.length >= 2) {
    const ratios = runsSeen.map((r) => r.us.at(-1)! / r.us[0]!)
    console.log(`cost ratio ${sizes.at(-1)}/${sizes[0]}: median ${median(ratios).toFixed(2)}× (runs ${ratios.map((x) => x.toFixed(2)).join(', ')})`)
  }
  // The work is the same in every run (the synthetic window and probes are seeded); its time is not.
  console.log(`work per article: ${sizes.map((size, k) => `window ${size} ${runsSeen[0]!.work[k]![0].toFixed(1)} stories compared, ${runsSeen[0]!.work[k]![1].toFixed(1)} index entries read`).join('; ')}`)
  const memory = runsSeen[0]!.memory
  if (memory !== null) console.log(memoryLine(memory, Math.min(...sizes)))
}
