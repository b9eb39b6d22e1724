/**
 * Bytes → string for HTML pages. `decodeBytes` (util/decode-bytes.ts) already handles the byte order mark, the Content-Type
 * charset and the XML declaration (XHTML); HTML adds `<meta charset>` and `<meta http-equiv="Content-Type">`, which this
 * file finds (a simplified version of the WHATWG "prescan a byte stream to determine its encoding") and hands to
 * decodeBytes as if it were the header's label. Order of authority, as browsers apply it:
 *   1. a byte order mark;
 *   2. the Content-Type charset;
 *   3. the `<meta>` charset;
 *   4. UTF-8 when the bytes are valid UTF-8, else windows-1252 (the web's legacy default for unlabelled pages).
 * Two practical exceptions to "the header wins", both for servers that stamp one default label on every response:
 * a header saying UTF-8 over bytes that are not UTF-8, and a header saying ISO-8859-1/windows-1252/ASCII over bytes that
 * are valid, non-ASCII UTF-8; in both cases a `<meta>` label that fits the bytes wins.
 */
import { isUtf8 } from 'node:buffer'
import { charsetFromContentType, decodeBytes, resolveCharset, type DecodedText } from '../../util/decode-bytes.ts'

/**
 * How many leading bytes are searched for `<meta charset>`. The WHATWG prescan stops at 1024; real pages put 2–6 KiB of
 * inline script or comments first often enough that we look further. A later false positive would need a `<meta
 * charset>` inside body text, which the parser would not have honoured either way, so the wider window costs nothing.
 */
const PRESCAN_BYTES = 8192

/** Labels a server sends by default without knowing the page (Apache's old AddDefaultCharset, framework defaults). */
const DEFAULT_STAMPED = new Set(['windows-1252', 'utf-8'])

/** The charset named by a `<meta>` in the first bytes, as a label (not yet resolved), or null. */
export function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PRESCAN_BYTES)).toString('latin1')
  // Comments may contain example markup; the prescan skips them too.
  const text = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '')
  const metaTag = /<meta[\s/]([^>]*)>?/gi
  for (let m = metaTag.exec(text); m !== null; m = metaTag.exec(text)) {
    const attrs = parseAttributes(m[1] ?? '')
    const charset = attrs.get('charset')
    if (charset !== undefined && charset.trim() !== '') return charset.trim().toLowerCase()
    const equiv = attrs.get('http-equiv')
    const content = attrs.get('content')
    if (equiv !== undefined && equiv.trim().toLowerCase() === 'content-type' && content !== undefined) {
      const fromContent = charsetFromContentType(content.includes(';') ? content : `x/x; ${content}`)
      if (fromContent !== null) return fromContent
    }
  }
  return null
}

/** Attribute name → value (first occurrence wins, as in the HTML tokenizer); names lower-cased. */
function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>()
  const attr = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g
  for (let m = attr.exec(source); m !== null; m = attr.exec(source)) {
    const name = m[1]!.toLowerCase()
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '')
  }
  return attrs
}

/**
 * The encoding a `<meta>` label means for HTML: a UTF-16 label in an ASCII-compatible prescan is a lie (the prescan could
 * read it) and means UTF-8; x-user-defined means windows-1252 (WHATWG); unknown labels are ignored.
 */
function resolveMetaCharset(label: string): string | null {
  const resolved = resolveCharset(label)
  if (resolved === null) return label.trim().toLowerCase() === 'x-user-defined' ? 'windows-1252' : null
  return resolved.startsWith('utf-16') ? 'utf-8' : resolved
}

function hasBom(bytes: Uint8Array): boolean {
  return (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
}

/** Valid UTF-8 with at least one non-ASCII byte (pure ASCII fits every label, so it proves nothing). */
function isNonAsciiUtf8(bytes: Uint8Array): boolean {
  return bytes.some((b) => b >= 0x80) && isUtf8(bytes)
}

/** Decodes an HTML page. Never throws; `source` says which rule chose the charset ('header' also for a meta label). */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): DecodedText {
  if (hasBom(bytes)) return decodeBytes(bytes, contentType)

  const metaLabel = charsetFromMeta(bytes)
  const meta = metaLabel === null ? null : resolveMetaCharset(metaLabel)
  const headerLabel = charsetFromContentType(contentType)
  const resolvedHeader = headerLabel === null ? null : resolveCharset(headerLabel)
  // Without a BOM a UTF-16 header is either a lie (ASCII-compatible bytes) or sniffable by decodeBytes from the zero
  // bytes, which the unlabelled path below does; either way the header label itself is no help.
  const header = resolvedHeader?.startsWith('utf-16') ? null : resolvedHeader

  if (header !== null) {
    const stamped = DEFAULT_STAMPED.has(header) && meta !== null && meta !== header
    if (stamped && header === 'utf-8' && !isUtf8(bytes)) {
      const decoded = decodeBytes(bytes, `text/html; charset=${meta}`)
      decoded.notes.push(`Content-Type says utf-8 but the body is not valid UTF-8; using <meta> charset ${meta}`)
      return decoded
    }
    if (stamped && header === 'windows-1252' && meta === 'utf-8' && isNonAsciiUtf8(bytes)) {
      const decoded = decodeBytes(bytes, 'text/html; charset=utf-8')
      decoded.notes.push(`Content-Type says ${headerLabel} but the body is UTF-8 as its <meta> says`)
      return decoded
    }
    return decodeBytes(bytes, contentType)
  }

  if (meta !== null) return decodeBytes(bytes, `text/html; charset=${meta}`)
  const decoded = decodeUnlabelled(bytes)
  if (metaLabel !== null) decoded.notes.push(`unknown <meta> charset "${metaLabel.slice(0, 40)}" ignored`)
  return decoded
}

/**
 * No usable label: decodeBytes still honours an XHTML `<?xml encoding?>`; otherwise UTF-8 if the bytes are UTF-8, else
 * the legacy default (browsers pick windows-1252 for most locales; it maps every byte, so nothing is lost).
 */
function decodeUnlabelled(bytes: Uint8Array): DecodedText {
  const decoded = decodeBytes(bytes, null)
  if (decoded.source === 'default' && !isUtf8(bytes)) {
    const legacy = decodeBytes(bytes, 'text/html; charset=windows-1252')
    legacy.notes.push('no charset label and not valid UTF-8; decoded as windows-1252')
    return legacy
  }
  return decoded
}
