/**
 * `npm run eval:stories`: crawls the labelled development corpus (test/fixtures/story-corpus/) through the real CLI
 * (`newsdesk crawl`, a fresh SQLite file) from a loopback site laid out like real outlets (bench/stories/site.ts),
 * then scores what a reader gets: how the articles were clustered into stories (pairwise and B-cubed
 * precision/recall/F1, cross-language recall, hard negatives kept apart), each story's topic, boilerplate in summaries
 * and cards, how many cards each story has, and the story-text checks of summary-checks.ts (restated facts, clipped
 * endings, labels, own publisher in covered_by, headline and first sentence from the cited article, contradictions).
 *
 * `--json` prints the numbers as one JSON object; `--verbose` lists every wrong merge and split, wrong topic and
 * boilerplate hit. EVAL_KEEP_DIR=<dir> crawls into that directory (and keeps the database) instead of a temporary one.
 */
import Database from '../../src/storage/sqlite/driver.ts'
import { runCli, tempDir } from '../../test/helpers/cli.ts'
import { loadStoryCorpus, type CorpusArticle } from './corpus.ts'
import { bcubed, crossLanguageRecall, hardNegativeMerges, pairwise, type LabelledItem } from './metrics.ts'
import { BOILERPLATE_MARKERS, startCorpusSite } from './site.ts'
import { evalCrawlEnv } from './eval-env.ts'
import { summaryChecks, type CheckedArticle, type SummaryCheckReport } from './summary-checks.ts'
import { isLanguage } from '../../src/domain/languages.ts'

const verbose = process.argv.includes('--verbose')
const asJson = process.argv.includes('--json')

const corpus = loadStoryCorpus()
const site = await startCorpusSite(corpus)
const dir = process.env.EVAL_KEEP_DIR ?? tempDir('newsdesk-eval-stories-')
const { env, db } = evalCrawlEnv(dir, site.directory)
const started = Date.now()
const crawl = await runCli(['crawl'], { env })
await site.stop()
if (crawl.code !== 0) {
  console.error(`newsdesk crawl exited ${crawl.code}\n${crawl.stdout}\n${crawl.stderr}`)
  process.exit(1)
}
const crawlMs = Date.now() - started

const store = new Database(db, { readonly: true })
const storyOf = new Map((store.prepare('SELECT canonical_url AS url, story_id AS story, lang FROM articles').all() as Array<{ url: string, story: string, lang: string | null }>)
  .map((r) => [r.url, r]))
const stories = store.prepare(`SELECT s.id, s.category, s.text_lang AS textLang, t.headline, t.summary, t.cards, s.original_url AS originalUrl,
    s.covered_by AS coveredBy, src.name AS source FROM stories s JOIN story_texts t ON t.story_id = s.id AND t.lang = 'en' LEFT JOIN sources src ON src.id = s.source_id`)
  .all() as Array<{ id: string, category: string, textLang: string, headline: string | null, summary: string | null, cards: string | null, originalUrl: string, coveredBy: string | null, source: string | null }>
const articlesOf = new Map<string, CheckedArticle[]>()
for (const a of store.prepare(`SELECT a.story_id AS story, a.canonical_url AS url, a.title, a.text, a.lang, a.published_at AS publishedAt,
    (SELECT f.name FROM feeds f WHERE f.publisher_id = a.publisher_id LIMIT 1) AS publisher FROM articles a`).all() as Array<CheckedArticle & { story: string }>) {
  articlesOf.set(a.story, [...(articlesOf.get(a.story) ?? []), a])
}
store.close()

const langOf = new Map(corpus.outlets.map((o) => [o.slug, o.lang]))
const missing: string[] = []
const items: Array<LabelledItem & { article: CorpusArticle }> = []
for (const a of corpus.articles) {
  const row = storyOf.get(site.articleUrl(a))
  if (!row) {
    missing.push(a.id)
    continue
  }
  items.push({ id: a.id, gold: a.event, got: row.story, lang: langOf.get(a.outlet)!, article: a })
}

const negatives = new Map(corpus.articles.filter((a) => a.negativeOf !== null).map((a) => [a.event, a.negativeOf!]))
const pw = pairwise(items)
const b3 = bcubed(items)
const xl = crossLanguageRecall(items)
const negMerged = hardNegativeMerges(items, negatives)

