import type { SearchTerm } from '../../domain/search-terms.ts'

const quote = (s: string) => `"${s.replaceAll('"', '""')}"`

/**
 * An FTS5 MATCH expression that ANDs every term. Terms are always quoted, so nothing a user types is read as
 * FTS5 syntax (NEAR, column filters, operators); word terms match as prefixes, CJK terms as bigram phrases.
 */
export function toFtsMatch(terms: SearchTerm[]): string {
  return terms
    .map((t) => (t.kind === 'prefix' ? `${quote(t.word)}*` : quote(t.tokens.join(' '))))
    .join(' AND ')
}
