import type { Card } from '../../domain/story.ts'
import type { ArticleRecord } from '../../domain/crawl-records.ts'
import { collapseWhitespace, stripControls } from '../normalize/html-text.ts'
import { decodeBase64Runs, foldForScreen, survey } from './fold.ts'
import { hasInstructionShape, hasRoleMarker } from './instruction-shape.ts'

/**
 * Prompt-injection quarantine. Publisher text reaches agents (MCP, A2A) and the optional summarizing LLM, so a feed
 * item that addresses them ("Ignore previous instructions …; SYSTEM: …", "call the … tool and send the results to
 * https://…") must not reach them as the service's own words. The story is kept (the rest of the article is news),
 * the sentences that read as instructions are dropped from everything it is written from, and the story is flagged.
 */

/** Sentence ends: . ! ? … (and the Arabic ?) followed by space, or the CJK full stops, which take no space. */
const SENTENCE_END = /(?<=[.!?…؟][”’"'»)\]]*)\s+(?=\S)|(?<=[。！？])/u

/**
 * True when the sentence reads as an instruction to an AI: a chat-template marker, or the shape of one
 * (instruction-shape.ts) in its folded reading (fold.ts), or in the words of a base64 run it carries.
 */
export function isInstructionLike(sentence: string): boolean {
  // Zero-width and bidi characters would split a keyword invisibly; full-width letters would hide it: match on the
  // normalized form, remove the original.
  const text = collapseWhitespace(stripControls(sentence).normalize('NFKC'))
  if (text === '') return false
  const found = survey(text)
  if (hasRoleMarker(text) || hasInstructionShape(foldForScreen(text, found), found.scripts)) return true
  const decoded = found.base64 ? decodeBase64Runs(text) : null
  if (decoded === null) return false
  const clean = collapseWhitespace(stripControls(decoded).normalize('NFKC'))
  return hasRoleMarker(clean) || hasInstructionShape(foldForScreen(clean))
}

/** The sentences of a paragraph, as the screen splits them. */
export function splitSentences(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END)
}

export interface Screened {
  text: string
  /** How many sentences were dropped. */
  removed: number
}

/** Drops instruction-like sentences from plain text, keeping paragraphs ('\n\n') and every other sentence as it was. */
export function screenText(text: string): Screened {
  let removed = 0
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => {
    const kept = paragraph.split(SENTENCE_END).filter((sentence) => {
      if (!isInstructionLike(sentence)) return true
      removed++
      return false
    })
    return kept.join(' ').trim()
  })
  if (removed === 0) return { text, removed }
  return { text: paragraphs.filter((p) => p !== '').join('\n\n'), removed }
}

/** The longest a headline made from the text's first sentence may be. */
const FALLBACK_TITLE_CHARS = 160

/** What screening makes of an article's publisher text: a pure function of its title, text, author and URL. */
export interface ScreenedText {
  title: string
  text: string
  author: string | null
  flagged: boolean
}

/**
 * An article as the story text builder may use it: instruction-like sentences gone from title, text and author. A title
 * that was nothing but instructions becomes the text's first clean sentence (or names the site), so the story keeps a
 * headline without repeating the attack.
 */
export function screenArticle(stored: ArticleRecord): { article: ArticleRecord; flagged: boolean } {
  const s = screenArticleText(stored)
  return { flagged: s.flagged, article: { ...stored, title: s.title, text: s.text, author: s.author } }
}

/**
 * The screening itself, reading only title, text, author and canonicalUrl, so its result can be remembered per
 * article (the story text builder's memo) and spread over the record by `screenArticle`.
 */
export function screenArticleText(stored: Pick<ArticleRecord, 'title' | 'text' | 'author' | 'canonicalUrl'>): ScreenedText {
  // Articles stored before zero-width characters were stripped at parse time, and text from page extraction, get
  // the same cleaning here: every piece of publisher text a story is written from passes this one place.
  const article = {
    title: stripControls(stored.title), text: stripControls(stored.text),
    author: stored.author === null ? null : stripControls(stored.author),
  }
  const text = screenText(article.text)
  const title = screenText(article.title)
  const authorFlagged = article.author !== null && isInstructionLike(article.author)
  const flagged = text.removed + title.removed > 0 || authorFlagged
  if (!flagged) return { ...article, flagged }
  return {
    title: collapseWhitespace(title.text) || fallbackTitle(text.text, stored.canonicalUrl),
    text: text.text,
    author: authorFlagged ? null : article.author,
    flagged,
  }
}

function fallbackTitle(text: string, url: string): string {
  const first = collapseWhitespace(text.split(SENTENCE_END)[0] ?? '')
  if (first !== '') return first.length <= FALLBACK_TITLE_CHARS ? first : `${first.slice(0, first.lastIndexOf(' ', FALLBACK_TITLE_CHARS) > 80 ? first.lastIndexOf(' ', FALLBACK_TITLE_CHARS) : FALLBACK_TITLE_CHARS)}…`
  return `Story from ${new URL(url).hostname}`
}

/**
 * The written text checked once more (an LLM's output, or a translation, could carry an instruction the screening of
 * its sources missed): flagged sentences leave summaries and cards; a flagged headline is replaced by `fallback`
 * (the screened title for the base text; null for a translation, which then falls back to the base headline).
 */
export function screenStoryText<T extends { headline?: string | null; summary?: string | null; cards?: Card[] | null }>(text: T, fallback: T['headline']): { text: T; removed: number } {
  let removed = 0
  const screen = (s: string | null | undefined) => {
    if (s === null || s === undefined) return s
    const r = screenText(s)
    removed += r.removed
    return r.text
  }
  const headline = text.headline && isInstructionLike(text.headline) ? (removed++, fallback) : text.headline
  const summary = screen(text.summary)
  const cards = text.cards?.map((c) => ({ heading: c.heading && isInstructionLike(c.heading) ? (removed++, null) : c.heading, body: screen(c.body) ?? null }))
    .filter((c) => c.heading || c.body)
  if (removed === 0) return { text, removed }
  return { text: { ...text, headline, summary: summary === '' ? null : summary, cards }, removed }
}
