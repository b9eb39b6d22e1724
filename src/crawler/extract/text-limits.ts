/**
 * Length caps for extracted text. Cuts prefer a paragraph boundary, then a word boundary, and mark the cut with '…', so
 * a capped text never ends mid-word (which would confuse sentence splitting and summaries downstream).
 */

/** One-line text (title, byline, excerpt): at most `max` characters including the '…'. */
export function truncateInline(text: string, max: number): string {
  if (text.length <= max) return text
  const slice = text.slice(0, max - 1)
  const space = slice.lastIndexOf(' ')
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).replace(/[\s,;:.\-–—]+$/u, '')}\u2026`
}

/**
 * Paragraph text ('\n\n'-separated): whole paragraphs while they fit; if the first one alone is too long, it is cut at a
 * word. At most `max` characters.
 */
export function truncateParagraphs(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.lastIndexOf('\n\n', max)
  if (cut > 0) return text.slice(0, cut)
  return truncateInline(text.slice(0, max + 1).split('\n\n')[0]!, max)
}
