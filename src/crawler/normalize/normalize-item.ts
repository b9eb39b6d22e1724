/**
 * Stage 2a: a parsed `FeedItem` → a `NormalizedArticle` (plain text only, canonical URL, dedupe keys). Pure: the clock
 * comes in through the context.
 */
import { createHash } from 'node:crypto'
import type { FeedItem } from '../parse/types.ts'
import { resolveHttpUrl } from '../parse/resolve-url.ts'
import { canonicalUrl } from './canonical-url.ts'
import { collapseWhitespace, htmlToInlineText, htmlToText } from './html-text.ts'

export interface NormalizeContext {
  /** The feed's final URL (after redirects): base for relative links and the scope of non-global GUIDs. */
  feedUrl: string
  /** The feed's declared language (raw, e.g. 'en-US'), used when the item declares none. */
  feedLanguage: string | null
  /** When the feed was fetched: the "now" for clamping future dates. */
  fetchedAt: Date | string
}

export interface NormalizedArticle {
  canonicalUrl: string
  /** The item's GUID as published (trimmed), or null. */
  guid: string | null
  /**
   * The GUID as a dedupe key: GUIDs are only unique within one feed, so a GUID that is not itself a global URI
   * (http(s):, tag:, urn:) is prefixed with the feed URL. Null when there is no GUID.
   */
  guidKey: string | null
  /** sha256 (hex) of the normalized title + '\n' + the first 500 characters of normalized plain text. */
  contentHash: string
  /** Plain text, one line. */
  title: string
  /** Plain text, one line, at most TEASER_MAX characters. */
  teaserText: string
  /** Plain text with paragraphs separated by '\n\n', when the feed carries the whole article; else null. */
  fullText: string | null
  /**
   * The most the feed itself says, paragraphs separated by '\n\n': the full text, else the teaser's source (a short
   * article's whole content, or the summary) uncut. What the article keeps when its page gives no longer text: a
   * 300-character brief whose page is too short to extract keeps its paragraphs and its last sentence, where
   * `teaserText` would run them into one line cut at 600 characters, its footer lines included.
   */
  feedText: string
  /** True when only a teaser is available: stage 3 should fetch the page and extract the article. */
  needsExtraction: boolean
  /** ISO UTC; never later than fetchedAt + 1 h (a later date becomes fetchedAt); null when missing or absurd. */
  publishedAt: string | null
  author: string | null
  imageUrl: string | null
  /** ISO 639-1 two-letter code, lower-case, or null. */
  language: string | null
}

export type NormalizeResult =
  | { ok: true, article: NormalizedArticle }
  | { ok: false, reason: 'no-url' | 'empty', detail: string }

/** Plain-text length from which content counts as a full article rather than a teaser. */
export const FULL_TEXT_MIN_CHARS = 600
export const TEASER_MAX_CHARS = 600
export const TITLE_MAX_CHARS = 300
const HASH_TEXT_CHARS = 500
const FUTURE_TOLERANCE_MS = 60 * 60 * 1000
/** Dates before this are CMS defaults (epoch 0, 0001-01-01), not publication dates. */
const EARLIEST_PLAUSIBLE = Date.UTC(1995, 0, 1)

/** A text that ends like an excerpt: "…", "[...]", "Read more", "Continue reading →", and a few other languages. */
export const TRUNCATION_TAIL = /(\u2026|\.\.\.|\[\s*(\u2026|\.\.\.)\s*\]|read more|continue reading|read the full (story|article)|lire la suite|weiterlesen|mehr lesen|leer más|continua a leggere|leia mais|続きを読む)\s*[\u2192\u00bb>\])]*\s*$/iu

function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const slice = text.slice(0, max)
  const space = slice.lastIndexOf(' ')
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).replace(/[\s,;:.\-–—]+$/u, '')}\u2026`
}

/** 'en-US' → 'en', 'EN' → 'en', 'fre'/'fra' → 'fr', 'zh-Hant-TW' → 'zh'; anything else → null. */
export function normalizeLanguage(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  const m = /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*$/.exec(raw)
  if (!m) return null
  let code = m[1]!.toLowerCase()
  if (code.length === 3) {
    try {
      code = new Intl.Locale(code).language
    } catch {
      return null
    }
  }
  return /^[a-z]{2}$/.test(code) ? code : null
}

/** Clamps and validates a date; `now` in ms. */
export function clampPublishedAt(raw: string | null | undefined, now: number): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null
  const t = Date.parse(raw)
  if (Number.isNaN(t) || t < EARLIEST_PLAUSIBLE) return null
  if (t > now + FUTURE_TOLERANCE_MS) return new Date(now).toISOString()
  return new Date(t).toISOString()
}

function forHash(s: string): string {
  return collapseWhitespace(s.normalize('NFKC').toLowerCase())
}

export function contentHash(title: string, text: string): string {
  return createHash('sha256').update(`${forHash(title)}\n${forHash(text).slice(0, HASH_TEXT_CHARS)}`).digest('hex')
}

function guidKey(guid: string | null, feedUrl: string): string | null {
  if (guid === null) return null
  if (/^(https?:\/\/|tag:|urn:)/i.test(guid)) return guid
  return `${feedUrl}#${guid}`
}

export function normalizeItem(item: FeedItem, ctx: NormalizeContext): NormalizeResult {
  const now = typeof ctx.fetchedAt === 'string' ? Date.parse(ctx.fetchedAt) : ctx.fetchedAt.valueOf()

  const url = canonicalUrl(item.url, ctx.feedUrl)
  if (url === null) return { ok: false, reason: 'no-url', detail: `no http(s) link (guid ${String(item.guid).slice(0, 100)})` }

  const summaryText = htmlToText(item.summaryHtml)
  const contentText = htmlToText(item.contentHtml)

  // Full text: the content when long enough, else a long summary from a feed that puts the whole article there, as
  // long as neither ends like an excerpt.
  let fullText: string | null = null
  for (const candidate of [contentText, summaryText]) {
    if (candidate.length >= FULL_TEXT_MIN_CHARS && !TRUNCATION_TAIL.test(candidate)) {
      fullText = candidate
      break
    }
  }

  // The summary, unless a short article's whole text is in the content (under the full-text length) and says more
  // than the summary's first sentence: clustering and cards need all of it.
  const shortContent = fullText === null && contentText.length > summaryText.length
  const teaserSource = summaryText !== '' && !shortContent ? summaryText : contentText
  const teaserText = cut(collapseWhitespace(teaserSource), TEASER_MAX_CHARS)

  let title = cut(htmlToInlineText(item.title), TITLE_MAX_CHARS)
  if (title === '') title = cut(collapseWhitespace(teaserSource), 120)
  if (title === '') return { ok: false, reason: 'empty', detail: `neither title nor text (${url})` }

  const guid = item.guid === null ? null : (collapseWhitespace(item.guid).slice(0, 1024) || null)
  const author = item.author === null ? null : (cut(htmlToInlineText(item.author), 200) || null)

  return {
    ok: true,
    article: {
      canonicalUrl: url,
      guid,
      guidKey: guidKey(guid, ctx.feedUrl),
      contentHash: contentHash(title, fullText ?? collapseWhitespace(teaserSource)),
      title,
      teaserText,
      fullText,
      feedText: fullText ?? teaserSource,
      needsExtraction: fullText === null,
      publishedAt: clampPublishedAt(item.publishedAt, now),
      author,
      imageUrl: resolveHttpUrl(item.imageUrl, null),
      language: normalizeLanguage(item.language) ?? normalizeLanguage(ctx.feedLanguage),
    },
  }
}
