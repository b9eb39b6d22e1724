/**
 * RSS 2.0 / RSS 1.0 (RDF) / Atom through @rowanmanning/feed-parser, wrapped behind our own shape (the most tolerant parser of the three formats). Call only
 * on text that passed `guardXml`.
 *
 * Only item-local getters of the library are used. Its `item.url`, `item.authors` and `item.categories` consult
 * feed-level getters that rescan every child of the channel on each call, which is O(items²) and would let a flat
 * 5 MiB feed of tiny items block the event loop; URLs and authors are read from the item's element here instead.
 * Text is read once-decoded: the XML parser resolves the XML escapes, and nothing more happens here. The library's
 * own text getters (`title`, `description`, `content`, `innerHtml`) decode HTML entities on top, so the HTML a feed
 * escapes for XML (`&amp;lt;b&amp;gt;`, meaning the text "<b>") would come out as markup (`<b>`) and lose its text
 * in the HTML-to-text step, which decodes once more. Titles and descriptions therefore come from the elements here,
 * and normalize/html-text.ts does the one HTML decoding.
 * URL resolution: the chain of xml:base attributes resolved onto a fallback base. For Atom that base is the feed's own
 * URL (RFC 4287 §4.2: relative references resolve against the document URI); for RSS, which has no rule, it is the
 * channel `<link>` (as node-feedparser and this library do), else the feed URL.
 */
import { parseFeed as libParseFeed } from '@rowanmanning/feed-parser'
import { resolveBase, resolveHttpUrl } from './resolve-url.ts'
import type { FeedFormat, FeedItem } from './types.ts'

type LibFeed = ReturnType<typeof libParseFeed>
type LibItem = LibFeed['items'][number]
type LibElement = LibItem['element']

export interface XmlFeedData {
  format: FeedFormat
  title: string | null
  siteUrl: string | null
  language: string | null
  items: FeedItem[]
  droppedItems: number
}

export class NotAFeedError extends Error {}

/** Parses with the library; throws NotAFeedError when the XML has no rss/rdf/feed root, other errors when malformed. */
export function parseXmlFeed(xml: string, feedUrl: string, maxItems: number): XmlFeedData {
  let feed: LibFeed
  try {
    feed = libParseFeed(xml)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'INVALID_FEED') throw new NotAFeedError((err as Error).message)
    throw err
  }
  const format: FeedFormat = feed.meta.type === 'atom' ? 'atom' : feed.meta.type === 'rdf' ? 'rdf' : 'rss'
  const root = feed.element

  const siteUrl = format === 'atom'
    ? atomLinkUrl(root, feedUrl)
    : resolveHttpUrl(firstText(root, 'link'), baseOf(root, feedUrl))

  // Fallbacks computed once for the whole feed (never per item: see the file comment).
  const itemFallbackBase = format === 'atom' ? feedUrl : (siteUrl ?? feedUrl)
  const feedAuthor = format === 'atom' ? atomAuthors(root) : null

  const all = feed.items
  const items: FeedItem[] = []
  for (const item of all.slice(0, maxItems)) {
    items.push(format === 'atom' ? atomItem(item, itemFallbackBase, feedAuthor) : rssItem(item, itemFallbackBase))
  }

  return {
    format,
    title: clean(feed.title),
    siteUrl,
    language: clean(feed.language),
    items,
    droppedItems: Math.max(0, all.length - maxItems),
  }
}

function clean(s: string | null | undefined): string | null {
  if (typeof s !== 'string') return null
  const t = s.trim()
  return t === '' ? null : t
}

function firstText(el: LibElement, name: string): string | null {
  for (const child of el.findElementsWithName(name)) {
    const t = child.textContent.trim()
    if (t !== '') return t
  }
  return null
}

/** The element's effective base: its xml:base chain (outermost first) resolved onto `fallback`. */
function baseOf(el: LibElement, fallback: string): string {
  const chain: string[] = []
  for (let e: LibElement | null = el; e !== null; e = e.parent) {
    const xb = e.getAttribute('xml:base')
    if (xb !== null && xb.trim() !== '') chain.push(xb)
  }
  let base = fallback
  for (let k = chain.length - 1; k >= 0; k--) base = resolveBase(chain[k]!, base)
  return base
}

