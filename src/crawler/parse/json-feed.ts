/**
 * JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1): JSON.parse (after the depth guard) + zod. Lenient per field:
 * a field of the wrong type is treated as absent, and an item that is not an object is skipped, so one odd item or
 * field does not cost the whole feed.
 */
import { z } from 'zod'
import { textToHtml } from '../normalize/html-text.ts'
import { authorName } from './xml-feed.ts'
import { resolveHttpUrl } from './resolve-url.ts'
import type { FeedItem } from './types.ts'

const str = z.string().optional().catch(undefined)

const authorSchema = z.object({ name: str, url: str }).catch({ name: undefined, url: undefined })

const itemSchema = z.object({
  id: z.union([z.string(), z.number()]).optional().catch(undefined),
  url: str,
  external_url: str,
  title: str,
  content_html: str,
  content_text: str,
  summary: str,
  image: str,
  banner_image: str,
  date_published: str,
  date_modified: str,
  author: authorSchema.optional(),
  authors: z.array(authorSchema).optional().catch(undefined),
  language: str,
})

const feedSchema = z.object({
  version: z.string().regex(/^https?:\/\/jsonfeed\.org\/version\/1(\.\d+)?\/?$/),
  title: str,
  home_page_url: str,
  feed_url: str,
  language: str,
  items: z.array(z.unknown()).catch([]),
  author: authorSchema.optional(),
  authors: z.array(authorSchema).optional().catch(undefined),
})

export interface JsonFeedData {
  title: string | null
  siteUrl: string | null
  language: string | null
  items: FeedItem[]
  droppedItems: number
}

export type JsonFeedOutcome = { ok: true, data: JsonFeedData } | { ok: false, reason: 'not-a-feed', detail: string }

function clean(s: string | undefined): string | null {
  if (s === undefined) return null
  const t = s.trim()
  return t === '' ? null : t
}

function isoDate(s: string | undefined): string | null {
  if (s === undefined) return null
  const d = new Date(s)
  return Number.isNaN(d.valueOf()) ? null : d.toISOString()
}

type Author = z.infer<typeof authorSchema>

function authors(list: Author[] | undefined, single: Author | undefined): string | null {
  const names = [...(list ?? []), ...(single ? [single] : [])].map((a) => authorName(a.name)).filter((n): n is string => n !== null)
  const unique = [...new Set(names)]
  return unique.length === 0 ? null : unique.join(', ')
}

export function isJsonFeedVersion(value: unknown): boolean {
  return typeof value === 'string' && /^https?:\/\/jsonfeed\.org\/version\//.test(value)
}

/** `value` is the result of JSON.parse. */
export function convertJsonFeed(value: unknown, feedUrl: string, maxItems: number): JsonFeedOutcome {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'not-a-feed', detail: 'JSON document is not an object' }
  }
  const parsed = feedSchema.safeParse(value)
  if (!parsed.success) {
    return { ok: false, reason: 'not-a-feed', detail: 'JSON document is not a JSON Feed 1.x (version missing or unknown)' }
  }
  const feed = parsed.data
  const feedAuthor = authors(feed.authors, feed.author)
  const base = feedUrl

  const items: FeedItem[] = []
  let considered = 0
  for (const raw of feed.items) {
    if (items.length >= maxItems) break
    considered++
    const r = itemSchema.safeParse(raw)
    if (!r.success) continue
    const it = r.data
    const contentHtml = clean(it.content_html) ?? (clean(it.content_text) !== null ? textToHtml(it.content_text!) : null)
    const summary = clean(it.summary)
    items.push({
      guid: it.id === undefined ? null : clean(String(it.id)),
      // A `url` that is given but unusable (javascript:, data:) marks the item as hostile or broken: no fallback.
      url: clean(it.url) !== null ? resolveHttpUrl(it.url, base) : resolveHttpUrl(it.external_url, base),
      title: clean(it.title) ?? '',
      summaryHtml: summary === null ? null : textToHtml(summary),
      contentHtml,
      author: authors(it.authors, it.author) ?? feedAuthor,
      publishedAt: isoDate(it.date_published) ?? isoDate(it.date_modified),
      language: clean(it.language),
      imageUrl: resolveHttpUrl(it.image, base) ?? resolveHttpUrl(it.banner_image, base),
    })
  }

  return {
    ok: true,
    data: {
      title: clean(feed.title),
      siteUrl: resolveHttpUrl(feed.home_page_url, base),
      language: clean(feed.language),
      items,
      droppedItems: feed.items.length - considered,
    },
  }
}
