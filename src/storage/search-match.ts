import type { Language } from '../domain/languages.ts'
import { toIndexText, type SearchTerm } from '../domain/search-terms.ts'
import { tokenize } from './search-tokenize.ts'

/**
 * Tests one indexed headline (its tokens, as tokenize(toIndexText(…)) makes them: the same tokens FTS5 and the
 * tsvector hold) against a query the way the indexes do: every term must match; a term matches when one of its
 * alternatives does; an alternative is a phrase of its tokens in a row, the last one a prefix when `prefix` is set.
 * Used to test a bounded set of candidate rows where asking the index row by row would cost more than reading them.
 */
export function matchesAllTerms(tokens: string[], terms: SearchTerm[]): boolean {
  return terms.every((term) => term.anyOf.some((alt) => {
    const phrase = tokenize(alt.text)
    if (phrase.length === 0) return false
    const last = phrase.length - 1
    for (let i = 0; i + last < tokens.length; i++) {
      let ok = true
      for (let j = 0; j <= last && ok; j++) {
        const token = tokens[i + j]!
        ok = alt.prefix && j === last ? token.startsWith(phrase[j]!) : token === phrase[j]
      }
      if (ok) return true
    }
    return false
  }))
}

/** The tokens a full-text index holds for one headline row (see toIndexText), for matchesAllTerms. */
export const indexedTokens = (headline: string, lang: Language, sourceId: string | null): string[] =>
  tokenize(toIndexText(headline, lang, sourceId))
