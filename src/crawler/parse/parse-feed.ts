/**
 * Stage 1 of the ingestion pipeline: the bytes of a fetched feed → `ParsedFeed`, or a failure value. Pure and
 * synchronous; never throws, whatever the input.
 *
 *   bytes ─ byte cap ─ decode (BOM / header / XML declaration / UTF-8) ─ sniff ┬ '{' → depth guard → JSON.parse → zod
 *                                                                            └ '<' → xml-guard → feed-parser
 *
 * The guards are linear scans that refuse hostile input (entity declarations, deep nesting, element floods, oversized
 * bodies) before any parser allocates, so a bomb costs microseconds to milliseconds, never seconds. Valid feeds up to
 * the cap still take the library's parse time (~tens of ms per MiB); a caller that must never block for that long can
 * run this function in a worker.
 */
import { decodeBytes } from '../../util/decode-bytes.ts'
import { convertJsonFeed, isJsonFeedVersion } from './json-feed.ts'
import { NotAFeedError, parseXmlFeed } from './xml-feed.ts'
import { guardXml } from '../../util/xml-guard.ts'
import { guardJsonDepth } from '../../util/json-shape.ts'
import { PARSE_DEFAULTS, type ParseFailureReason, type ParseOptions, type ParseResult } from './types.ts'

export type { FeedItem, ParsedFeed, ParseFailureReason, ParseResult, ParseOptions, FeedFormat } from './types.ts'

function fail(reason: ParseFailureReason, detail: string): ParseResult {
  return { ok: false, reason, detail }
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

export function parseFeed(body: Buffer | Uint8Array, contentType: string | null, feedUrl: string, options: ParseOptions = {}): ParseResult {
  const opts = { ...PARSE_DEFAULTS, ...options }
  try {
    if (body.length > opts.maxBytes) return fail('too-large', `body is ${body.length} bytes, cap ${opts.maxBytes}`)
    if (body.length === 0) return fail('not-a-feed', 'empty body')

    const decoded = decodeBytes(body, contentType)
    const text = decoded.text
    const start = text.search(/\S/)
    if (start < 0) return fail('not-a-feed', 'blank body')
    const first = text[start]
    const type = mediaType(contentType)

    if (first === '{' || first === '[') {
      const depth = guardJsonDepth(text, opts.maxDepth)
      if (!depth.ok) return fail(depth.reason, depth.detail)
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (err) {
        return fail('malformed', `invalid JSON: ${(err as Error).message.slice(0, 200)}`)
      }
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isJsonFeedVersion((value as { version?: unknown }).version)) {
        return fail('not-a-feed', `JSON without a JSON Feed version${type ? ` (Content-Type ${type})` : ''}`)
      }
      const out = convertJsonFeed(value, feedUrl, opts.maxItems)
      if (!out.ok) return fail(out.reason, out.detail)
      return { ok: true, feed: { format: 'json', ...out.data, charset: decoded.charset, notes: decoded.notes } }
    }

    if (first !== '<') {
      return fail('not-a-feed', `body starts with neither '<' nor '{'${type ? ` (Content-Type ${type})` : ''}`)
    }

    const guard = guardXml(text, { maxDepth: opts.maxDepth })
    if (!guard.ok) return fail(guard.reason, guard.detail)

    let data
    try {
      data = parseXmlFeed(text, feedUrl, opts.maxItems)
    } catch (err) {
      if (err instanceof NotAFeedError) return fail('not-a-feed', `XML without an rss, rdf:RDF or feed root${type ? ` (Content-Type ${type})` : ''}`)
      const message = (err as Error)?.message ?? String(err)
      // fast-xml-parser's own nesting limit, should anything slip past the guard.
      if (/nested/i.test(message)) return fail('too-deep', message.slice(0, 200))
      return fail('malformed', `XML parser: ${message.slice(0, 200)}`)
    }
    return { ok: true, feed: { ...data, charset: decoded.charset, notes: decoded.notes } }
  } catch (err) {
    // Last line of defence: a parser bug must become a value, not a crashed crawl (RangeError on a stack overflow, …).
    return fail('malformed', `unexpected parser error: ${String((err as Error)?.message ?? err).slice(0, 200)}`)
  }
}
