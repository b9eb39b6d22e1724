/**
 * `npm run eval:real`: the real-news set (bench/stories/real-news.ts; NEWSDESK_REAL_NEWS names another directory
 * of the same shape, such as a later period) served as loopback publishers (real-site.ts) and crawled by the real CLI
 * on a clock that replays the publication times: one `newsdesk crawl --force --as-of <end of day>` per day, the feeds
 * listing what was published by then. The stories are then read back over REST from `newsdesk serve` and scored
 * against the editors' events and summaries:
 * - clustering: pairwise and B-cubed precision/recall/F1; events kept whole, split, merged with another;
 * - summaries: ROUGE-1/2/L of each event's story summary against the editors' summary, beside lead-3 (the first three
 *   sentences of the event's earliest article), also by what the clustering made of the event (kept whole, split,
 *   merged with another: a split event is scored on the story holding most of it), and the story-text checks of
 *   summary-checks.ts per story.
 *
 * `--held-out`: the clustering model is refitted four times, each time without one of four periods of the set (its
 * events' first articles cut by time; the hand-written sets always in), and each period is crawled on its own with
 * the model that never saw it (NEWSDESK_CLUSTER_MODEL): the figures of a later period the weights were not fitted on.
 * The four periods' figures are printed pooled and then each alone: how far they move from one period to the next is
 * how far a later period of the news may move them.
 * Without it, the bundled model (fitted on the whole development set) crawls the whole set.
 *
 * `--json` prints the numbers as one JSON object; `--verbose` lists merged stories and split events (each part of an
 * event under the story it went to); `--days N` replays only the first N days (a quick look). EVAL_KEEP_DIR=<dir>
 * keeps the databases there.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from '../../src/storage/sqlite/driver.ts'
import { runCli, startServe, tempDir } from '../../test/helpers/cli.ts'
import { FOLDS, fitOn, foldsOf, modelOf } from './fit-clustering.ts'
import { corpusSet, realSet, siteSet, unitSet } from './labelled-sets.ts'
import { bcubed, pairwise, type LabelledItem } from './metrics.ts'
import { findRealNewsDir, loadRealNews, type RealArticle, type RealNews } from './real-news.ts'
import { startRealSite } from './real-site.ts'
import { evalCrawlEnv } from './eval-env.ts'
import { lead3, rouge } from './rouge.ts'
import { summaryChecks, type CheckedArticle, type SummaryCheckReport } from './summary-checks.ts'

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const asJson = args.includes('--json')
const heldOut = args.includes('--held-out')
const daysArg = args.indexOf('--days')
const maxDays = daysArg >= 0 ? Number(args[daysArg + 1]) : Infinity
const DAY = 86_400_000

interface RestStory {
  id: string
  headline: string
  summary: string | null
  original_url: string
  source: { name: string } | null
  cards?: Array<{ heading: string | null; body: string | null }>
  covered_by?: Array<{ name: string; title: string; url: string | null }>
}

interface Replay {
  items: LabelledItem[]
  stories: RestStory[]
  /** The articles of each story, by story id. */
  members: Map<string, Array<RealArticle & { servedUrl: string }>>
  passes: number
  seconds: number
  missing: string[]
  label: string
  /** The first and last day replayed (YYYY-MM-DD). */
  from: string
  to: string
}

const progress = (text: string) => { if (!asJson) process.stderr.write(`\r${text}`) }

