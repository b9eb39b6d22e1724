/** The parser's output: one shape for RSS 2.0, RSS 1.0/RDF, Atom and JSON Feed. */

export interface FeedItem {
  /** RSS `<guid>`, Atom `<id>`, RDF `rdf:about`, JSON Feed `id`; trimmed, null when absent. */
  guid: string | null
  /** Absolute http(s) URL of the article, resolved against xml:base / the feed; null when absent or not http(s). */
  url: string | null
  /**
   * As published, as HTML: XML escapes resolved, HTML character references kept (normalization makes it plain text,
   * decoding them once). Never null.
   */
  title: string
  /** Publisher HTML (untrusted; never to be re-emitted): RSS description, Atom summary, JSON Feed summary. */
  summaryHtml: string | null
  /** Publisher HTML (untrusted): content:encoded, Atom content, JSON Feed content_html (or content_text as HTML). */
  contentHtml: string | null
  author: string | null
  /** ISO 8601 UTC (`toISOString()`), published date or else updated date; null when absent or unparseable. */
  publishedAt: string | null
  /** As declared on the item (xml:lang, dc:language, JSON Feed `language`), raw; null when absent. */
  language: string | null
  /** Absolute http(s) URL; null when absent. */
  imageUrl: string | null
}

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json'

export interface ParsedFeed {
  format: FeedFormat
  title: string | null
  /** The publisher's home page (RSS channel link, Atom alternate link, JSON Feed home_page_url), absolute http(s). */
  siteUrl: string | null
  /** As declared on the feed, raw (e.g. 'en-US'); null when absent. */
  language: string | null
  items: FeedItem[]
  /** Items beyond the per-feed cap that were not converted. */
  droppedItems: number
  /** The charset used to decode the body and how it was chosen, for operators' logs. */
  charset: string
  notes: string[]
}

/** Stable failure codes: callers store and count them, so never rename one. */
export type ParseFailureReason = 'not-a-feed' | 'xml-entities' | 'too-deep' | 'too-large' | 'malformed'

export type ParseResult =
  | { ok: true, feed: ParsedFeed }
  | { ok: false, reason: ParseFailureReason, /** operators' logs only; may echo publisher data */ detail: string }

export interface ParseOptions {
  /** Byte cap on the body (5 MiB: ten times a large real feed, far below what would hurt the process). */
  maxBytes?: number
  /** Items converted per feed (500: more than any news feed publishes at once); the rest are counted in `droppedItems`. */
  maxItems?: number
  /** Element / JSON nesting depth. */
  maxDepth?: number
}

export const PARSE_DEFAULTS: Required<ParseOptions> = {
  maxBytes: 5 * 1024 * 1024,
  maxItems: 500,
  maxDepth: 64,
}
