/**
 * The rates in a `bench:ingest --corpus real` table, as both the current tree and older ones print it (the older
 * ones without the CPU columns). Used by bench:ingest-vs, which compares two trees run in their own processes.
 */
export interface Rates {
  /** articles/s with extraction in the calling thread */
  callingThread: number
  /** The fastest row's articles/s, and which row it was. */
  best: number
  bestMode: string
}

/** The rates of one `bench:ingest --corpus real` run, read from its table (the format both trees print). */
export function readRates(output: string): Rates | null {
  const rows = [...output.matchAll(/^(in calling thread|worker pool)\s+(\d+)\s+\d+\s+\d+\s+[\d.]+\s+([\d.]+)/gm)]
  const calling = rows.find((m) => m[1] === 'in calling thread')
  if (!calling) return null
  const best = rows.reduce((a, b) => (Number(b[3]) > Number(a[3]) ? b : a))
  return {
    callingThread: Number(calling[3]),
    best: Number(best[3]),
    bestMode: best[1] === 'worker pool' ? `${best[2]} worker${best[2] === '1' ? '' : 's'}` : 'calling thread',
  }
}
