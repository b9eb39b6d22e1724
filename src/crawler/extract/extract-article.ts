/**
 * Pipeline stage 3a: the bytes of an article page → its plain text and metadata. Pure and synchronous: the caller
 * fetched the page (src/crawler/fetch/) and passes the body, its Content-Type and the final URL; nothing here touches the
 * network or the store. Never throws: every failure is a value with a stable `reason`.
 *
 * Steps: size cap → refuse non-HTML (Content-Type, magic numbers, sniffing) → decode (BOM, header, <meta charset>) →
 * count tags before parsing → linkedom parse → read metadata from the untouched tree → prune (non-prose, hidden,
 * boilerplate, byline; refuses trees deep or large enough to make Readability slow) → Readability → refuse listings and
 * teasers → plain text (never publisher HTML: what we re-serve must not carry a publisher's scripts, trackers or markup).
 *
 * Readability runs on the parsed document itself, not on a clone: everything else that reads the tree (metadata, the
 * pruning pass) runs before it and nothing reads it afterwards, so a clone would only add its cost, which grows with
 * the page and is about as much as the whole extraction (decision 0017).
 */
import { Readability } from '@mozilla/readability'
import { htmlToInlineText } from '../normalize/html-text.ts'
import { TEASER_MAX_CHARS, TITLE_MAX_CHARS } from '../normalize/normalize-item.ts'
import { articleText, contentShape, looksLikeListing } from './content-text.ts'
import { decodeHtml } from './html-charset.ts'
import { parseHtmlDocument } from './html-document.ts'
import { readPageMetadata } from './page-metadata.ts'
import { PRUNE_LIMITS, pruneDocument } from './prune-document.ts'
import { countScripts, weightedLength } from './script-stats.ts'
import { truncateInline } from './text-limits.ts'
import { trimArticle } from './trim-article.ts'

export type ExtractFailureReason = 'not-html' | 'no-article' | 'too-large' | 'parse-error'

export interface ExtractedArticle {
  ok: true
  /** Plain text, one line, at most TITLE_MAX_CHARS. */
  title: string
  /** Plain text, paragraphs separated by '\n\n'; no tags, control or bidi-override characters; at most maxTextChars. */
  text: string
  /** Plain text, one line ("By " and similar prefixes removed), or null. */
  byline: string | null
  /** ISO 8601 UTC, or null. Not clamped to the fetch time: the caller has the clock (normalize's clampPublishedAt). */
  publishedTime: string | null
  /** ISO 639-1 declared by the page (<html lang>, og:locale, Content-Language), or null. Not detected: see detect-language.ts. */
  lang: string | null
  /** <link rel=canonical> or og:url, absolute http(s) in canonical form, or null. May name another host (syndication). */
  canonicalUrl: string | null
  siteName: string | null
  /** Meta description or the first paragraph, one line, at most TEASER_MAX_CHARS. */
  excerpt: string | null
  /** og:image (or twitter:image), absolute http(s), or null. */
  imageUrl: string | null
  /**
   * The page marks itself as paywalled (JSON-LD isAccessibleForFree false, content_tier locked/metered): the text is
   * what it shows for free, often only the first paragraphs. Still the publisher's own article text, so it is returned
   * (the pipeline keeps the feed's teaser when that is longer); callers that need the whole story check this flag.
   */
  paywalled: boolean
}

export interface ExtractFailure {
  ok: false
  reason: ExtractFailureReason
  detail: string
  /**
   * Only for a page whose article text is too short to count as an article on its own (under minWeightedChars): that
   * text. Alone it may be a cookie wall or an error message; a caller holding the feed's teaser of the page may take
   * it once the teaser confirms it (pipeline/brief-page.ts).
   */
  shortText?: string
}

export type ExtractResult = ExtractedArticle | ExtractFailure

export interface ExtractLimits {
  /** Bytes of the body (the fetcher caps article bodies at 10 MiB too; this guards other callers). */
  maxBytes: number
  /** Start tags counted before parsing: linkedom's work grows with every element, so this bounds it on tag floods. */
  maxTags: number
  maxTextChars: number
  /** Minimum text, in Latin-letter equivalents (script-stats.ts weightedLength), for a page to count as an article. */
  minWeightedChars: number
}

