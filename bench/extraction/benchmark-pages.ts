import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

/**
 * The article-extraction benchmark's pages (real news pages with human-marked bodies), read where the project keeps
 * shared data: never copied into this repository. NEWSDESK_EXTRACTION_BENCHMARK names the directory; otherwise the
 * first `shared/data/extraction-benchmark` found beside the repository or one of its parents (a checkout at
 * /work/main and a worktree at /work/wt/x both find /work/shared).
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export function findBenchmarkDir(): string | null {
  const fromEnv = process.env.NEWSDESK_EXTRACTION_BENCHMARK
  if (fromEnv) return fs.existsSync(path.join(fromEnv, 'ground-truth.json')) ? path.resolve(fromEnv) : null
  for (let dir = REPO_ROOT; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'extraction-benchmark')
    if (fs.existsSync(path.join(candidate, 'ground-truth.json'))) return candidate
    if (path.dirname(dir) === dir) return null
  }
}

export interface BenchmarkPage {
  id: string
  url: string
  html: Buffer
  /** The article body as people marked it. */
  truth: string
}

/**
 * The fixed split: pages sorted by id (a content hash, so unrelated to site or topic), even positions are the
 * development half used for tuning, odd positions the held-out half that judges.
 */
export type Half = 'dev' | 'held-out'
export function halfOf(sortedIndex: number): Half {
  return sortedIndex % 2 === 0 ? 'dev' : 'held-out'
}

export function loadBenchmarkPages(dir: string): Array<BenchmarkPage & { half: Half }> {
  const truth = JSON.parse(fs.readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string, url: string }>
  return Object.keys(truth).sort().map((id, i) => ({
    id,
    url: truth[id]!.url,
    html: gunzipSync(fs.readFileSync(path.join(dir, 'html', `${id}.html.gz`))),
    truth: truth[id]!.articleBody ?? '',
    half: halfOf(i),
  }))
}

/** Other extractors' published outputs for the same pages: name → id → body. */
export function loadPeerOutputs(dir: string): Map<string, { version: string, output: Map<string, string> }> {
  const peers = new Map<string, { version: string, output: Map<string, string> }>()
  const peerDir = path.join(dir, 'peers')
  for (const file of fs.readdirSync(peerDir).filter((f) => f.endsWith('.json')).sort()) {
    const data = JSON.parse(fs.readFileSync(path.join(peerDir, file), 'utf8')) as { version?: string, output: Record<string, { articleBody?: string }> }
    peers.set(file.replace(/\.json$/, ''), {
      version: String(data.version ?? ''),
      output: new Map(Object.entries(data.output).map(([id, v]) => [id, v.articleBody ?? ''])),
    })
  }
  return peers
}
