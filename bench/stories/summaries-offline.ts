/**
 * Story text alone, in process, on the real-news set (shared/data/real-news-dev): each event's articles become one
 * story through the crawler's own story-text builder (buildStoryText: the extractive summarizer, lead article and
 * covered_by, exactly as a crawl writes them), then the summary is scored against the editors' summary (ROUGE-1/2/L
 * F1, beside lead-3: the earliest article's first three sentences) and every check of summary-checks.ts is counted.
 * For fast iteration; `npm run eval:real` is the end-to-end measure (clustering included).
 *
 * Printed for all events and for the two halves by event id parity (fit anything on the even half, report the odd).
 * `--json` prints the numbers as JSON; `--verbose` lists every story that fails a check; `--by-size` adds what a
 * story that holds only part of its event scores: each three-outlet event summarized from all three articles, from
 * each pair of them and from each one alone (what an event split by the clustering leaves its largest story with).
 *
 *   npm run eval:summaries [-- --json] [-- --verbose] [-- --by-size]
 */
import { buildStoryText } from '../../src/crawler/pipeline/story-text-builder.ts'
import type { ArticleRecord, Publisher } from '../../src/domain/crawl-records.ts'
import type { StorySnapshot } from '../../src/domain/story.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { findRealNewsDir, loadRealNews, type RealEvent } from './real-news.ts'
import { lead3, rouge, type Rouge } from './rouge.ts'
import { summaryChecks, type CheckedArticle, type SummaryCheckReport } from './summary-checks.ts'

export interface EventResult {
  event: RealEvent
  story: StorySnapshot
  summary: Rouge
  lead3: Rouge
  checks: SummaryCheckReport
  ms: number
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/gu, '-').replace(/^-|-$/gu, '') || 'outlet'

/** An event's articles as the crawler stores them (oldest first, as the store reads a story's members). */
export function eventArticles(event: RealEvent): { members: ArticleRecord[]; publishers: Map<string, Publisher> } {
  const publishers = new Map<string, Publisher>()
  const members = event.articles.map((a, i): ArticleRecord => {
    const p = toPublisher({ name: a.outlet, site_url: `https://${slug(a.outlet)}.example/`, feed_url: `https://${slug(a.outlet)}.example/feed`, topic: 'business', lang: 'en' })
    publishers.set(p.id, p)
    return {
      id: `${event.id}-${i}`, storyId: event.id, publisherId: p.id, feedUrl: p.feedUrl, canonicalUrl: a.url, guidKey: null,
      contentHash: `${event.id}-${i}`, title: a.title, text: a.paragraphs.join('\n\n'), lang: 'en', publishedAt: a.publishedAt,
      fetchedAt: a.publishedAt, author: null, imageUrl: null, signature: new Uint8Array(),
    }
  }).sort((a, b) => a.publishedAt!.localeCompare(b.publishedAt!) || a.canonicalUrl.localeCompare(b.canonicalUrl))
  return { members, publishers }
}

const storyId = (event: RealEvent): string => `00000000-0000-4000-8000-${event.id.replace(/\D/gu, '').padStart(12, '0').slice(-12)}`

export async function runEvent(event: RealEvent): Promise<EventResult> {
  const { members, publishers } = eventArticles(event)
  const started = process.hrtime.bigint()
  const { story } = await buildStoryText(storyId(event), members, { publishers, llm: null, now: () => new Date(event.date), memo: null })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  const articles: CheckedArticle[] = members.map((m) => ({
    url: m.canonicalUrl, title: m.title, text: m.text, publisher: publishers.get(m.publisherId)!.name, publishedAt: m.publishedAt, lang: m.lang,
  }))
  return {
    event, story, ms,
    summary: rouge(story.summary ?? '', event.referenceSummary),
    lead3: rouge(lead3(articles), event.referenceSummary),
    checks: summaryChecks(story, articles, 'en'),
  }
}

const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, x) => a + x, 0) / xs.length)
const share = (rs: EventResult[], pick: (r: EventResult) => boolean, of: (r: EventResult) => boolean = () => true) => {
  const base = rs.filter(of)
  return { n: base.filter(pick).length, of: base.length }
}

