import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseSearchTerms, toIndexText } from './search-terms.ts'

describe('search terms', () => {
  it('splits on anything that is not a letter or digit and lower-cases words', () => {
    assert.deepEqual(parseSearchTerms('Chip-Export "NEAR(x)" 2026!'), [
      { kind: 'prefix', word: 'chip' }, { kind: 'prefix', word: 'export' }, { kind: 'prefix', word: 'near' },
      { kind: 'prefix', word: 'x' }, { kind: 'prefix', word: '2026' },
    ])
    assert.deepEqual(parseSearchTerms('"(*)"'), [])
  })

  it('keeps accented letters for the index tokenizer to fold, and folds full-width forms', () => {
    assert.deepEqual(parseSearchTerms('Zürich ＡＩ'), [{ kind: 'prefix', word: 'zürich' }, { kind: 'prefix', word: 'ai' }])
  })

  it('turns CJK runs into bigram phrases, a single character into a prefix', () => {
    assert.deepEqual(parseSearchTerms('日本経済 AI'), [
      { kind: 'phrase', tokens: ['日本', '本経', '経済'] }, { kind: 'prefix', word: 'ai' },
    ])
    assert.deepEqual(parseSearchTerms('AI半導体'), [{ kind: 'prefix', word: 'ai' }, { kind: 'phrase', tokens: ['半導', '導体'] }])
    assert.deepEqual(parseSearchTerms('株'), [{ kind: 'prefix', word: '株' }])
    assert.deepEqual(parseSearchTerms('삼성전자 실적'), [
      { kind: 'phrase', tokens: ['삼성', '성전', '전자'] }, { kind: 'phrase', tokens: ['실적'] },
    ])
  })

  it('indexes CJK runs as bigrams plus the last character, leaving other text alone', () => {
    assert.equal(toIndexText('Sony 半導体工場').trim().replace(/\s+/g, ' '), 'Sony 半導 導体 体工 工場 場')
    assert.equal(toIndexText('Crédit Azur'), 'Crédit Azur')
  })
})
