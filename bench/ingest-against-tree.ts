import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchArgs } from './bench-args.ts'
import { findBenchmarkDir } from './extraction/benchmark-pages.ts'
import { readRates, type Rates } from './ingest-rates.ts'
import { spread } from './rounds.ts'

/**
 * npm run bench:ingest-vs -- --base DIR [--rounds 3 --copies 3]
 * Real-page ingest of this tree against another tree, each in its own processes: `bench:ingest --corpus real
 * --repeats 1` run in DIR and here in turn, the order reversed every other round, and the rates read from each run's
 * table. It answers "how many times the other tree's rate" for changes that bench:ingest-ab cannot compare in one
 * process: a change to a dependency as installed (both trees would load one copy) or to garbage collection (the
 * trees share one heap). The ratio reported is this tree's best rate (any mode, usually the worker pool) over the other tree's
 * calling-thread rate in the same round, as the median of the rounds with their min–max: with DIR at 8b6956e, the
 * tree on which issue 15 first measured real-page ingest (extraction in the calling thread), that is the issue's
 * "2× today's real-page rate with all cores used". DIR holds the other tree with its own node_modules, e.g.
 *   git worktree add --detach /tmp/base 8b6956e && (cd /tmp/base && npm ci)
 */
const { values } = benchArgs({ options: {
  base: { type: 'string' },
  rounds: { type: 'string', default: '3' },
  copies: { type: 'string', default: '3' },
} })
if (!values.base || !fs.existsSync(path.join(values.base, 'bench', 'ingest.ts'))) {
  console.error('usage: npm run bench:ingest-vs -- --base DIR [--rounds N --copies N]  (DIR: a tree with bench/ingest.ts and node_modules)')
  process.exit(2)
}
const HERE = path.resolve(import.meta.dirname, '..')
const BASE = path.resolve(values.base)
const ROUNDS = Math.max(1, Number(values.rounds))

// Both trees read the same pages: the other tree would look for them beside itself (../shared), which a worktree in
// the temporary directory does not have.
const pages = findBenchmarkDir()
if (pages === null) {
  console.error('extraction benchmark not found: set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark')
  process.exit(2)
}

function runTree(root: string): Rates {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/ingest.ts', '--corpus', 'real', '--repeats', '1', '--copies', values.copies],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, NEWSDESK_EXTRACTION_BENCHMARK: pages! } })
  const rates = run.status === 0 ? readRates(run.stdout) : null
  if (rates === null) {
    console.error(`bench:ingest in ${root} failed (exit ${run.status}):\n${run.stdout.slice(-1000)}${run.stderr.slice(-2000)}`)
    process.exit(1)
  }
  return rates
}

console.log(`Real-page ingest, this tree (${HERE}) against ${BASE}: ${ROUNDS} rounds, each tree in its own processes; Node ${process.version}, ${os.availableParallelism()} cores\n`)
console.log(`${'round'.padEnd(6)} ${'base calling thread'.padStart(20)} ${'base best'.padStart(18)} ${'this calling thread'.padStart(20)} ${'this best'.padStart(18)} ${'this best ÷ base calling'.padStart(25)}`)
const ratios: number[] = []
for (let round = 1; round <= ROUNDS; round++) {
  const baseFirst = round % 2 === 1
  const first = runTree(baseFirst ? BASE : HERE)
  const second = runTree(baseFirst ? HERE : BASE)
  const [base, here] = baseFirst ? [first, second] : [second, first]
  const ratio = here.best / base.callingThread
  ratios.push(ratio)
  const best = (r: Rates) => `${r.best.toFixed(1)} (${r.bestMode})`
  console.log(`${String(round).padEnd(6)} ${base.callingThread.toFixed(1).padStart(20)} ${best(base).padStart(18)} ${here.callingThread.toFixed(1).padStart(20)} ${best(here).padStart(18)} ${`${ratio.toFixed(2)}×`.padStart(25)}`)
}
const { median, min, max } = spread(ratios)
console.log(`\nthis tree's best rate ÷ the base tree's calling-thread rate: median ${median.toFixed(2)}× (${min.toFixed(2)}–${max.toFixed(2)}× over ${ROUNDS} rounds); load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
