/**
 * The clustering rules of issue 12 on small cases: a cross-language pair joins through names and figures, a hard
 * negative (one company, two events in one week) stays apart, a dropped company suffix is no contradiction, and a
 * backlog read at once clusters by the articles' own publication times.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assignCluster, clusterArticle } from './assign-cluster.ts'
import { ClusterIndex } from './cluster-state.ts'
import { extractEntities } from './entities.ts'
import { fingerprintArticle, type ClusterArticle } from './fingerprint.ts'
import { comparePair } from './similarity.ts'

const NOW = Date.parse('2026-11-20T12:00:00Z')
const H = 3_600_000

function article(title: string, text: string, language: string, hoursAgo: number, publisherId: string): ClusterArticle {
  return { title, teaserText: text.slice(0, 600), fullText: text.length > 600 ? text : null, language, publishedAt: new Date(NOW - hoursAgo * H).toISOString(), publisherId }
}

function cluster(articles: Array<[string, ClusterArticle]>): Map<string, string> {
  const index = new ClusterIndex()
  const out = new Map<string, string>()
  for (const [id, a] of articles) out.set(id, clusterArticle(a, id, id, { index, now: NOW }).clusterId)
  return out
}

const EARNINGS_EN = article('Marlowe Foods beats forecasts as quarterly sales rise 7.4%',
  'Marlowe Foods reported third-quarter sales of $2.35 billion on Tuesday, up 7.4% from a year earlier, helped by higher prices for its frozen meals. Net profit rose to $318 million. The company raised its full-year outlook.', 'en', 30, 'wire')
const EARNINGS_DE = article('Marlowe hebt Prognose nach starkem Quartal an',
  'Der US-Lebensmittelkonzern Marlowe Foods hat im dritten Quartal 2,35 Milliarden Dollar umgesetzt, 7,4 Prozent mehr als vor einem Jahr. Der Nettogewinn stieg auf 318 Millionen Dollar.', 'de', 28, 'zeitung')
const CEO_LEAVES = article('Marlowe Foods chief executive Dana Whitcombe to step down',
  'Dana Whitcombe will step down as chief executive of Marlowe Foods at the end of the year after nine years, the company said on Thursday. The board has started a search for a successor.', 'en', 10, 'daily')

describe('clustering evidence', () => {
  it('joins coverage of one event in two languages through names and figures', () => {
    const got = cluster([['en', EARNINGS_EN], ['de', EARNINGS_DE]])
    assert.equal(got.get('de'), 'en')
  })

  it('says in its log line why a close story in its own language may not be joined: nothing shared (not "across languages")', () => {
    const index = new ClusterIndex()
    const quake = article('Strong earthquake shakes northern region overnight', 'A strong earthquake shook the northern region overnight, damaging roads and homes.', 'en', 5, 'wire')
    clusterArticle(quake, 'quake', 'quake', { index, now: NOW })
    const other = assignCluster(article('Powerful earthquake rattles eastern province', 'A powerful earthquake rattled the eastern province on Monday, officials said, and schools were closed.', 'en', 2, 'daily'), { index, now: NOW })
    assert.equal(other.clusterId, null)
    assert.match(other.reason, /\(no shared name, specific figure or alike text\)$/u)
  })

  it('keeps a hard negative apart: one company, results and its chief executive leaving, in one week', () => {
    const got = cluster([['en', EARNINGS_EN], ['de', EARNINGS_DE], ['ceo', CEO_LEAVES]])
    assert.equal(got.get('ceo'), 'ceo')
  })

  it('a dropped company suffix is the same entity', () => {
    assert.deepEqual(extractEntities('Shares in Corvane Motors rose. Analysts said Corvane would gain.'), [['corvane'], ['corvane']].slice(0, 1))
    assert.deepEqual(extractEntities('The Bank of England held rates.'), [['england']])
  })

  it('clusters a backlog read at once: the 72 h window runs between publication times, not from now', () => {
    // Both published five days before the crawl that reads them; 90 minutes apart.
    const a = article('Kessington port workers strike over pay, 38 ships wait',
      'About 1,850 workers at the port of Kessington walked out on Monday over a pay offer of 6.5%. The union wants 11.5% over two years.', 'en', 120, 'a')
    const b = article('Huelga en el puerto de Kessington: 38 buques esperan',
      'Unos 1.850 trabajadores del puerto de Kessington iniciaron una huelga por una oferta salarial del 6,5 %; el sindicato pide un 11,5 %.', 'es', 118.5, 'b')
    const got = cluster([['a', a], ['b', b]])
    assert.equal(got.get('b'), 'a')
    // The same two a week apart (one inside the crawler's backlog, one a week older) stay apart.
    const late = { ...b, publishedAt: new Date(NOW - 10 * H).toISOString() }
    assert.equal(cluster([['a', { ...a, publishedAt: new Date(NOW - 165 * H).toISOString() }], ['late', late]]).get('late'), 'late')
  })

  it('across languages, two names shared by both headlines pass the rule without a third name or a figure; the model then decides', () => {
    const en = fingerprintArticle(article('Sunvale picks Portugal for solar panel gigafactory',
      'Sunvale Solar will build its first European gigafactory near Sines, on the Atlantic coast, the company said on Monday.', 'en', 20, 'wire'), NOW)
    const de = fingerprintArticle(article('Sunvale baut Solarfabrik in Portugal',
      'Der Solarkonzern Sunvale errichtet seine erste europäische Fabrik in Portugal.', 'de', 18, 'zeitung'), NOW)
    assert.equal(comparePair(de, en).rule, 'cross-language')
    // One shared headline name is not enough.
    const es = fingerprintArticle(article('Sunvale construirá una fábrica en España',
      'La empresa Sunvale construirá una fábrica de paneles solares en España.', 'es', 18, 'diario'), NOW)
    assert.equal(comparePair(es, en).rule, null)
  })

  it('across languages, the same two names in another event stay apart: the chief executive leaving is not the results', () => {
    const ceoDe = article('Marlowe Foods: Chefin Dana Whitcombe tritt zurück',
      'Dana Whitcombe gibt zum Jahresende den Vorstandsvorsitz von Marlowe Foods ab, teilte das Unternehmen am Donnerstag mit. Der Aufsichtsrat sucht eine Nachfolge.', 'de', 10, 'zeitung2')
    const got = cluster([['en', EARNINGS_EN], ['ceo', ceoDe]])
    assert.equal(got.get('ceo'), 'ceo')
  })
})
