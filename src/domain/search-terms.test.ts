import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { joinAbbreviations, parseSearchTerms, toIndexText } from './search-terms.ts'

const M = '\ue000'
const keywords = (q: string, lang: 'en' | 'es' | 'ja' = 'en') => parseSearchTerms(q, lang).terms.map((t) => t.keyword)

describe('search terms', () => {
  it('splits on anything that is not a letter or digit, lower-cases, and drops repeats', () => {
    assert.deepEqual(keywords('Chip-Export "NEAR(xy)" 2026! chip'), ['chip', 'export', 'near', 'xy', '2026'])
    assert.deepEqual(parseSearchTerms('"(*)"', 'en'), { terms: [], dropped: [], keywords: 0 })
  })

  it('keeps accented letters for the index tokenizer to fold, and folds full-width forms', () => {
    assert.deepEqual(keywords('Zürich ＡＩ'), ['zürich', 'ai'])
  })

  it('matches keywords of four or more letters as prefixes, shorter ones as whole words, both also by stem', () => {
    assert.deepEqual(parseSearchTerms('semiconductors', 'en').terms[0]!.anyOf, [
      { text: 'semiconductors', prefix: true }, { text: 'semiconductor', prefix: false }, { text: `${M}semiconductor`, prefix: false },
    ])
    assert.deepEqual(parseSearchTerms('AI', 'en').terms[0]!.anyOf, [{ text: 'ai', prefix: false }, { text: `${M}ai`, prefix: false }])
    assert.deepEqual(parseSearchTerms('IPO', 'en').terms[0]!.anyOf, [{ text: 'ipo', prefix: false }, { text: `${M}ipo`, prefix: false }])
  })

  it('stems in the language searched and in English', () => {
    const alternatives = parseSearchTerms('bancos', 'es').terms[0]!.anyOf.map((a) => a.text)
    assert.deepEqual(alternatives, ['bancos', 'banc', `${M}banc`, 'banco', `${M}banco`])
  })

  it('drops one-letter keywords and function words, and says which', () => {
    assert.deepEqual(parseSearchTerms('the a of banks', 'en').dropped, ['the', 'a', 'of'])
    assert.deepEqual(keywords('e a i s t o n r h l d c u m f p'), [])
    assert.deepEqual(keywords('los bancos de España', 'es'), ['bancos', 'españa'])
    assert.equal(parseSearchTerms('e a i s t o n r h l d c u m f p', 'en').keywords, 16)
    assert.deepEqual(keywords('US IT May'), ['us', 'it', 'may'], 'names that look like function words stay')
  })

  it('writes dotted abbreviations as one word, in headlines and queries alike', () => {
    assert.equal(joinAbbreviations('U.S. tariffs hit U.K. steel'), 'US tariffs hit UK steel')
    assert.equal(joinAbbreviations('A.I. rules, J.P. Morgan and the U.S.-China talks'), 'AI rules, JP Morgan and the US-China talks')
    assert.equal(joinAbbreviations('made in the U.S.A'), 'made in the USA')
    assert.equal(joinAbbreviations('meet at 9 a.m. in the U.S'), 'meet at 9 am in the US')
    // Not abbreviations: a longer word between dots, a domain, a number, a lone initial.
    for (const text of ['openai.com and x.ai', 'version 3.5.1', 'Plan B. Then C', 'e-mail', 'No.1 seed']) {
      assert.equal(joinAbbreviations(text), text)
    }
    assert.deepEqual(parseSearchTerms('U.S.', 'en').terms.map((t) => t.keyword), ['us'])
    assert.deepEqual(parseSearchTerms('u.s steel', 'en').terms.map((t) => t.keyword), ['us', 'steel'])
    assert.match(toIndexText('U.S. tariffs', 'en'), /^US tariffs/)
  })

  it('turns CJK runs into bigram phrases, a single character into a prefix', () => {
    assert.deepEqual(parseSearchTerms('日本経済 AI', 'ja').terms.map((t) => t.anyOf[0]), [
      { text: '日本 本経 経済', prefix: false }, { text: 'ai', prefix: false },
    ])
    assert.deepEqual(parseSearchTerms('株', 'ja').terms[0]!.anyOf, [{ text: '株', prefix: true }])
    assert.deepEqual(keywords('AI半導体', 'ja'), ['ai', '半導体'])
  })

  it('indexes CJK runs as bigrams plus the last character, then the marked stems and the publisher', () => {
    assert.equal(toIndexText('ABC 半導体工場', 'ja').trim().replace(/\s+/g, ' '), 'ABC 半導 導体 体工 工場 場')
    assert.equal(toIndexText('Crédit Azur', 'en'), 'Crédit Azur')
    assert.equal(toIndexText('Banks grew', 'en', 'Ab-1'), `Banks grew ${M}bank ${M}grow \ue001ab1`)
    assert.equal(toIndexText('Las elecciones', 'es'), `Las elecciones ${M}eleccion`)
  })
})
