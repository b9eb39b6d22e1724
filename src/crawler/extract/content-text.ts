/**
 * Readability's article element → plain text, and the measurements that tell an article from a list of links.
 *
 * The text goes through `htmlToText` (normalize/html-text.ts), the same stripper the feed path uses: block elements
 * become paragraphs separated by '\n\n', every tag and attribute goes, entities are decoded once, control and bidi
 * characters are stripped. On top of it, paragraphs that are only furniture ("Advertisement", "Read more: …", "Subscribe
 * to continue reading", datelines, photo credits: furniture-paragraphs.ts) are dropped: they survive Readability
 * because they sit inside the article body.
 */
import { htmlToText } from '../normalize/html-text.ts'
import { isFurniture } from './furniture-paragraphs.ts'
import { truncateParagraphs } from './text-limits.ts'

/** Plain text of the article element: paragraphs joined by '\n\n', furniture dropped, at most `maxChars`. */
export function articleText(content: Element, maxChars: number): string {
  const paragraphs = htmlToText(content.innerHTML).split('\n\n').filter((p) => p !== '' && !isFurniture(p))
  return truncateParagraphs(paragraphs.join('\n\n'), maxChars)
}

export interface ContentShape {
  /** Characters of text (whitespace included, as Readability counts). */
  textChars: number
  /** Of which inside links. */
  linkChars: number
  /** Headings whose text is mostly a link: the signature of a list of stories. */
  linkedHeadings: number
}

export function contentShape(content: Element): ContentShape {
  const textChars = (content.textContent ?? '').trim().length
  let linkChars = 0
  for (const a of Array.from(content.querySelectorAll('a'))) linkChars += (a.textContent ?? '').trim().length
  let linkedHeadings = 0
  for (const h of Array.from(content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const all = (h.textContent ?? '').trim().length
    if (all === 0) continue
    let linked = 0
    for (const a of Array.from(h.querySelectorAll('a'))) linked += (a.textContent ?? '').trim().length
    if (linked / all >= 0.8) linkedHeadings++
  }
  return { textChars, linkChars, linkedHeadings }
}

/** Measured: section fronts put a third or more of their text in links; real articles with linked headings 4–6 %. */
const LISTING_MIN_LINK_SHARE = 0.15

/**
 * A section front or tag page rather than one story: most of the text is links, or several headings are links to
 * other pages (story cards) and links make up a good part of the text, which a news article's body practically never
 * has.
 */
export function looksLikeListing(shape: ContentShape): boolean {
  if (shape.textChars === 0) return false
  if (shape.linkChars / shape.textChars > 0.5) return true
  // Linked headings alone are not enough: a review round-up or a live page links its section headings to its sources
  // while its text is prose. Story cards also make up a good part of a front's text.
  return shape.linkedHeadings >= 4 && shape.linkChars / shape.textChars > LISTING_MIN_LINK_SHARE
}
