import { percentile, timeSequentialGets } from './latency.ts'
import { PLANTED } from './synthetic.ts'

/**
 * The adversarial search set: queries built to be expensive (every keyword matching a large share of the corpus, or
 * keywords that never meet), measured next to typical queries in the same run. Each query is sent one at a time to
 * the service without its response cache, so every request runs the search; p50/p99 are per query.
 */
const COMMON16 = ['market', 'growth', 'company', 'deal', 'report', 'plan', 'team', 'launch', 'revenue', 'users',
  PLANTED.common, 'the', 'of', 'and', 'to', 'in']

const MID16 = ['eab', 'fab', 'gab', 'hab', 'iab', 'jab', 'kab', 'lab', 'mab', 'nab', 'oab', 'pab', 'qab', 'rab', 'sab', 'tab']

export const SEARCH_QUERIES: Array<{ name: string; q: string; typical: boolean }> = [
  { name: 'typical: one common word', q: 'market', typical: true },
  { name: 'typical: two words', q: `${PLANTED.common} market`, typical: true },
  { name: 'typical: medium word', q: PLANTED.medium, typical: true },
  { name: '16 one-letter keywords', q: 'e a i s t o n r h l d c u m f p', typical: false },
  { name: '16 common words (never together)', q: COMMON16.join(' '), typical: false },
  { name: 'rare + common', q: `${PLANTED.rare} market`, typical: false },
  { name: 'zero hits: two common words', q: `${PLANTED.medium} ${PLANTED.rare} growth deal`, typical: false },
  { name: 'zero hits: unknown word', q: 'zzqxv', typical: false },
  { name: 'five common words, far back', q: 'market growth company deal report', typical: false },
  // Words in 0.6–1.8 % of headlines each (the vocabulary's ranks 4–19): too rare for PostgreSQL's walk to fill their
  // windows, so each asks its GIN index.
  { name: '16 mid-frequency words', q: MID16.join(' '), typical: false },
]

export interface SearchTiming { name: string; q: string; typical: boolean; p50: number; p99: number; status: number }

/** Sends each query `rounds` times (after 3 warm-up requests) and returns its p50/p99 in ms. */
export async function timeSearches(port: number, rounds: number): Promise<SearchTiming[]> {
  const out: SearchTiming[] = []
  for (const query of SEARCH_QUERIES) {
    const url = `http://127.0.0.1:${port}/api/v1/stories?q=${encodeURIComponent(query.q)}&limit=20`
    await timeSequentialGets(url, 3)
    const { times, statuses } = await timeSequentialGets(url, rounds)
    out.push({ ...query, p50: percentile(times, 50), p99: percentile(times, 99), status: statuses.at(-1)! })
  }
  return out
}

/** The table the bench prints: each query's p50/p99, and its p99 as a multiple of the typical queries' worst p99. */
export function searchTable(label: string, stories: number, timings: SearchTiming[]): string {
  const typicalP99 = Math.max(...timings.filter((t) => t.typical).map((t) => t.p99))
  const lines = [`${label}, ${stories} stories: search one request at a time, response cache off (ms)`,
    `${'query'.padEnd(36)} ${'status'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  p99 / worst typical p99`]
  for (const t of timings) {
    lines.push(`${t.name.padEnd(36)} ${String(t.status).padStart(6)} ${t.p50.toFixed(2).padStart(8)} ${t.p99.toFixed(2).padStart(8)}  ${(t.p99 / typicalP99).toFixed(2)}×`)
  }
  return lines.join('\n')
}
