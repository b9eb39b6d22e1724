import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Database from '../sqlite/driver.ts'
import { parseSearchTerms } from '../../domain/search-terms.ts'
import { toSearchQuery, toSearchVector } from './search-tokens.ts'
import { tokenize } from '../search-tokenize.ts'

/** What SQLite's FTS5 tokenizer (the one the SQLite store uses) makes of each text. */
function fts5Tokens(texts: string[]): string[][] {
  const db = new Database(':memory:')
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5 (h, tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance');`)
    const insert = db.prepare('INSERT INTO t (rowid, h) VALUES (?, ?)')
    db.transaction(() => texts.forEach((text, i) => insert.run(i + 1, text)))()
    const out: string[][] = texts.map(() => [])
    for (const r of db.prepare('SELECT doc, term FROM v ORDER BY doc, offset').iterate() as Iterable<{ doc: number; term: string }>) {
      out[r.doc - 1]!.push(r.term)
    }
    return out
  } finally {
    db.close()
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

// Characters Unicode assigned (or re-categorised) after 6.1, the version of FTS5's tables: FTS5 reads them as
// token characters and does not fold their case; the rules here follow Node's Unicode.
const SINCE_UNICODE_6_1 = new Set([0x37f, 0x528, 0x52a, 0x52c, 0x52e, 0x605, 0x61c, 0x61d, ...range(0x2066, 0x2069),
  ...range(0x20ba, 0x20c1)])

const BLOCKS: Array<[string, number, number]> = [
  ['Basic Latin … Combining Diacritical Marks', 0x20, 0x36f], ['Greek', 0x370, 0x3ff], ['Cyrillic', 0x400, 0x52f],
  ['Hebrew, Arabic', 0x590, 0x6ff], ['Latin Extended Additional, Greek Extended', 0x1e00, 0x1fff],
  ['General Punctuation … Currency', 0x2000, 0x20cf], ['CJK Symbols, Hiragana, Katakana', 0x3000, 0x30ff],
  ['CJK Unified Ideographs (part)', 0x4e00, 0x5fff], ['Hangul Syllables (part)', 0xac00, 0xb3ff],
  ['Halfwidth and Fullwidth Forms', 0xff00, 0xffef], ['Emoji (Unicode 6.0)', 0x1f300, 0x1f320],
]

describe('search tokens: the same tokens as SQLite FTS5 unicode61 remove_diacritics 2', () => {
  for (const [name, from, to] of BLOCKS) {
    it(`${name}: every character alone and inside a word`, () => {
      const cps = range(from, to).filter((cp) => !SINCE_UNICODE_6_1.has(cp))
      const texts = cps.map((cp) => `ab${String.fromCodePoint(cp)}cd`)
      const expected = fts5Tokens(texts)
      const differ = texts.filter((text, i) => tokenize(text).join(' ') !== expected[i]!.join(' '))
      assert.deepEqual(differ.map((t) => `U+${t.codePointAt(2)!.toString(16)} ${tokenize(t).join(' ')}`), [])
    })
  }

  it('headlines in every script tokenize as in FTS5', () => {
    const headlines = [
      'Crédit Azur opens semiconductor lab in Zürich', 'Café chain Bluebean expands to Malmö', 'ΟΔΟΣ Σοφοκλέους: ς and Σ',
      'İstanbul’s ŞİRKETLER grow; ǅemal, ﬁnance, Straße', 'Москва: ВЁЛ рост на 5½ %', 'مرحبا بالعالم كَتَبَ',
      'クレディ・アジュール、チューリッヒに半導体研究所を開設', '크레디 아쥐르, 취리히에 반도체 연구소 개설', 'ｶﾞｲﾄﾞ ＡＢＣ１２３', 'e\u0301te\u0305x',
    ]
    assert.deepEqual(headlines.map((h) => tokenize(h)), fts5Tokens(headlines))
  })
})

describe('search tokens: vectors and queries', () => {
  it('stores positions, so CJK bigram phrases match in sequence', () => {
    assert.equal(toSearchVector('Crédit Azur', 'en', null), `'credit':1 'azur':2`)
    assert.equal(toSearchVector('半導体', 'ja', null), `'半導':1 '導体':2 '体':3`)
  })

  it('adds the marked stems that differ from their words, and the publisher token', () => {
    assert.equal(toSearchVector('Banks grew', 'en', 'AB-12'), `'banks':1 'grew':2 '\ue000bank':3 '\ue000grow':4 '\ue001ab12':5`)
  })

  it('ORs the alternatives of each keyword, ANDs keywords, phrases CJK terms, quotes everything typed', () => {
    const q = (text: string) => toSearchQuery(parseSearchTerms(text, 'en').terms)
    assert.equal(q('Crédit semi'), `('credit':* | '\ue000credit') & ('semi':* | '\ue000semi')`)
    assert.equal(q('banks AI'), `('banks':* | 'bank' | '\ue000bank') & ('ai' | '\ue000ai')`)
    assert.equal(q('半導体 研'), `('半導' <-> '導体') & '研':*`)
    assert.equal(q(`it's ab:cd | !ef & (gh)`), `('it' | '\ue000it') & ('ab' | '\ue000ab') & ('cd' | '\ue000cd') & ('ef' | '\ue000ef') & ('gh' | '\ue000gh')`)
    assert.equal(toSearchQuery([{ keyword: 'x', anyOf: [{ text: 'ab\u0305cd', prefix: true }] }]), `('ab' <-> 'cd':*)`, 'a word FTS5 splits is a phrase')
  })

  it('gives no query for a term without token characters: FTS5 matches nothing for it', () => {
    assert.equal(toSearchQuery([{ keyword: 'x', anyOf: [{ text: '\u0305', prefix: true }] }]), null)
    assert.equal(toSearchQuery([]), null)
  })
})
