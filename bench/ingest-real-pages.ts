import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { clusterArticle } from '../src/crawler/cluster/assign-cluster.ts'
import { signatureToBytes } from '../src/crawler/cluster/minhash.ts'
import { ClusterWindow } from '../src/crawler/cluster-window.ts'
import { runCrawl } from '../src/crawler/crawl-run.ts'
import { detectLanguage } from '../src/crawler/extract/detect-language.ts'
import { extractArticle } from '../src/crawler/extract/extract-article.ts'
import { createCrawlerFetcher } from '../src/crawler/fetch/crawler-fetcher.ts'
import { parseFeed } from '../src/crawler/parse/parse-feed.ts'
import { clusterInputOf } from '../src/crawler/pipeline/cluster-input.ts'
import { EXTRACTIONS_PER_FEED } from '../src/crawler/pipeline/process-feed.ts'
import { buildStoryText } from '../src/crawler/pipeline/story-text-builder.ts'
import { ArticleTextMemo } from '../src/crawler/pipeline/article-text-memo.ts'
import { inThreadStages } from '../src/crawler/workers/in-thread-stages.ts'
import { createWorkerStages, type PipelineStages } from '../src/crawler/workers/worker-pool.ts'
import { toPublisher } from '../src/publishers/publisher.ts'
import type { ArticleRecord, Publisher } from '../src/domain/crawl-records.ts'
import { openCrawlerKeyRing } from '../src/signing/open-key-ring.ts'
import { openSqliteStore } from '../src/storage/sqlite/sqlite-store.ts'
import { findBenchmarkDir, loadBenchmarkPages } from './extraction/benchmark-pages.ts'

/**
 * Ingest over real news pages: the extraction benchmark's pages (../shared/data/extraction-benchmark, never copied into
 * the repository) served on loopback as full article pages behind teaser-only RSS feeds, so every article is fetched
 * and extracted, as for a publisher whose feed carries only summaries. Each page is served `copies` times under
 * different URLs and titles (a larger run; copies of one page cluster into one story, as syndicated copies would).
 *
 * The same crawl runs on fresh stores with extraction in the calling thread (how the bench ran before), in one worker
 * thread, and in a pool of one worker per core, each best of `repeats` runs; the pools live across runs and are warmed
 * first, as serve's does. A separate single-thread pass over the same pages calls each
 * pipeline stage in turn (feed parse, extract, language, cluster, summarize, commit) to show where the time goes.
 */
export interface RealPageRow {
  mode: string
  workers: number
  articles: number
  extracted: number
  seconds: number
  perSecond: number
  /** CPU time of the whole process (every thread, the loopback site included) per article: the cost, whatever the load. */
  cpuMsPerArticle: number
  /** The main thread's share of it (fetching, the loopback site, language, clustering, story text, commits); null off Linux. */
  mainCpuMsPerArticle: number | null
}

/** CPU milliseconds of the calling thread alone (Linux: /proc/thread-self/stat, in clock ticks of 10 ms), or null. */
function threadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat(5) (utime, stime), counted after the command name: indexes 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

