/**
 * A linear pre-parse scan that refuses hostile XML before any XML parser sees it (entity expansion, deep nesting and huge tokens cost a parser memory and time).
 *
 * fast-xml-parser (under @rowanmanning/feed-parser, which even sets `maxTotalExpansions: Infinity`) has had one
 * entity-expansion CVE after another, and Node has one thread: a single bomb would freeze every request. Feeds never need
 * a DTD internal subset, so the cheapest safe rule is to refuse one outright, together with any markup declaration
 * (`<!ENTITY`, `<!ELEMENT`, `<!ATTLIST`, `<!NOTATION`). A plain `<!DOCTYPE rss PUBLIC "…" "…">` (old Netscape RSS 0.91
 * feeds) or `<!DOCTYPE html>` has no subset and is harmless: fast-xml-parser never fetches external DTDs.
 *
 * The scan jumps from `<` to `<` with `indexOf` (text content is skipped natively), walks only the inside of tags
 * character by character, and never backtracks: O(n) time, O(1) memory. It also bounds what the tree parser would have to
 * allocate and how long it would run: nesting depth (fast-xml-parser and feed-parser recurse), element and attribute
 * counts, tag length, text-run length and the number of entity references (see DEFAULT_XML_LIMITS).
 * Comments, CDATA sections and processing instructions are skipped, so an article about XML inside CDATA that shows
 * `<!ENTITY …>` is not refused.
 */

export type XmlGuardReason = 'xml-entities' | 'too-deep' | 'too-large'

export interface XmlGuardLimits {
  /** Characters of decoded text (the byte cap is applied to the Buffer before decoding). */
  maxChars: number
  maxDepth: number
  maxElements: number
  maxAttributesPerElement: number
  /** Attributes in the whole document. */
  maxAttributes: number
  /** Characters of one tag, `<` to `>` (attribute floods, megabyte attribute values). */
  maxTagChars: number
  /** Characters of one run of text between two tags, outside CDATA (fast-xml-parser builds text char by char). */
  maxTextRun: number
  /** `&` references outside CDATA sections and comments: each costs fast-xml-parser and feed-parser a decode. */
  maxEntityRefs: number
}

export const DEFAULT_XML_LIMITS: XmlGuardLimits = {
  maxChars: 5 * 1024 * 1024,
  maxDepth: 64,
  // The limits below bound the synchronous parse time of whatever passes the guard: fast-xml-parser plus feed-parser
  // pay for every element, attribute and entity reference, and for one long text node on its own (the measured costs
  // the limits were set from: decision 0016). They sit well above real feeds: a 500-item news feed has ~10k elements;
  // escaped (non-CDATA) HTML runs at ~25–50 references per KiB, so 250k references still admits ~5 MiB of it.
  maxElements: 40_000,
  maxAttributesPerElement: 256,
  maxAttributes: 40_000,
  maxTagChars: 64 * 1024,
  maxTextRun: 512 * 1024,
  maxEntityRefs: 250_000,
}

export type XmlGuardResult =
  | { ok: true, elements: number, maxDepth: number }
  | { ok: false, reason: XmlGuardReason, detail: string }

const LT = 0x3c // <
const GT = 0x3e // >
const BANG = 0x21 // !
const QMARK = 0x3f // ?
const SLASH = 0x2f // /
const DQUOTE = 0x22
const SQUOTE = 0x27
const EQUALS = 0x3d
const LBRACKET = 0x5b

/** XML NameStartChar, approximated: ASCII letters, `_`, `:` and anything non-ASCII. */
function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80
}

function reject(reason: XmlGuardReason, detail: string): XmlGuardResult {
  return { ok: false, reason, detail }
}

/** Case-insensitive `s.startsWith(word, at)` for an upper-case ASCII `word`. */
function startsWithUpper(s: string, at: number, word: string): boolean {
  if (at + word.length > s.length) return false
  for (let k = 0; k < word.length; k++) {
    let c = s.charCodeAt(at + k)
    if (c >= 0x61 && c <= 0x7a) c -= 0x20
    if (c !== word.charCodeAt(k)) return false
  }
  return true
}