export const EXTRACT_LIMITS: ExtractLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxTags: 40_000,
  maxTextChars: 50_000,
  minWeightedChars: 300,
}

const BYLINE_MAX_CHARS = 200
const SITE_NAME_MAX_CHARS = 200
/** Readability's default; it retries with looser rules below it. CJK text is ~3× denser, so its pages get a third. */
const CHAR_THRESHOLD = 500
const CHAR_THRESHOLD_CJK = 170

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])
/** Types servers put on HTML by mistake or by default: sniff the bytes. Anything else (JSON, images, PDF) is refused. */
const SNIFFED_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'text/plain', 'application/xml', 'text/xml', 'application/x-unknown'])
const LOOKS_LIKE_HTML = /<(?:!doctype\s+html|html|head|body|meta|title|div|p|article|main|section|h1|table|script|link|!--)[\s>/]/i
const SNIFF_CHARS = 8192

/** Leading bytes of formats that are never HTML, whatever the Content-Type says. */
const MAGIC: ReadonlyArray<readonly number[]> = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x50, 0x4b, 0x03, 0x04], // ZIP (docx, epub…)
  [0x1f, 0x8b], // gzip the fetcher did not decode
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
  [0x77, 0x4f, 0x46, 0x46], // wOFF
  [0x49, 0x44, 0x33], // ID3 (MP3)
  [0x00, 0x00, 0x00], // ISO media (MP4…) and other binary
]

function fail(reason: ExtractFailureReason, detail: string): ExtractFailure {
  return { ok: false, reason, detail }
}

function mimeType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

function binaryFormat(bytes: Uint8Array): boolean {
  return MAGIC.some((magic) => magic.every((b, i) => bytes[i] === b))
}

/** Start tags (`<` + letter) in the source, counted with indexOf: linear, no regex backtracking. */
function countStartTags(html: string, stopAfter: number): number {
  let count = 0
  for (let i = html.indexOf('<'); i >= 0 && count <= stopAfter; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1) | 0x20
    if (c >= 0x61 && c <= 0x7a) count++
  }
  return count
}

const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const ENDS_WITH_ZONE = /(?:\d[Zz]|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT))$/
/** Dates before this are CMS defaults (epoch 0, 0001-01-01), not publication dates (as normalize-item.ts). */
const EARLIEST_PLAUSIBLE = Date.UTC(1995, 0, 1)

/**
 * A page's date string → ISO UTC, or null. Only unambiguous forms: ISO 8601 (a missing zone means UTC, so the result does
 * not depend on the server's time zone) and RFC 2822-style strings that end in a zone. "November 18, 2026" would be
 * parsed in local time by Date.parse, so it is refused.
 */
export function normalizeDate(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  const s = raw.trim()
  if (s === '' || s.length > 64) return null
  let t: number
  if (ISO_WITHOUT_ZONE.test(s)) t = Date.parse(`${s.replace(' ', 'T')}Z`)
  else if (ISO_DATE_ONLY.test(s) || ENDS_WITH_ZONE.test(s)) t = Date.parse(s)
  else return null
  if (Number.isNaN(t) || t < EARLIEST_PLAUSIBLE) return null
  return new Date(t).toISOString()
}

const BYLINE_PREFIX = /^(?:by|von|par|por|di|door|av|af)\s+|^بقلم\s*[:：]?\s*/i

function cleanByline(raw: string | null | undefined): string | null {
  const text = htmlToInlineText(raw).replace(BYLINE_PREFIX, '')
  return text === '' ? null : truncateInline(text, BYLINE_MAX_CHARS)
}

function inlineOrNull(raw: string | null | undefined, max: number): string | null {
  const text = htmlToInlineText(raw)
  return text === '' ? null : truncateInline(text, max)
}

