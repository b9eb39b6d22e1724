import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { clusterArticle } from '../src/crawler/cluster/assign-cluster.ts'
import { fingerprintArticle } from '../src/crawler/cluster/fingerprint.ts'
import { signatureToBytes } from '../src/crawler/cluster/minhash.ts'
import { runCrawl } from '../src/crawler/crawl-run.ts'
import { inThreadStages } from '../src/crawler/workers/in-thread-stages.ts'
import { ClusterWindow } from '../src/crawler/cluster-window.ts'
import { createCrawlerFetcher } from '../src/crawler/fetch/crawler-fetcher.ts'
import { clusterInputOf } from '../src/crawler/pipeline/cluster-input.ts'
import { toPublisher } from '../src/publishers/publisher.ts'
import type { ArticleRecord, Publisher } from '../src/domain/crawl-records.ts'
import { openCrawlerKeyRing } from '../src/signing/open-key-ring.ts'
import { openSqliteStore } from '../src/storage/sqlite/sqlite-store.ts'
import { realPageIngest } from './ingest-real-pages.ts'
import { rng } from './synthetic.ts'
import { benchArgs } from './bench-args.ts'
import { describeLinkedomInstallStep } from '../src/crawler/extract/linkedom-install-step.ts'

/**
 * npm run bench:ingest [-- --articles 10000 --existing 0,10000,100000 --corpus synthetic,real --copies 3 --repeats 3 --workers N]
 * Synthetic: ingests N synthetic articles through the whole pipeline (fetch over loopback → parse → normalize →
 * dedupe → cluster → summarize → categorize → commit), on a store that already holds 0, 10k or 100k articles inside
 * the clustering window, and reports articles/s and what clustering costs per article as the window grows.
 * Real: the extraction benchmark's real news pages behind teaser feeds (bench/ingest-real-pages.ts), with extraction
 * in the calling thread, one worker and a pool of `--workers` (default: one per core), and where the time goes.
 */
const { values } = benchArgs({ options: {
  articles: { type: 'string', default: '10000' },
  existing: { type: 'string', default: '0,10000,100000' },
  corpus: { type: 'string', default: 'synthetic,real' },
  copies: { type: 'string', default: '3' },
  repeats: { type: 'string', default: '3' },
  workers: { type: 'string', default: String(os.availableParallelism()) },
} })
const CORPORA = new Set(values.corpus.split(','))
const ARTICLES = Number(values.articles)
const PER_FEED = 50
const FEEDS = Math.ceil(ARTICLES / PER_FEED)

const VOCAB = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`)
const NAMES = Array.from({ length: 3000 }, (_, i) => `Co${i.toString(36)}x`)

/** An event: a few names and words that every outlet covering it repeats in its own wording. */
function eventText(event: number, outlet: number, rand: () => number) {
  const r = rng(event * 7919 + 1)
  const names = [NAMES[Math.floor(r() * NAMES.length)]!, NAMES[Math.floor(r() * NAMES.length)]!]
  const core = Array.from({ length: 6 }, () => VOCAB[Math.floor(r() * VOCAB.length)]!)
  const filler = () => Array.from({ length: 12 }, () => VOCAB[Math.floor(rand() * VOCAB.length)]!).join(' ')
  const title = `${names[0]} ${core.slice(0, 3 + (outlet % 2)).join(' ')} ${names[1]} ${outlet % 3 === 0 ? 'update' : 'report'}`
  const sentences = Array.from({ length: 8 }, (_, i) => `${i % 3 === 0 ? names[0] : 'The firm'} ${core[i % 6]} ${filler()}.`)
  return { title, text: sentences.join(' ') }
}

function feedXml(feed: number, base: string, now: number): string {
  const rand = rng(feed + 99)
  const items = Array.from({ length: PER_FEED }, (_, i) => {
    const n = feed * PER_FEED + i
    // A third of the articles cover an event another feed covers too: clusters of 2–3 outlets.
    const event = n % 3 === 0 ? Math.floor(n / 9) : 1_000_000 + n
    const { title, text } = eventText(event, feed, rand)
    const when = new Date(now - (n % 600) * 60_000).toUTCString()
    return `<item><title>${title}</title><link>${base}/a/${n}</link><guid>${base}/a/${n}</guid><pubDate>${when}</pubDate>`
      + `<description>${text}</description></item>`
  })
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed ${feed}</title><link>${base}/</link>${items.join('')}</channel></rss>`
}