/** Crawls `news` (its articles only) day by day into a fresh store and reads the stories back over REST. */
async function replay(news: RealNews, label: string, modelFile?: string): Promise<Replay> {
  const site = await startRealSite(news)
  const dir = process.env.EVAL_KEEP_DIR ? path.join(process.env.EVAL_KEEP_DIR, label) : tempDir('newsdesk-eval-real-')
  fs.mkdirSync(dir, { recursive: true })
  const { env, db } = evalCrawlEnv(dir, site.directory, modelFile ? { NEWSDESK_CLUSTER_MODEL: modelFile } : {})
  // One pass at the end of each day (UTC) from the first article's day to the last one's.
  const first = Math.floor(Date.parse(news.articles[0]!.publishedAt) / DAY) * DAY
  const last = Math.floor(Date.parse(news.articles.at(-1)!.publishedAt) / DAY) * DAY
  const started = Date.now()
  let passes = 0
  try {
    for (let day = first; day <= last && passes < maxDays; day += DAY) {
      const asOf = day + DAY - 60_000
      site.setClock(asOf)
      const crawl = await runCli(['crawl', '--force', '--as-of', new Date(asOf).toISOString()], { env })
      passes++
      if (crawl.code !== 0) throw new Error(`newsdesk crawl --as-of ${new Date(asOf).toISOString()} exited ${crawl.code}\n${crawl.stdout}\n${crawl.stderr}`)
      progress(`eval:real: ${label} day ${passes} (${new Date(asOf).toISOString().slice(0, 10)})   `)
    }
  } finally {
    await site.stop()
  }
  const seconds = (Date.now() - started) / 1000

  // The stories as readers get them: over REST from the service.
  const serve = await startServe({ ...env, NEWSDESK_CRAWL_INTERVAL: 'off', LOG_LEVEL: 'info' })
  const stories: RestStory[] = []
  try {
    let cursor: string | null = null
    do {
      const page = await (await fetch(`${serve.url}/api/v1/stories?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json() as { stories: RestStory[]; next_cursor: string | null }
      for (const s of page.stories) stories.push((await (await fetch(`${serve.url}/api/v1/stories/${s.id}`)).json() as { story: RestStory }).story)
      cursor = page.next_cursor
    } while (cursor)
  } finally {
    await serve.stop()
  }

  // Which story each article is in: the store's record (an article shows over REST only as its story's original link
  // or as another outlet's coverage, so the record is the exact answer).
  const store = new Database(db, { readonly: true })
  const storyOf = new Map((store.prepare('SELECT canonical_url AS url, story_id AS story FROM articles').all() as Array<{ url: string; story: string }>).map((r) => [r.url, r.story]))
  store.close()
  const corpusById = new Map(site.corpus.articles.map((a) => [a.id, a]))
  const limit = first + passes * DAY
  const items: LabelledItem[] = []
  const members = new Map<string, Array<RealArticle & { servedUrl: string }>>()
  const missing: string[] = []
  for (const a of news.articles) {
    if (Date.parse(a.publishedAt) >= limit) continue
    const servedUrl = site.articleUrl(corpusById.get(a.id)!)
    const story = storyOf.get(servedUrl)
    if (!story) {
      missing.push(a.id)
      continue
    }
    items.push({ id: a.id, gold: a.event, got: `${label}:${story}`, lang: 'en' })
    members.set(`${label}:${story}`, [...(members.get(`${label}:${story}`) ?? []), { ...a, servedUrl }])
  }
  const day = (t: number) => new Date(t).toISOString().slice(0, 10)
  return {
    items, stories: stories.map((s) => ({ ...s, id: `${label}:${s.id}` })), members, passes, seconds, missing, label, from: day(first), to: day(first + (passes - 1) * DAY),
  }
}

/** The set restricted to some events. */
function subset(news: RealNews, events: Set<string>): RealNews {
  const articles = news.articles.filter((a) => events.has(a.event))
  return { ...news, events: news.events.filter((e) => events.has(e.id)), articles, outlets: [...new Set(articles.map((a) => a.outlet))].sort() }
}

const dataDir = findRealNewsDir()
if (!dataDir) {
  console.error('real-news set not found: set NEWSDESK_REAL_NEWS or place it at ../shared/data/real-news-dev')
  process.exit(2)
}
const news = loadRealNews(dataDir)
const runs: Replay[] = []
if (heldOut) {
  const real = realSet(news)
  const foldOf = foldsOf(real)
  const others = [corpusSet(), unitSet(), siteSet()]
  const modelDir = tempDir('newsdesk-eval-real-models-')
  for (let k = 0; k < FOLDS; k++) {
    progress(`eval:real: fitting the model without period ${k + 1}   `)
    const training = [{ set: real, articles: real.articles.filter((a) => foldOf.get(a.id) !== k) }, ...others.map((set) => ({ set, articles: set.articles }))]
    const { weights, join } = fitOn(training)
    const file = path.join(modelDir, `model-${k + 1}.json`)
    fs.writeFileSync(file, JSON.stringify(modelOf(weights, join)))
    const events = new Set(real.articles.filter((a) => foldOf.get(a.id) === k).map((a) => a.event!))
    runs.push(await replay(subset(news, events), `period${k + 1}`, file))
  }
} else {
  runs.push(await replay(news, 'all'))
}
if (!asJson) process.stderr.write('\n')

const items = runs.flatMap((r) => r.items)
const stories = runs.flatMap((r) => r.stories)
const members = new Map(runs.flatMap((r) => [...r.members]))
const missing = runs.flatMap((r) => r.missing)
const passes = runs.reduce((n, r) => n + r.passes, 0)
const crawlSeconds = runs.reduce((n, r) => n + r.seconds, 0)

// Clustering.
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
for (const got of byGold.values()) {
  const isSplit = got.size > 1
  const isMerged = [...got].some((s) => byGot.get(s)!.size > 1)
  if (isSplit) split++
  if (isMerged) merged++
  if (!isSplit && !isMerged) whole++
}
const served = new Set(stories.map((s) => s.id))
const notServed = [...byGot.keys()].filter((id) => !served.has(id)).length

// Summaries: each event against the story holding most of its articles (ties: the earliest article's story).
const storyById = new Map(stories.map((s) => [s.id, s]))
const textOf = (a: RealArticle) => a.paragraphs.join('\n')
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length)
/** What the clustering made of the event: its articles in one story of its own, in several, or in one shared with another. */
type EventKind = 'whole' | 'split' | 'merged'
const scores: Array<{ summary: ReturnType<typeof rouge>; lead: ReturnType<typeof rouge>; kind: EventKind; run: string }> = []
const itemOf = new Map(items.map((i) => [i.id, i]))
for (const event of news.events) {
  const ids = event.articles.map((a) => itemOf.get(a.id)?.got).filter((x): x is string => x !== undefined)
  if (ids.length === 0) continue
  const counts = new Map<string, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  const best = Math.max(...counts.values())
  const storyId = ids.find((id) => counts.get(id) === best)!
  const story = storyById.get(storyId)
  if (!story) continue
  const leadArticles = event.articles.map((a) => ({ text: textOf(a), publishedAt: a.publishedAt }))
  const kind: EventKind = counts.size > 1 ? 'split' : byGot.get(storyId)!.size > 1 ? 'merged' : 'whole'
  // The replay the story came from (its id's label): each held-out period is scored on its own below too.
  const run = storyId.slice(0, storyId.indexOf(':'))
  scores.push({ summary: rouge(story.summary ?? '', event.referenceSummary), lead: rouge(lead3(leadArticles), event.referenceSummary), kind, run })
}
const r = (pick: (s: typeof scores[number]) => ReturnType<typeof rouge>) => ({
  rouge1: mean(scores.map((s) => pick(s).rouge1.f1)), rouge2: mean(scores.map((s) => pick(s).rouge2.f1)), rougeL: mean(scores.map((s) => pick(s).rougeL.f1)),
})
const summaryRouge = r((s) => s.summary)
const leadRouge = r((s) => s.lead)
// Where the summaries lose: an event split by the clustering is scored on the story holding part of it.
const rouge2ByKind = Object.fromEntries((['whole', 'split', 'merged'] as const).map((kind) => {
  const of = scores.filter((s) => s.kind === kind)
  return [kind, { events: of.length, rouge2: mean(of.map((s) => s.summary.rouge2.f1)) }]
})) as Record<EventKind, { events: number; rouge2: number }>

// Each held-out period alone: how much the figures move from one period of the news to the next, which is what a later
// period (the one that judges the result) may do to them.
const periods = runs.map((run) => {
  const own = scores.filter((sc) => sc.run === run.label)
  const events = new Set(run.items.map((it) => it.gold)).size
  const ratio = mean(own.map((sc) => sc.summary.rouge2.f1)) / mean(own.map((sc) => sc.lead.rouge2.f1))
  return { label: run.label, from: run.from, to: run.to, events, pairwise: pairwise(run.items), bcubed: bcubed(run.items), rouge2Ratio: ratio }
})

// The story-text checks, per story served.
const reports: SummaryCheckReport[] = []
for (const story of stories) {
  const arts = members.get(story.id) ?? []
  if (arts.length === 0) continue
  const checked: CheckedArticle[] = arts.map((a) => ({ url: a.servedUrl, title: a.title, text: textOf(a), publisher: a.outlet, publishedAt: a.publishedAt, lang: 'en' }))
  reports.push(summaryChecks({ headline: story.headline, summary: story.summary, cards: story.cards ?? [], source: story.source, covered_by: story.covered_by ?? [], original_url: story.original_url }, checked))
}
const share = (has: (c: SummaryCheckReport) => boolean, among: (c: SummaryCheckReport) => boolean = () => true) => {
  const pool = reports.filter(among)
  return { n: pool.filter(has).length, of: pool.length }
}
const checks = {
  restatedFactMultiOutlet: share((c) => c.restatedFacts.length > 0, (c) => c.multiOutlet),
  clippedEndings: share((c) => c.clippedEndings.length > 0),
  labelsInCards: share((c) => c.labelsInCards.length > 0),
  ownPublisherInCoveredBy: share((c) => c.ownPublisherInCoveredBy),
  cards3to5WhereAllowed: share((c) => !c.cardsOutOfRange, (c) => c.textAllowsCards),
  noCardWhereAllowed: share((c) => c.noCards, (c) => c.textAllowsCards),
  headlineNotFromLead: share((c) => c.headlineNotFromLead === true, (c) => c.headlineNotFromLead !== null),
  contradictions: share((c) => c.contradictions.length > 0),
}

const result = {
  data: dataDir,
  mode: heldOut ? 'held-out periods' : 'bundled model',
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
  stories_not_served: notServed,
  rouge: { summary: summaryRouge, lead3: leadRouge, rouge2Ratio: summaryRouge.rouge2 / leadRouge.rouge2, events: scores.length, rouge2ByKind },
  checks,
  periods: periods.map((p) => ({ ...p, pairwise: { precision: p.pairwise.precision, recall: p.pairwise.recall, f1: p.pairwise.f1 } })),
}
if (asJson) {
  console.log(JSON.stringify(result))
} else {
  const f = (n: number) => n.toFixed(3)
  const pct = (s: { n: number; of: number }) => `${s.n}/${s.of} (${s.of === 0 ? '-' : `${((100 * s.n) / s.of).toFixed(1)} %`})`
  console.log(`real news (${result.mode}): ${result.articles} articles in ${result.events} events → ${result.stories} stories; ${passes} daily passes in ${crawlSeconds.toFixed(0)} s`)
  console.log(`pairwise  P/R/F1: ${f(pw.precision)} / ${f(pw.recall)} / ${f(pw.f1)}   (tp ${pw.tp}, fp ${pw.fp}, fn ${pw.fn})`)
  console.log(`B-cubed   P/R/F1: ${f(b3.precision)} / ${f(b3.recall)} / ${f(b3.f1)}`)
  console.log(`events: ${whole} whole, ${split} split, ${merged} merged with another`)
  // Three places: the goal is 1.2×, and two printed 1.1994 as "1.20×".
  console.log(`ROUGE-1/2/L F1 of ${scores.length} event summaries: ${f(summaryRouge.rouge1)} / ${f(summaryRouge.rouge2)} / ${f(summaryRouge.rougeL)}; lead-3 ${f(leadRouge.rouge1)} / ${f(leadRouge.rouge2)} / ${f(leadRouge.rougeL)}; ROUGE-2 ${(summaryRouge.rouge2 / leadRouge.rouge2).toFixed(3)}× lead-3`)
  const byKind = (k: EventKind) => `${f(rouge2ByKind[k].rouge2)} (${rouge2ByKind[k].events})`
  console.log(`ROUGE-2 by event: kept whole ${byKind('whole')}, split ${byKind('split')}, merged with another (not split) ${byKind('merged')}`)
  console.log(`stories: restated fact (multi-outlet) ${pct(checks.restatedFactMultiOutlet)}, clipped ending ${pct(checks.clippedEndings)}, label in a card ${pct(checks.labelsInCards)}, own publisher in covered_by ${pct(checks.ownPublisherInCoveredBy)}, card contradicts summary ${pct(checks.contradictions)}`)
  console.log(`cards: 3-5 where the text allows ${pct(checks.cards3to5WhereAllowed)}, none where it allows ${pct(checks.noCardWhereAllowed)}; headline not from the lead article ${pct(checks.headlineNotFromLead)}`)
  if (periods.length > 1) {
    console.log('each held-out period alone (fitted without it):')
    for (const p of periods) {
      console.log(`  ${p.label} ${p.from} … ${p.to}, ${p.events} event${p.events === 1 ? '' : 's'}: pairwise P/R/F1 ${f(p.pairwise.precision)} / ${f(p.pairwise.recall)} / ${f(p.pairwise.f1)}, B-cubed F1 ${f(p.bcubed.f1)}, ROUGE-2 ${p.rouge2Ratio.toFixed(3)}× lead-3`)
    }
  }
  if (missing.length) console.log(`not crawled: ${missing.length} (${missing.slice(0, 10).join(', ')})`)
  if (notServed) console.log(`stories holding articles but not served over REST: ${notServed}`)
  if (verbose) {
    const title = new Map(news.articles.map((a) => [a.id, `${a.publishedAt.slice(0, 10)} ${a.event} ${a.title}`]))
    const groups = new Map<string, string[]>()
    for (const it of items) groups.set(it.got, [...(groups.get(it.got) ?? []), it.id])
    console.log('\nmerged stories:')
    for (const ids of groups.values()) {
      if (new Set(ids.map((id) => itemOf.get(id)!.gold)).size > 1) console.log(`${ids.map((id) => `  ${title.get(id)}`).join('\n')}\n`)
    }
    // Each split event's articles, grouped by the story each went to.
    console.log('\nsplit events:')
    for (const event of news.events) {
      const byStory = new Map<string, string[]>()
      for (const a of event.articles) {
        const got = itemOf.get(a.id)?.got
        if (got !== undefined) byStory.set(got, [...(byStory.get(got) ?? []), a.id])
      }
      if (byStory.size > 1) console.log(`${[...byStory.values()].map((ids) => ids.map((id) => `  ${title.get(id)}`).join('\n')).join('\n  --\n')}\n`)
    }
  }
}
