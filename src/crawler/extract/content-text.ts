/**
 * Readability's article element → plain text, and the measurements that tell an article from a list of links.
 *
 * The text goes through `htmlToText` (normalize/html-text.ts), the same stripper the feed path uses: block elements
 * become paragraphs separated by '\n\n', every tag and attribute goes, entities are decoded once, control and bidi
 * characters are stripped. On top of it, paragraphs that are only furniture ("Advertisement", "Read more: …", "Subscribe
 * to continue reading") are dropped: they survive Readability because they sit inside the article body.
 */
import { htmlToText } from '../normalize/html-text.ts'
import { truncateParagraphs } from './text-limits.ts'

/** Whole paragraphs that are page furniture, compared lower-cased with surrounding punctuation trimmed. */
const FURNITURE = new Set([
  'advertisement', 'advertisements', 'ad', 'ads', 'sponsored', 'sponsored content', 'paid content', 'skip advertisement',
  'story continues below advertisement', 'article continues below advertisement', 'continue reading below',
  'scroll to continue with content', 'advertisement - scroll to continue', 'anzeige', 'werbung', 'publicité',
  'publicidad', 'pubblicità', 'publicidade', '広告', '광고', 'إعلان',
  'subscribe to continue reading', 'subscribe to read', 'subscribe now', 'already a subscriber? sign in',
  'already a subscriber? log in', 'sign in', 'log in', 'sign up for our newsletter', 'share this article', 'share',
  'share on facebook', 'share on x', 'share on twitter', 'read more', 'continue reading', 'click here to subscribe',
  'weiterlesen', 'jetzt abonnieren', 'lire la suite', 'abonnez-vous', 'leer más', 'suscríbete', 'continua a leggere',
  'abbonati', 'leia mais', 'assine', '続きを読む', '더보기', 'اقرأ المزيد',
])

/** Short paragraphs that only point elsewhere ("Read more: Council budget explained"). */
const POINTER = /^(?:read more|related|see also|more on this|also read|lesen sie auch|mehr zum thema|lire aussi|à lire aussi|voir aussi|leer también|lea también|leia também|leia mais|leggi anche|関連記事|관련 기사|اقرأ أيضا)\s*[:：|»›>-]/iu
const POINTER_MAX_CHARS = 200

function isFurniture(paragraph: string): boolean {
  const key = paragraph.toLowerCase().replace(/^[\s.:!…—–\-|»›>•·]+|[\s.:!…—–\-|»›>•·]+$/gu, '')
  if (FURNITURE.has(key)) return true
  return paragraph.length <= POINTER_MAX_CHARS && POINTER.test(paragraph)
}

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

/**
 * A section front or tag page rather than one story: most of the text is links, or several headings are links to
 * other pages (story cards), which a news article's body practically never has.
 */
/** Measured: section fronts put a third or more of their text in links; real articles with linked headings 4–6 %. */
const LISTING_MIN_LINK_SHARE = 0.15

export function looksLikeListing(shape: ContentShape): boolean {
  if (shape.textChars === 0) return false
  if (shape.linkChars / shape.textChars > 0.5) return true
  // Linked headings alone are not enough: a review round-up or a live page links its section headings to its sources
  // while its text is prose. Story cards also make up a good part of a front's text.
  return shape.linkedHeadings >= 4 && shape.linkChars / shape.textChars > LISTING_MIN_LINK_SHARE
}
