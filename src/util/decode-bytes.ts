/**
 * Bytes → string for feeds. Order of authority (RFC 7303 §3 and XML 1.0 Appendix F, as real feed readers apply them):
 *   1. a byte order mark;
 *   2. the Content-Type `charset=` parameter;
 *   3. the XML declaration's `encoding=` (read from the first bytes as ASCII; a UTF-16 document without a BOM is
 *      recognised by its `<\0?\0` / `\0<\0?` pattern);
 *   4. UTF-8.
 * One practical exception: a header that says UTF-8 over bytes that are not valid UTF-8, while the XML declaration names
 * another charset, loses to the declaration (a common misconfiguration of servers that stamp `charset=utf-8` on every
 * response). Never throws: an unknown or unsupported label falls back to UTF-8 and says so in `notes`.
 */

export type CharsetSource = 'bom' | 'header' | 'declaration' | 'sniffed' | 'default'

export interface DecodedText {
  text: string
  /** The WHATWG encoding name actually used, e.g. 'utf-8', 'windows-1252', 'utf-16le'. */
  charset: string
  source: CharsetSource
  /** Human-readable remarks for operators' logs (unknown labels, conflicts resolved). */
  notes: string[]
}

/** How many leading bytes are searched for the XML declaration (it must be first, so a small window suffices). */
const DECLARATION_WINDOW = 1024

/** The `charset` parameter of a Content-Type value, lower-cased and unquoted, or null. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null
  const m = /;\s*charset\s*=\s*("([^"]*)"|[^;,\s]*)/i.exec(contentType)
  if (!m) return null
  const value = (m[2] ?? m[1] ?? '').trim().toLowerCase()
  return value === '' ? null : value
}

/** The `encoding=` of a leading `<?xml …?>` declaration in ASCII-compatible bytes, or null. */
export function charsetFromXmlDeclaration(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, DECLARATION_WINDOW)).toString('latin1')
  const m = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z0-9._:\-]{1,40})\1/.exec(head)
  return m ? m[2]!.toLowerCase() : null
}

/** Whether `TextDecoder` knows the label; returns its canonical name or null. */
export function resolveCharset(label: string): string | null {
  try {
    const name = new TextDecoder(label).encoding
    // WHATWG maps ISO-2022-KR, HZ-GB-2312 and friends to "replacement", which decodes everything to one U+FFFD.
    return name === 'replacement' ? null : name
  } catch {
    return null
  }
}

function bomCharset(bytes: Uint8Array): { charset: string, length: number } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', length: 3 }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', length: 2 }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', length: 2 }
  return null
}

/** UTF-16 without a BOM: `<?` or `<r`/`<f` etc. with a zero byte on one side. */
function sniffUtf16(bytes: Uint8Array): string | null {
  if (bytes.length < 4) return null
  if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le'
  if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] !== 0) return 'utf-16be'
  return null
}

/** Looks ASCII-compatible (so a label claiming UTF-16 without a BOM or zero bytes is a lie). */
function looksAsciiCompatible(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64)
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return false
  return true
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** Windows-1252 0x80–0x9F (the five unassigned bytes stay C1 controls, as in the WHATWG index). */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/**
 * Node 20's TextDecoder('windows-1252') (also reached through the labels iso-8859-1, latin1, ascii, us-ascii) decodes
 * as ISO-8859-1: curly quotes, €, — and … come out as C1 control characters. Decode it by hand.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
}

function run(bytes: Uint8Array, charset: string, source: CharsetSource, notes: string[]): DecodedText {
  if (charset === 'windows-1252') return { text: decodeWindows1252(bytes), charset, source, notes }
  // ignoreBOM: false (the default) strips a BOM that matches the encoding.
  const text = new TextDecoder(charset).decode(bytes)
  return { text, charset, source, notes }
}

export function decodeBytes(bytes: Uint8Array, contentType: string | null | undefined): DecodedText {
  const notes: string[] = []

  const bom = bomCharset(bytes)
  if (bom) {
    const headerLabel = charsetFromContentType(contentType)
    if (headerLabel && resolveCharset(headerLabel) !== bom.charset) {
      notes.push(`byte order mark (${bom.charset}) overrides Content-Type charset ${headerLabel}`)
    }
    return run(bytes, bom.charset, 'bom', notes)
  }

  const sniffed16 = sniffUtf16(bytes)
  const declared = sniffed16 ? null : charsetFromXmlDeclaration(bytes)

  const headerLabel = charsetFromContentType(contentType)
  if (headerLabel) {
    const resolved = resolveCharset(headerLabel)
    if (resolved === null) {
      notes.push(`unknown Content-Type charset "${headerLabel.slice(0, 40)}" ignored`)
    } else if (resolved.startsWith('utf-16') && !sniffed16 && looksAsciiCompatible(bytes)) {
      notes.push(`Content-Type says ${headerLabel} but the bytes are ASCII-compatible; ignored`)
    } else if (resolved === 'utf-8' && declared && resolveCharset(declared) !== null && resolveCharset(declared) !== 'utf-8' && !isValidUtf8(bytes)) {
      notes.push(`Content-Type says utf-8 but the body is not valid UTF-8; using the XML declaration (${declared})`)
      return run(bytes, resolveCharset(declared)!, 'declaration', notes)
    } else {
      return run(bytes, resolved, 'header', notes)
    }
  }

  if (sniffed16) return run(bytes, sniffed16, 'sniffed', notes)

  if (declared) {
    const resolved = resolveCharset(declared)
    if (resolved === null) {
      notes.push(`unknown XML declaration encoding "${declared}"; using utf-8`)
    } else if (resolved.startsWith('utf-16')) {
      // We could read the declaration as ASCII, so the document is not UTF-16 (typically re-encoded by a server).
      notes.push(`XML declaration says ${declared} but the bytes are ASCII-compatible; using utf-8`)
    } else {
      return run(bytes, resolved, 'declaration', notes)
    }
  }

  return run(bytes, 'utf-8', 'default', notes)
}
