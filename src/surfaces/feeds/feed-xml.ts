export { escapeXml } from '../sitemaps/xml.ts'

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes publisher and story text for the HTML of a feed entry (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]!)
}

/** Characters XML 1.0 forbids even escaped (C0 controls but tab, CR, LF; lone surrogates; U+FFFE/U+FFFF). */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Removes what no XML document may contain: one stray control character in a headline must not break a feed. */
export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, '')
}

/** RFC 822 date-time as RSS 2.0 requires (`Tue, 24 Nov 2026 23:01:24 GMT`). */
export const rfc822 = (iso: string) => new Date(iso).toUTCString()

/** IMF-fixdate for Last-Modified (RFC 9110 §5.6.7), whole seconds. */
export const httpDate = (iso: string) => new Date(iso).toUTCString()