interface Site {
  base: string
  feeds: number
  /** Items across all feeds (every copy of every page). */
  items: number
  close(): void
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function pageTitle(html: string, n: number): string {
  const raw = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim()
  return raw ? raw : `Article ${n}`
}

type Page = { id: string, html: Buffer, title: string }

/** Feeds of EXTRACTIONS_PER_FEED items (the pipeline extracts at most that many per feed and run). */
export async function serveSite(pages: Page[], copies: number, now: number): Promise<Site> {
  const items = Array.from({ length: pages.length * copies }, (_, n) => ({ page: pages[n % pages.length]!, copy: Math.floor(n / pages.length), n }))
  const feeds = Math.ceil(items.length / EXTRACTIONS_PER_FEED)
  const byId = new Map(pages.map((p) => [p.id, p]))
  const server = http.createServer((req, res) => {
    const url = req.url ?? ''
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const feed = /^\/feed\/(\d+)\.xml$/.exec(url)
    if (feed) {
      const k = Number(feed[1])
      const xml = items.slice(k * EXTRACTIONS_PER_FEED, (k + 1) * EXTRACTIONS_PER_FEED).map(({ page, copy, n }) => {
        const link = `${base}/a/${copy}/${page.id}`
        const title = escapeXml(copies > 1 ? `${page.title} (${copy + 1})` : page.title)
        return `<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>${new Date(now - n * 60_000).toUTCString()}</pubDate>`
          + `<description>${title}</description></item>`
      }).join('')
      res.writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Real pages ${k}</title><link>${base}/</link>${xml}</channel></rss>`)
      return
    }
    const article = /^\/a\/\d+\/([0-9a-f]+)$/.exec(url)
    const page = article ? byId.get(article[1]!) : undefined
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.html)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, feeds, items: items.length, close: () => server.close() }
}

/** Extraction results counted on the way through, to prove the pages were extracted and not left as teasers. */
function counting(stages: PipelineStages): PipelineStages & { extracted: number } {
  const counted = {
    extracted: 0,
    parse: stages.parse.bind(stages),
    extract: async (body: Uint8Array, type: string | null, url: string) => {
      const r = await stages.extract(body, type, url)
      if (r.ok) counted.extracted++
      return r
    },
    close: stages.close.bind(stages),
  }
  return counted
}

/** One crawl of the whole site on a fresh store, with `stages` (left open: the caller reuses it). */
export async function crawlOnce(site: Site, mode: string, workers: number, stages: PipelineStages): Promise<RealPageRow> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-real-ingest-'))
  const store = openSqliteStore(path.join(dir, 'bench.db'))
  const now = Date.now()
  const publishers: Publisher[] = Array.from({ length: site.feeds }, (_, i) => toPublisher({
    name: `Outlet ${i}`, site_url: `${site.base}/`, feed_url: `${site.base}/feed/${i}.xml`, topic: 'business', lang: 'en',
  }))
  const keys = openCrawlerKeyRing(path.join(dir, 'data'), now).ring
  const fetcher = createCrawlerFetcher({ siteUrl: 'https://news.example.org', keys, allow: ['127.0.0.1'], limits: { perHost: 16, total: 16 } })
  const counted = counting(stages)
  try {
    const t = performance.now()
    const cpu = process.cpuUsage()
    const mainCpu = threadCpuMs()
    // A memo of its own: the same pages crawled again must not find their story text remembered from the last run.
    const summary = await runCrawl({
      crawl: store.crawl, fetcher, publishers, llm: null, log: pino({ level: 'silent' }), intervalSeconds: 900, stages: counted, storyTextMemo: new ArticleTextMemo(),
    })
    const seconds = (performance.now() - t) / 1000
    const used = process.cpuUsage(cpu)
    const mainUsed = mainCpu === null ? null : threadCpuMs()! - mainCpu
    return {
      mode, workers, articles: summary.articlesNew, extracted: counted.extracted, seconds, perSecond: summary.articlesNew / seconds,
      cpuMsPerArticle: (used.user + used.system) / 1000 / Math.max(1, summary.articlesNew),
      mainCpuMsPerArticle: mainUsed === null ? null : mainUsed / Math.max(1, summary.articlesNew),
    }
  } finally {
    await fetcher.close()
    await store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Serve keeps its pool for the life of the process, so a pass meets workers that are loaded and whose JIT has seen many
 * pages; a fresh pool per run would measure module loading and cold code instead (each worker warms on its own). Two
 * passes over every page, concurrently so the pool spreads them over all its workers.
 */
export async function warmUp(stages: PipelineStages, pages: Page[], base: string): Promise<void> {
  for (let pass = 0; pass < 2; pass++) await Promise.all(pages.map((p) => stages.extract(p.html, 'text/html; charset=utf-8', `${base}/a/0/${p.id}`)))
}

export interface StageProfile {
  articles: number
  /** Milliseconds per article, per stage, in one thread. */
  ms: Record<'parse' | 'extract' | 'language' | 'cluster' | 'summarize' | 'commit', number>
}

/** Each stage of the pipeline called in turn on every page, in this thread, with its time summed per stage. */
async function profileStages(pages: Page[], site: Site): Promise<StageProfile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-real-profile-'))
  const store = openSqliteStore(path.join(dir, 'bench.db'))
  const ms = { parse: 0, extract: 0, language: 0, cluster: 0, summarize: 0, commit: 0 }
  try {
    const now = Date.now()
    const publisher = toPublisher({ name: 'Profile', site_url: `${site.base}/`, feed_url: `${site.base}/feed/0.xml`, topic: 'business', lang: 'en' })
    await store.crawl.syncPublishers([publisher], new Date(now).toISOString())
    const publishers = new Map([[publisher.id, publisher]])
    const window = new ClusterWindow()
    const index = await window.load(store.crawl, new Date(now))
    for (let k = 0; k < site.feeds; k++) {
      const xml = Buffer.from(await (await fetch(`${site.base}/feed/${k}.xml`)).arrayBuffer())
      const t = performance.now()
      parseFeed(xml, 'application/rss+xml', `${site.base}/feed/${k}.xml`)
      ms.parse += performance.now() - t
    }
    // Its own memo, as each crawl's: every page is a first write, a miss.
    const memo = new ArticleTextMemo()
    for (const [n, page] of pages.entries()) {
      const url = `${site.base}/a/0/${page.id}`
      let t = performance.now()
      const extracted = extractArticle(page.html, 'text/html; charset=utf-8', url)
      ms.extract += performance.now() - t
      const text = extracted.ok ? extracted.text : page.title
      t = performance.now()
      const lang = detectLanguage({ declared: extracted.ok ? extracted.lang : null, title: page.title, text }).lang
      ms.language += performance.now() - t
      const id = randomUUID()
      const base = { title: page.title, text, lang, publishedAt: new Date(now - n * 60_000).toISOString(), publisherId: publisher.id }
      t = performance.now()
      const assigned = clusterArticle(clusterInputOf(base), id, randomUUID(), { index, now })
      window.indexed(id, now)
      ms.cluster += performance.now() - t
      const record: ArticleRecord = {
        ...base, id, storyId: assigned.clusterId, feedUrl: publisher.feedUrl, canonicalUrl: url, guidKey: null, contentHash: `real-${n}`,
        fetchedAt: new Date(now).toISOString(), author: null, imageUrl: null, signature: signatureToBytes(assigned.fingerprint.signature),
      }
      t = performance.now()
      const written = await buildStoryText(assigned.clusterId, [record], { publishers, llm: null, now: () => new Date(now), memo })
      ms.summarize += performance.now() - t
      t = performance.now()
      await store.crawl.commitFeedRun({
        feed: { feedUrl: publisher.feedUrl, etag: null, lastModified: null, nextFetchAt: new Date(now + 900_000).toISOString(), intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt: new Date(now).toISOString(), succeededAt: new Date(now).toISOString() },
        articles: [record], stories: [], summaries: [],
      })
      await store.crawl.commitStories([written.story], [written.summary])
      ms.commit += performance.now() - t
    }
    // The feeds list every copy of every page: their parse time is shared by all those items.
    ms.parse *= pages.length / site.items
    for (const key of Object.keys(ms) as Array<keyof typeof ms>) ms[key] /= pages.length
    return { articles: pages.length, ms }
  } finally {
    await store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function realPageIngest(copies: number, poolSize: number, repeats: number): Promise<{ rows: RealPageRow[], profile: StageProfile, pages: number } | null> {
  const dir = findBenchmarkDir()
  if (dir === null) return null
  const pages = loadBenchmarkPages(dir).map((p, n) => ({ id: p.id, html: p.html, title: pageTitle(p.html.toString('utf8'), n) }))
  const site = await serveSite(pages, copies, Date.now())
  const modes: Array<[string, number, PipelineStages]> = [
    ['in calling thread', 0, inThreadStages],
    ['worker pool', 1, createWorkerStages(1)],
    ['worker pool', poolSize, createWorkerStages(poolSize)],
  ]
  try {
    // Warm-up: the first crawl of a process pays for module loading and cold code; it is not measured.
    await crawlOnce(site, 'warm-up', 0, inThreadStages)
    for (const [, , stages] of modes) await warmUp(stages, pages, site.base)
    // The three modes take turns, `repeats` times, and each keeps its best run: on a shared machine, load from other
    // processes only ever slows a run down, so the fastest of several is the closest to the code's own speed, and
    // taking turns exposes every mode to the same spells of load.
    const best: RealPageRow[] = []
    for (let r = 0; r < repeats; r++) {
      for (const [i, [mode, workers, stages]] of modes.entries()) {
        const row = await crawlOnce(site, mode, workers, stages)
        if (!best[i] || row.perSecond > best[i]!.perSecond) best[i] = row
      }
    }
    const rows = best
    const profile = await profileStages(pages, site)
    return { rows, profile, pages: pages.length }
  } finally {
    for (const [, , stages] of modes) await stages.close()
    site.close()
  }
}
