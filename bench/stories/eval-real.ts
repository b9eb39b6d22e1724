/**
 * `npm run eval:real`: the real-news set (bench/stories/real-news.ts; NEWSDESK_REAL_NEWS names another directory
 * of the same shape, such as a later period) served as loopback publishers (real-site.ts) and crawled by the real CLI
 * on a clock that replays the publication times: one `newsdesk crawl --force --as-of <end of day>` per day, the feeds
 * listing what was published by then. The stories are then read back over REST from `newsdesk serve --no-crawl` and
 * scored against the editors' events: pairwise and B-cubed precision/recall/F1, and events kept whole, split or
 * merged with another.
 *
 * `--json` prints the numbers as one JSON object; `--verbose` lists split and merged events; `--days N` replays only
 * the first N days (a quick look). EVAL_KEEP_DIR=<dir> keeps the database there.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from '../../src/storage/sqlite/driver.ts'
import { runCli, startServe, tempDir, testEnv } from '../../test/helpers/cli.ts'
import { bcubed, pairwise, type LabelledItem } from './metrics.ts'
import { findRealNewsDir, loadRealNews } from './real-news.ts'
import { startRealSite } from './real-site.ts'

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const asJson = args.includes('--json')
const daysArg = args.indexOf('--days')
const maxDays = daysArg >= 0 ? Number(args[daysArg + 1]) : Infinity

const dataDir = findRealNewsDir()
if (!dataDir) {
  console.error('real-news set not found: set NEWSDESK_REAL_NEWS or place it at ../shared/data/real-news-dev')
  process.exit(2)
}
const news = loadRealNews(dataDir)
const site = await startRealSite(news)
const dir = process.env.EVAL_KEEP_DIR ?? tempDir('newsdesk-eval-real-')
const db = path.join(dir, 'newsdesk.db')
fs.writeFileSync(path.join(dir, 'publishers.json'), JSON.stringify(site.directory, null, 2))
const env = testEnv({
  DATABASE_URL: `sqlite:${db}`,
  DATA_DIR: path.join(dir, 'data'),
  SITE_URL: 'https://news.example.org',
  NEWSDESK_SAMPLE: 'off',
  NEWSDESK_PUBLISHERS: path.join(dir, 'publishers.json'),
  NEWSDESK_FETCH_ALLOW: '127.0.0.1',
  LOG_LEVEL: 'warn',
})

// One pass at the end of each day (UTC) from the first article's day to the last one's.
const DAY = 86_400_000
const first = Math.floor(Date.parse(news.articles[0]!.publishedAt) / DAY) * DAY
const last = Math.floor(Date.parse(news.articles.at(-1)!.publishedAt) / DAY) * DAY
const started = Date.now()
let passes = 0
for (let day = first; day <= last && passes < maxDays; day += DAY) {
  const asOf = day + DAY - 60_000
  site.setClock(asOf)
  const crawl = await runCli(['crawl', '--force', '--as-of', new Date(asOf).toISOString()], { env })
  passes++
  if (crawl.code !== 0) {
    console.error(`newsdesk crawl --as-of ${new Date(asOf).toISOString()} exited ${crawl.code}\n${crawl.stdout}\n${crawl.stderr}`)
    process.exit(1)
  }
  if (!asJson) process.stderr.write(`\reval:real: day ${passes} (${new Date(asOf).toISOString().slice(0, 10)})`)
}
await site.stop()
if (!asJson) process.stderr.write('\n')
const crawlSeconds = (Date.now() - started) / 1000

// The stories as readers get them: over REST from the service.
interface RestStory { id: string; headline: string; summary: string | null; original_url: string; source: { name: string } | null; cards?: Array<{ heading: string | null; body: string | null }>; covered_by?: Array<{ name: string; title: string; url: string | null }> }
const serve = await startServe({ ...env, NEWSDESK_CRAWL_INTERVAL: 'off', LOG_LEVEL: 'info' })
const stories: RestStory[] = []
try {
  let cursor: string | null = null
  do {
    const page = await (await fetch(`${serve.url}/api/v1/stories?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json() as { stories: RestStory[]; next_cursor: string | null }
    for (const s of page.stories) {
      const detail = await (await fetch(`${serve.url}/api/v1/stories/${s.id}`)).json() as { story: RestStory }
      stories.push(detail.story)
    }
    cursor = page.next_cursor
  } while (cursor)
} finally {
  await serve.stop()
}

// Which story each article is in: the store's record (an article is listed over REST only as its story's original
// link or as another outlet's coverage, so the record is the exact answer); the REST stories must agree.
const store = new Database(db, { readonly: true })
const storyOf = new Map((store.prepare('SELECT canonical_url AS url, story_id AS story FROM articles').all() as Array<{ url: string; story: string }>).map((r) => [r.url, r.story]))
store.close()
const restIds = new Set(stories.map((s) => s.id))
const items: LabelledItem[] = []
const missing: string[] = []
const corpusById = new Map(site.corpus.articles.map((a) => [a.id, a]))
const limit = first + passes * DAY
for (const a of news.articles) {
  if (Date.parse(a.publishedAt) >= limit) continue
  const story = storyOf.get(site.articleUrl(corpusById.get(a.id)!))
  if (!story) {
    missing.push(a.id)
    continue
  }
  items.push({ id: a.id, gold: a.event, got: story, lang: 'en' })
}
const notServed = new Set(items.filter((i) => !restIds.has(i.got)).map((i) => i.got))

const pw = pairwise(items)
const b3 = bcubed(items)
const byGold = new Map<string, Set<string>>()
const byGot = new Map<string, Set<string>>()
for (const it of items) {
  byGold.set(it.gold, (byGold.get(it.gold) ?? new Set()).add(it.got))
  byGot.set(it.got, (byGot.get(it.got) ?? new Set()).add(it.gold))
}
let whole = 0
let split = 0
let merged = 0
for (const [, got] of byGold) {
  const isSplit = got.size > 1
  const isMerged = [...got].some((s) => byGot.get(s)!.size > 1)
  if (isSplit) split++
  if (isMerged) merged++
  if (!isSplit && !isMerged) whole++
}
const result = {
  data: dataDir,
  articles: items.length,
  events: byGold.size,
  stories: byGot.size,
  passes,
  crawlSeconds,
  pairwise: { precision: pw.precision, recall: pw.recall, f1: pw.f1 },
  bcubed: b3,
  events_whole: whole,
  events_split: split,
  events_merged: merged,
  not_crawled: missing.length,
  stories_not_served: notServed.size,
}
if (asJson) {
  console.log(JSON.stringify(result))
} else {
  const f = (n: number) => n.toFixed(3)
  console.log(`real news: ${result.articles} articles in ${result.events} events → ${result.stories} stories; ${passes} daily passes in ${crawlSeconds.toFixed(0)} s`)
  console.log(`pairwise  P/R/F1: ${f(pw.precision)} / ${f(pw.recall)} / ${f(pw.f1)}   (tp ${pw.tp}, fp ${pw.fp}, fn ${pw.fn})`)
  console.log(`B-cubed   P/R/F1: ${f(b3.precision)} / ${f(b3.recall)} / ${f(b3.f1)}`)
  console.log(`events: ${whole} whole, ${split} split, ${merged} merged with another`)
  if (missing.length) console.log(`not crawled: ${missing.length} (${missing.slice(0, 10).join(', ')})`)
  if (notServed.size) console.log(`stories holding articles but not served over REST: ${notServed.size}`)
  if (verbose) {
    const title = new Map(news.articles.map((a) => [a.id, `${a.publishedAt.slice(0, 10)} ${a.title}`]))
    const members = new Map<string, string[]>()
    for (const it of items) members.set(it.got, [...(members.get(it.got) ?? []), it.id])
    console.log('\nmerged stories:')
    for (const [, ids] of members) {
      if (new Set(ids.map((id) => items.find((i) => i.id === id)!.gold)).size > 1) console.log(ids.map((id) => `  ${title.get(id)}`).join('\n') + '\n')
    }
  }
}
