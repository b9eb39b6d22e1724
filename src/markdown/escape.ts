/**
 * Publisher text is untrusted: in Markdown it must stay text. Inline metacharacters are backslash-escaped
 * (CommonMark lets any ASCII punctuation be escaped), whitespace is collapsed so a headline cannot open a new
 * block, and a paragraph cannot start with a block marker (#, >, -, +, =, "1.").
 */

const INLINE_SPECIALS = /[\\`*_[\]<>|~]/g
const ENTITY_LIKE = /&(?=#?[a-z0-9]+;)/gi

/** One line of inline text: a headline, a name, a title. */
export function mdInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
    .replace(INLINE_SPECIALS, '\\$&')
    .replace(ENTITY_LIKE, '\\&')
}

/** A paragraph or several, separated by blank lines; each starts as plain text. */
export function mdParagraphs(text: string): string {
  return text.split(/\n\s*\n/)
    .map((p) => mdInline(p))
    .filter((p) => p.length > 0)
    .map((p) => p.replace(/^([#+=-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2'))
    .join('\n\n')
}

/** A link destination: our URLs are validated http(s) URLs; percent-encode what Markdown would misread. */
export function mdUrl(url: string): string {
  return url.replace(/[()<>\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}

export function mdLink(text: string, url: string): string {
  return `[${mdInline(text)}](${mdUrl(url)})`
}