async function serveFeeds(now: number): Promise<{ base: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const match = /^\/feed\/(\d+)\.xml$/.exec(req.url ?? '')
    if (!match) { res.writeHead(404).end(); return }
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(Number(match[1]), `http://127.0.0.1:${(server.address() as { port: number }).port}`, now))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() }
}

/** Existing articles inside the clustering window, written straight to the store with real signatures. */
async function seed(store: ReturnType<typeof openSqliteStore>, count: number, now: number) {
  const publisher = toPublisher({ name: 'Seed', site_url: 'https://seed.example', feed_url: 'https://seed.example/feed', topic: 'business', lang: 'en' })
  await store.crawl.syncPublishers([publisher], new Date(now).toISOString())
  const rand = rng(7)
  for (let start = 0; start < count; start += 5000) {
    const articles: ArticleRecord[] = []
    for (let n = start; n < Math.min(count, start + 5000); n++) {
      const { title, text } = eventText(2_000_000 + n, 0, rand)
      const base = { title, text, lang: 'en', publishedAt: new Date(now - (n % 4000) * 60_000).toISOString(), publisherId: publisher.id }
      const fp = fingerprintArticle(clusterInputOf(base), now)
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
      articles.push({
        ...base, id, storyId: id, feedUrl: publisher.feedUrl, canonicalUrl: `https://seed.example/${n}`, guidKey: null,
        contentHash: `seed-${n}`, fetchedAt: new Date(now - 60_000).toISOString(), author: null, imageUrl: null,
        signature: signatureToBytes(fp.signature),
      })
    }
    await store.crawl.commitFeedRun({
      feed: { feedUrl: publisher.feedUrl, etag: null, lastModified: null, nextFetchAt: new Date(now + 86_400_000).toISOString(), intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt: new Date(now).toISOString(), succeededAt: null },
      articles, stories: [], summaries: [],
    })
  }
}

async function scenario(existing: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-ingest-'))
  const store = openSqliteStore(path.join(dir, 'bench.db'))
  const now = Date.now()
  await seed(store, existing, now)
  const feeds = await serveFeeds(now)
  const publishers: Publisher[] = Array.from({ length: FEEDS }, (_, i) => toPublisher({
    name: `Outlet ${i}`, site_url: `${feeds.base}/`, feed_url: `${feeds.base}/feed/${i}.xml`, topic: 'business', lang: 'en',
  }))
  const keys = openCrawlerKeyRing(path.join(dir, 'data'), now).ring
  const fetcher = createCrawlerFetcher({ siteUrl: 'https://news.example.org', keys, allow: ['127.0.0.1'], limits: { perHost: 16, total: 16 } })

  const t0 = performance.now()
  const window = new ClusterWindow()
  const index = await window.load(store.crawl, new Date(now))
  const rebuildMs = performance.now() - t0
  // Clustering alone: the same fingerprints the crawl computes, against the window's index.
  const rand = rng(3)
  const probe = Array.from({ length: 2000 }, (_, n) => eventText(3_000_000 + n, 1, rand))
  const t1 = performance.now()
  probe.forEach((a, n) => clusterArticle({ ...a, teaserText: a.text.slice(0, 600), fullText: null, language: 'en', publishedAt: null, publisherId: 'p' }, `probe-${n}`, `probe-${n}`, { index, now }))
  const clusterUs = ((performance.now() - t1) * 1000) / probe.length

  const t2 = performance.now()
  // The window read above is reused, as serve does between passes: the crawl measures the pipeline alone.
  const summary = await runCrawl({ crawl: store.crawl, fetcher, publishers, llm: null, log: pino({ level: 'silent' }), intervalSeconds: 900, window, stages: inThreadStages })
  const crawlS = (performance.now() - t2) / 1000
  await fetcher.close()
  feeds.close()
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
  return { existing, articles: summary.articlesNew, stories: summary.storiesCreated, updated: summary.storiesUpdated, crawlS, perSecond: summary.articlesNew / crawlS, rebuildMs, clusterUs }
}

