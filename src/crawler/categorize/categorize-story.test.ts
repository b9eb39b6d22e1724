import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { categorize, categorizeStory } from './categorize.ts'
import { evidenceText } from './evidence-text.ts'

describe('a story\'s topic', () => {
  it('words inside proper names and attribution phrases are not evidence', () => {
    assert.equal(evidenceText('Pemberton Brands will close its bakery, the chief executive said.', 'en').includes('Brands'), false)
    assert.equal(evidenceText('Talks with the European Union stalled.', 'en').includes('Union'), false)
    assert.equal(evidenceText('La planta cerrará, dijo el consejero delegado.', 'es').includes('consejero'), false)
    assert.equal(evidenceText('Die Halvorsen Bank schließt 85 Filialen.', 'de').includes('Bank'), false)
    const closure = {
      title: 'Pemberton Brands to close its Leeds bakery',
      text: 'Pemberton Brands will close its bakery in Leeds in March and move production of its biscuits to its plant in Wakefield, the chief executive said. The plant employs 240 people.',
      lang: 'en', publisherTopic: null,
    }
    // Read with the names and the attribution, the quote of the chief executive makes it a leadership story.
    assert.notEqual(categorize(closure).topic, 'operations')
    assert.equal(categorizeStory([closure]).topic, 'operations')
  })

  it('is scored from all the story\'s articles, whichever came first', () => {
    const teaser = { title: 'Kelso Group shares', text: 'Kelso Group shares moved on Tuesday.', lang: 'en', publisherTopic: 'finance' as const }
    const layoffs = {
      title: 'Kelso Group to cut 900 jobs', text: 'Kelso Group will cut 900 jobs and offer voluntary redundancy to staff at three sites; unions said they would ballot members over the layoffs.',
      lang: 'en', publisherTopic: 'business' as const,
    }
    const redundancies = {
      title: 'Kelso streicht 900 Stellen', text: 'Der Konzern Kelso baut 900 Stellen ab. Die Gewerkschaft kündigte Widerstand gegen Entlassungen an; Betriebsrat und Belegschaft sind empört.',
      lang: 'de', publisherTopic: 'business' as const,
    }
    assert.equal(categorizeStory([teaser, layoffs, redundancies]).topic, 'people')
    assert.equal(categorizeStory([layoffs, teaser, redundancies]).topic, 'people')
  })
})

describe('a story\'s topic follows the written scope (docs/topics.md)', () => {
  const en = (title: string, text: string, publisherTopic: 'business' | 'finance' | 'operations' | null = null) => ({ title, text, lang: 'en', publisherTopic })

  it('a company\'s results and its listing are business, even from a markets desk', () => {
    const results = en('Harlan Foods beats forecasts as third-quarter revenue rises 5%',
      'Harlan Foods reported third-quarter revenue up 5% and raised its full-year profit forecast. Its shares rose 4% in early trading.', 'finance')
    assert.equal(categorizeStory([results]).topic, 'business')
    const listing = { title: 'Stellwerk legt Börsengang hin', text: 'Der Börsengang von Stellwerk brachte 620 Millionen Euro; die Aktie stieg am ersten Handelstag um neun Prozent.', lang: 'de', publisherTopic: 'finance' as const }
    assert.equal(categorizeStory([listing]).topic, 'business')
  })

  it('a share-price reaction alone does not make a story finance', () => {
    const recall = en('Kelso recalls 30,000 kettles', 'Kelso is recalling 30,000 kettles from its plant in Derby over a wiring fault. Its shares fell 2%.', null)
    assert.equal(categorizeStory([recall]).topic, 'operations')
  })

  it('a strike is people even when what it stops is a port', () => {
    const strike = en('Dockworkers walk out at Port Calder', 'Dockworkers at Port Calder began a strike over pay on Monday, leaving container ships queuing at anchor and freight piling up.', 'operations')
    assert.equal(categorizeStory([strike]).topic, 'people')
  })

  it('a deal is business whoever makes it, a bank\'s rates and fines finance', () => {
    const disposal = en('Tallis sells life-insurance arm for £700m', 'Tallis Insurance has agreed to sell its closed life-insurance book to a buyer for £700 million.', 'finance')
    assert.equal(categorizeStory([disposal]).topic, 'business')
    const fine = en('Regulator fines payments firm', 'The financial regulator fined payments firm Payvio £12 million over weak money-laundering checks on customer accounts.', 'business')
    assert.equal(categorizeStory([fine]).topic, 'finance')
  })

  it('named days are evidence, and a role written as a person\'s title is not', () => {
    assert.ok(evidenceText('Talks resume on Friday; Black Friday orders fell.', 'en').includes('Black Friday'))
    assert.equal(evidenceText('The group will be led by chief executive Erik Lund.', 'en').includes('chief executive'), false)
    assert.ok(evidenceText('Kelso names Ann Bell as its new chief executive.', 'en').includes('chief executive'))
    const merger = en('Norvik and Castellan agree to merge', 'Norvik and Castellan agreed to merge in an all-share deal; the group will be led by Norvik chief executive Erik Lund.', 'finance')
    assert.equal(categorizeStory([merger]).topic, 'business')
  })

  it('a data breach is data-ai, though hackers did it', () => {
    const breach = en('Hackers stole data of 2 million customers', 'Hackers stole names, addresses and bank details of 2 million customers in a breach of the retailer\'s systems, the company said.', null)
    assert.equal(categorizeStory([breach]).topic, 'data-ai')
  })

  it('German compounds count and "Produktion" is no product', () => {
    const strike = { title: 'Pilotenstreik bei Kestrel', text: 'Der Pilotenstreik legt den Flugbetrieb lahm.', lang: 'de', publisherTopic: 'finance' as const }
    assert.equal(categorizeStory([strike]).topic, 'people')
    const fire = { title: 'Drakenfeld stoppt Produktion nach Brand', text: 'Nach einem Brand im Werk steht die Produktion still.', lang: 'de', publisherTopic: 'business' as const }
    assert.equal(categorizeStory([fire]).topic, 'operations')
  })
})
