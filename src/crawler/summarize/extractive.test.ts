import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { Card } from '../../domain/story.ts'
import { topLevelAlternatives } from '../../util/pattern-alternation.ts'
import { ANYWHERE, AT_START, isBoilerplate, isFeedFooter, matchesBoilerplateLists, stripDateline } from './boilerplate.ts'
import {
  CARD_MAX_CHARS, MAX_CARDS, MIN_CARDS, prepareArticle, SUMMARY_MAX_CHARS, summarizeExtractive, type ExtractiveSummary, type SourceArticle,
} from './extractive.ts'
import { cleanTitle } from './headline.ts'
import { HEADINGS, THEMES } from './headings.ts'
import { splitSentences } from './sentences.ts'

const flat = (s: string): string => s.replace(/\s+/gu, ' ').trim()

/** Every sentence of the summary and of every card body is a substring of some source text (whitespace normalized). */
function assertQuotesOnly(result: ExtractiveSummary, articles: SourceArticle[]): void {
  const sources = articles.map((a) => flat(a.text))
  const pieces = [result.summary ?? '', ...result.cards.map((c) => c.body)]
  for (const piece of pieces) {
    for (const sentence of splitSentences(piece, result.lang)) {
      assert.ok(sources.some((src) => src.includes(flat(sentence))), `not in any source: ${sentence}`)
    }
  }
}

function article(text: string, over: Partial<SourceArticle> = {}): SourceArticle {
  return { title: 'Untitled', text, publisher: 'Test Wire', publishedAt: '2026-11-10T08:00:00Z', lang: 'en', ...over }
}

const SOLENNE = article(`LONDON (Reuters) - Solenne, a direct-to-consumer skincare brand, said on Tuesday that revenue doubled to about $96 million in the 12 months to September after it moved 70% of its marketing budget to creator partnerships.
By Jane Doe
Instead of one-off sponsored posts, about 300 creators now receive a share of sales from their audiences for a year.
The brand said customer acquisition cost fell 35% over the period.
"We stopped renting attention and started building relationships," chief executive Odile Perrin said in an interview.
Solenne cut its roster from about 1,200 creators to 300, focusing on those with smaller but more engaged audiences.
The company was founded in 2017 in Lyon and previously relied almost entirely on paid search and social ads.
The shift is significant because it shows smaller brands can grow without bidding against larger rivals for ads.
Solenne will enter physical retail for the first time next spring, with 150 pharmacy locations.
Sign up for our weekly newsletter to get the latest marketing news in your inbox.
Read more: Why creators are the new media buyers
Photo: Getty Images
© 2026 Brandwise Media. All rights reserved.`, { title: "Solenne's creator-first playbook doubles revenue | Brandwise", publisher: 'Brandwise' })

const CLUSTER: SourceArticle[] = [
  article(`STOCKHOLM (Reuters) - Veltrix Robotics agreed to acquire warehouse software maker Pallo Systems for $1.2 billion in cash, the companies said on Monday.
The deal values Pallo at about 9 times its annual revenue.
Veltrix chief executive Anna Berg said the combination would let customers buy robots and the software that runs them from one supplier.
Pallo's software is used in about 800 warehouses in Europe.
The acquisition is expected to close in the first quarter, subject to regulatory approval.
Veltrix shares rose 4% in Stockholm trading.`, { title: 'Veltrix Robotics to buy Pallo Systems for $1.2 billion - Reuters', publisher: 'Reuters' }),
  article(`Swedish robot maker Veltrix Robotics is buying Pallo Systems for $1.2 billion in cash.
Pallo, founded in Gothenburg in 2011, makes software that plans how goods move through about 800 warehouses.
Veltrix will keep the Pallo brand and its 400 employees.
Analysts said the price was high but the deal filled a gap in Veltrix's offering.
The acquisition is expected to close in the first quarter.
Sign up for our newsletter to get The Operator in your inbox every morning.`,
  { title: 'Veltrix buys Pallo in $1.2bn warehouse software deal | The Operator', publisher: 'The Operator', publishedAt: '2026-11-10T09:30:00Z' }),
  article(`Veltrix Robotics has agreed to buy Pallo Systems for $1.2 billion in cash, its largest acquisition to date.
The Pallo software runs in about 800 warehouses, mostly in Europe.
Veltrix said it will sell the combined product to retailers and parcel carriers.
Photo: Veltrix
Earlier this year Veltrix signed a $210 million robot deal with Kornmark.
Read more: How warehouse robots are changing logistics`,
  { title: 'Veltrix Robotics agrees $1.2 billion deal for Pallo Systems', publisher: 'Supply Lines', publishedAt: '2026-11-10T12:00:00Z' }),
]

