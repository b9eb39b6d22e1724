import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ArticleRecord, Publisher } from '../../domain/crawl-records.ts'
import { toPublisher } from '../../publishers/publisher.ts'
import type { LlmSummarizer } from '../llm/llm-summarizer.ts'
import { splitSentences } from '../summarize/sentences.ts'
import { buildStoryText } from './story-text-builder.ts'

/** The rules of a story's text, each on a small story shaped like real coverage, through the crawler's own builder. */

const publisher = (name: string): Publisher => {
  const slug = name.toLowerCase().replace(/[^a-z]+/gu, '-')
  return toPublisher({ name, site_url: `https://${slug}.example/`, feed_url: `https://${slug}.example/feed`, topic: 'business', lang: 'en' })
}
const GAZETTE = publisher('Harbour Gazette')
const FREIGHT = publisher('Freight Times')
const MIDLAND = publisher('Midland Post')
const PUBLISHERS = new Map([GAZETTE, FREIGHT, MIDLAND].map((p) => [p.id, p]))

let n = 0
function article(p: Publisher, slug: string, hoursAgo: number, title: string, text: string): ArticleRecord {
  n++
  return {
    id: `a${n}`, storyId: 's', publisherId: p.id, feedUrl: p.feedUrl, canonicalUrl: `${p.siteUrl}${slug}`, guidKey: null,
    contentHash: `h${n}`, title, text, lang: 'en', publishedAt: new Date(Date.UTC(2026, 10, 24, 12) - hoursAgo * 3_600_000).toISOString(),
    fetchedAt: '2026-11-24T12:00:00.000Z', author: null, imageUrl: null, signature: new Uint8Array(),
  }
}

const build = async (members: ArticleRecord[], llm: LlmSummarizer | null = null) =>
  (await buildStoryText('2b7f6c1e-0000-4000-8000-00000000000a', members, { publishers: PUBLISHERS, llm, now: () => new Date('2026-11-24T12:00:00Z'), memo: null })).story

const allText = (s: { summary: string | null; cards: { body: string | null }[] | null }) => [s.summary ?? '', ...(s.cards ?? []).map((c) => c.body ?? '')].join(' ')

/** A strike reported three times: ships queuing 40 → 46 → 52, "no date set for new talks" → "talks will resume on Friday". */
const STRIKE = [
  article(GAZETTE, 'strike', 30, 'Dockworkers walk out at Port Calder, stranding 40 container ships',
    'About 2,300 dockworkers at Port Calder walked off the job on Tuesday after talks over a new contract collapsed, leaving roughly 40 container ships waiting at anchor outside the harbour.\n\n' +
    'The Calder Dock Workers\' Union is demanding a 14% pay rise over three years and limits on automated cranes. The port authority has offered 8.5%.'),
  article(FREIGHT, 'calder', 28, 'Port Calder strike: what shippers need to know',
    'Shipping lines began diverting vessels away from Port Calder on Tuesday as a strike by its 2,300 dockworkers entered its first day, with no date set for new talks.\n\n' +
    'Carriers including Halden Line said they would discharge Calder-bound cargo at Ostmouth, adding two to three days to deliveries.'),
  article(MIDLAND, 'shelves', 20, 'Retailers fear empty shelves as Calder port stoppage drags on',
    'Retailers in the Midlands warned of gaps on shelves within a fortnight if the walkout at Port Calder is not settled, as the number of ships queuing off the harbour rose to 46.\n\n' +
    'The port handles about a fifth of the region\'s imported consumer goods, according to the British Retail Association.'),
  article(GAZETTE, 'strike-talks', 8, 'Port Calder strike: talks to resume on Friday as queue of ships grows to 52',
    'Talks between the Calder Dock Workers\' Union and the port authority will resume on Friday under an independent mediator, both sides said on Thursday, as the number of container ships waiting off Port Calder rose to 52.\n\n' +
    'The strike by about 2,300 dockworkers is now in its third day. Moira Dunleavy, the union\'s secretary, said members would return to work only once a deal had been put to a ballot.'),
]

describe('story text: the lead article', () => {
  it('headline, first summary sentence, original_url and source come from one article, the update', async () => {
    const story = await build(STRIKE)
    const lead = STRIKE[3]!
    assert.equal(story.headline, lead.title)
    assert.equal(story.original_url, lead.canonicalUrl)
    assert.equal(story.original_title, lead.title)
    assert.equal(story.source?.name, 'Harbour Gazette')
    assert.ok(lead.text.replace(/\s+/gu, ' ').includes(splitSentences(story.summary!, 'en')[0]!), story.summary!)
  })

  it('the source is never listed again in covered_by; the other outlets are, each once', async () => {
    const story = await build(STRIKE)
    assert.deepEqual(story.covered_by?.map((c) => c.name), ['Freight Times', 'Midland Post'])
    assert.equal(story.published_at, STRIKE[0]!.publishedAt!.replace('.000Z', 'Z'))
  })

  it('does not depend on the order the articles arrive in', async () => {
    const a = await build(STRIKE)
    const b = await build([...STRIKE].reverse())
    assert.deepEqual([b.original_url, b.headline, b.summary, b.cards], [a.original_url, a.headline, a.summary, a.cards])
  })
})