export function guardXml(s: string, limits: Partial<XmlGuardLimits> = {}): XmlGuardResult {
  const lim = { ...DEFAULT_XML_LIMITS, ...limits }
  const n = s.length
  if (n > lim.maxChars) return reject('too-large', `document has ${n} characters, cap ${lim.maxChars}`)

  let i = 0
  let depth = 0
  let maxDepth = 0
  let elements = 0
  let totalAttributes = 0

  // '&' counting without rescanning: `amp` is the next '&' at or after the counted frontier; every '&' is visited once.
  let amp = s.indexOf('&')
  let refs = 0
  /** Moves the '&' frontier to `to`, counting the references passed if `count`. False when over the cap. */
  const passAmps = (to: number, count: boolean): boolean => {
    while (amp >= 0 && amp < to) {
      if (count && ++refs > lim.maxEntityRefs) return false
      amp = s.indexOf('&', amp + 1)
    }
    return true
  }
  const tooManyRefs = (): XmlGuardResult => reject('xml-entities', `more than ${lim.maxEntityRefs} entity references`)

  while (i < n) {
    const lt = s.indexOf('<', i)
    const textEnd = lt < 0 ? n : lt
    if (!passAmps(textEnd, true)) return tooManyRefs()
    if (textEnd - i > lim.maxTextRun) return reject('too-large', `a text run of more than ${lim.maxTextRun} characters at offset ${i}`)
    if (lt < 0) break
    const c = s.charCodeAt(lt + 1)

    if (c === BANG) {
      if (s.startsWith('--', lt + 2)) {
        const end = s.indexOf('-->', lt + 4)
        if (end < 0) break
        i = end + 3
        passAmps(i, false)
        continue
      }
      if (s.startsWith('[CDATA[', lt + 2)) {
        const end = s.indexOf(']]>', lt + 9)
        if (end < 0) break
        i = end + 3
        passAmps(i, false)
        continue
      }
      if (startsWithUpper(s, lt + 2, 'DOCTYPE')) {
        // Walk to the closing '>' outside quoted public/system ids; a '[' outside quotes opens an internal subset.
        let j = lt + 9
        let quote = 0
        for (; j < n; j++) {
          const ch = s.charCodeAt(j)
          if (quote !== 0) {
            if (ch === quote) quote = 0
          } else if (ch === DQUOTE || ch === SQUOTE) {
            quote = ch
          } else if (ch === LBRACKET) {
            return reject('xml-entities', `DOCTYPE with an internal subset at offset ${lt}`)
          } else if (ch === GT) {
            break
          }
        }
        i = j + 1
        continue
      }
      for (const decl of ['ENTITY', 'ELEMENT', 'ATTLIST', 'NOTATION']) {
        if (startsWithUpper(s, lt + 2, decl)) return reject('xml-entities', `<!${decl} declaration at offset ${lt}`)
      }
      i = lt + 2
      continue
    }

    if (c === QMARK) {
      const end = s.indexOf('?>', lt + 2)
      if (end < 0) break
      i = end + 2
      continue
    }

    if (c === SLASH) {
      if (depth > 0) depth--
      const end = s.indexOf('>', lt + 2)
      if (end < 0) break
      if (end - lt > lim.maxTagChars) return reject('too-large', `a tag of more than ${lim.maxTagChars} characters at offset ${lt}`)
      i = end + 1
      continue
    }

    if (!isNameStart(c)) {
      // A stray '<' in sloppy text ("a < b"): not markup.
      i = lt + 1
      continue
    }

    // A start tag: find its '>' outside quoted attribute values, counting attributes by their '='.
    let j = lt + 2
    let quote = 0
    let attributes = 0
    const limit = Math.min(n, lt + lim.maxTagChars)
    for (; j < limit; j++) {
      const ch = s.charCodeAt(j)
      if (quote !== 0) {
        if (ch === quote) quote = 0
      } else if (ch === DQUOTE || ch === SQUOTE) {
        quote = ch
      } else if (ch === EQUALS) {
        attributes++
      } else if (ch === GT || ch === LT) {
        // '<' inside a tag means the tag was never closed; treat it as ended so the scan stays on the markup.
        break
      }
    }
    if (j >= limit && limit < n) return reject('too-large', `a tag of more than ${lim.maxTagChars} characters at offset ${lt}`)
    if (attributes > lim.maxAttributesPerElement) {
      return reject('too-large', `element at offset ${lt} has more than ${lim.maxAttributesPerElement} attributes`)
    }
    totalAttributes += attributes
    if (totalAttributes > lim.maxAttributes) return reject('too-large', `more than ${lim.maxAttributes} attributes`)
    elements++
    if (elements > lim.maxElements) return reject('too-large', `more than ${lim.maxElements} elements`)
    const selfClosing = j < n && s.charCodeAt(j) === GT && s.charCodeAt(j - 1) === SLASH
    if (!selfClosing) {
      depth++
      if (depth > maxDepth) {
        maxDepth = depth
        if (depth > lim.maxDepth) return reject('too-deep', `elements nested deeper than ${lim.maxDepth} at offset ${lt}`)
      }
    }
    i = j < n && s.charCodeAt(j) === LT ? j : j + 1
    // References inside attribute values are decoded too.
    if (!passAmps(i, true)) return tooManyRefs()
  }

  return { ok: true, elements, maxDepth }
}
