import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  clippedEndings, labelled, ownPublisherInCoveredBy, restatedFacts, summaryChecks, supersedes, type CheckedArticle, type CheckedStory,
} from '../bench/stories/summary-checks.ts'

const ARTICLES: CheckedArticle[] = [
  {
    url: 'https://gazette.example/strike', title: 'Dockworkers walk out at Port Calder | Harbour Gazette', publisher: 'Harbour Gazette',
    publishedAt: '2026-11-23T06:00:00Z',
    text: 'About 2,300 dockworkers at Port Calder walked off the job on Tuesday after talks collapsed, leaving roughly 40 container ships waiting at anchor outside the harbour.\n\nThe union is demanding a 14% pay rise over three years.',
  },
  {
    url: 'https://freight.example/calder', title: 'Port Calder strike: what shippers need to know', publisher: 'Freight Times',
    publishedAt: '2026-11-23T08:00:00Z',
    text: 'Shipping lines began diverting vessels away from Port Calder on Tuesday as a strike by its 2,300 dockworkers entered its first day, with no date set for new talks.\n\nCarriers said they would discharge cargo at Ostmouth.',
  },
  {
    url: 'https://gazette.example/strike-talks', title: 'Port Calder strike: talks to resume on Friday', publisher: 'Harbour Gazette',
    publishedAt: '2026-11-25T06:00:00Z',
    text: 'Talks between the union and the port authority will resume on Friday, both sides said on Thursday, as the number of container ships waiting off Port Calder rose to 52.\n\nThe strike by about 2,300 dockworkers is now in its third day.',
  },
]

const story = (over: Partial<CheckedStory>): CheckedStory => ({
  headline: 'Port Calder strike: talks to resume on Friday', summary: null, cards: [], source: { name: 'Harbour Gazette' },
  covered_by: [{ name: 'Freight Times', url: 'https://freight.example/calder' }], original_url: 'https://gazette.example/strike-talks', ...over,
})