if (CORPORA.has('synthetic')) {
  const rows = []
  for (const existing of values.existing.split(',').map(Number)) {
    const r = await scenario(existing)
    rows.push(r)
    console.log(JSON.stringify(r))
  }
  console.log(`\nIngest benchmark: ${ARTICLES} articles from ${FEEDS} loopback feeds, Node ${process.version}, ${os.cpus().length} CPUs\n`)
  console.log(`${'existing articles'.padEnd(18)} ${'new'.padStart(7)} ${'stories'.padStart(8)} ${'joined'.padStart(7)} ${'seconds'.padStart(8)} ${'articles/s'.padStart(11)} ${'index rebuild ms'.padStart(17)} ${'cluster µs/article'.padStart(19)}`)
  for (const r of rows) {
    console.log(`${String(r.existing).padEnd(18)} ${String(r.articles).padStart(7)} ${String(r.stories).padStart(8)} ${String(r.updated).padStart(7)} ${r.crawlS.toFixed(1).padStart(8)} ${r.perSecond.toFixed(0).padStart(11)} ${r.rebuildMs.toFixed(0).padStart(17)} ${r.clusterUs.toFixed(0).padStart(19)}`)
  }
}

if (CORPORA.has('real')) {
  const real = await realPageIngest(Math.max(1, Number(values.copies)), Math.max(1, Number(values.workers)), Math.max(1, Number(values.repeats)))
  if (real === null) {
    console.log('\nReal pages: extraction benchmark not found (set NEWSDESK_EXTRACTION_BENCHMARK or place it at ../shared/data/extraction-benchmark)')
  } else {
    const [baseline] = real.rows
    console.log(`\nIngest on real pages: ${real.pages} pages × ${values.copies} copies behind teaser feeds on loopback, every article fetched and extracted; best of ${values.repeats} runs each; Node ${process.version}, ${os.availableParallelism()} cores; ${describeLinkedomInstallStep()}\n`)
    console.log(`${'extraction runs'.padEnd(20)} ${'workers'.padStart(8)} ${'articles'.padStart(9)} ${'extracted'.padStart(10)} ${'seconds'.padStart(8)} ${'articles/s'.padStart(11)} ${'vs calling thread'.padStart(18)} ${'CPU ms/article'.padStart(15)} ${'main thread'.padStart(12)}`)
    for (const r of real.rows) {
      console.log(`${r.mode.padEnd(20)} ${String(r.workers).padStart(8)} ${String(r.articles).padStart(9)} ${String(r.extracted).padStart(10)} ${r.seconds.toFixed(2).padStart(8)} ${r.perSecond.toFixed(1).padStart(11)} ${`${(r.perSecond / baseline!.perSecond).toFixed(2)}×`.padStart(18)} ${r.cpuMsPerArticle.toFixed(1).padStart(15)} ${(r.mainCpuMsPerArticle?.toFixed(1) ?? '-').padStart(12)}`)
    }
    console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (rates are only meaningful when it is below the core count)`)
    const total = Object.values(real.profile.ms).reduce((a, b) => a + b, 0)
    console.log(`\nWhere the time goes (one thread, each stage called in turn on the ${real.profile.articles} pages; ms per article):`)
    for (const [stage, ms] of Object.entries(real.profile.ms)) console.log(`  ${stage.padEnd(10)} ${ms.toFixed(2).padStart(7)} ms  ${((100 * ms) / total).toFixed(0).padStart(3)} %`)
    console.log(`  ${'total'.padEnd(10)} ${total.toFixed(2).padStart(7)} ms`)
  }
}
