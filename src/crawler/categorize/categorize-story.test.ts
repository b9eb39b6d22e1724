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