export function aggregate(rs: EventResult[]) {
  const f1 = (get: (r: EventResult) => Rouge) => ({
    rouge1: mean(rs.map((r) => get(r).rouge1.f1)), rouge2: mean(rs.map((r) => get(r).rouge2.f1)), rougeL: mean(rs.map((r) => get(r).rougeL.f1)),
  })
  const c = (r: EventResult) => r.checks
  const words = (s: string | null) => (s ?? '').split(/\s+/u).filter(Boolean).length
  return {
    events: rs.length,
    summary: f1((r) => r.summary),
    lead3: f1((r) => r.lead3),
    restatedMultiOutlet: share(rs, (r) => c(r).restatedFacts.length > 0, (r) => c(r).multiOutlet),
    clippedEndings: share(rs, (r) => c(r).clippedEndings.length > 0),
    labelsInCards: share(rs, (r) => c(r).labelsInCards.length > 0),
    labelsInSummary: share(rs, (r) => c(r).labelsInSummary.length > 0),
    ownPublisherInCoveredBy: share(rs, (r) => c(r).ownPublisherInCoveredBy),
    cards3to5WhereAllowed: share(rs, (r) => !c(r).cardsOutOfRange, (r) => c(r).textAllowsCards),
    noCardWhereAllowed: share(rs, (r) => c(r).noCards, (r) => c(r).textAllowsCards),
    cards3to5WhereDistinctAllow: share(rs, (r) => !c(r).cardsOutOfRange, (r) => c(r).textAllowsCards && c(r).distinctSentencesAvailable >= 6),
    cardRepeats: share(rs, (r) => c(r).cardRepeats.length > 0),
    headlineNotFromLead: share(rs, (r) => c(r).headlineNotFromLead === true, (r) => c(r).headlineNotFromLead !== null),
    firstSentenceNotFromLead: share(rs, (r) => c(r).firstSentenceNotFromLead === true, (r) => c(r).firstSentenceNotFromLead !== null),
    contradictions: share(rs, (r) => c(r).contradictions.length > 0),
    staleSentences: share(rs, (r) => c(r).staleSentences.length > 0),
    summaryArticlesMultiOutlet: mean(rs.filter((r) => c(r).multiOutlet).map((r) => c(r).summaryArticles)),
    summaryWords: mean(rs.map((r) => words(r.story.summary))),
    referenceWords: mean(rs.map((r) => words(r.event.referenceSummary))),
    cardsPerStory: mean(rs.map((r) => c(r).cardCount)),
    msPerStory: mean(rs.map((r) => r.ms)),
  }
}

function print(name: string, a: ReturnType<typeof aggregate>): void {
  const f = (n: number) => n.toFixed(3)
  const pct = (s: { n: number; of: number }) => `${s.n}/${s.of} (${s.of === 0 ? '-' : `${((100 * s.n) / s.of).toFixed(1)} %`})`
  console.log(`${name}: ${a.events} events`)
  console.log(`  ROUGE-1/2/L F1  summary ${f(a.summary.rouge1)} / ${f(a.summary.rouge2)} / ${f(a.summary.rougeL)}   lead-3 ${f(a.lead3.rouge1)} / ${f(a.lead3.rouge2)} / ${f(a.lead3.rougeL)}   R2 ratio ${(a.summary.rouge2 / a.lead3.rouge2).toFixed(3)}x`)
  console.log(`  summary ${a.summaryWords.toFixed(0)} words (reference ${a.referenceWords.toFixed(0)}), quotes ${a.summaryArticlesMultiOutlet.toFixed(2)} articles (multi-outlet); ${a.cardsPerStory.toFixed(2)} cards; ${a.msPerStory.toFixed(2)} ms/story`)
  console.log(`  restated fact (multi-outlet) ${pct(a.restatedMultiOutlet)}  clipped ${pct(a.clippedEndings)}  labels in cards ${pct(a.labelsInCards)} (summary ${pct(a.labelsInSummary)})  own publisher in covered_by ${pct(a.ownPublisherInCoveredBy)}`)
  console.log(`  3-5 cards where the text allows ${pct(a.cards3to5WhereAllowed)} (where 6+ sentences do not restate one another ${pct(a.cards3to5WhereDistinctAllow)})  no card where it allows ${pct(a.noCardWhereAllowed)}  card repeats ${pct(a.cardRepeats)}`)
  console.log(`  headline not from lead ${pct(a.headlineNotFromLead)}  first sentence not from lead ${pct(a.firstSentenceNotFromLead)}  card contradicts summary ${pct(a.contradictions)}  stale sentence ${pct(a.staleSentences)}`)
}

