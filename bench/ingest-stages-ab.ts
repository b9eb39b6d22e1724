import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { findBenchmarkDir, loadBenchmarkPages } from './extraction/benchmark-pages.ts'
import { benchArgs } from './bench-args.ts'

/**
 * npm run bench:ingest-ab -- --base DIR [--rounds 5]
 * The ingest stages that cost CPU per article (extract, language, cluster, summarize: the story text with its topic and
 * quarantine screening) of this tree against those of another tree, on the extraction benchmark's real pages, in one
 * process: each round runs every page through one tree and then the other, alternating which goes first, and sums
 * the CPU time of each stage. On a shared machine wall times swing with the neighbours' load; CPU time measured in
 * alternating rounds exposes both trees to the same load, so the ratio is what to read.
 * DIR holds the other tree's src/ with node_modules beside it, e.g.
 *   git archive COMMIT src | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 * The story text is built from one article per story (as the crawl's first write of a story). A tree with the article
 * text memo gets a new one for each pass, so a page seen in an earlier round is not remembered (each pass is all
 * misses, as a first write is); bench:story-growth measures stories that grow.
 */
const { values } = benchArgs({ options: { base: { type: 'string' }, rounds: { type: 'string', default: '5' } } })
if (!values.base) {
  console.error('usage: npm run bench:ingest-ab -- --base DIR [--rounds N]')
  process.exit(2)
}
const dir = findBenchmarkDir()
if (dir === null) {
  console.error('extraction benchmark not found: set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark')
  process.exit(2)
}

const STAGES = ['extract', 'language', 'cluster', 'summarize'] as const
type Stage = typeof STAGES[number]

async function loadTree(root: string) {
  const from = (file: string) => import(pathToFileURL(path.join(root, 'src', file)).href)
  const [extract, language, cluster, clusterState, clusterInput, minhash, storyText, publisher] = await Promise.all([
    from('crawler/extract/extract-article.ts'), from('crawler/extract/detect-language.ts'), from('crawler/cluster/assign-cluster.ts'),
    from('crawler/cluster/cluster-state.ts'), from('crawler/pipeline/cluster-input.ts'), from('crawler/cluster/minhash.ts'),
    from('crawler/pipeline/story-text-builder.ts'), from('publishers/publisher.ts'),
  ])
  const pub = publisher.toPublisher({ name: 'Bench', site_url: 'http://bench.test/', feed_url: 'http://bench.test/feed', topic: 'business', lang: 'en' })
  const publishers = new Map([[pub.id, pub]])
  // Absent from trees before the memo: their builder ignores the `memo` field.
  const memo = await from('crawler/pipeline/article-text-memo.ts').catch(() => null)
  return { extract, language, cluster, clusterState, clusterInput, minhash, storyText, pub, publishers, memo }
}
type Tree = Awaited<ReturnType<typeof loadTree>>

const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Every page through every stage of `tree`; CPU milliseconds per stage added to `into`. */
async function pass(tree: Tree, pages: ReturnType<typeof loadBenchmarkPages>, into: Record<Stage, number>): Promise<void> {
  const index = new tree.clusterState.ClusterIndex()
  const now = Date.now()
  const memo = tree.memo ? new tree.memo.ArticleTextMemo() : undefined
  for (const [n, page] of pages.entries()) {
    let t = cpuMs()
    const ex = tree.extract.extractArticle(page.html, 'text/html; charset=utf-8', page.url)
    into.extract += cpuMs() - t
    const title: string = ex.ok ? ex.title : page.url
    const text: string = ex.ok ? ex.text : page.url
    t = cpuMs()
    const lang = tree.language.detectLanguage({ declared: ex.ok ? ex.lang : null, title, text }).lang
    into.language += cpuMs() - t
    const id = randomUUID()
    const base = { title, text, lang, publishedAt: new Date(now - n * 60_000).toISOString(), publisherId: tree.pub.id }
    t = cpuMs()
    const assigned = tree.cluster.clusterArticle(tree.clusterInput.clusterInputOf(base), id, randomUUID(), { index, now })
    into.cluster += cpuMs() - t
    const record = {
      ...base, id, storyId: assigned.clusterId, feedUrl: tree.pub.feedUrl, canonicalUrl: page.url, guidKey: null, contentHash: `ab-${n}`,
      fetchedAt: new Date(now).toISOString(), author: null, imageUrl: null, signature: tree.minhash.signatureToBytes(assigned.fingerprint.signature),
    }
    t = cpuMs()
    await tree.storyText.buildStoryText(assigned.clusterId, [record], { publishers: tree.publishers, llm: null, now: () => new Date(now), memo })
    into.summarize += cpuMs() - t
  }
}

const pages = loadBenchmarkPages(dir)
const trees: Array<[string, Tree]> = [['this tree', await loadTree(path.resolve(import.meta.dirname, '..'))], ['base', await loadTree(path.resolve(values.base))]]
const totals = trees.map(() => Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>)
const rounds = Math.max(2, Number(values.rounds))
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? [0, 1] : [1, 0]
  for (const i of order) {
    // The first round warms both trees' code and is not counted.
    const sink = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
    await pass(trees[i]![1], pages, r === 0 ? sink : totals[i]!)
  }
}
const perArticle = (ms: number) => ms / ((rounds - 1) * pages.length)
console.log(`Ingest stages on ${pages.length} real pages, ${rounds - 1} counted rounds alternating trees; CPU ms per article; Node ${process.version}`)
console.log(`${'stage'.padEnd(10)} ${'this tree'.padStart(10)} ${'base'.padStart(10)} ${'ratio'.padStart(7)}`)
for (const s of [...STAGES, 'total'] as const) {
  const [mine, base] = totals.map((t) => perArticle(s === 'total' ? Object.values(t).reduce((a, b) => a + b, 0) : t[s]))
  console.log(`${s.padEnd(10)} ${mine!.toFixed(2).padStart(10)} ${base!.toFixed(2).padStart(10)} ${`${(mine! / base!).toFixed(2)}×`.padStart(7)}`)
}
console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
