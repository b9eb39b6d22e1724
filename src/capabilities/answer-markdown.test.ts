import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canonicalJson } from '../surfaces/json-rpc/answer-cache.ts'
import { oneLine } from './answer-markdown.ts'
import { AppError } from '../domain/errors.ts'
import { argumentSentences } from './run-capability.ts'

describe('oneLine: the first sentence of a summary, for lists', () => {
  it('keeps the first sentence and drops the rest', () => {
    assert.equal(oneLine('Solenne doubled revenue by paying creators a share of sales. The brand said costs fell 35%.'),
      'Solenne doubled revenue by paying creators a share of sales.')
  })
  it('does not stop at an abbreviation that ends a short first "sentence"', () => {
    assert.equal(oneLine('The U.S. trade office opened a review of chip exports to three countries. More follows.'),
      'The U.S. trade office opened a review of chip exports to three countries.')
  })
  it('cuts a sentence longer than 240 characters at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(80)}end.`
    const line = oneLine(long)
    assert.ok(line.length <= 240, `${line.length} characters`)
    assert.ok(line.endsWith('word…'))
  })
  it('ends at CJK full stops and keeps short summaries whole', () => {
    assert.equal(oneLine('半導体の輸出が増えた。来年も続く見通しだという話が、関係者の間で広がっている。'), '半導体の輸出が増えた。来年も続く見通しだという話が、関係者の間で広がっている。')
    assert.equal(oneLine('Short.'), 'Short.')
    assert.equal(oneLine('  spaced \n\n text  '), 'spaced text')
  })
})

describe('argumentSentences: one sentence per bad argument', () => {
  it('names each field of the error\'s issues in a sentence of its own', () => {
    const err = AppError.invalid([{ field: 'limit', message: 'must be an integer from 1 to 50' }, { field: 'lang', message: 'must be one of en, es' }])
    assert.equal(argumentSentences(err), '`limit` must be an integer from 1 to 50. `lang` must be one of en, es.')
  })
  it('keeps a rule that contains "; " whole (no splitting of the joined message)', () => {
    assert.equal(argumentSentences(AppError.invalidField('skill', 'names another capability; give one')), '`skill` names another capability; give one.')
  })
  it('keeps a message without a field as it is, as a sentence', () => {
    assert.equal(argumentSentences(new AppError('invalid_parameter', 'Invalid input')), 'Invalid input.')
  })
})

describe('canonicalJson: equal requests give equal keys', () => {
  it('sorts keys at every level and drops undefined members', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } }), '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}')
    assert.equal(canonicalJson({ limit: 20, query: 'chip' }), canonicalJson({ query: 'chip', limit: 20 }))
  })
})
