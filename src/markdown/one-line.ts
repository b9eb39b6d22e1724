/** Where a one-line summary may end: after . ! ? (and a closing quote) before a space, or after CJK full stops. */
const SENTENCE_END = /[.!?]["'”’)]?(?=\s)|[。！？]/g
const LINE_MIN = 40
const LINE_MAX = 240

/**
 * The first sentence of a summary, for lists: a reader skims many stories and opens the one that matters with
 * get_story. A first sentence shorter than LINE_MIN characters ("U.S." style abbreviations end one early) takes
 * the next one too; a sentence longer than LINE_MAX is cut at a word and marked with an ellipsis.
 */
export function oneLine(summary: string): string {
  const text = summary.replace(/\s+/g, ' ').trim()
  if (text.length <= LINE_MIN) return text
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length
    if (end > LINE_MAX) break
    if (end >= LINE_MIN) return text.slice(0, end)
  }
  if (text.length <= LINE_MAX) return text
  const cut = text.lastIndexOf(' ', LINE_MAX - 1)
  return `${text.slice(0, cut > LINE_MIN ? cut : LINE_MAX - 1)}…`
}
