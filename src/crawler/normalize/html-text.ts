/**
 * Publisher HTML → plain text. Newsdesk never stores or re-emits publisher HTML (no publisher script, tracker or markup reaches a reader), so this is a stripper, not
 * a sanitizer: every tag and attribute goes (so `on*` handlers, `javascript:` URLs and styles cannot survive), the content
 * of elements that are not prose (script, style, iframe, svg, …) goes with them, character references are decoded once,
 * and block elements become paragraph breaks. It follows the HTML tokenizer where that matters for safety (`<` not
 * followed by a letter is text; raw-text elements end only at their own end tag; comments and `<!…>`/`<?…>` are dropped)
 * and runs in one forward pass, O(n).
 *
 * Double-escaped markup (`&lt;p&gt;Hello&lt;/p&gt;` where HTML was meant, common in feeds) decodes to tags; a second
 * pass removes those, but only for known HTML element names, so text like "x<y and y>z" survives, and only when the
 * decoded text closes an element: an escaped fragment of markup closes what it opens, while text that mentions a tag
 * ("use <b> for bold", escaped once as it should be) does not, and keeps it.
 */
import { decode } from 'html-entities'

/** Elements whose whole content is dropped: never prose, or not meant for reading. */
const DROP_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'noscript', 'noembed', 'noframes', 'template', 'object', 'applet',
  'svg', 'math', 'canvas', 'audio', 'video', 'select', 'textarea', 'head', 'title', 'xmp', 'plaintext', 'button', 'form',
  'nav', 'aside', 'figcaption',
])

/** Elements that separate paragraphs. */
const BLOCK = new Set([
  'address', 'article', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'ol', 'p', 'pre', 'section', 'summary',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption', 'body', 'html', 'center', 'menu',
])

/** Every HTML element name (current and obsolete): the second pass strips only these. */
const HTML_ELEMENTS = new Set([
  ...DROP_CONTENT, ...BLOCK,
  'a', 'abbr', 'acronym', 'area', 'b', 'base', 'basefont', 'bdi', 'bdo', 'big', 'blink', 'body', 'cite', 'code', 'col',
  'colgroup', 'data', 'datalist', 'del', 'dfn', 'em', 'embed', 'font', 'i', 'img', 'input', 'ins', 'kbd', 'label',
  'legend', 'link', 'map', 'mark', 'marquee', 'meta', 'meter', 'nobr', 'optgroup', 'option', 'output', 'param', 'picture',
  'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'search', 'slot', 'small', 'source', 'span', 'strike', 'strong',
  'sub', 'sup', 'time', 'track', 'tt', 'u', 'var', 'wbr', 'image',
])

/** Decodes HTML character references (named, legacy names without ';', decimal, hex, C1 remapping) as a browser does in text. */
export function decodeEntities(s: string): string {
  // A reference to a lone surrogate (&#xD800;) decodes to one; toWellFormed makes it U+FFFD as a browser does.
  return s.includes('&') ? decode(s, { level: 'html5', scope: 'body' }).toWellFormed() : s
}

/**
 * Removes characters that have no place in plain text: C0/C1 controls (except tab and newline), and bidirectional
 * embedding/override/isolate controls, which can make text render differently from its logical order (natural RTL
 * text in Arabic or Hebrew needs none of them). The zero-width characters go too (space, non-joiner, joiner, word
 * joiner, and the byte-order mark / zero-width no-break space): invisible, they can split a word so that a filter
 * misses it while a reader, or a model, still sees the word.
 */
export function stripControls(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff\ufffe\uffff]/g, '')
}

/** Collapses runs of whitespace (including NBSP and other Unicode spaces) into one space and trims. */
export function collapseWhitespace(s: string): string {
  // Most text is already single-spaced: replacing each of its spaces by itself cost more than the rest of the
  // quarantine screen per sentence. `\s` holds NBSP and the other Unicode spaces.
  if (!OTHER_WHITESPACE.test(s)) return s.trim()
  return s.replace(/\s+/g, ' ').trim()
}
/** Whitespace other than a single ASCII space. */
const OTHER_WHITESPACE = /[^\S ]| {2}/

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
}

/**
 * The pass's output, joined every 1,024 pieces: one array of a million young strings (4 MB of "<p>x</p>") made every
 * scavenge walk it, and on Node 26 the 4 MB input cost 7–10× the 1 MB one instead of about 4× (html-text.test.ts).
 */
class Pieces {
  private pieces: string[] = []
  private readonly chunks: string[] = []
  push(piece: string): void {
    this.pieces.push(piece)
    if (this.pieces.length >= 1024) {
      this.chunks.push(this.pieces.join(''))
      this.pieces = []
    }
  }
  join(): string {
    this.chunks.push(this.pieces.join(''))
    return this.chunks.join('')
  }
}

