import { MAX_SEARCH_TERMS, type SearchAlternative, type SearchTerm } from '../domain/search-terms.ts'
import { tokenize } from './search-tokenize.ts'

/**
 * How far back a search looks, the same rule on every store so their answers stay identical.
 *
 * Several common keywords that rarely meet in one headline would make an exact search walk their whole posting
 * lists to prove there is nothing (or little) to find: a cost that grows with the archive. Instead each keyword
 * (and the publisher filter) contributes its SEARCH_KEYWORD_WINDOW newest matching headline rows (in English and
 * in the language searched, inside the date/cursor range); the search covers every story at least as new as the
 * oldest of those rows for the keyword whose rows reach back furthest. Inside that range the answer is exact: every
 * story matching every keyword, newest first. A keyword with fewer matches than the window reaches back to the
 * start of the range, so a search with any rare keyword stays exhaustive; only stories older than the newest
 * SEARCH_KEYWORD_WINDOW uses of every one of their keywords are out of reach (a cursor or `until` moves the range).
 *
 * A story matching every keyword is among the first SEARCH_KEYWORD_WINDOW rows of each keyword it is newer than,
 * so the range is exactly "stories within the newest SEARCH_KEYWORD_WINDOW matches of at least one keyword": a
 * definition that depends on the data only, never on how a store walks its index.
 */
export const SEARCH_KEYWORD_WINDOW = 200

/** A phrase bounds the range by at most this many of its tokens (its first distinct ones). */
export const PHRASE_WINDOW_TOKENS = 4
/** Phrases share this many windows between them (at least one each), so no query reads more windows than 16 words. */
export const PHRASE_WINDOW_BUDGET = MAX_SEARCH_TERMS
/**
 * The longest prefix the stores index (FTS5's prefix indexes, PostgreSQL's prefix postings): a longer one counts,
 * for the range, as its first LONGEST_INDEXED_PREFIX characters.
 */
export const LONGEST_INDEXED_PREFIX = 12

/**
 * The terms whose windows bound a search's range (the query's terms still decide what matches inside it).
 *
 * Most terms are their own. Two kinds would cost a walk of their matches to find their newest rows exactly, a cost
 * that grows with the archive, so for the range they count as something every row they match holds:
 * - A phrase (an alternative of several tokens in a row: a CJK word of three or more characters is its bigrams)
 *   has no index of its own. It counts as its first distinct tokens, each a keyword of its own (the last one a
 *   prefix when the phrase ends in one): PHRASE_WINDOW_TOKENS of them, or fewer when the query has many terms
 *   (PHRASE_WINDOW_BUDGET ÷ the number of terms, at least one). In a term with other alternatives, a phrase counts
 *   as its first token.
 * - A prefix longer than LONGEST_INDEXED_PREFIX has no prefix index: it counts as its first LONGEST_INDEXED_PREFIX
 *   characters.
 * A window's rows then still hold every match of the whole query at or above its floor.
 */
export function windowTerms(terms: SearchTerm[]): SearchTerm[] {
  const perPhrase = Math.max(1, Math.min(PHRASE_WINDOW_TOKENS, Math.floor(PHRASE_WINDOW_BUDGET / terms.length)))
  const indexed = (text: string, prefix: boolean): SearchAlternative =>
    ({ text: prefix ? Array.from(text).slice(0, LONGEST_INDEXED_PREFIX).join('') : text, prefix })
  return terms.flatMap((term) => {
    const phrases = term.anyOf.map((alt) => tokenize(alt.text))
    const tooLong = (alt: SearchAlternative, i: number) => alt.prefix && phrases[i]!.length === 1 && Array.from(phrases[i]![0]!).length > LONGEST_INDEXED_PREFIX
    if (phrases.every((tokens) => tokens.length <= 1) && !term.anyOf.some(tooLong)) return [term]
    if (term.anyOf.length === 1 && phrases[0]!.length > 1) {
      const alt = term.anyOf[0]!
      const tokens = phrases[0]!
      const bounding = new Map<string, boolean>()
      tokens.forEach((token, i) => {
        if (bounding.size < perPhrase && !bounding.has(token)) bounding.set(token, alt.prefix && i === tokens.length - 1)
      })
      return [...bounding].map(([text, prefix]) => ({ keyword: term.keyword, anyOf: [indexed(text, prefix)] }))
    }
    return [{
      keyword: term.keyword,
      anyOf: term.anyOf.map((alt, i) => (phrases[i]!.length > 1 ? { text: phrases[i]![0]!, prefix: false }
        : tooLong(alt, i) ? indexed(phrases[i]![0]!, true) : alt)),
    }]
  })
}
