import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { figureKeys, parseNumber } from './figures.ts'

describe('figures', () => {
  it('one figure in every language and style gives one key', () => {
    assert.deepEqual(figureKeys('$1.2bn', 'en'), figureKeys('1.2 billion dollars', 'en'))
    assert.deepEqual(figureKeys('1,2 Mrd. Dollar', 'de'), ['1200000000'])
    assert.deepEqual(figureKeys('1.200 millones de dólares', 'es'), ['1200000000'])
    assert.deepEqual(figureKeys('1,2 milliard de dollars', 'fr'), ['1200000000'])
    assert.deepEqual(figureKeys('1,2 miliardi di dollari', 'it'), ['1200000000'])
    assert.deepEqual(figureKeys('US$ 1,2 bilhão', 'pt'), ['1200000000'])
    assert.deepEqual(figureKeys('1,2 mil milhões de euros', 'pt'), ['1200000000'])
    assert.deepEqual(figureKeys('1,2 mil millones de dólares', 'es'), ['1200000000'])
    for (const [text, lang] of [['48,5 milioni', 'it'], ['48,5 milhões', 'pt'], ['48.500 mila', 'it'], ['48.500 mil', 'es'], ['$48.5 million', 'en']] as const) {
      assert.deepEqual(figureKeys(text, lang), ['48500000'], `${text} (${lang})`)
    }
    assert.deepEqual(figureKeys('in calo del 6,2 per cento', 'it'), ['6.2%'])
    for (const [text, lang] of [['128,000', 'en'], ['128.000', 'de'], ['128 000', 'fr'], ['128.000', 'es']] as const) {
      assert.deepEqual(figureKeys(`${text} people`, lang), ['128000'], `${text} (${lang})`)
    }
    assert.deepEqual(figureKeys('up 6.2%', 'en'), figureKeys('un 6,2 %', 'es'))
    assert.deepEqual(figureKeys('6,2 Prozent', 'de'), ['6.2%'])
    assert.deepEqual(figureKeys('14 per cent', 'en'), ['14%'])
  })

  it('a lone separator with three digits is a thousands separator in the language\'s style', () => {
    assert.equal(parseNumber('2,300', 'en'), 2300)
    assert.equal(parseNumber('2.300', 'de'), 2300)
    assert.equal(parseNumber('1.4', 'en'), 1.4)
    assert.equal(parseNumber('1,4', 'de'), 1.4)
    assert.equal(parseNumber('1,234.5', 'en'), 1234.5)
    assert.equal(parseNumber('1.234,5', 'es'), 1234.5)
  })

  it('leaves out what identifies nothing: years, small counts, metres', () => {
    assert.deepEqual(figureKeys('In 2027, 40 ships and 3 cranes; a 3,200m runway', 'en'), ['3200'])
    assert.deepEqual(figureKeys('€30m raised', 'en'), ['30000000'])
  })
})