/** One tokenizer pass: emits text runs and '\n\n' paragraph markers; entity decoding optional. */
function stripPass(html: string, decode: boolean, onlyKnownTags: boolean): string {
  // ASCII-only lower-casing keeps every index aligned with `html` (String#toLowerCase can change the length: 'İ').
  const lower = html.replace(/[A-Z]+/g, (m) => m.toLowerCase())
  const n = html.length
  const out = new Pieces()
  let i = 0
  let textStart = 0

  const flushText = (end: number): void => {
    if (end > textStart) out.push(decode ? decodeEntities(html.slice(textStart, end)) : html.slice(textStart, end))
  }

  while (i < n) {
    const lt = html.indexOf('<', i)
    if (lt < 0) break
    const c = html.charCodeAt(lt + 1)

    // Comments and other markup declarations / processing instructions.
    if (!onlyKnownTags && (c === 0x21 || c === 0x3f)) { // '!' or '?'
      flushText(lt)
      let end: number
      if (html.startsWith('<!--', lt)) {
        const close = html.indexOf('-->', lt + 4)
        end = close < 0 ? n : close + 3
      } else {
        const close = html.indexOf('>', lt + 2)
        end = close < 0 ? n : close + 1
      }
      i = textStart = end
      continue
    }

    const isEnd = c === 0x2f // '/'
    const nameStart = isEnd ? lt + 2 : lt + 1
    if (!isAsciiLetter(html.charCodeAt(nameStart))) {
      i = lt + 1 // '<' as text
      continue
    }
    let nameEnd = nameStart
    while (nameEnd < n) {
      const ch = html.charCodeAt(nameEnd)
      if (ch === 0x3e || ch === 0x2f || ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0c || ch === 0x0d) break
      nameEnd++
    }
    const name = lower.slice(nameStart, nameEnd)
    if (onlyKnownTags && !HTML_ELEMENTS.has(name)) {
      i = lt + 1
      continue
    }

    // Find the end of the tag, skipping quoted attribute values.
    let j = nameEnd
    let quote = 0
    for (; j < n; j++) {
      const ch = html.charCodeAt(j)
      if (quote !== 0) {
        if (ch === quote) quote = 0
      } else if (ch === 0x22 || ch === 0x27) {
        // Quotes only open a value right after '=' (possibly with spaces); elsewhere they are junk characters.
        let k = j - 1
        while (k > nameEnd && (html.charCodeAt(k) === 0x20 || html.charCodeAt(k) === 0x09 || html.charCodeAt(k) === 0x0a)) k--
        if (html.charCodeAt(k) === 0x3d) quote = ch
      } else if (ch === 0x3e) {
        break
      }
    }
    if (j >= n) {
      // An unterminated tag: everything after it is attribute soup, drop it.
      flushText(lt)
      i = textStart = n
      break
    }

    flushText(lt)
    let next = j + 1
    if (!isEnd && DROP_CONTENT.has(name)) {
      const close = lower.indexOf(`</${name}`, next)
      if (close < 0) {
        next = n
      } else {
        const gt = html.indexOf('>', close)
        next = gt < 0 ? n : gt + 1
      }
      out.push(' ')
    } else if (BLOCK.has(name)) {
      out.push('\n\n')
    } else if (name === 'img' || name === 'td' || name === 'th') {
      out.push(' ')
    }
    i = textStart = next
  }
  flushText(n)
  return out.join()
}

/**
 * HTML fragment → plain text with paragraphs separated by a blank line ('\n\n') and whitespace collapsed inside each
 * paragraph. Empty input → ''.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return ''
  let text = stripPass(html, true, false)
  // Decoded markup from double-escaped sources: strip once more, known element names only, no second decoding.
  if (/<\/[A-Za-z]/.test(text)) text = stripPass(text, false, true)
  return joinParagraphs(stripControls(text))
}

/** Paragraphs (split at blank lines) with whitespace collapsed, empty ones left out, joined by one blank line. */
function joinParagraphs(text: string): string {
  // One paragraph at a time into chunked output, not split() → map() → filter(): three arrays as long as the text has
  // paragraphs (500,000 for 4 MB of "<p>x</p>"), which the collector walked on every scavenge.
  const out = new Pieces()
  const blank = /\n\s*\n/g
  let start = 0
  let first = true
  const emit = (end: number): void => {
    const paragraph = collapseWhitespace(text.slice(start, end))
    if (paragraph === '') return
    if (!first) out.push('\n\n')
    out.push(paragraph)
    first = false
  }
  for (let m = blank.exec(text); m !== null; m = blank.exec(text)) {
    emit(m.index)
    start = blank.lastIndex
  }
  emit(text.length)
  return out.join()
}

/** Same, on one line: for titles, teasers and authors. */
export function htmlToInlineText(html: string | null | undefined): string {
  return collapseWhitespace(htmlToText(html))
}

/** Plain text → minimal HTML (escaped, blank-line-separated paragraphs), for sources that give text (JSON Feed). */
export function textToHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return esc.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter((p) => p !== '').map((p) => `<p>${p}</p>`).join('\n')
}
