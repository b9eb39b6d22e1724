import os from 'node:os'
import { createWorkerStages } from '../src/crawler/workers/worker-pool.ts'
import { findBenchmarkDir, loadBenchmarkPages } from './extraction/benchmark-pages.ts'
import { crawlOnce, pageTitle, serveSite, warmUp } from './ingest-real-pages.ts'
import { spread } from './rounds.ts'
import { benchArgs } from './bench-args.ts'

/**
 * npm run bench:pool-ab -- [--requests 2,8] [--workers 2] [--rounds 4]
 * The real-page crawl of bench:ingest (88 pages × 3 behind teaser feeds on loopback) with worker pools that hand each
 * worker a different number of requests at once (REQUESTS_PER_WORKER), in one process. The pools take turns, in
 * reversed order every other round, so the neighbours' load falls on all of them alike; the table gives median and best
 * articles/s, the cores kept busy (CPU seconds per second, median) and mean CPU ms per article (every thread, and
 * the main thread alone).
 */
const { values } = benchArgs({ options: {
  requests: { type: 'string', default: '2,8' },
  workers: { type: 'string', default: String(os.availableParallelism()) },
  rounds: { type: 'string', default: '4' },
} })
const dir = findBenchmarkDir()
if (dir === null) {
  console.error('extraction benchmark not found: set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark')
  process.exit(2)
}
const workers = Math.max(1, Number(values.workers))
const pages = loadBenchmarkPages(dir).map((p, n) => ({ id: p.id, html: p.html, title: pageTitle(p.html.toString('utf8'), n) }))
const site = await serveSite(pages, 3, Date.now())
const pools = values.requests.split(',').map(Number).map((requests) => {
  const stages = createWorkerStages(workers, undefined, { requestsPerWorker: requests })
  return { requests, stages, rates: [] as number[], cpu: [] as number[], main: [] as number[], cores: [] as number[] }
})
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
try {
  for (const p of pools) await warmUp(p.stages, pages, site.base)
  for (const p of pools) await crawlOnce(site, 'warm-up', workers, p.stages)
  for (let r = 0; r < Math.max(1, Number(values.rounds)); r++) {
    for (const p of r % 2 ? [...pools].reverse() : pools) {
      const row = await crawlOnce(site, 'pool', workers, p.stages)
      p.rates.push(row.perSecond)
      p.cpu.push(row.cpuMsPerArticle)
      p.cores.push((row.cpuMsPerArticle * row.articles) / 1000 / row.seconds)
      if (row.mainCpuMsPerArticle !== null) p.main.push(row.mainCpuMsPerArticle)
    }
  }
  console.log(`Real-page crawl, ${pages.length} pages × 3, pools of ${workers} workers, ${values.rounds} alternating rounds; Node ${process.version}, ${os.availableParallelism()} cores\n`)
  console.log(`${'requests/worker'.padEnd(16)} ${'articles/s median'.padStart(18)} ${'best'.padStart(6)} ${'cores busy'.padStart(11)} ${'CPU ms/article'.padStart(15)} ${'main thread'.padStart(12)}   rounds`)
  for (const p of pools) {
    console.log(`${String(p.requests).padEnd(16)} ${spread(p.rates).median.toFixed(1).padStart(18)} ${spread(p.rates).max.toFixed(1).padStart(6)} ${spread(p.cores).median.toFixed(2).padStart(11)} ${mean(p.cpu).toFixed(1).padStart(15)} ${(p.main.length ? mean(p.main).toFixed(1) : '-').padStart(12)}   ${p.rates.map((x) => x.toFixed(0)).join(' ')}`)
  }
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
} finally {
  for (const p of pools) await p.stages.close()
  site.close()
}
