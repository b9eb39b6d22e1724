import type { Language } from '../../domain/languages.ts'
import { toIndexText, type SearchTerm } from '../../domain/search-terms.ts'
import { tokenize } from '../search-tokenize.ts'

// Headline search on PostgreSQL matches exactly what SQLite's FTS5 matches: the stored tsvector and the tsquery are
// both made of ../search-tokenize.ts's tokens.

/** tsvector literals quote lexemes with '…' and escape ' and \ (tsquery literals too). */
const lexeme = (token: string) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`

/** PostgreSQL keeps positions up to 16383; later tokens share the last one (a headline never gets there). */
const MAX_POSITION = 16383

/**
 * The stored search text of one headline: a tsvector literal of its tokens with their positions (positions make
 * the CJK bigram phrases work), built from the same index text as SQLite's (NFKC, CJK runs split into bigrams).
 */
export function toSearchVector(headline: string, lang: Language, sourceId: string | null): string {
  return tokenize(toIndexText(headline, lang, sourceId))
    .map((token, i) => `${lexeme(token)}:${Math.min(i + 1, MAX_POSITION)}`)
    .join(' ')
}

/**
 * The tsquery literal that ANDs every term, each the OR of its alternatives, or null when some term can match
 * nothing (no alternative has token characters; FTS5 matches nothing for an empty phrase either). An alternative
 * that tokenizes into several tokens is, as in FTS5, a phrase; a prefix alternative's last token is a prefix.
 * Nothing the user typed is read as tsquery syntax: every lexeme is quoted.
 */
export function toSearchQuery(terms: SearchTerm[]): string | null {
  const parts: string[] = []
  for (const term of terms) {
    const alternatives: string[] = []
    for (const alt of term.anyOf) {
      const tokens = tokenize(alt.text)
      if (tokens.length === 0) continue
      const phrase = tokens.map((t, i) => (alt.prefix && i === tokens.length - 1 ? `${lexeme(t)}:*` : lexeme(t)))
      alternatives.push(phrase.length === 1 ? phrase[0]! : `(${phrase.join(' <-> ')})`)
    }
    if (alternatives.length === 0) return null
    parts.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`)
  }
  return parts.length === 0 ? null : parts.join(' & ')
}
