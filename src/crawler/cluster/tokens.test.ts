import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isSpecificName, isTitleCase, nameForm, normalizeArabic, tokenize } from './tokens.ts'

const terms = (text: string, lang: string | null) => tokenize(text, lang).map((t) => t.term)
const strong = (text: string, lang: string | null, caps = true) => tokenize(text, lang, caps).filter((t) => t.strong).map((t) => t.surface)

describe('tokenize', () => {
  it('NFKC, lower case, accents folded, punctuation dropped', () => {
    assert.deepEqual(tokenize('Ｍｂａｐｐé, São Paulo — «Zürich»!', 'pt').map((t) => t.surface), ['mbappe', 'sao', 'paulo', 'zurich'])
  })

  it('drops a short per-language stopword list', () => {
    assert.deepEqual(terms('The price of the oil', 'en'), ['pric', 'oil'])
    assert.deepEqual(terms('Le prix du pétrole et la crise', 'fr'), ['prix', 'petrole', 'crise'])
    assert.deepEqual(terms('Der Preis des Öls und die Krise', 'de'), ['preis', 'ols', 'krise'])
    assert.deepEqual(terms('El precio del petróleo y la crisis', 'es'), ['precio', 'petroleo', 'crisi'])
    assert.deepEqual(terms('Il prezzo del petrolio e la crisi', 'it'), ['prezzo', 'petrolio', 'crisi'])
    assert.deepEqual(terms('O preço do petróleo e a crise', 'pt'), ['preco', 'petroleo', 'crise'])
  })

  it('a word seen before in another language or place is read anew where that matters (the shape memo is per language)', () => {
    // "die" is an English verb and a German article; "charges" is stemmed in English and French only.
    assert.deepEqual(terms('Markets die down, charges dropped', 'en'), ['market', 'die', 'down', 'charg', 'dropp'])
    assert.deepEqual(terms('Markets die down, charges dropped', 'de'), ['markets', 'down', 'charges', 'dropped'])
    assert.deepEqual(terms('Markets die down, charges dropped', 'en'), ['market', 'die', 'down', 'charg', 'dropp'])
    // Where a word stands still decides whether its capital marks a name, memo or not.
    assert.deepEqual(strong('Officials met. Officials said Officials left', 'en'), ['officials'])
  })

  it('an unknown language drops the stopwords of every list', () => {
    assert.deepEqual(terms('The crise de la Bolsa', null), ['crise', 'bolsa'])
  })

  it('English gets a light suffix stripper, names keep their surface form', () => {
    const [a, b] = [tokenize('Nvidia unveils chips', 'en'), tokenize('Nvidia unveiled a chip', 'en')]
    assert.deepEqual(a.map((t) => t.term), ['nvidia', 'unveil', 'chip'])
    assert.deepEqual(b.map((t) => t.term), ['nvidia', 'unveil', 'chip'])
    assert.deepEqual(tokenize('in Texas', 'en').map((t) => [t.surface, t.term]), [['texas', 'texa']])
  })

  it('English irregular verb forms are their base form: one event told as "dies", "died" and "dying" shares its action', () => {
    const action = (title: string) => terms(title, 'en').filter((t) => t !== 'actor' && t !== 'age' && !/\d/u.test(t))
    assert.deepEqual(action('Actor dies at 84'), ['die'])
    assert.deepEqual(action('Actor died at age 84'), ['die'])
    assert.deepEqual(action('Actor dying'), ['die'])
    assert.deepEqual(terms('Shares fell, sales rose', 'en'), terms('Shares fall, sales rise', 'en'))
    assert.deepEqual(terms('Pfizer sold its stake', 'en'), terms('Pfizer sells its stake', 'en'))
    assert.notDeepEqual(terms('Pfizer sold its stake', 'en'), terms('Pfizer buys a stake', 'en'))
  })

  it('CJK runs become character bigrams; Latin words inside them stay words', () => {
    assert.deepEqual(terms('日銀、政策金利を据え置き', 'ja'), ['日銀', '政策', '策金', '金利', '利を', 'を据', '据え', 'え置', '置き'])
    assert.deepEqual(tokenize('新AI半導体「Blackwell」', 'ja').map((t) => t.surface), ['新', 'ai', '半導', '導体', 'blackwell'])
    assert.deepEqual(terms('삼성전자 실적', 'ko'), ['삼성', '성전', '전자', '실적'])
  })

  it('kana and Hangul are not decomposed by accent folding', () => {
    assert.deepEqual(terms('ガザ', 'ja'), ['ガザ'])
    assert.deepEqual(terms('한국', 'ko'), ['한국'])
  })

  it('Arabic: alef variants, alef maqsura, teh marbuta, tatweel and harakat normalized', () => {
    assert.equal(normalizeArabic('أَحْمَد إِلى مدرسـة'), 'احمد الي مدرسه')
    assert.deepEqual(terms('إلى القاهرة', 'ar'), terms('الى القاهره', 'ar'))
    assert.deepEqual(terms('في القاهرة', 'ar'), ['القاهره'])
  })

  it('numbers keep their decimal point; a unit glued to a figure is dropped', () => {
    assert.deepEqual(tokenize('a 7.1 quake, 4.25%-4.50%, $40bn and 46,096 trucks', 'en').map((t) => t.surface),
      ['7.1', 'quake', '4.25', '4.50', '40', '46,096', 'trucks'])
  })
})

describe('strong tokens (names and numbers)', () => {
  it('capitalized mid-sentence, all caps, camel case, digits; not sentence-initial capitals', () => {
    assert.deepEqual(strong('Shares of Nvidia fell after NVIDIA and SpaceX said 25 jobs would go. Analysts said', 'en'),
      ['nvidia', 'nvidia', 'spacex', '25'])
  })

  it('a Title Case headline marks nothing by its capitals (all caps and digits still count)', () => {
    assert.equal(isTitleCase('Nvidia Unveils New Blackwell Chips At Conference'), true)
    assert.equal(isTitleCase('Nvidia unveils new Blackwell chips at GTC'), false)
    assert.deepEqual(strong('Nvidia Unveils New Blackwell Chips At GTC 2025', 'en', false), ['gtc', '2025'])
  })

  it('specific names: not generic acronyms, days, months, years, two-letter words or small numbers', () => {
    for (const n of ['nvidia', 'gtc', '7.1', '259', '46,096', 'ezb']) assert.equal(isSpecificName(n), true, n)
    for (const n of ['ai', 'us', 'ceo', 'tuesday', 'march', '2025', '30', '000']) assert.equal(isSpecificName(n), false, n)
  })

  it('nameForm drops a plural s so Cybertrucks and Cybertruck compare equal', () => {
    assert.equal(nameForm('cybertrucks'), nameForm('cybertruck'))
    assert.equal(nameForm('259'), '259')
    assert.equal(nameForm('bus'), 'bus')
  })
})
