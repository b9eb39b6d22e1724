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

  it('reads a number written against Japanese, Korean or Arabic words, and their scales of ten thousand', () => {
    // "マグニチュード7.1の地震" (a magnitude 7.1 earthquake) and "金利を0.5%に" had no figure: the number touches a letter.
    assert.deepEqual(figureKeys('宮崎県沖を震源とするマグニチュード7.1の地震があり', 'ja'), figureKeys('a magnitude 7.1 earthquake', 'en'))
    assert.deepEqual(figureKeys('日銀、政策金利を0.5%に据え置き', 'ja'), ['0.5%'])
    assert.deepEqual(figureKeys('1000万円の寄付', 'ja'), figureKeys('a 10 million yen donation', 'en'))
    assert.deepEqual(figureKeys('3万人が避難', 'ja'), ['30000'])
    assert.deepEqual(figureKeys('10만 명이 대피했다', 'ko'), ['100000'])
    assert.deepEqual(figureKeys('و500 شخص', 'ar'), ['500'])
    // Against a Latin letter a number is part of a name: a model, a jet, a group of countries.
    assert.deepEqual(figureKeys('F35 and A380 jets at the G7 summit', 'en'), [])
  })

  it('reads wire and headline scales: mln, bln, trillion, tn, and $70M / $1.2B / $6T after a currency sign', () => {
    // Reuters headlines write "$70 mln"; others "$70 million" or "$70M": one figure. Trillions were read as plain
    // numbers, so "$1 trillion" (a plain 1) was dropped and "$3.5 trillion" was the key of any 3.5.
    for (const text of ['Hackers demand $70 mln', 'demand $70 million', 'demand $70M']) assert.deepEqual(figureKeys(text, 'en'), ['70000000'], text)
    for (const text of ['a $1.2 bln deal', 'a $1.2 billion deal', 'a $1.2B deal']) assert.deepEqual(figureKeys(text, 'en'), ['1200000000'], text)
    for (const text of ['a $6 trillion budget', 'a $6T budget', 'a $6tn budget', 'a $6 trln budget']) assert.deepEqual(figureKeys(text, 'en'), ['6000000000000'], text)
    assert.deepEqual(figureKeys('un presupuesto de 6 billones de dólares', 'es'), ['6000000000000'])
    assert.notDeepEqual(figureKeys('$3.5 trillion', 'en'), figureKeys('3.5 points', 'en'))
    assert.deepEqual(figureKeys('a 5t truck and plan 3b', 'en'), [], 'no currency sign: not an amount')
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
