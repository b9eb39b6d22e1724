/**
 * Latency measurement shared by the benches and the tests that compare latencies as ratios (security, crawl
 * isolation): one percentile rule and one way to time a request, so a bench number and a test ratio mean the same.
 * Lives in bench/ because it measures; tests import it from here (src/ never does).
 */

/** The p-th percentile (0-100) of `samples`, nearest rank: a value that was measured, never an interpolation. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** One GET, body read to the end (a response is served when its last byte has arrived): its time in ms and status. */
export async function timeGet(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  const res = await fetch(url)
  await res.arrayBuffer()
  return { ms: performance.now() - started, status: res.status }
}

/**
 * `n` GETs one after another (never overlapping, so each measures the server alone): their times in ms and
 * statuses, in order.
 */
export async function timeSequentialGets(url: string, n: number): Promise<{ times: number[]; statuses: number[] }> {
  const times: number[] = []
  const statuses: number[] = []
  for (let i = 0; i < n; i++) {
    const { ms, status } = await timeGet(url)
    times.push(ms)
    statuses.push(status)
  }
  return { times, statuses }
}
