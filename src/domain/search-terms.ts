import type { Language } from './languages.ts'
import { isSearchStopword } from './search-stopwords.ts'
import { stemOf } from './search-stems.ts'

/**
 * Keyword search semantics shared by every store.
 *
 * Latin, Greek, Cyrillic, Arabic… text is matched word by word, case- and accent-insensitively (the stores'
 * tokenizers fold case and diacritics). A keyword matches a headline word when
 * - the keyword has 4 or more letters and is the start of the word (typing `semicond` finds "semiconductor"), or
 * - the keyword has 2 or 3 letters and is the whole word (`AI` finds "AI", not "Airlines" or "aimed"), or
 * - both have the same stem in the language searched or in English (`banks` finds "bank", `grew` finds "grows").
 * One-letter keywords and function words ("the", "de", "der") are dropped before the query reaches the index: they
 * narrow nothing and would cost a walk of most of the index. Every remaining keyword must match.
 *
 * Dotted abbreviations are one word on both sides: "U.S.", "U.K.", "A.I." and "J.P." are indexed and searched as
 * "US", "UK", "AI" and "JP", so `US` finds "U.S. tariffs" and `U.S.` (two one-letter words otherwise, both dropped)
 * finds "US lenders".
 *
 * Chinese, Japanese and Korean have no spaces between words, so CJK runs are indexed as overlapping character
 * bigrams (plus the run's last character): a CJK keyword then matches wherever its characters occur in sequence,
 * including two-character words such as 経済 or 삼성 that a trigram index could not find.
 *
 * Stems are indexed as extra tokens marked with STEM_MARK (a private-use character no headline contains), written
 * only when the stem differs from the word itself; so a keyword's stem is looked up both as a marked stem and as a
 * plain word.
 */

const CJK_CHARACTER = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30fc]'
const CJK_RUN = new RegExp(`${CJK_CHARACTER}+`, 'gu')
const ONE_CJK_CHARACTER = new RegExp(`^${CJK_CHARACTER}$`, 'u')
const WORD = /[\p{L}\p{N}\p{M}]+/gu
/** Single letters joined by dots (U.S., e.g., J.P.), not inside a longer word or number; a final dot is optional. */
const DOTTED_ABBREVIATION = /(?<![\p{L}\p{N}\p{M}.])[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}](?:\.[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])+\.?(?![\p{L}\p{N}\p{M}])/gu

export const MAX_SEARCH_TERMS = 16
/** Keywords with fewer letters than this match whole words (or stems) only, not word prefixes. */
export const MIN_PREFIX_LETTERS = 4
export const STEM_MARK = '\ue000'
/** Marks the token naming a story's publisher, so a search filters by publisher inside the index. */
export const SOURCE_MARK = '\ue001'

/** One way a keyword can match: `text` is tokenized by the store; a `prefix` alternative's last token is a prefix. */
export interface SearchAlternative { text: string; prefix: boolean }

/** A keyword of the query: it matches a headline when any of its alternatives does. */
export interface SearchTerm { keyword: string; anyOf: SearchAlternative[] }

/** A parsed query: the terms that go to the index, and the keywords dropped before it. */
export interface ParsedSearch { terms: SearchTerm[]; dropped: string[]; keywords: number }

/** Whether `ch` is one character of a CJK run: indexed only in tokens of one or two such characters (bigrams). */
export const isCjkCharacter = (ch: string) => ONE_CJK_CHARACTER.test(ch)

/** Text with each dotted abbreviation written as one word ("U.S." → "US"), the same for headlines and queries. */
export const joinAbbreviations = (text: string) => text.replace(DOTTED_ABBREVIATION, (m) => m.replaceAll('.', ''))

/** Overlapping character pairs of a CJK run (the run itself when it is one character). */
export function bigrams(run: string): string[] {
  const chars = Array.from(run)
  if (chars.length === 1) return chars
  const out: string[] = []
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!)
  return out
}