function details(rs: EventResult[]): void {
  for (const r of rs) {
    const c = r.checks
    const problems = [
      ...c.restatedFacts.map((x) => `restated (${x.by}): "${x.first}" / "${x.second}"`),
      ...c.clippedEndings.map((x) => `clipped: "${x}"`),
      ...c.labelsInCards.map((x) => `label: "${x}"`),
      ...(c.ownPublisherInCoveredBy ? ['own publisher in covered_by'] : []),
      ...(c.cardsOutOfRange ? [`${c.cardCount} cards, ${c.sentencesAvailable} sentences (${c.distinctSentencesAvailable} not restating another)`] : []),
      ...(c.headlineNotFromLead ? [`headline not from lead: "${r.story.headline}" vs ${r.story.original_url}`] : []),
      ...(c.firstSentenceNotFromLead ? ['first sentence not from lead'] : []),
      ...c.contradictions.map((x) => `contradiction: card "${x.card}" / summary "${x.summary}"`),
      ...c.staleSentences.map((x) => `stale: "${x}"`),
      ...c.cardRepeats.map((x) => `card repeat: "${x.card}" / "${x.repeats}"`),
    ]
    if (problems.length) console.log(`\n${r.event.id} ${r.event.issue}\n  ${problems.join('\n  ')}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = findRealNewsDir()
  if (!dir) throw new Error('summaries-offline: real-news-dev not found (set NEWSDESK_REAL_NEWS)')
  const news = loadRealNews(dir)
  const results: EventResult[] = []
  for (const e of news.events) results.push(await runEvent(e))
  const even = results.filter((r) => Number(r.event.id.replace(/\D/gu, '')) % 2 === 0)
  const odd = results.filter((r) => Number(r.event.id.replace(/\D/gu, '')) % 2 === 1)
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ all: aggregate(results), even: aggregate(even), odd: aggregate(odd) }))
  } else {
    print('all', aggregate(results))
    print('even ids (fit half)', aggregate(even))
    print('odd ids (held-out half)', aggregate(odd))
    if (process.argv.includes('--verbose')) details(results)
  }
  if (process.argv.includes('--by-size')) await bySize(news.events)
}

/**
 * ROUGE-2 of three-outlet events summarized from all their articles, from each pair, and from each one alone, beside
 * lead-3 of the same articles; for all of them and for each half by event id.
 */
async function bySize(events: readonly RealEvent[]): Promise<void> {
  const rows: Array<{ even: boolean } & Record<'all' | 'lead' | 'pair' | 'pairLead' | 'one' | 'oneLead', number>> = []
  for (const e of events.filter((x) => x.articles.length === 3)) {
    const r = await runEvent(e)
    const row = { even: Number(e.id.replace(/\D/gu, '')) % 2 === 0, all: r.summary.rouge2.f1, lead: r.lead3.rouge2.f1, pair: 0, pairLead: 0, one: 0, oneLead: 0 }
    for (let k = 0; k < 3; k++) {
      const pair = await runEvent({ ...e, articles: e.articles.filter((_, i) => i !== k) })
      const one = await runEvent({ ...e, articles: [e.articles[k]!] })
      row.pair += pair.summary.rouge2.f1 / 3
      row.pairLead += pair.lead3.rouge2.f1 / 3
      row.one += one.summary.rouge2.f1 / 3
      row.oneLead += one.lead3.rouge2.f1 / 3
    }
    rows.push(row)
  }
  for (const [label, of] of [['all', rows], ['even ids', rows.filter((r) => r.even)], ['odd ids', rows.filter((r) => !r.even)]] as const) {
    const f = (k: keyof typeof rows[number]) => (of.reduce((a, r) => a + Number(r[k]), 0) / Math.max(1, of.length)).toFixed(3)
    console.log(`by size, ${label}: ${of.length} three-outlet events, ROUGE-2 F1 of the summary (beside lead-3 of the same articles) from all three ${f('all')} (${f('lead')}), from two ${f('pair')} (${f('pairLead')}), from one ${f('one')} (${f('oneLead')})`)
  }
}
