import autocannon from 'autocannon'
import { percentile } from './latency.ts'
import { cpuMsOf } from './process-cpu.ts'

/**
 * Load runs and alternating rounds for the bench's ratios. On a shared 2-core machine req/s moves with the
 * neighbours from second to second (the bare node:http server alone gave 22.6k and 28.6k req/s in two quiet runs),
 * so a ratio of two runs taken a minute apart says little. Here the sides of a ratio are measured in rounds, the
 * order reversed every other round (so neither side always runs first, after the other's heat), and a ratio is
 * reported as the median of its per-round ratios with their min–max.
 */

/**
 * One load run: mean req/s and latency percentiles (ms) of every answered request, 2xx or 304 alike, and, when the
 * server's pid is known, the server's CPU time per request (µs; NaN otherwise). CPU per request moves much less with
 * the neighbours' load than req/s: bare / cached CPU is what req/s would be if the server's core were the only limit.
 */
export interface Run { rps: number; p50: number; p99: number; requests: number; bytes: number; non2xx: number; cpuUs: number }

export interface LoadSpec {
  port: number
  /** The server process, for its CPU time. */
  pid?: number
  connections: number
  requests: Array<{ method?: string; path: string; headers?: Record<string, string>; body?: string }>
}

/**
 * Runs `spec` for `duration` seconds. Latencies are taken from autocannon's per-response event in fractional ms:
 * its own histogram keeps whole milliseconds, so at about 1 ms per request a p99 ratio could only be 1×, 2× or 3×
 * (the "p99 2.00×" of an earlier run was 2 ms against 1 ms). Its histogram also leaves out 304s.
 */
export async function loadRun(spec: LoadSpec, duration: number): Promise<Run> {
  const latencies: number[] = []
  const cpuBefore = spec.pid ? cpuMsOf(spec.pid) : NaN
  const tracker = autocannon({ url: `http://127.0.0.1:${spec.port}`, connections: spec.connections, duration, pipelining: 1, requests: spec.requests })
  tracker.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => { latencies.push(ms) })
  const r = await tracker
  const cpuMs = spec.pid ? cpuMsOf(spec.pid) - cpuBefore : NaN
  const some = latencies.length > 0
  return {
    rps: r.requests.average,
    p50: some ? percentile(latencies, 50) : NaN,
    p99: some ? percentile(latencies, 99) : NaN,
    requests: r.requests.total,
    bytes: r.throughput.average / Math.max(1, r.requests.average),
    non2xx: r.non2xx,
    cpuUs: (cpuMs * 1000) / Math.max(r.requests.total, 1),
  }
}

/**
 * `rounds` rounds of every side in `sides`, each run for `duration` s after one 1 s warm-up run of each side;
 * the order is reversed in every other round. Returns runs[round][side]. `run` is the load run (a test passes its own).
 */
export async function alternatingRounds(sides: LoadSpec[], rounds: number, duration: number, run: (side: LoadSpec, duration: number) => Promise<Run> = loadRun): Promise<Run[][]> {
  for (const s of sides) await run(s, 1)
  const out: Run[][] = []
  for (let i = 0; i < rounds; i++) {
    const order = sides.map((_, k) => k)
    if (i % 2 === 1) order.reverse()
    const round: Run[] = new Array(sides.length)
    for (const k of order) round[k] = await run(sides[k]!, duration)
    out.push(round)
  }
  return out
}

/** Median and range of a sample (the median of an even count is the mean of the middle two). */
export function spread(xs: readonly number[]): { median: number; min: number; max: number } {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s.at(-1)! }
}

/** Per-round ratios of side `a` to side `b` for a measure, summarized: e.g. `0.93× [0.88–0.97]`. */
export function ratioOf(runs: Run[][], a: number, b: number, pick: (r: Run) => number): { median: number; min: number; max: number; text: string } {
  const s = spread(runs.map((round) => pick(round[a]!) / pick(round[b]!)))
  return { ...s, text: `${s.median.toFixed(2)}× [${s.min.toFixed(2)}–${s.max.toFixed(2)}]` }
}

/** The median over the rounds of one side's measure. */
export const medianOf = (runs: Run[][], side: number, pick: (r: Run) => number) => spread(runs.map((round) => pick(round[side]!))).median