describe('summarizeExtractive: one article', () => {
  const result = summarizeExtractive({ articles: [SOLENNE], lang: 'en' })

  it('is deterministic', () => {
    assert.deepEqual(summarizeExtractive({ articles: [SOLENNE], lang: 'en' }), result)
    assert.equal(JSON.stringify(summarizeExtractive({ articles: [structuredClone(SOLENNE)], lang: 'en' })), JSON.stringify(result))
  })

  it('cleans the headline of the site name', () => {
    assert.equal(result.headline, "Solenne's creator-first playbook doubles revenue")
  })

  it('writes a 2–4 sentence summary within the length limit, led by the lead', () => {
    assert.equal(result.lead, 0)
    const sentences = splitSentences(result.summary!, 'en')
    assert.ok(sentences.length >= 2 && sentences.length <= 4, result.summary!)
    assert.ok(result.summary!.length <= SUMMARY_MAX_CHARS.en)
    assert.match(result.summary!, /^Solenne, a direct-to-consumer skincare brand/)
  })

  it('quotes only source sentences', () => assertQuotesOnly(result, [SOLENNE]))

  it('drops boilerplate and the dateline', () => {
    const all = [result.summary, ...result.cards.map((c) => c.body)].join(' ')
    for (const junk of [/newsletter/i, /rights reserved/i, /Getty/, /Read more/, /Jane Doe/, /Reuters/, /LONDON/]) {
      assert.doesNotMatch(all, junk)
    }
  })

  it('builds 3–5 cards with honest headings', () => {
    assert.ok(result.cards.length >= MIN_CARDS && result.cards.length <= MAX_CARDS)
    for (const card of result.cards) {
      Card.parse(card)
      assert.ok(card.body.length <= CARD_MAX_CHARS.en)
      assert.ok(Object.values(HEADINGS).some((h) => h.en === card.heading))
    }
    const byHeading = new Map(result.cards.map((c) => [c.heading, c.body]))
    assert.equal(new Set(result.cards.map((c) => c.heading)).size, result.cards.length, 'no repeated heading')
    assert.match(byHeading.get('What they said') ?? '', /"We stopped renting attention/)
    assert.match(`${result.summary} ${byHeading.get("What's next") ?? ''}`, /will enter physical retail/)
    assert.match(byHeading.get('Key numbers') ?? '', /\d/)
    assert.match(byHeading.get('Background') ?? '', /founded in 2017/)
  })

  it('never repeats a summary sentence in a card', () => {
    const summary = new Set(splitSentences(result.summary!, 'en'))
    for (const card of result.cards) for (const s of splitSentences(card.body, 'en')) assert.ok(!summary.has(s), s)
  })
})

describe('summarizeExtractive: a cluster', () => {
  const result = summarizeExtractive({ articles: CLUSTER, lang: 'en' })

  it('summarizes the facts the outlets share, once, and not one outlet\'s aside', () => {
    assert.match(result.summary!, /\$1\.2 billion/)
    assert.match(result.summary!, /800 warehouses/)
    assert.equal(result.summary!.match(/\$1\.2 billion/g)!.length, 1, result.summary!)
    assert.doesNotMatch(result.summary!, /Kornmark|Gothenburg|Stockholm trading/)
  })

  it('prefers the sentence whose phrases other outlets share over one that only shares their words', () => {
    // Both candidates after the lead sentence use the words the other outlets use; only one says it the way they do
    // ("Justice Department official", "hate crime reports"): that is the fact the coverage has in common.
    const lead = article([
      'The Senate passed a bill on Thursday aimed at curbing the rise in attacks on Asian Americans during the pandemic.',
      'Officials said the department would review each report of crime and hate, and justice groups would share official data.',
      'The bill assigns a Justice Department official to review hate crime reports and gives states grants for hotlines.',
      'The vote was 94 to 1.',
    ].join(' '), { title: 'Senate passes anti-Asian hate crimes bill', publisher: 'Wire A' })
    const others = [
      article('The legislation designates a Justice Department official to expedite the review of hate crime reports. It also funds state hotlines.', { title: 'Senate approves hate crimes bill', publisher: 'Paper B', publishedAt: '2026-11-10T09:00:00Z' }),
      article('Under the bill, a Justice Department official would review hate crime reports filed during the pandemic.', { title: 'Hate crimes bill clears the Senate', publisher: 'Site C', publishedAt: '2026-11-10T10:00:00Z' }),
    ]
    const r = summarizeExtractive({ articles: [lead, ...others], lang: 'en' })
    const second = splitSentences(r.summary!, 'en')[1]
    assert.ok(second !== undefined, r.summary!)
    assert.match(second, /Justice Department official to (review|expedite)/u, r.summary!)
    assert.doesNotMatch(r.summary!, /crime and hate/u)
  })

  it('never quotes "“…,” she said." away from the sentence that says who she is, in the summary or a card', () => {
    // The quotation carries what both outlets report, so it ranks high; its speaker is named only in the sentence
    // before it, which ranks low. Quoted after the council's vote, "she" would read as someone else.
    const post = article([
      'The Ashford city council approved a $40 million flood barrier along the River Test on Tuesday by a vote of 7 to 2.',
      'Construction of the barrier is due to start in March, and the national infrastructure fund will pay half of its cost.',
      'Council member Priya Shah, who voted against it, said the money should go to relocating homes instead.',
      'Officials did not say when the first homes would be protected.',
    ].join('\n'), { title: 'Ashford approves $40 million flood barrier', publisher: 'Ashford Post' })
    const wire = article([
      "Ashford's council voted 7 to 2 on Tuesday for a $40 million flood barrier on the River Test.",
      'Mayor Dana Whitfield spoke to reporters after the meeting.',
      '“Construction starts in March, the national infrastructure fund pays half, and the barrier will guard 3,000 homes on the River Test,” she said.',
      'Residents of the Riverside district have flooded twice in five years.',
      'A public hearing drew more than 200 people last month.',
    ].join('\n'), { title: 'Ashford backs flood barrier in 7-2 vote', publisher: 'Test Wire', publishedAt: '2026-11-10T09:00:00Z' })
    const r = summarizeExtractive({ articles: [post, wire], lang: 'en' })
    const quoted = [r.summary!, ...r.cards.map((c) => c.body)]
    for (const text of quoted) if (/she said/u.test(text)) assert.match(text, /Mayor Dana Whitfield spoke[^.]*\. “Construction/u, text)
    assert.match(r.summary!, /national infrastructure fund will pay half/u, 'the fact is still told, by a sentence that stands alone')
  })

  it('quotes another outlet\'s lede only when it adds a name or a figure, not to tell the event again', () => {
    // Every outlet opens on the event. Told once, the summary's next sentences are facts; a second lede in other words
    // ("ordered agencies to harden their networks" after "signed an order to strengthen cyber defenses") says it twice.
    const wire = article([
      'President Ana Ruiz signed an executive order on Wednesday to strengthen the country\'s cyber defenses after a ransomware attack shut a fuel pipeline.',
      'The order sets security standards for software sold to federal agencies.',
      'It also creates a review board modelled on the one that investigates plane crashes.',
      'Officials said the work had been under way since the spring.',
    ].join(' '), { title: 'Ruiz signs order to strengthen cyber defenses', publisher: 'Wire A' })
    const paper = article([
      'President Ana Ruiz on Wednesday ordered federal agencies to harden their networks, weeks after hackers crippled a fuel pipeline with ransomware.',
      'The order requires software vendors to report breaches within three days.',
      'Vendors that fail to report could lose their government contracts.',
    ].join(' '), { title: 'Ruiz orders agencies to harden networks after pipeline hack', publisher: 'Paper B', publishedAt: '2026-11-10T09:00:00Z' })
    const retold = /ordered federal agencies to harden their networks/u
    const r = summarizeExtractive({ articles: [wire, paper], lang: 'en' })
    assert.doesNotMatch(r.summary!, retold, r.summary!)
    assert.match(r.summary!, /report breaches within three days/u, 'the other outlet\'s fact is still told')
    // The same lede naming who carried out the attack brings something new: it may be quoted.
    const named = { ...paper, text: paper.text.replace('hackers crippled', 'the DarkSide gang crippled') }
    const withName = summarizeExtractive({ articles: [wire, named], lang: 'en' })
    assert.match(withName.summary!, /DarkSide gang crippled/u, withName.summary!)
    // A name the summary gives in another form is no new name: "Russian hackers" after "a gang based in Russia".
    const inRussia = { ...wire, text: wire.text.replace('after a ransomware attack shut', 'after a ransomware gang based in Russia shut') }
    const russian = { ...paper, text: paper.text.replace('hackers crippled', 'Russian hackers crippled') }
    const otherForm = summarizeExtractive({ articles: [inRussia, russian], lang: 'en' })
    assert.match(otherForm.summary!, /gang based in Russia/u, otherForm.summary!)
    assert.doesNotMatch(otherForm.summary!, retold, otherForm.summary!)
  })

  it('judges another outlet\'s lede against the whole summary, not only the sentences chosen before it', () => {
    // Paper B's lede ranks before Daily C's second sentence and names the chief executive first, so, picked in rank
    // order, it got in. Once that sentence is chosen too, the lede only tells the approval again: it gives its place.
    const wire = article([
      'Regulators approved the merger of Norvik Bank and Castell Savings on Tuesday, creating the country\'s fifth-largest lender.',
      'The combined bank will have about 4 million customers.',
      'Shares of Norvik rose 6% after the announcement.',
      'Norvik and Castell agreed the merger in March, after two years of talks.',
    ].join(' '), { title: 'Regulators approve Norvik Bank merger with Castell Savings', publisher: 'Wire A', publishedAt: '2026-11-10T11:00:00Z' })
    const paper = article([
      'Norvik Bank can now take over Castell Savings after watchdogs signed off on the tie-up, chief executive Lena Moro told staff.',
      'Unions warned that up to 900 jobs could go.',
    ].join(' '), { title: 'Norvik cleared to take over Castell', publisher: 'Paper B', publishedAt: '2026-11-10T09:00:00Z' })
    const daily = article([
      'The merger of Norvik Bank and Castell Savings won approval on Tuesday.',
      'Lena Moro, Norvik\'s chief executive, said every Castell branch would stay open for two years and that no customer would need a new account number.',
      'Castell customers will keep their accounts and cards.',
    ].join(' '), { title: 'Norvik wins approval for Castell merger', publisher: 'Daily C', publishedAt: '2026-11-10T10:00:00Z' })
    const r = summarizeExtractive({ articles: [wire, paper, daily], lang: 'en' })
    assert.match(r.summary!, /^The merger of Norvik Bank and Castell Savings won approval/u, r.summary!)
    assert.match(r.summary!, /Lena Moro, Norvik's chief executive, said every Castell branch/u, r.summary!)
    assert.doesNotMatch(r.summary!, /watchdogs signed off/u, r.summary!)
    assert.match(r.summary!, /about 4 million customers/u, 'its place goes to the next sentence that adds a fact')
    assertQuotesOnly(r, [wire, paper, daily])
  })

  it('knows a sentence whose subject or speaker is only a pronoun from one that names them', () => {
    const leans = (text: string) => prepareArticle(article(text), 'en').sentences[0]!.leans
    assert.equal(leans('“We will appeal the ruling on Monday,” she said.'), true)
    assert.equal(leans('"It was a hard call," he told reporters on Friday.'), true)
    assert.equal(leans('He later withdrew the nomination after two senators objected to it.'), true)
    assert.equal(leans('The vote was delayed again, and the bill now goes back to committee, they said.'), true)
    assert.equal(leans('It felt like a gut punch to the workers who had waited ten years for the pipeline.'), true)
    assert.equal(leans('That means more than 5 million people have missed their second shot of the vaccine.'), true)
    assert.equal(leans('“We will appeal the ruling on Monday,” Attorney General Maria Lopez said.'), false)
    assert.equal(leans('Rep. Cori Bush testified on Thursday about the “racist treatment” she said she had faced in hospitals.'), false)
    assert.equal(leans('Shepherd said he would resign from the board at the end of the month.'), false)
    const unattributed = (text: string) => prepareArticle(article(text), 'en').sentences[0]!.unattributed
    assert.equal(unattributed('“How did we get here? This is a failure on the part of our community.'), true, 'a quote running on')
    assert.equal(unattributed('“This is a failure on the part of our community.”'), true, 'a whole sentence quoted')
    assert.equal(unattributed('“This is a failure on the part of our community,” the mayor said.'), false)
  })

  it('takes the headline from the most central title, cleaned', () => {
    assert.ok(['Veltrix Robotics to buy Pallo Systems for $1.2 billion', 'Veltrix Robotics agrees $1.2 billion deal for Pallo Systems'].includes(result.headline), result.headline)
  })

  it('quotes only source sentences and keeps boilerplate out', () => {
    assertQuotesOnly(result, CLUSTER)
    const all = [result.summary, ...result.cards.map((c) => c.body)].join(' ')
    assert.doesNotMatch(all, /newsletter|Photo:|Read more|\(Reuters\)/)
  })

  it('has 3–5 cards, none restating the summary', () => {
    assert.ok(result.cards.length >= MIN_CARDS && result.cards.length <= MAX_CARDS, JSON.stringify(result.cards))
    const cardText = result.cards.map((c) => c.body).join(' ')
    assert.doesNotMatch(cardText, /for \$1\.2 billion in cash/)
  })

  it('does not depend on the order articles arrive in', () => {
    const reversed = summarizeExtractive({ articles: [...CLUSTER].reverse(), lang: 'en' })
    assert.equal(reversed.summary, result.summary)
    assert.equal(reversed.headline, result.headline)
  })

  it('quotes only the requested language when the cluster mixes languages', () => {
    const spanish = article('La sueca Veltrix Robotics comprará Pallo Systems por 1.200 millones de dólares. La operación se cerrará en el primer trimestre. Pallo trabaja con unos 800 almacenes en Europa.', { lang: 'es', title: 'Veltrix compra Pallo', publisher: 'El Observador' })
    const es = summarizeExtractive({ articles: [...CLUSTER, spanish], lang: 'es' })
    assert.equal(es.lang, 'es')
    assert.equal(es.headline, 'Veltrix compra Pallo')
    assertQuotesOnly(es, [spanish])
    const en = summarizeExtractive({ articles: [...CLUSTER, spanish], lang: 'en' })
    assert.doesNotMatch(en.summary!, /comprará/)
  })

  it('falls back to the articles\' own language when none is in the requested one', () => {
    const r = summarizeExtractive({ articles: CLUSTER, lang: 'ja' })
    assert.equal(r.lang, 'en')
    assert.ok(r.cards.every((c) => Object.values(HEADINGS).some((h) => h.en === c.heading)))
  })
})

describe('summarizeExtractive: thin sources', () => {
  it('a one-sentence teaser: the summary is that sentence, no cards', () => {
    const teaser = article('Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.', { title: 'Acme to cut 300 jobs' })
    const r = summarizeExtractive({ articles: [teaser], lang: 'en' })
    assert.equal(r.summary, 'Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.')
    assert.deepEqual(r.cards, [])
    assert.equal(r.headline, 'Acme to cut 300 jobs')
  })

  it('a text whose drop cap was lost ("ederal laws…") is not quoted from that fragment; "iPhone sales…" is', () => {
    const lost = article([
      'ederal laws imposing a minimum age of 21 to buy handguns from licensed dealers violate the Second Amendment, an appeals court ruled.',
      'A three-judge panel of the 4th Circuit ruled the federal ban on handgun sales to 18- to 20-year-olds unconstitutional.',
      'The ruling could shape future efforts to restrict gun sales to young adults across the country.',
    ].join('\n'), { title: 'Appeals court strikes down handgun age limit' })
    const r = summarizeExtractive({ articles: [lost], lang: 'en' })
    assert.match(r.summary!, /^A three-judge panel/u, r.summary!)
    assert.doesNotMatch([r.summary!, ...r.cards.map((c) => c.body)].join(' '), /(^|\s)ederal/u)
    const brand = article('iPhone sales rose 12% in the quarter to September, Apple said on Thursday. Revenue from services grew 8%.', { title: 'Apple quarter' })
    assert.match(summarizeExtractive({ articles: [brand], lang: 'en' }).summary!, /^iPhone sales rose/u)
  })

  it('a two-sentence teaser: both sentences, no cards', () => {
    const teaser = article('Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio. The company blamed weaker demand for its washing machines. Read more', { title: 'Acme to cut 300 jobs' })
    const r = summarizeExtractive({ articles: [teaser], lang: 'en' })
    assert.equal(splitSentences(r.summary!, 'en').length, 2)
    assert.deepEqual(r.cards, [])
  })

  it('a teaser cut off with an ellipsis is quoted up to its last complete clause, never with the cut', () => {
    const teaser = article('Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio, blaming weaker…', { title: 'Acme to cut jobs' })
    assert.equal(summarizeExtractive({ articles: [teaser], lang: 'en' }).summary, 'Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.')
    const wordpress = article('Copper prices rose to a record $11,200 a tonne on Wednesday after flooding halted production at Cerro Alto, which supplies about […]', { title: 'Copper at a record' })
    assert.equal(summarizeExtractive({ articles: [wordpress], lang: 'en' }).summary, 'Copper prices rose to a record $11,200 a tonne on Wednesday after flooding halted production at Cerro Alto.')
    const bare = article('Acme Corp is said to be weighing cuts at its plants…', { title: 'Acme to cut jobs' })
    const r = summarizeExtractive({ articles: [bare], lang: 'en' })
    assert.equal(r.summary, null, 'no complete clause: nothing quoted')
    assert.equal(r.headline, 'Acme to cut jobs')
  })

  it('a clipped teaser ending ("…", "[…]", "Read more") is dropped, the complete sentences kept', () => {
    for (const tail of ['The company blamed weaker demand for…', 'The company blamed weaker demand for […]', 'The company blamed weaker demand. Read more »', 'The company blamed weaker demand for its [...]']) {
      const teaser = article(`Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio. ${tail}`, { title: 'Acme to cut jobs' })
      const r = summarizeExtractive({ articles: [teaser], lang: 'en' })
      assert.ok(r.summary?.startsWith('Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.'), r.summary ?? '')
      assert.doesNotMatch(r.summary!, /…|\.\.\.|Read more|\[/, tail)
    }
  })

  it('a teaser clipped after its opening phrase is not trimmed to that phrase; one clipped after its main clause is', () => {
    const opening = article('Gas prices reached a seven-year high on Thursday ahead of the holiday weekend. ' +
      'With tens of millions of drivers expected on the road this weekend, none of them will be thrilled to see that the price of gas is at […]', { title: 'Gas prices reach 7-year high' })
    const r = summarizeExtractive({ articles: [opening], lang: 'en' })
    assert.equal(r.summary, 'Gas prices reached a seven-year high on Thursday ahead of the holiday weekend.')
    const main = article('Boeing said on Monday it would cut 300 jobs at its plant in Ohio, blaming weaker demand for […]', { title: 'Boeing to cut jobs' })
    assert.equal(summarizeExtractive({ articles: [main], lang: 'en' }).summary, 'Boeing said on Monday it would cut 300 jobs at its plant in Ohio.')
  })

  it('a text cut right after an abbreviation ("…said that U.S.") never has its fragment quoted, nor trimmed to a clause', () => {
    const text = 'President Biden signed an executive order on Wednesday to tighten the security of federal software. ' +
      'The order follows the ransomware attack that shut the Colonial Pipeline for five days last week. ' +
      'Mr. Biden, who wants a report within 90 days, said that U.S.'
    const r = summarizeExtractive({ articles: [article(text, { title: 'Biden signs cybersecurity order' })], lang: 'en' })
    assert.ok(r.summary?.startsWith('President Biden signed an executive order'), r.summary ?? '')
    const quoted = [r.summary ?? '', ...r.cards.map((c) => c.body)].join(' ')
    assert.doesNotMatch(quoted, /wants a report|said that/u)
    // A feed's footer after it changes nothing.
    const footed = summarizeExtractive({ articles: [article(`${text}\n\nThe post Biden signs cybersecurity order appeared first on Test Wire.`, { title: 'Biden signs cybersecurity order' })], lang: 'en' })
    assert.doesNotMatch([footed.summary ?? '', ...footed.cards.map((c) => c.body)].join(' '), /wants a report|said that|appeared first/u)
    // Inside a text the same abbreviation is just a word: "…in the U.S. Treasury…" is quoted whole.
    const inside = summarizeExtractive({ articles: [article(`${text.replace(/ Mr\. Biden.*$/u, '')} The U.S. Treasury said it would review the order within 90 days.`, { title: 'Biden signs cybersecurity order' })], lang: 'en' })
    assert.match([inside.summary ?? '', ...inside.cards.map((c) => c.body)].join(' '), /The U\.S\. Treasury said it would review the order within 90 days\./u)
  })

  it('a three-sentence article: all three are the summary (what a reader of the summary alone should get), no card', () => {
    const sentences = ['Acme Corp will cut 300 jobs at its Ohio plant, the company said on Monday.',
      'Acme blamed weaker demand for washing machines after two years of falling sales.',
      'The plant opened in 1987 and once employed 2,000 people.']
    const r = summarizeExtractive({ articles: [article(sentences.join(' '), { title: 'Acme to cut 300 jobs in Ohio' })], lang: 'en' })
    assert.equal(r.summary, sentences.join(' '))
    assert.deepEqual(r.cards, [])
  })

  it('a four-sentence article: a three-sentence summary and the fourth as a card (three cards cannot be made)', () => {
    const sentences = ['Acme Corp will cut 300 jobs at its Ohio plant, the company said on Monday.',
      'Acme blamed weaker demand for washing machines after two years of falling sales.',
      'The plant opened in 1987 and once employed 2,000 people.',
      '"This was a hard decision," plant manager Tom Reed told local reporters.']
    const r = summarizeExtractive({ articles: [article(sentences.join(' '), { title: 'Acme to cut 300 jobs in Ohio' })], lang: 'en' })
    assert.equal(splitSentences(r.summary!, 'en').length, 3, r.summary!)
    assert.equal(r.cards.length, 1)
    assert.deepEqual([...splitSentences(r.summary!, 'en'), ...r.cards.map((c) => c.body)].sort(), [...sentences].sort())
  })

  it('a four-sentence text whose fourth only repeats the first: the three-sentence summary, no lone card', () => {
    // Under six sentences a text promises no cards: the summary does not give its third sentence back to make one.
    const first = article(['Acme Corp will cut 300 jobs at its Ohio plant, the company said on Monday.',
      'Acme blamed weaker demand for washing machines after two years of falling sales.',
      'The plant opened in 1987 and once employed 2,000 people.'].join(' '), { title: 'Acme to cut 300 jobs in Ohio', publisher: 'Wire A' })
    const second = article('Acme Corp said on Monday it will cut 300 jobs at its Ohio plant.',
      { title: 'Acme cuts 300 Ohio jobs', publisher: 'Paper B', publishedAt: '2026-11-10T09:00:00Z' })
    const r = summarizeExtractive({ articles: [first, second], lang: 'en' })
    assert.equal(splitSentences(r.summary!, 'en').length, 3, r.summary!)
    assert.match(r.summary!, /once employed 2,000 people/u)
    assert.deepEqual(r.cards, [])
  })

  it('a five-sentence article: a three-sentence summary and the other two as cards (no sentence given back for a third)', () => {
    // Under six sentences a text promises no cards, and the summary is what the lists, search and agents read.
    const text = 'Acme Corp will cut 300 jobs at its Ohio plant, the company said on Monday. The cuts affect about a third of the plant\'s workforce. Acme blamed weaker demand for washing machines after two years of falling sales. "This was a hard decision," plant manager Tom Reed told local reporters. The plant opened in 1987 and once employed 2,000 people.'
    const r = summarizeExtractive({ articles: [article(text, { title: 'Acme to cut 300 jobs in Ohio' })], lang: 'en' })
    assert.equal(splitSentences(r.summary!, 'en').length, 3, r.summary!)
    assert.equal(r.cards.length, 2)
    assertQuotesOnly(r, [article(text)])
    assert.deepEqual([...splitSentences(r.summary!, 'en'), ...r.cards.map((c) => c.body)].sort(), [...splitSentences(text, 'en')].sort())
  })

  it('a six-sentence article: three cards, the summary giving a sentence back when that is what they take', () => {
    // The sixth sentence only restates the first: three sentences are left beside a three-sentence summary, two cards.
    const text = 'Acme Corp will cut 300 jobs at its Ohio plant, the company said on Monday. The cuts affect about a third of the plant\'s workforce. Acme blamed weaker demand for washing machines after two years of falling sales. "This was a hard decision," plant manager Tom Reed told local reporters. The plant opened in 1987 and once employed 2,000 people. Acme said on Monday it will cut 300 jobs at the Ohio plant.'
    const r = summarizeExtractive({ articles: [article(text, { title: 'Acme to cut 300 jobs in Ohio' })], lang: 'en' })
    assert.equal(r.cards.length, 3, JSON.stringify(r.cards))
    assert.equal(splitSentences(r.summary!, 'en').length, 2, r.summary!)
    assertQuotesOnly(r, [article(text)])
  })

  it('plain sentences with nothing distinctive still make three cards, under neutral headings', () => {
    const text = ['The library on Elm Street reopened its reading room to the public after a long renovation project.',
      'Visitors can now borrow books from the ground floor and use the study desks upstairs.',
      'The children\'s section moved to a brighter room facing the park across the road.',
      'Volunteers helped librarians carry the books back from storage over several weekends.',
      'The café in the lobby is run by a local bakery and serves soup and sandwiches.',
      'Parking remains limited, so the library asks visitors to come by bus or bicycle when they can.',
      'Local schools have asked for guided tours for their pupils this term.'].join(' ')
    const r = summarizeExtractive({ articles: [article(text, { title: 'Elm Street library reopens its reading room' })], lang: 'en' })
    assert.ok(r.cards.length >= MIN_CARDS, JSON.stringify(r.cards))
    const neutral = new Set([HEADINGS.happened.en, HEADINGS.details.en, HEADINGS.more.en, HEADINGS.also.en, HEADINGS.next.en])
    for (const c of r.cards) assert.ok(neutral.has(c.heading), c.heading)
    assert.equal(new Set(r.cards.map((c) => c.heading)).size, r.cards.length)
  })

  it('a run-on text without punctuation is not cut into a clipped summary', () => {
    const text = 'word '.repeat(2000)
    const r = summarizeExtractive({ articles: [article(text, { title: 'Run-on' })], lang: 'en' })
    assert.equal(r.summary, null)
    assert.deepEqual(r.cards, [])
    assert.equal(r.headline, 'Run-on')
  })

  it('no text at all: no summary, no cards, the title as headline', () => {
    const r = summarizeExtractive({ articles: [article('', { title: 'Breaking: markets fall' })], lang: 'en' })
    assert.equal(r.summary, null)
    assert.deepEqual(r.cards, [])
    assert.equal(r.headline, 'Breaking: markets fall')
  })

  it('no title: the headline is the first summary sentence', () => {
    const r = summarizeExtractive({ articles: [article('Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.', { title: '' })], lang: 'en' })
    assert.equal(r.headline, 'Acme Corp said on Monday it would cut 300 jobs at its plant in Ohio.')
  })
})

const FOREIGN: Record<Exclude<Language, 'en'>, SourceArticle> = {
  es: article(`MADRID, 14 nov (EFE).- La cadena de supermercados Frescor abrirá 40 nuevas tiendas en Portugal el próximo año, según ha anunciado la compañía.
La inversión prevista asciende a 120 millones de euros y creará unos 1.500 empleos.
"Portugal es nuestro mercado natural de crecimiento", dijo su consejero delegado, Luis Marín.
Frescor ya cuenta con 25 tiendas en el país vecino, la mayoría en Lisboa y Oporto.
La empresa, fundada en 1978 en Valladolid, facturó 3.200 millones de euros el año pasado.
El plan supone la mayor expansión internacional de su historia.
Suscríbete a nuestro boletín para recibir las noticias por correo.`, { lang: 'es', title: 'Frescor abrirá 40 tiendas en Portugal | El Observador', publisher: 'El Observador' }),
  fr: article(`PARIS (AFP) - Le groupe de transport Ferlane va recruter 3 000 conducteurs de bus d'ici à la fin de l'année prochaine.
Pour attirer des candidats, l'entreprise financera entièrement le permis et augmentera les salaires d'entrée de 6 %.
« Nous manquons de chauffeurs depuis la pandémie », a expliqué la directrice des ressources humaines, Claire Morel.
Le secteur compte environ 10 000 postes non pourvus en France.
Ferlane avait déjà relevé ses salaires l'an dernier, sans réussir à combler tous les postes.
Les premières formations débuteront en janvier à Lyon et à Lille.
Tous droits réservés.`, { lang: 'fr', title: 'Ferlane recrute 3 000 conducteurs - Le Courrier', publisher: 'Le Courrier' }),
  de: article(`BERLIN — Der Lieferdienst Blitzkorb expandiert nach Wien, Graz und Zürich.
Es ist der erste Markteintritt des Unternehmens außerhalb Deutschlands.
Blitzkorb hat die Zahl der Bestellungen pro Kunde im vergangenen Jahr um 30 Prozent gesteigert.
„Österreich und die Schweiz sind für uns der natürliche nächste Schritt“, sagte Gründerin Lena Vogt.
Das Unternehmen wurde 2019 in Berlin gegründet und beschäftigt 1.200 Menschen.
Im kommenden Jahr soll auch München dazukommen.
Alle Rechte vorbehalten.`, { lang: 'de', title: 'Blitzkorb startet in Österreich und der Schweiz', publisher: 'Wirtschaftsblatt' }),
  it: article(`MILANO (ANSA) - La catena di palestre FitNova aprirà 25 nuovi club in Italia entro l'estate.
Gli iscritti hanno superato quota 400.000, in crescita del 35% in un anno.
"Vogliamo portare lo sport sotto casa di tutti", ha detto l'amministratore delegato Marco Neri.
L'azienda è stata fondata nel 2015 a Bologna e finora ha aperto solo in Italia.
Nel 2027 FitNova sbarcherà anche in Spagna.
Il fatturato del gruppo è salito a 90 milioni di euro nel 2025.
Riproduzione riservata.`, { lang: 'it', title: 'FitNova apre 25 nuovi club', publisher: 'Il Corriere' }),
  pt: article(`A varejista Casa Lume vai adotar a semana de quatro dias para os 900 funcionários da sede administrativa, sem redução de salário.
A decisão vem após um teste de seis meses em que a produtividade se manteve.
"Os resultados do teste foram melhores do que esperávamos", disse a diretora de pessoas, Ana Prado.
Os pedidos de demissão caíram 40% durante o período de teste.
A empresa foi fundada em 1992 e tem 120 lojas no Sul do país.
As lojas devem entrar no programa a partir do próximo ano.
Leia também: Empresas testam jornadas mais curtas`, { lang: 'pt', title: 'Casa Lume adota semana de quatro dias', publisher: 'Jornal do Mercado' }),
  ja: article(`【東京=共同】丸菱物産は12日、2025年度の純利益が前年度比18%増の4200億円になったと発表した。
資源価格の上昇が利益を押し上げた。
社長は「成長投資を加速する。」と述べた。
同社は来年度から3年間で1兆円を投資する計画だ。
投資の多くは再生可能エネルギーと食品事業に充てる。
同社は1950年に設立され、これまで資源事業が利益の半分を占めてきた。
無断転載を禁じます。`, { lang: 'ja', title: '丸菱物産、純利益18%増 - 東京経済新聞', publisher: '東京経済新聞' }),
  ko: article(`(서울=연합뉴스) 김민수 기자 = 배달앱 '한입'이 도쿄와 오사카에서 서비스를 시작하며 일본 시장에 진출했다.
회사는 현지 음식점 3천 곳과 제휴를 맺었다고 밝혔다.
국내 가입자는 800만 명을 돌파했으며 지난해 매출은 1천200억 원이었다.
대표는 "일본은 가장 중요한 해외 시장"이라고 말했다.
회사는 2018년 서울에서 설립됐다.
내년에는 대만 진출도 계획하고 있다.
무단전재 및 재배포 금지.`, { lang: 'ko', title: '배달앱 한입, 일본 진출', publisher: '연합뉴스' }),
  ar: article(`دبي (رويترز) - أعلنت شركة الخليج للطيران عن أرباح صافية بلغت 1.2 مليار درهم في الربع الثالث، بزيادة 25 في المئة عن العام الماضي.
وقال الرئيس التنفيذي إن الطلب على السفر ما زال قويا.
وتخطط الشركة لإضافة 12 طائرة جديدة إلى أسطولها العام المقبل.
وارتفع عدد المسافرين إلى 9 ملايين مسافر خلال الفترة.
وكانت الشركة قد تأسست في عام 1985 وتعمل حاليا في 60 مدينة.
وبلغت إيرادات الشركة 6.4 مليار درهم خلال الربع.
جميع الحقوق محفوظة.`, { lang: 'ar', title: 'أرباح الخليج للطيران ترتفع 25 في المئة', publisher: 'رويترز' }),
}

describe('summarizeExtractive: every language', () => {
  for (const [lang, source] of Object.entries(FOREIGN) as [Exclude<Language, 'en'>, SourceArticle][]) {
    it(`${lang}: localized headings, quotes only, boilerplate and dateline gone, 3–5 cards`, () => {
      const r = summarizeExtractive({ articles: [source], lang })
      assert.equal(r.lang, lang)
      assert.ok(r.summary && r.summary.length <= SUMMARY_MAX_CHARS[lang], r.summary ?? '')
      const sentences = splitSentences(r.summary, lang)
      assert.ok(sentences.length >= 2 && sentences.length <= 4, r.summary)
      assertQuotesOnly(r, [source])
      assert.ok(r.cards.length >= MIN_CARDS && r.cards.length <= MAX_CARDS, `${r.cards.length} cards`)
      const local = new Set(Object.values(HEADINGS).map((h) => h[lang]))
      for (const card of r.cards) assert.ok(local.has(card.heading), `${card.heading} is not a ${lang} heading`)
      const all = [r.summary, ...r.cards.map((c) => c.body)].join(' ')
      assert.doesNotMatch(all, /Suscríbete|droits réservés|Rechte vorbehalten|Riproduzione|Leia também|無断転載|무단전재|الحقوق محفوظة/)
      assert.doesNotMatch(all, /\((EFE|AFP|ANSA)\)|BERLIN —|【|연합뉴스|رويترز/)
      assert.deepEqual(summarizeExtractive({ articles: [source], lang }), r)
    })
  }

  it('ja: the headline loses the publisher suffix; a quoted 。」 stays inside its sentence', () => {
    const r = summarizeExtractive({ articles: [FOREIGN.ja], lang: 'ja' })
    assert.equal(r.headline, '丸菱物産、純利益18%増')
    const said = r.cards.find((c) => c.body.includes('「成長投資を加速する。」'))
    assert.ok(said, JSON.stringify(r.cards))
    assert.equal(said.body, '社長は「成長投資を加速する。」と述べた。')
    assert.equal(said.heading, HEADINGS.quotes.ja)
  })

  it('ar: future and background sentences get their headings', () => {
    const r = summarizeExtractive({ articles: [FOREIGN.ar], lang: 'ar' })
    const headings = new Map(r.cards.map((c) => [c.heading, c.body]))
    assert.match(headings.get(HEADINGS.next.ar) ?? '', /تخطط/)
    assert.match(headings.get(HEADINGS.background.ar) ?? '', /تأسست/)
  })

  it('has a heading for every theme in all nine languages', () => {
    for (const theme of THEMES) for (const lang of LANGUAGES) assert.ok(HEADINGS[theme][lang].length > 0, `${theme}/${lang}`)
  })
})

describe('boilerplate', () => {
  const junk = [
    'Sign up for our newsletter to get the best stories in your inbox.', 'Read more: The ten best laptops', 'All rights reserved.',
    '© 2026 Example Media', 'Photo: Jane Doe/Reuters', 'By Jane Doe and John Smith', 'Reporting by Jane Doe; Editing by Tom Lee',
    '(Additional reporting by Ana Ruiz in Madrid; Writing by Tom Lee)', 'Compiled by the news desk.',
    'The post Ten tips appeared first on Example Blog.', '5 min read', 'Advertisement', 'Lire aussi : la réforme des retraites',
    'Lesen Sie auch: Die besten Aktien', 'Suscríbete a nuestro boletín', 'Iscriviti alla nostra newsletter gratuita',
    'Leia também: Bolsa sobe', '関連記事：決算まとめ', '무단전재 및 재배포 금지', 'جميع الحقوق محفوظة',
    'Here’s what you need to know about the child tax credit, including whether you’re eligible.',
    "Here's why that matters for your mortgage.", 'Here are the key fires burning in the West:', 'Read on to find out how.',
    'Privacy Policy', 'By using this site, you agree to our Terms of Service.', 'We use cookies to improve your experience.',
    'Download our app for the latest news.', 'Get the app', 'Photo by John Smith/Getty Images', 'Image copyright Getty Images',
    'Getty Images', '(AP Photo/Evan Vucci)', 'Subscribe now for unlimited digital access.', 'Get unlimited access to our journalism for $1.',
    '写真：ロイター', '写真＝共同', '【写真】', '（写真：AP）', '写真はイメージです。', '広告', '掲載記事の著作権は東京経済新聞社に帰属します。', '無料会員登録はこちら',
    '続きを読むには会員登録が必要です。', '<저작권자(c) 연합뉴스, 무단 전재-재배포 금지>', '저작권자 ⓒ 한국경제', '구독하기', 'المصدر: رويترز',
    'الصورة: أ ف ب', 'اشترك في النشرة البريدية', 'Abbonati alla newsletter del mattino', 'Photo - Jane Doe', 'Foto - EFE',
    'Bild: dpa', 'Video: Highlights',
  ]
  for (const s of junk) it(`drops "${s}"`, () => assert.ok(isBoilerplate(s)))

  const news = [
    'The company said it would publish a newsletter for investors every quarter.',
    'By 2027, the plant will employ 800 people.', 'Reuters reported the deal on Monday, citing three sources.',
    'Photographers and designers were among the first to use the tool.',
    'Here, the company employs 800 people.', 'He told investors what the plant would cost.',
    'More than 180 people were killed in shootings over the holiday weekend, according to data compiled by the Gun Violence Archive.',
    'The senator resigned on Friday after reporting by The Washington Post on his campaign finances.',
    // A business and technology service reports on the companies and terms its boilerplate names.
    'WhatsApp said its new privacy policy would take effect on May 15 despite the backlash.',
    'The regulator said Meta changed its terms of service without telling users.',
    'Getty Images agreed to go public through a merger with a blank-check company.',
    'Shutterstock shares rose 5% after the company raised its forecast.', 'Users can download the app from Monday in 40 countries.',
    'Subscribers to the premium tier get unlimited access to the catalogue for $9.99 a month.',
    'Voters who register by Friday will receive updates by e-mail about polling places.',
    // The same in the other languages: the words of a label or a notice open or carry news.
    '広告大手の電通は、純利益が18%増えたと発表した。', '写真共有アプリのインスタグラムは新機能を発表した。', '画像生成AIの市場は急拡大している。',
    'AI生成物の著作権は誰に帰属するのか、議論が続いている。', '会員登録数は100万人を突破した。', '出典を明記しない引用が問題となった。',
    '저작권자들이 오픈AI를 상대로 소송을 제기했다.', '구독하기 버튼을 없앤 뒤 가입자가 늘었다.', 'المصدر أكد أن الشركة ستعلن نتائجها غدا.',
    'الصورة الكاملة للصفقة لم تتضح بعد.', 'تصوير الفيلم بدأ في دبي الشهر الماضي.', 'دعت الشركة المستثمرين للاشتراك في الطرح العام الأولي.',
    'Netflix ha guadagnato 8 milioni di abbonati, ha detto nella newsletter agli investitori.',
    // A label's word joined by a hyphen is a compound, not a label.
    'Credit-card spending rose 4% in March.', 'Video-streaming service Roku cut 200 jobs.',
    'Photo-sharing app Instagram said it would test hiding likes.', 'Source-code leaks have hit three game studios this year.',
    'Bild-Chefredakteur Julian Reichelt muss gehen.',
  ]
  for (const s of news) it(`keeps "${s}"`, () => assert.ok(!isBoilerplate(s)))

  it('knows a feed\'s "first published" footer as a whole paragraph, whatever punctuation the title it quotes holds', () => {
    const footers = [
      'The post U.S. To Give 60 Million Doses Of Vaccine To Other Countries appeared first on Example News.',
      'The post Black moms are more likely to die in childbirth. Will Congress do anything about it? appeared first on Example.',
      'La entrada ¿Subirá el BCE los tipos? se publicó primero en Diario Ejemplo.',
      'Der Beitrag Kestrel streicht 4.000 Stellen. Was nun? erschien zuerst auf Beispiel Online.',
    ]
    for (const f of footers) assert.ok(isFeedFooter(f), f)
    const paragraph = 'Police said the clip was genuine. The video appeared first on TikTok, where it was viewed 3 million times.'
    assert.ok(!isFeedFooter(paragraph), 'a paragraph of news that mentions where something appeared first')
    // Before: "The post Black moms are more likely to die in childbirth." was quoted as a sentence.
    const r = summarizeExtractive({ articles: [article(`${SOLENNE.text}\n${footers[1]}`, { title: SOLENNE.title })], lang: 'en' })
    assert.doesNotMatch([r.summary ?? '', ...r.cards.map((c) => c.body)].join(' '), /The post|childbirth|appeared first/u)
  })

  it('splits a pattern into its top-level alternatives only', () => {
    assert.deepEqual(topLevelAlternatives(String.raw`\ba (b|c)\b|[|]x|\|y|(?:d|e)`), [String.raw`\ba (b|c)\b`, '[|]x', String.raw`\|y`, '(?:d|e)'])
  })

  it('answers as each pattern tested on its own would, however the alternation is built', () => {
    const reference = (sentence: string) => {
      const s = sentence.trim()
      return ANYWHERE.some((re) => new RegExp(re.source, 'i').test(s)) || AT_START.some((re) => new RegExp(re.source, 'i').test(s))
    }
    const sentences = [...junk, ...news].flatMap((s) => [s, `Shares rose. ${s}`, s.toUpperCase(), `x${s}`])
    for (const s of sentences) assert.equal(matchesBoilerplateLists(s.trim()), reference(s), s)
    assert.ok(sentences.some((s) => reference(s)) && sentences.some((s) => !reference(s)))
    // A word-start pattern does not match inside a word ("resign up" is no "sign up"), as before.
    assert.ok(!isBoilerplate('They will resign upon review of the newsletters.'))
  })

  it('strips datelines, keeping the sentence', () => {
    assert.equal(stripDateline('LONDON (Reuters) - Shares rose on Monday after the results.'), 'Shares rose on Monday after the results.')
    assert.equal(stripDateline('NEW YORK, Nov 14 (Reuters) - Oil prices fell for a third day.'), 'Oil prices fell for a third day.')
    assert.equal(stripDateline('MADRID, 14 nov (EFE).- El paro bajó en octubre por tercer mes.'), 'El paro bajó en octubre por tercer mes.')
    assert.equal(stripDateline('BERLIN — Der Umsatz stieg im dritten Quartal deutlich.'), 'Der Umsatz stieg im dritten Quartal deutlich.')
    assert.equal(stripDateline('(서울=연합뉴스) 김민수 기자 = 회사는 신제품을 발표했다고 밝혔다.'), '회사는 신제품을 발표했다고 밝혔다.')
    assert.equal(stripDateline('【ワシントン=共同】米政府は新たな関税を発表した。'), '米政府は新たな関税を発表した。')
    assert.equal(stripDateline('دبي (رويترز) - ارتفعت الأسهم في البورصة اليوم.'), 'ارتفعت الأسهم في البورصة اليوم.')
    assert.equal(stripDateline('Acme (NYSE: ACM) said revenue rose.'), 'Acme (NYSE: ACM) said revenue rose.')
  })
})

describe('cleanTitle', () => {
  const rows: [string, string, string][] = [
    ['Veltrix to buy Pallo - Reuters', 'Reuters', 'Veltrix to buy Pallo'],
    ['Veltrix to buy Pallo | Markets | The Operator', 'The Operator', 'Veltrix to buy Pallo'],
    ['UPDATE 2-Veltrix to buy Pallo for $1.2 bln', 'Reuters', 'Veltrix to buy Pallo for $1.2 bln'],
    ['Veltrix to buy Pallo — The Operator', 'The Operator', 'Veltrix to buy Pallo'],
    ['The Operator: Veltrix to buy Pallo', 'The Operator', 'Veltrix to buy Pallo'],
    ['Veltrix to buy Pallo - example.com', 'Example', 'Veltrix to buy Pallo'],
    ['Work-life balance - what employees really want', 'Talent Desk', 'Work-life balance - what employees really want'],
    ['Markets rally on rate hopes | Site', 'Site', 'Markets rally on rate hopes'],
    ['Short | Site', 'Site', 'Short | Site'],
    ['丸菱物産、純利益18%増 - 東京経済新聞', '東京経済新聞', '丸菱物産、純利益18%増'],
  ]
  for (const [title, publisher, expected] of rows) it(`"${title}"`, () => assert.equal(cleanTitle(title, publisher), expected))
})
