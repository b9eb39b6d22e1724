/**
 * The one tokenizer every store's search agrees on: FTS5's `unicode61 remove_diacritics 2`, reproduced for
 * PostgreSQL (which stores and queries these tokens, with no text search configuration, no `unaccent` extension,
 * nothing the server's locale could change) and for the rules both stores share (search-window.ts, search-match.ts).
 *
 * The rules reproduce FTS5's tokenizer (checked code point by code point in postgres/search-tokens.test.ts):
 * - token characters are letters, numbers and private-use characters; everything else separates tokens, except
 *   the combining diacritics FTS5 folds away (they vanish inside a token);
 * - each character is case-folded on its own (simple case folding: Σ and ς both become σ, ſ becomes s);
 * - Latin letters lose their diacritics (é → e, ǖ → u), other scripts keep them (ά, й and ガ stay).
 * FTS5's tables are Unicode 6.1; the rules here follow the Unicode version of Node's ICU. They differ only on
 * characters assigned since 6.1 (FTS5 reads those as token characters and does not fold their case).
 */

/** The combining marks FTS5 removes as diacritics: inside a token they vanish instead of splitting it. */
const FOLDED_MARKS = new Set([
  0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30a, 0x30b, 0x30c, 0x30f, 0x311, 0x31b,
  0x323, 0x324, 0x325, 0x326, 0x327, 0x328, 0x32d, 0x32e, 0x330, 0x331,
])

const TOKEN_CHAR = /^[\p{L}\p{N}\p{Co}]$/u
const ASSIGNED = /^\p{Assigned}$/u
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g

/** Case folds that differ from lower-casing (CaseFolding.txt, status C). */
const SPECIAL_FOLDS = new Map([
  ['\u00b5', '\u03bc'], ['\u017f', 's'], ['\u03c2', '\u03c3'], ['\u03d0', '\u03b2'], ['\u03d1', '\u03b8'],
  ['\u03d5', '\u03c6'], ['\u03d6', '\u03c0'], ['\u03f0', '\u03ba'], ['\u03f1', '\u03c1'], ['\u03f5', '\u03b5'],
  ['\u1e9b', 's'], ['\u1fbe', '\u03b9'],
])

/** Latin letters whose diacritics FTS5 keeps (its table maps them to no base letter). */
const KEEPS_DIACRITICS = /^[\u01e0-\u01e3\u01ee\u01ef\u01fc-\u01ff]$/u

const folded = new Map<string, string>()

function foldChar(ch: string): string {
  const cached = folded.get(ch)
  if (cached !== undefined) return cached
  let out = SPECIAL_FOLDS.get(ch)
  if (out === undefined) {
    out = ch.toLowerCase()
    if (!KEEPS_DIACRITICS.test(ch)) {
      const decomposed = out.normalize('NFD')
      if (/^[a-z]/.test(decomposed)) out = decomposed.replace(COMBINING_DIACRITICS, '')
    }
  }
  if (folded.size < 10_000) folded.set(ch, out)
  return out
}

/** Splits text into folded tokens the way FTS5's unicode61 tokenizer with remove_diacritics 2 does. */
export function tokenize(text: string): string[] {
  const tokens: string[] = []
  let current = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (FOLDED_MARKS.has(cp)) continue
    if (TOKEN_CHAR.test(ch) || !ASSIGNED.test(ch)) {
      current += foldChar(ch)
    } else if (current) {
      tokens.push(current)
      current = ''
    }
  }
  if (current) tokens.push(current)
  return tokens
}
