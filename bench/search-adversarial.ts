import { percentile, timeSequentialGets } from './latency.ts'
import { cpuMsOf } from './process-cpu.ts'
import { PLANTED } from './synthetic.ts'
import { PRODUCTIVE_ROOTS } from './synthetic-vocabulary.ts'

/**
 * The adversarial search set: queries built to be expensive (every keyword matching a large share of the corpus, or
 * keywords that never meet), measured next to typical queries in the same run. Each query is sent one at a time to
 * the service without its response cache, so every request runs the search; p50/p99 are per query. Beside them, the
 * service's own CPU time per request: latency at a load average of 10 measures the neighbours as much as the query,
 * CPU time much less (on SQLite it holds the whole search; PostgreSQL's share runs in its own server processes).
 */
const COMMON16 = ['market', 'growth', 'company', 'deal', 'report', 'plan', 'team', 'launch', 'revenue', 'users',
  PLANTED.common, 'the', 'of', 'and', 'to', 'in']

const MID16 = ['eab', 'fab', 'gab', 'hab', 'iab', 'jab', 'kab', 'lab', 'mab', 'nab', 'oab', 'pab', 'qab', 'rab', 'sab', 'tab']

// Japanese words of three or more characters (two or more bigrams each, a phrase to the index), many in 5–15 % of the
// Japanese headlines.
const JA_PHRASES16 = ['日本銀行', '人工知能', '半導体', '自動車', '金融政策', '賃上げ', '株式市場', '国内総生産', '電気自動車',
  '少子化', '観光客', '防衛費', '首脳会談', '気候変動', '人手不足', '値上げ']

export interface SearchQuery { name: string; q: string; lang?: string; typical: boolean }

export const SEARCH_QUERIES: SearchQuery[] = [
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
  // Each root stands for about 1,500 distinct words at 100k stories (2,600 at 1M), as "inte" does in real news.
  { name: 'one productive prefix', q: 'inte', typical: false },
  { name: '16 productive 4-letter prefixes', q: PRODUCTIVE_ROOTS.slice(0, 16).join(' '), typical: false },
  // Japanese translations are on 4 % of stories; 経済 is in 58 % of them.
  { name: 'typical: CJK word (lang=ja)', q: '経済', lang: 'ja', typical: true },
  { name: 'CJK 4-character word (lang=ja)', q: '人工知能', lang: 'ja', typical: false },
  { name: '16 CJK phrases (lang=ja)', q: JA_PHRASES16.join(' '), lang: 'ja', typical: false },
  // Every bigram common, the whole phrase in no headline of the 1M corpus.
  { name: 'zero hits: CJK phrase (lang=ja)', q: '経済の市場の経済の市場', lang: 'ja', typical: false },
  // A query is 2 characters at least; the comma is a separator, so the keyword is one character (a prefix).
  { name: 'one CJK character (lang=ja)', q: '経、', lang: 'ja', typical: false },
]

export interface SearchTiming extends SearchQuery { p50: number; p99: number; status: number; cpuMs: number }

/**
 * Sends each query `rounds` times (after 3 warm-up requests) to the service on `port` (process `pid`) and returns its
 * p50/p99 and the service's mean CPU time per request, in ms.
 */
export async function timeSearches(port: number, pid: number, rounds: number): Promise<SearchTiming[]> {
  const out: SearchTiming[] = []
  for (const query of SEARCH_QUERIES) {
    const lang = query.lang ? `&lang=${query.lang}` : ''
    const url = `http://127.0.0.1:${port}/api/v1/stories?q=${encodeURIComponent(query.q)}&limit=20${lang}`
    await timeSequentialGets(url, 3)
    const cpuBefore = cpuMsOf(pid)
    const { times, statuses } = await timeSequentialGets(url, rounds)
    const cpuMs = (cpuMsOf(pid) - cpuBefore) / rounds
    out.push({ ...query, p50: percentile(times, 50), p99: percentile(times, 99), status: statuses.at(-1)!, cpuMs })
  }
  return out
}

/**
 * The table the bench prints: each query's p50/p99, its p99 as a multiple of the typical queries' worst p99, and the
 * service's CPU ms per request as a multiple of the typical queries' highest.
 */
export function searchTable(label: string, stories: number, timings: SearchTiming[]): string {
  const typicalP99 = Math.max(...timings.filter((t) => t.typical).map((t) => t.p99))
  const typicalCpu = Math.max(...timings.filter((t) => t.typical).map((t) => t.cpuMs))
  const lines = [`${label}, ${stories} stories: search one request at a time, response cache off (ms)`,
    `${'query'.padEnd(36)} ${'status'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  p99 / worst typical p99  ${'CPU/req'.padStart(8)}  CPU / typical`]
  for (const t of timings) {
    lines.push(`${t.name.padEnd(36)} ${String(t.status).padStart(6)} ${t.p50.toFixed(2).padStart(8)} ${t.p99.toFixed(2).padStart(8)}  ${`${(t.p99 / typicalP99).toFixed(2)}×`.padEnd(23)}  ${t.cpuMs.toFixed(2).padStart(8)}  ${(t.cpuMs / typicalCpu).toFixed(2)}×`)
  }
  return lines.join('\n')
}