function isoDate(d: Date | null | undefined): string | null {
  return d instanceof Date && !Number.isNaN(d.valueOf()) ? d.toISOString() : null
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** "jane@example.com (Jane Doe)" → "Jane Doe"; "Jane Doe <jane@…>" → "Jane Doe"; a bare address → null. */
export function authorName(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  let s = raw.trim()
  if (s === '') return null
  const paren = /^\S+@\S+\s*\((.+)\)$/.exec(s)
  if (paren) s = paren[1]!.trim()
  const angle = /^(.*?)\s*<[^>]*@[^>]*>$/.exec(s)
  if (angle) s = angle[1]!.trim().replace(/^"(.*)"$/, '$1')
  if (/^(mailto:)?[^\s@]+@[^\s@]+$/.test(s)) return null
  return s === '' ? null : s.slice(0, 300)
}

function joinAuthors(names: (string | null)[]): string | null {
  const unique = [...new Set(names.filter((n): n is string => n !== null))]
  return unique.length === 0 ? null : unique.join(', ')
}

/** The element's text as the XML says it (XML escapes resolved, nothing else), trimmed; null when empty or absent. */
function xmlText(el: LibElement | null | undefined): string | null {
  return el ? clean(el.textContent) : null
}

/**
 * The markup of an element's children, from the parsed tree: text escaped back, tags by their local names without
 * attributes (the HTML-to-text step drops every attribute anyway), so nothing is decoded twice.
 */
function xhtmlMarkup(el: LibElement): string {
  return el.children.map((child) => {
    if (typeof child === 'string') return escapeHtml(child)
    const inner = xhtmlMarkup(child)
    return inner === '' ? `<${child.name}/>` : `<${child.name}>${inner}</${child.name}>`
  }).join('')
}

/** Non-empty text of an element, or null; `el` may be absent. */
function text(el: LibElement | null): string | null {
  return el === null ? null : clean(el.textContentNormalized)
}

function itemLanguage(el: LibElement): string | null {
  return clean(el.getAttribute('xml:lang')) ?? text(el.findElementWithName('language'))
}

// ── RSS 2.0 and RSS 1.0 ──────────────────────────────────────────────────────────────────────────────────────────────

function rssItem(item: LibItem, fallbackBase: string): FeedItem {
  const el = item.element
  const base = baseOf(el, fallbackBase)

  const guidEl = el.findElementWithName('guid')
  const guidText = text(guidEl)
  const about = clean(el.getAttribute('rdf:about'))

  let url: string | null = null
  let linkGiven = false
  for (const link of el.findElementsWithName('link')) {
    // <atom:link href=…/> inside an item has a name of 'link' too but no text; a `rel` other than alternate is not it.
    const t = link.textContent.trim()
    const href = link.getAttribute('href')
    const rel = link.getAttribute('rel')
    const candidate = t !== '' ? t : (href !== null && (rel === null || rel === 'alternate') ? href : null)
    if (candidate === null) continue
    linkGiven = true
    url = resolveHttpUrl(candidate, baseOf(link, fallbackBase))
    if (url !== null) break
  }
  // An item whose only links are javascript:, data: or otherwise unusable gets no URL (and is dropped): guessing one
  // from its guid or rdf:about would publish a link the publisher never gave.
  if (url === null && !linkGiven) {
    // RSS 2.0: a guid is a permalink unless isPermaLink="false"; only an absolute http(s) one is a link, since a
    // relative guid resolved against the feed's URL would be an address nobody published.
    if (guidText !== null && guidEl?.getAttribute('ispermalink')?.trim().toLowerCase() !== 'false' && /^https?:\/\//i.test(guidText)) {
      url = resolveHttpUrl(guidText, null)
    }
    if (url === null && about !== null) url = resolveHttpUrl(about, base)
  }

  const authors: (string | null)[] = []
  for (const name of ['creator', 'author']) {
    for (const a of el.findElementsWithName(name)) authors.push(authorName(a.textContentNormalized))
  }

  const image = item.image
  return {
    guid: guidText ?? about,
    url,
    title: xmlText(el.findElementWithName('title')) ?? '',
    summaryHtml: xmlText(el.findElementWithName('description')),
    contentHtml: xmlText(el.findElementsWithName('encoded').find((e) => e.namespace === 'content')),
    author: joinAuthors(authors),
    publishedAt: isoDate(item.published) ?? isoDate(item.updated),
    language: itemLanguage(el),
    imageUrl: image ? resolveHttpUrl(image.url, base) : null,
  }
}

// ── Atom ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The alternate link of an Atom feed or entry: the first usable (http(s)) link with rel="alternate", else the first
 * usable one without rel (which means alternate). An unusable first alternate (javascript:, data:, malformed) does not
 * hide a good second one.
 */
function atomLinkUrl(el: LibElement, fallbackBase: string): string | null {
  const links = el.findElementsWithName('link')
  const usable = (l: LibElement) => resolveHttpUrl(l.getAttribute('href'), baseOf(l, fallbackBase))
  for (const isCandidate of [(l: LibElement) => l.getAttribute('rel')?.trim() === 'alternate', (l: LibElement) => l.getAttribute('rel') === null]) {
    for (const link of links) {
      if (!isCandidate(link)) continue
      const url = usable(link)
      if (url !== null) return url
    }
  }
  return null
}

function atomAuthors(el: LibElement): string | null {
  return joinAuthors(el.findElementsWithName('author').map((a) => {
    const name = text(a.findElementWithName('name'))
    return name !== null ? authorName(name) : authorName(a.textContentNormalized)
  }))
}

/** Atom text constructs (RFC 4287 §3.1): type text → escape; html → as is; xhtml → the inner div's markup. */
function atomTextConstruct(el: LibElement | null): string | null {
  if (el === null) return null
  if (el.getAttribute('src') !== null) return null // out-of-line content: nothing to read here
  const type = el.getAttribute('type')?.trim().toLowerCase() ?? null
  if (type === 'xhtml') {
    const div = el.findElementWithName('div')
    return clean(xhtmlMarkup(div ?? el))
  }
  const value = xmlText(el)
  if (value === null) return null
  // Explicit type="text" is text: escape so a later HTML→text pass returns it unchanged. A missing type is text by the
  // spec, but publishers routinely put escaped HTML in untyped summaries, so it is read as HTML (markup is stripped
  // later either way, and '<' not followed by a letter stays text).
  return type === 'text' ? escapeHtml(value) : value
}

function atomItem(item: LibItem, fallbackBase: string, feedAuthor: string | null): FeedItem {
  const el = item.element
  const base = baseOf(el, fallbackBase)
  const contentEl = el.findElementWithName('content')
  const summaryEl = el.findElementWithName('summary')
  const image = item.image
  return {
    guid: clean(item.id),
    url: atomLinkUrl(el, fallbackBase),
    title: atomTextConstruct(el.findElementWithName('title')) ?? '',
    summaryHtml: atomTextConstruct(summaryEl),
    contentHtml: atomTextConstruct(contentEl),
    author: atomAuthors(el) ?? feedAuthor,
    publishedAt: isoDate(item.published) ?? isoDate(item.updated),
    language: itemLanguage(el),
    imageUrl: image ? resolveHttpUrl(image.url, base) : null,
  }
}
