import type { SearchTerm } from '../../domain/search-terms.ts'

const quote = (s: string) => `"${s.replaceAll('"', '""')}"`

/**
 * An FTS5 MATCH expression that ANDs every term, each the OR of its alternatives. Everything is quoted, so nothing
 * a user types is read as FTS5 syntax (NEAR, column filters, operators): a quoted string is a phrase of its tokens,
 * and a trailing * makes its last token a prefix.
 */
export function toFtsMatch(terms: SearchTerm[]): string {
  return terms.map((t) => {
    const alternatives = t.anyOf.map((a) => (a.prefix ? `${quote(a.text)}*` : quote(a.text)))
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`
  }).join(' AND ')
}