describe('summary checks', () => {
  it('restated fact: the same figure stated twice, or the same content words', () => {
    const twice = 'The U.S. economy added 194,000 jobs in September, the Labor Department said. Employers added just 194,000 jobs last month as hiring slowed.'
    assert.deepEqual(restatedFacts(twice, 'en').map((r) => r.by), ['figure'])
    const reworded = 'Veltrix Robotics agreed to buy Pallo Systems in cash. Pallo Systems agreed to a cash deal with Veltrix Robotics.'
    assert.deepEqual(restatedFacts(reworded, 'en').map((r) => r.by), ['content'])
    assert.deepEqual(restatedFacts('The deal values Pallo at $1.2 billion. Pallo\'s software runs in 800 warehouses.', 'en'), [])
    assert.deepEqual(restatedFacts('The deal is worth $1.2 billion. The price, 1.2bn dollars, was high.', 'en').map((r) => r.by), ['figure'])
  })

  it('clipped endings: "…", "[…]", "Read more" at the end of any sentence', () => {
    assert.deepEqual(clippedEndings({ summary: 'Acme cut 300 jobs. The company blamed weaker…', cards: [{ heading: 'x', body: 'Shares fell [\u2026]' }] }, 'en'),
      ['The company blamed weaker…', 'Shares fell [\u2026]'])
    assert.deepEqual(clippedEndings({ summary: 'Acme cut 300 jobs. Read more »', cards: null }, 'en'), ['Read more »'])
    assert.deepEqual(clippedEndings({ summary: 'Acme cut 300 jobs.', cards: [{ heading: null, body: '"We will grow," she said.' }] }, 'en'), [])
  })

  it('clipped endings: an article\'s last sentence cut after an abbreviation, quoted as if whole', () => {
    const articles = [{ text: 'Acme cut 300 jobs in Ohio. Its chief executive said that U.S.' }, { text: 'Shares fell 4% in the U.S. on Monday.' }]
    assert.deepEqual(clippedEndings({ summary: 'Acme cut 300 jobs in Ohio. Its chief executive said that U.S. Shares fell 4%.', cards: null }, 'en', articles),
      ['Its chief executive said that U.S.'])
    assert.deepEqual(clippedEndings({ summary: 'Acme cut 300 jobs in Ohio.', cards: [{ heading: null, body: 'Shares fell 4% in the U.S. on Monday.' }] }, 'en', articles), [])
  })

  it('labels in cards: a section label at the start of a card or of one of its sentences', () => {
    assert.deepEqual(labelled(['Why it matters: Loans stay expensive.', 'Rates held. The big picture: Inflation slowed.', 'Rates held at 4%.']),
      ['Why it matters: Loans stay expensive.', 'Rates held. The big picture: Inflation slowed.'])
    assert.deepEqual(labelled(['The reason it matters is simple: rates.']), [])
  })

  it('own publisher in covered_by, by name', () => {
    assert.equal(ownPublisherInCoveredBy(story({ covered_by: [{ name: 'harbour gazette', url: 'https://gazette.example/strike' }] })), true)
    assert.equal(ownPublisherInCoveredBy(story({})), false)
  })

  it('a changed figure or a day named for "no date set" supersedes the older sentence, not the other way', () => {
    const older = ARTICLES[0]!.text.split('\n\n')[0]!
    const newer = ARTICLES[2]!.text.split('\n\n')[0]!
    assert.equal(supersedes(newer, older, 'en'), true)
    assert.equal(supersedes(newer, ARTICLES[1]!.text.split('\n\n')[0]!, 'en'), true)
    assert.equal(supersedes('Economists had expected 500,000 jobs.', 'The economy added 194,000 jobs.', 'en'), false)
  })

  it('summaryChecks: headline and first sentence from another article than original_url; stale and contradicting sentences', () => {
    const r = summaryChecks(story({
      headline: 'Dockworkers walk out at Port Calder',
      summary: ARTICLES[0]!.text.split('\n\n')[0]!,
      cards: [{ heading: 'Details', body: 'Talks between the union and the port authority will resume on Friday, both sides said on Thursday, as the number of container ships waiting off Port Calder rose to 52.' }],
    }), ARTICLES)
    assert.equal(r.headlineNotFromLead, true)
    assert.equal(r.firstSentenceNotFromLead, true)
    assert.equal(r.contradictions.length, 1)
    assert.deepEqual(r.staleSentences, [ARTICLES[0]!.text.split('\n\n')[0]!])
    assert.equal(r.multiOutlet, true)
    assert.equal(r.summaryArticles, 1)
  })

  it('summaryChecks: a story that follows every rule', () => {
    const r = summaryChecks(story({
      summary: `${ARTICLES[2]!.text.split('\n\n')[0]!} The union is demanding a 14% pay rise over three years.`,
      cards: [{ heading: 'Details', body: 'Carriers said they would discharge cargo at Ostmouth.' }],
    }), ARTICLES)
    assert.equal(r.headlineNotFromLead, false)
    assert.equal(r.firstSentenceNotFromLead, false)
    assert.deepEqual([r.restatedFacts, r.clippedEndings, r.labelsInCards, r.contradictions, r.staleSentences, r.cardRepeats], [[], [], [], [], [], []])
    assert.equal(r.ownPublisherInCoveredBy, false)
    assert.equal(r.sentencesAvailable, 6)
    assert.equal(r.textAllowsCards, true)
    assert.equal(r.cardsOutOfRange, true, 'one card where the text allows three')
    assert.equal(r.noCards, false)
    assert.equal(r.headlineNotFromLead, false)
  })

  it('an LLM-written headline or sentence is in no article: the lead checks say unknown', () => {
    const r = summaryChecks(story({ headline: 'Dock strike enters third day', summary: 'The strike goes on.' }), ARTICLES)
    assert.equal(r.headlineNotFromLead, null)
    assert.equal(r.firstSentenceNotFromLead, null)
  })
})
