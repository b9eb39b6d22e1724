/**
 * Cuts `<script>` (except JSON-LD) and `<style>` elements out of an HTML string before it is parsed. Real news pages
 * are about a third script and a quarter style sheet by characters; every one of those elements is removed from the
 * tree again before anything reads it (the pruning pass and Readability drop them, page metadata reads only JSON-LD),
 * so parsing them into linkedom nodes only costs time and garbage.
 *
 * Where an element starts and ends is decided exactly as htmlparser2 (linkedom's parser) tokenizes, so nothing the
 * parser would have shown as content is cut: text, start and end tags with quoted attribute values, comments,
 * declarations and processing instructions, and the raw-text elements whose content is not markup (script, style,
 * title, textarea, xmp: they end only at their own end tag). A script whose start tag mentions `ld+json` anywhere is
 * kept (a superset of what Readability and page-metadata.ts read). On anything this scanner does not model (a
 * self-closing `<script/>`, which htmlparser2 leaves open as a normal element; `<![`; input ending inside a construct)
 * the rest of the page is copied unchanged: the result is then merely less stripped, never different in content.
 */

const STRIPPED = new Set(['script', 'style'])

/**
 * The end tag that closes a raw-text start tag named `name`, or null when htmlparser2 parses its content as markup.
 * Its tokenizer tells the names apart by their first two letters, and for those starting with t or x it takes the
 * second letter alone: `<tmp>` runs to `</xmp`, `<xitle>` to `</title`. That is reproduced here, quirk included.
 */
function rawTextEndName(name: string): string | null {
  if (name === 'script' || name === 'style') return name
  const first = name.charCodeAt(0)
  if (first !== 0x74 && first !== 0x78) return null
  const rest = name.slice(1)
  if (rest === 'itle') return 'title'
  if (rest === 'extarea') return 'textarea'
  if (rest === 'mp') return 'xmp'
  return null
}

const LD_JSON = /ld\+json/i

const enum Char { Tab = 9, NewLine = 10, FormFeed = 12, Return = 13, Space = 32, DoubleQuote = 34, SingleQuote = 39, Slash = 47, Equals = 61, Gt = 62, Lt = 60, Bang = 33, Question = 63 }

function isWhitespace(c: number): boolean {
  return c === Char.Space || c === Char.NewLine || c === Char.Tab || c === Char.FormFeed || c === Char.Return
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
}

function isEndOfTagSection(c: number): boolean {
  return c === Char.Slash || c === Char.Gt || isWhitespace(c)
}

/**
 * The start tag opening at `lt` (a `<` followed by a letter): its lower-case name, the index just past its `>`, and
 * whether it closed with `/>`. Null when the input ends inside it. Attribute states follow htmlparser2's tokenizer:
 * only a quote right after `=` (and whitespace) opens a quoted value, which then hides `>`.
 */
function readStartTag(html: string, lt: number): { name: string, end: number, selfClosing: boolean } | null {
  let i = lt + 1
  while (i < html.length && !isEndOfTagSection(html.charCodeAt(i))) i++
  const name = html.slice(lt + 1, i).toLowerCase()
  let slash = false
  while (i < html.length) {
    const c = html.charCodeAt(i)
    if (c === Char.Gt) return { name, end: i + 1, selfClosing: slash }
    if (isWhitespace(c)) {
      i++
      continue
    }
    if (c === Char.Slash) {
      slash = true
      i++
      continue
    }
    slash = false
    // An attribute name runs to '=', '/', '>' or whitespace.
    while (i < html.length && html.charCodeAt(i) !== Char.Equals && !isEndOfTagSection(html.charCodeAt(i))) i++
    while (i < html.length && isWhitespace(html.charCodeAt(i))) i++
    if (i >= html.length || html.charCodeAt(i) !== Char.Equals) continue
    i++
    while (i < html.length && isWhitespace(html.charCodeAt(i))) i++
    if (i >= html.length) return null
    const q = html.charCodeAt(i)
    if (q === Char.DoubleQuote || q === Char.SingleQuote) {
      const close = html.indexOf(q === Char.DoubleQuote ? '"' : "'", i + 1)
      if (close < 0) return null
      i = close + 1
    } else {
      // Unquoted: runs to whitespace or '>' ('/' belongs to the value).
      while (i < html.length && !isWhitespace(html.charCodeAt(i)) && html.charCodeAt(i) !== Char.Gt) i++
    }
  }
  return null
}

/** Index just past the end tag `</name` (any case) followed by whitespace or `>`, searching from `from`; -1 if none. */
function endOfRawText(html: string, name: string, from: number): number {
  for (let i = html.indexOf('</', from); i >= 0; i = html.indexOf('</', i + 1)) {
    let k = 0
    while (k < name.length && (html.charCodeAt(i + 2 + k) | 0x20) === name.charCodeAt(k)) k++
    if (k < name.length) continue
    const after = html.charCodeAt(i + 2 + k)
    if (after === Char.Gt) return i + 3 + k
    if (isWhitespace(after)) {
      const gt = html.indexOf('>', i + 3 + k)
      return gt < 0 ? -1 : gt + 1
    }
  }
  return -1
}

export function stripScriptsAndStyles(html: string): string {
  const kept: string[] = []
  let copiedUpTo = 0
  let i = html.indexOf('<')
  while (i >= 0 && i < html.length - 1) {
    const c = html.charCodeAt(i + 1)
    let next: number
    if (c === Char.Bang) {
      if (html.startsWith('<!--', i)) {
        // htmlparser2 counts the opener's dashes towards the closing `-->`, so `<!-->` is a whole comment.
        const close = html.indexOf('-->', i + 2)
        if (close < 0) break
        next = close + 3
      } else if (html.startsWith('<![', i)) {
        break
      } else {
        // A declaration. The tokenizer consumes the character after `<!` (and after `<!-`) before it looks for the
        // closing `>`, so `<!>` and `<!->` run on to the next `>`.
        const gt = html.indexOf('>', html.charCodeAt(i + 2) === 0x2d ? i + 4 : i + 3)
        if (gt < 0) break
        next = gt + 1
      }
    } else if (c === Char.Question || c === Char.Slash) {
      const gt = html.indexOf('>', i + 2)
      if (gt < 0) break
      next = gt + 1
    } else if (isAsciiAlpha(c)) {
      const tag = readStartTag(html, i)
      if (tag === null) break
      next = tag.end
      const endName = rawTextEndName(tag.name)
      if (endName !== null) {
        if (tag.selfClosing) {
          if (STRIPPED.has(tag.name)) break
        } else {
          const end = endOfRawText(html, endName, tag.end)
          if (end < 0) break
          next = end
          if (STRIPPED.has(tag.name) && !(tag.name === 'script' && LD_JSON.test(html.slice(i, tag.end)))) {
            kept.push(html.slice(copiedUpTo, i))
            copiedUpTo = end
          }
        }
      }
    } else {
      // A '<' that opens nothing is text; the next character is read afresh (`<<p>` opens a tag at the second '<').
      next = i + 1
    }
    i = html.indexOf('<', next)
  }
  if (copiedUpTo === 0) return html
  kept.push(html.slice(copiedUpTo))
  return kept.join('')
}