describe('story text: a changing fact', () => {
  it('keeps the newest figure and drops the older reports of it, in the summary and in every card', async () => {
    const text = allText(await build(STRIKE))
    assert.match(text, /rose to 52/)
    assert.doesNotMatch(text, /roughly 40 container ships|rose to 46/)
  })

  it('drops "no date set for new talks" once a later report names the day', async () => {
    const text = allText(await build(STRIKE))
    assert.match(text, /will resume on Friday/)
    assert.doesNotMatch(text, /no date set/)
  })
})

describe('story text: each fact once', () => {
  const JOBS = [
    article(GAZETTE, 'jobs', 6, 'US economy adds 194,000 jobs in September, far short of forecasts',
      'The U.S. economy added 194,000 jobs in September, far fewer than the 500,000 economists had expected, the Labor Department said on Friday.\n\n' +
      'The unemployment rate fell to 4.8% from 5.2% in August.'),
    article(FREIGHT, 'payrolls', 5, 'Hiring slows sharply as employers add just 194,000 jobs',
      'Employers added just 194,000 jobs last month, the weakest gain this year, as the Delta variant kept some workers at home.\n\n' +
      'Leisure and hospitality added 74,000 jobs, while government payrolls fell by 123,000.'),
    article(MIDLAND, 'hiring', 4, 'September jobs report disappoints',
      'September\'s gain of 194,000 jobs was the smallest of the year and followed an increase of 366,000 in August.\n\n' +
      'Average hourly earnings rose 0.6% from the month before.'),
  ]

  it('states a figure the outlets share once in the summary', async () => {
    const story = await build(JOBS)
    assert.equal(story.summary!.match(/194,000/gu)?.length, 1, story.summary!)
    assert.equal(story.covered_by?.length, 2)
  })
})

describe('story text: labels and clipped endings', () => {
  const EXPLAINER = [
    article(GAZETTE, 'rates', 3, 'Central bank holds rates at 4%',
      'The central bank kept its main interest rate at 4% on Wednesday, the third meeting in a row without a change.\n\n' +
      'Why it matters: Borrowing costs for homebuyers and businesses will stay near their highest level in 15 years.\n\n' +
      'The big picture: Inflation has slowed to 2.9% but remains above the bank\'s 2% target.\n\n' +
      'Governor Ana Ruiz said the bank would need "several more months of good news" before cutting.\n\n' +
      'Economists polled before the meeting had expected the hold.\n\n' +
      'The next decision is due on March 12.'),
    article(FREIGHT, 'rates-teaser', 2, 'Rates on hold again',
      'The central bank left borrowing costs unchanged for a third straight meeting, saying inflation was still too high to cut…'),
  ]

  it('cuts a section label off its sentence and keeps the sentence', async () => {
    const story = await build(EXPLAINER)
    const text = allText(story)
    assert.doesNotMatch(text, /Why it matters:|The big picture:/)
    assert.match(text, /Borrowing costs for homebuyers|Inflation has slowed to 2\.9%/)
  })

  it('never quotes a teaser clipped with "…"', async () => {
    const story = await build(EXPLAINER)
    assert.doesNotMatch(allText(story), /\u2026|too high to cut/)
  })

  it('holds an LLM\'s text to the same rules: no label, no clipped ending', async () => {
    const llm: LlmSummarizer = async () => ({
      source: 'llm',
      english: {
        headline: 'Central bank holds rates',
        summary: 'The central bank kept its rate at 4%. The big picture: Inflation is still above target. Read more',
        cards: [{ heading: 'Why it matters', body: 'Why it matters: Loans stay expensive.' }, { heading: 'Next', body: 'More soon…' }, { heading: 'Quote', body: 'Ruiz wants more good news.' }],
      },
      translations: { es: { headline: 'El banco central mantiene los tipos', summary: 'El banco mantuvo el tipo en el 4 %. Leer más…', cards: [] } },
    })
    const story = await build(EXPLAINER, llm)
    assert.equal(story.summary, 'The central bank kept its rate at 4%. Inflation is still above target.')
    assert.deepEqual(story.cards?.map((c) => c.body), ['Loans stay expensive.', 'Ruiz wants more good news.'])
    assert.equal(story.translations.es?.summary, 'El banco mantuvo el tipo en el 4 %.')
    assert.deepEqual(story.covered_by?.map((c) => c.name), ['Freight Times'])
  })
})