function isCjkPage(lang: string | null, title: string): boolean {
  if (lang === 'ja' || lang === 'zh' || lang === 'ko') return true
  const c = countScripts(title, 200)
  return c.han + c.kana + c.hangul > c.letters / 2
}

export function extractArticle(html: Uint8Array, contentType: string | null, pageUrl: string, limits: ExtractLimits = EXTRACT_LIMITS): ExtractResult {
  try {
    return extract(html, contentType, pageUrl, limits)
  } catch (err) {
    // linkedom and Readability on hostile input (a stack overflow, an internal TypeError): a value, never a crash.
    return fail('parse-error', `${err instanceof Error ? err.name : 'Error'}: ${String(err instanceof Error ? err.message : err).slice(0, 200)}`)
  }
}

function extract(bytes: Uint8Array, contentType: string | null, pageUrl: string, limits: ExtractLimits): ExtractResult {
  if (bytes.length > limits.maxBytes) return fail('too-large', `${bytes.length} bytes > ${limits.maxBytes}`)
  if (bytes.length === 0) return fail('no-article', 'empty body')
  const mime = mimeType(contentType)
  if (!HTML_TYPES.has(mime) && !SNIFFED_TYPES.has(mime)) return fail('not-html', `Content-Type ${mime.slice(0, 100)}`)
  if (binaryFormat(bytes)) return fail('not-html', 'binary content')

  const html = decodeHtml(bytes, contentType).text
  const head = html.slice(0, SNIFF_CHARS)
  if (head.includes('\u0000')) return fail('not-html', 'binary content (NUL characters)')
  if (!HTML_TYPES.has(mime) && !LOOKS_LIKE_HTML.test(head)) return fail('not-html', `no HTML markup (Content-Type ${mime || 'missing'})`)

  const tags = countStartTags(html, limits.maxTags)
  if (tags > limits.maxTags) return fail('too-large', `more than ${limits.maxTags} tags`)

  const document = parseHtmlDocument(html)
  const meta = readPageMetadata(document, pageUrl)
  const pruned = pruneDocument(document, PRUNE_LIMITS)
  if (!pruned.ok) return fail('too-large', pruned.detail)
  // No isProbablyReaderable gate here: it rejects real articles written in one-sentence paragraphs, and
  // many small sites label every page og:type=website. Section fronts are caught after Readability, by their links.

  const reader = new Readability<Node>(document, {
    charThreshold: isCjkPage(meta.lang, document.title) ? CHAR_THRESHOLD_CJK : CHAR_THRESHOLD,
    // We keep no markup at all, so Readability's class clean-up pass is wasted work.
    keepClasses: true,
    // The element itself, not its innerHTML: its link structure is measured before it becomes text.
    serializer: (node) => node,
  })
  const parsed = reader.parse()
  const content = parsed?.content
  if (!parsed || !content || content.nodeType !== 1) return fail('no-article', 'Readability found no article')
  const element = content as Element

  const shape = contentShape(element)
  if (looksLikeListing(shape)) {
    return fail('no-article', `looks like a list of links (${shape.linkedHeadings} linked headings, ${shape.linkChars}/${shape.textChars} link characters)`)
  }

  trimArticle(element, pageUrl)
  const text = articleText(element, limits.maxTextChars)
  const weight = weightedLength(text)
  if (weight < limits.minWeightedChars) return { ...fail('no-article', `only ${text.length} characters of text`), shortText: text }

  const publishedTime = [parsed.publishedTime, ...meta.dateCandidates].map(normalizeDate).find((d) => d !== null) ?? null
  return {
    ok: true,
    title: truncateInline(htmlToInlineText(parsed.title), TITLE_MAX_CHARS),
    text,
    byline: cleanByline(parsed.byline) ?? cleanByline(pruned.byline),
    publishedTime,
    lang: meta.lang,
    canonicalUrl: meta.canonicalUrl,
    siteName: inlineOrNull(parsed.siteName, SITE_NAME_MAX_CHARS),
    excerpt: inlineOrNull(parsed.excerpt, TEASER_MAX_CHARS),
    imageUrl: meta.imageUrl,
    paywalled: meta.paywalled,
  }
}
