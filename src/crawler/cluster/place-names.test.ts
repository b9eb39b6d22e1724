import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle } from './assign-cluster.ts'
import { fingerprintArticle, type ClusterArticle } from './fingerprint.ts'
import { placeName } from './place-names.ts'
import { windowOfOtherNews } from './testdata/news-window.ts'

describe('a country is one name in every language', () => {
  it('maps a country\'s name in the article\'s language to its English form', () => {
    assert.equal(placeName('espana', 'es'), 'spain')
    assert.equal(placeName('spanien', 'de'), 'spain')
    assert.equal(placeName('espagne', 'fr'), 'spain')
    assert.equal(placeName('giappone', 'it'), 'japan')
    assert.equal(placeName('alemanha', 'pt'), 'germany')
    // English news says Turkey, whatever the locale data calls it.
    assert.equal(placeName('turquia', 'es'), 'turkey')
    // South Korea's telling word; North Korea is another country.
    assert.equal(placeName('sudkorea', 'de'), 'korea')
    assert.equal(placeName('nordkorea', 'de'), 'nordkorea')
  })

  it('maps the acronyms of a few international bodies', () => {
    assert.equal(placeName('bce', 'fr'), 'ecb')
    assert.equal(placeName('ezb', 'de'), 'ecb')
    assert.equal(placeName('otan', 'es'), 'nato')
  })

  it('leaves every other word, and other languages\' names, as they are', () => {
    assert.equal(placeName('madrid', 'es'), 'madrid')
    assert.equal(placeName('portugal', 'es'), 'portugal')
    // "Chine" is China in French only; an English text means something else by it.
    assert.equal(placeName('chine', 'fr'), 'china')
    assert.equal(placeName('chine', 'en'), 'chine')
    assert.equal(placeName('espana', null), 'espana')
    assert.equal(placeName('espana', 'xx'), 'espana')
    // A country's name that is as often a city or a person: Granada the city, Maurice Lévy.
    assert.equal(placeName('granada', 'es'), 'granada')
    assert.equal(placeName('maurice', 'fr'), 'maurice')
  })

  it('gives two languages\' headlines the same names', () => {
    const at = '2026-04-28T12:00:00Z'
    const es = fingerprintArticle({ title: 'Un apagón masivo deja sin luz a España y Portugal', teaserText: 'Un apagón masivo dejó sin luz a millones de hogares en España y Portugal el lunes.', fullText: null, language: 'es', publishedAt: at, publisherId: 'es' }, Date.parse(at))
    const en = fingerprintArticle({ title: 'Massive power cut hits Spain and Portugal', teaserText: 'A massive power cut left millions of homes in Spain and Portugal without electricity on Monday.', fullText: null, language: 'en', publishedAt: at, publisherId: 'en' }, Date.parse(at))
    assert.ok(es.titleNames.includes('spain') && es.titleNames.includes('portugal'), es.titleNames.join(', '))
    assert.ok(en.titleNames.includes('spain') && en.titleNames.includes('portugal'), en.titleNames.join(', '))
  })
})

describe('reports of one event in two languages', () => {
  const T0 = Date.UTC(2026, 6, 14, 6)
  const H = 3_600_000

  const article = (hours: number, language: string, publisherId: string, title: string, text: string): ClusterArticle => ({
    title, teaserText: text.split('\n')[0]!, fullText: text, language, publishedAt: new Date(T0 + hours * H).toISOString(), publisherId,
  })

  const ENGLISH = article(0, 'en', 'wire', 'Floods in Austria and Slovenia force thousands from their homes',
    'Heavy rain flooded towns across Austria and Slovenia on Tuesday, forcing 3,400 people from their homes.\nRescue services in both countries said rivers had burst their banks overnight.')

  /** A French report of floods in `countries` ("Autriche et en Slovénie"), three hours after the English one. */
  const frenchFloods = (countries: string) => article(3, 'fr', 'quotidien', `Inondations en ${countries} : des milliers d'habitants évacués`,
    `De fortes pluies ont inondé mardi des villes entières en ${countries}, obligeant 3 400 habitants à quitter leur logement.\nLes secours des deux pays ont signalé des rivières sorties de leur lit pendant la nuit.`)

  /** The English report's story, the French one's, and why the French one went where it did. */
  function storiesOf(french: ClusterArticle): { en: string; fr: string; reason: string } {
    const index = windowOfOtherNews(T0)
    const en = clusterArticle(ENGLISH, 'en', 'story-en', { index, now: T0 + H })
    const fr = clusterArticle(french, 'fr', 'story-fr', { index, now: T0 + 4 * H })
    return { en: index.get(en.clusterId)!.id, fr: index.get(fr.clusterId)!.id, reason: fr.reason }
  }

  it('a French report joins an English one when each names the countries in its own language', () => {
    const got = storiesOf(frenchFloods('Autriche et en Slovénie'))
    assert.equal(got.fr, got.en, got.reason)
  })

  it('floods in two other countries the same day stay another story', () => {
    const got = storiesOf(frenchFloods('Pologne et en Tchéquie'))
    assert.notEqual(got.fr, got.en, got.reason)
  })
})
