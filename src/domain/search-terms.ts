/**
 * Keyword search semantics shared by every store.
 *
 * Latin, Greek, Cyrillic, Arabic… text is matched word by word: every keyword must be a word or the prefix of a
 * word in the headline, case- and accent-insensitively (the stores' tokenizers fold case and diacritics).
 * Chinese, Japanese and Korean have no spaces between words, so CJK runs are indexed as overlapping character
 * bigrams (plus the run's last character): a CJK keyword then matches wherever its characters occur in sequence,
 * including two-character words such as 経済 or 삼성 that a trigram index could not find.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu
const WORD = /[\p{L}\p{N}\p{M}]+/gu

export const MAX_SEARCH_TERMS = 16

/** A keyword of the query: `prefix` terms match a word start, `phrase` terms are CJK bigram sequences. */
export type SearchTerm = { kind: 'prefix'; word: string } | { kind: 'phrase'; tokens: string[] }

/** Overlapping character pairs of a CJK run (the run itself when it is one character). */
export function bigrams(run: string): string[] {
  const chars = Array.from(run)
  if (chars.length === 1) return chars
  const out: string[] = []
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!)
  return out
}

/** Text as it goes into a full-text index: NFKC (full-width forms folded) with CJK runs split into bigrams. */
export function toIndexText(text: string): string {
  return text.normalize('NFKC').replace(CJK_RUN, (run) => {
    const chars = Array.from(run)
    const tokens = bigrams(run)
    if (chars.length > 1) tokens.push(chars[chars.length - 1]!)
    return ` ${tokens.join(' ')} `
  })
}

/** Splits a free-text query into keywords; punctuation and search operators are just separators. */
export function parseSearchTerms(q: string): SearchTerm[] {
  const terms: SearchTerm[] = []
  const normalized = q.normalize('NFKC')
  let last = 0
  const pushWords = (segment: string) => {
    for (const m of segment.matchAll(WORD)) terms.push({ kind: 'prefix', word: m[0].toLowerCase() })
  }
  for (const m of normalized.matchAll(CJK_RUN)) {
    pushWords(normalized.slice(last, m.index))
    const run = m[0]
    terms.push(Array.from(run).length === 1 ? { kind: 'prefix', word: run } : { kind: 'phrase', tokens: bigrams(run) })
    last = m.index + run.length
  }
  pushWords(normalized.slice(last))
  return terms
}