/** The marked stem tokens of a headline's words in `lang`: one per distinct stem that differs from its word. */
function stemTokens(text: string, lang: Language): string[] {
  const stems = new Set<string>()
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase()
    const stem = stemOf(word, lang)
    if (stem !== word) stems.add(STEM_MARK + stem)
  }
  return [...stems]
}

/** The index token of a publisher id (its letters and digits). */
export const sourceToken = (sourceId: string) => SOURCE_MARK + sourceId.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/** A term that matches the headlines of one publisher's stories. */
export const sourceTerm = (sourceId: string): SearchTerm =>
  ({ keyword: `source:${sourceId}`, anyOf: [{ text: sourceToken(sourceId), prefix: false }] })

/**
 * Text as it goes into a full-text index: NFKC (full-width forms folded) with CJK runs split into bigrams, then the
 * marked stems of its words in `lang` (the language the headline is written in) and the publisher's token; dotted
 * abbreviations are joined first.
 */
export function toIndexText(text: string, lang: Language, sourceId: string | null = null): string {
  const normalized = joinAbbreviations(text.normalize('NFKC'))
  const stems = stemTokens(normalized.replace(CJK_RUN, ' '), lang)
  const indexed = normalized.replace(CJK_RUN, (run) => {
    const chars = Array.from(run)
    const tokens = bigrams(run)
    if (chars.length > 1) tokens.push(chars[chars.length - 1]!)
    return ` ${tokens.join(' ')} `
  })
  if (sourceId) stems.push(sourceToken(sourceId))
  return stems.length ? `${indexed} ${stems.join(' ')}` : indexed
}

/** The alternatives of one word keyword searched in `lang` (its stems in `lang` and in English). */
function wordTerm(word: string, lang: Language): SearchTerm {
  const anyOf: SearchAlternative[] = [{ text: word, prefix: Array.from(word).length >= MIN_PREFIX_LETTERS }]
  for (const l of new Set<Language>([lang, 'en'])) {
    const stem = stemOf(word, l)
    if (stem !== word && !anyOf.some((a) => a.text === stem)) anyOf.push({ text: stem, prefix: false })
    if (!anyOf.some((a) => a.text === STEM_MARK + stem)) anyOf.push({ text: STEM_MARK + stem, prefix: false })
  }
  return { keyword: word, anyOf }
}

/**
 * Splits a free-text query into keywords (punctuation and search operators are just separators) and turns each
 * into the alternatives a store ORs. One-letter keywords and function words are dropped; when that would drop every
 * keyword, `terms` is empty and the caller reports it.
 */
export function parseSearchTerms(q: string, lang: Language): ParsedSearch {
  const words: Array<{ kind: 'word' | 'cjk'; text: string }> = []
  const normalized = joinAbbreviations(q.normalize('NFKC'))
  let last = 0
  const pushWords = (segment: string) => {
    for (const m of segment.matchAll(WORD)) words.push({ kind: 'word', text: m[0].toLowerCase() })
  }
  for (const m of normalized.matchAll(CJK_RUN)) {
    pushWords(normalized.slice(last, m.index))
    words.push({ kind: 'cjk', text: m[0] })
    last = m.index + m[0].length
  }
  pushWords(normalized.slice(last))

  const terms: SearchTerm[] = []
  const dropped: string[] = []
  for (const w of words) {
    if (w.kind === 'cjk') {
      const chars = Array.from(w.text)
      terms.push({ keyword: w.text, anyOf: [chars.length === 1 ? { text: w.text, prefix: true } : { text: bigrams(w.text).join(' '), prefix: false }] })
    } else if (Array.from(w.text).length < 2 || isSearchStopword(w.text, lang)) {
      dropped.push(w.text)
    } else if (!terms.some((t) => t.keyword === w.text)) {
      terms.push(wordTerm(w.text, lang))
    }
  }
  return { terms, dropped, keywords: words.length }
}