// A story's true topic is its articles' majority event's topic.
const membersOf = new Map<string, typeof items>()
for (const it of items) membersOf.set(it.got, [...(membersOf.get(it.got) ?? []), it])
let topicRight = 0
let withBoilerplate = 0
let cardsOk = 0
let cardsTotal = 0
// "When the text allows": the story's articles in its text's language hold 6 or more sentences (a 2-sentence summary
// leaves 4 for cards), the summarizer's own bound.
let roomy = 0
let roomyOk = 0
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[\p{Lu}¿¡"“«])/u).filter((x) => x.trim().length > 0).length
const wrongTopics: string[] = []
const boilerplateHits: string[] = []
for (const s of stories) {
  const members = membersOf.get(s.id) ?? []
  if (members.length === 0) continue
  const counts = new Map<string, number>()
  for (const m of members) counts.set(m.gold, (counts.get(m.gold) ?? 0) + 1)
  const event = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
  const gold = members.find((m) => m.gold === event)!.article.topic
  if (gold === s.category) topicRight++
  else wrongTopics.push(`${event}: ${s.category} (want ${gold}) "${s.headline}"`)
  const cards = JSON.parse(s.cards ?? '[]') as Array<{ heading: string | null, body: string | null }>
  const text = [s.summary ?? '', ...cards.flatMap((c) => [c.heading ?? '', c.body ?? ''])].join('\n').toLowerCase()
  const hit = BOILERPLATE_MARKERS.find((m) => text.includes(m))
  if (hit) {
    withBoilerplate++
    boilerplateHits.push(`${event}: "${hit}"`)
  }
  cardsTotal += cards.length
  const fits = cards.length >= 3 && cards.length <= 5
  if (fits) cardsOk++
  const own = members.filter((m) => m.lang === s.textLang).reduce((n, m) => n + m.article.paragraphs.reduce((k, p) => k + sentences(p), 0), 0)
  if (own >= 6) {
    roomy++
    if (fits) roomyOk++
  }
}
const scored = stories.filter((s) => membersOf.has(s.id)).length

// The story-text checks (summary-checks.ts) on what was crawled, each story against its crawled articles.
const checks: Array<{ headline: string, report: SummaryCheckReport }> = stories.filter((s) => membersOf.has(s.id)).map((s) => ({
  headline: s.headline ?? '',
  report: summaryChecks({
    headline: s.headline ?? '', summary: s.summary, cards: JSON.parse(s.cards ?? '[]'), source: s.source === null ? null : { name: s.source },
    covered_by: JSON.parse(s.coveredBy ?? '[]'), original_url: s.originalUrl,
  }, articlesOf.get(s.id) ?? [], isLanguage(s.textLang) ? s.textLang : 'en'),
}))
const count = (pick: (r: SummaryCheckReport) => boolean, of: (r: SummaryCheckReport) => boolean = () => true) =>
  ({ n: checks.filter((c) => of(c.report) && pick(c.report)).length, of: checks.filter((c) => of(c.report)).length })
const storyText = {
  restatedMultiOutlet: count((r) => r.restatedFacts.length > 0, (r) => r.multiOutlet),
  clippedEndings: count((r) => r.clippedEndings.length > 0),
  labelsInCards: count((r) => r.labelsInCards.length > 0),
  ownPublisherInCoveredBy: count((r) => r.ownPublisherInCoveredBy),
  headlineNotFromLead: count((r) => r.headlineNotFromLead === true),
  firstSentenceNotFromLead: count((r) => r.firstSentenceNotFromLead === true),
  cardContradictsSummary: count((r) => r.contradictions.length > 0),
  staleSentence: count((r) => r.staleSentences.length > 0),
  noCard: count((r) => r.cardCount === 0),
  noCardWhereAllowed: count((r) => r.noCards, (r) => r.textAllowsCards),
}

const result = {
  articles: corpus.articles.length,
  crawled: items.length,
  events: new Set(corpus.articles.map((a) => a.event)).size,
  stories: scored,
  pairwise: { precision: pw.precision, recall: pw.recall, f1: pw.f1 },
  bcubed: b3,
  crossLanguageRecall: xl.recall,
  hardNegatives: { pairs: negatives.size, merged: negMerged.length },
  topicAccuracy: topicRight / scored,
  boilerplateRate: withBoilerplate / scored,
  storiesWith3to5Cards: cardsOk / scored,
  /** Of the stories whose text allows cards (6+ sentences in the text's language), those with 3–5. */
  roomyStoriesWith3to5Cards: roomy === 0 ? 1 : roomyOk / roomy,
  roomyStories: roomy,
  cardsPerStory: cardsTotal / scored,
  crawlSeconds: crawlMs / 1000,
  /** summary-checks.ts on each story: how many stories fail each check, of how many. */
  storyText,
}

if (asJson) {
  console.log(JSON.stringify(result))
} else {
  const f = (n: number) => n.toFixed(3)
  console.log(`corpus: ${result.articles} articles (${result.crawled} crawled), ${result.events} events, ${result.stories} stories; crawl ${result.crawlSeconds.toFixed(1)} s`)
  console.log(`pairwise  P/R/F1: ${f(pw.precision)} / ${f(pw.recall)} / ${f(pw.f1)}   (tp ${pw.tp}, fp ${pw.fp}, fn ${pw.fn})`)
  console.log(`B-cubed   P/R/F1: ${f(b3.precision)} / ${f(b3.recall)} / ${f(b3.f1)}`)
  console.log(`cross-language recall: ${f(xl.recall)} (${xl.joined}/${xl.pairs} pairs)`)
  console.log(`hard negatives merged: ${negMerged.length}/${negatives.size}${negMerged.length ? ` (${negMerged.join(', ')})` : ''}`)
  console.log(`topic accuracy: ${f(result.topicAccuracy)}`)
  console.log(`stories with boilerplate in summary or cards: ${f(result.boilerplateRate)}`)
  console.log(`stories with 3-5 cards: ${f(result.storiesWith3to5Cards)} (mean ${result.cardsPerStory.toFixed(2)} cards); where the text allows (6+ sentences in its language): ${f(result.roomyStoriesWith3to5Cards)} of ${roomy}`)
  const n = (c: { n: number, of: number }) => `${c.n}/${c.of}`
  console.log(`story text: restated fact ${n(storyText.restatedMultiOutlet)} multi-outlet, clipped ending ${n(storyText.clippedEndings)}, label in a card ${n(storyText.labelsInCards)}, own publisher in covered_by ${n(storyText.ownPublisherInCoveredBy)}, headline not from original_url's article ${n(storyText.headlineNotFromLead)}, first sentence not from it ${n(storyText.firstSentenceNotFromLead)}, card contradicts summary ${n(storyText.cardContradictsSummary)}, stale sentence ${n(storyText.staleSentence)}, no card ${n(storyText.noCard)} (where the text allows ${n(storyText.noCardWhereAllowed)})`)
  if (missing.length) console.log(`not crawled: ${missing.join(', ')}`)
  if (verbose) {
    const byGot = new Map<string, string[]>()
    for (const it of items) byGot.set(it.got, [...(byGot.get(it.got) ?? []), it.id])
    const byGold = new Map<string, Set<string>>()
    for (const it of items) byGold.set(it.gold, (byGold.get(it.gold) ?? new Set()).add(it.got))
    console.log('\nsplit events:')
    for (const [event, got] of byGold) if (got.size > 1) console.log(`  ${event}: ${[...got].map((g) => byGot.get(g)!.filter((id) => id.startsWith(`${event}-`)).join('+')).join(' | ')}`)
    console.log('mixed stories:')
    for (const ids of byGot.values()) if (new Set(ids.map((id) => id.replace(/-[a-z]$/, ''))).size > 1) console.log(`  ${ids.join(' + ')}`)
    console.log('wrong topics:')
    for (const w of wrongTopics) console.log(`  ${w}`)
    console.log('boilerplate:')
    for (const b of boilerplateHits) console.log(`  ${b}`)
    console.log('story text checks:')
    for (const { headline, report: r } of checks) {
      const what = [
        ...r.restatedFacts.map((x) => `restated: "${x.second}"`), ...r.clippedEndings.map((x) => `clipped: "${x}"`),
        ...r.labelsInCards.map((x) => `label: "${x}"`), ...(r.ownPublisherInCoveredBy ? ['own publisher in covered_by'] : []),
        ...(r.headlineNotFromLead ? ['headline not from the lead'] : []), ...(r.firstSentenceNotFromLead ? ['first sentence not from the lead'] : []),
        ...r.contradictions.map((x) => `card "${x.card}" contradicts "${x.summary}"`), ...r.staleSentences.map((x) => `stale: "${x}"`),
      ]
      if (what.length) console.log(`  ${headline}\n    ${what.join('\n    ')}`)
    }
  }
}
