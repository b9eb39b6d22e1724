import { createHash } from 'node:crypto'
import { z } from 'zod'
import { LANGUAGES } from '../domain/languages.ts'
import { HttpUrl } from '../domain/story.ts'
import { TOPICS } from '../domain/topics.ts'
import type { Publisher } from '../domain/crawl-records.ts'

/** One entry of the publisher directory, as operators write it (publishers.json, or OPML converted to it). */
export const PublisherEntry = z.strictObject({
  name: z.string().trim().min(1).max(300),
  site_url: HttpUrl.nullish().transform((v) => v ?? null),
  feed_url: HttpUrl,
  topic: z.enum(TOPICS),
  lang: z.enum(LANGUAGES),
})
export type PublisherEntry = z.output<typeof PublisherEntry>


/**
 * The publisher's id: a name-based UUID (version 5 layout, SHA-1) of its feed URL, so every instance and every
 * re-import gives the same publisher the same id without a registry. The feed URL, not the site, because one
 * site may publish several feeds an operator lists as separate publishers (sections).
 */
export function publisherId(feedUrl: string): string {
  const hash = createHash('sha1').update(`newsdesk:publisher:${feedUrl}`).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function toPublisher(entry: PublisherEntry): Publisher {
  return {
    id: publisherId(entry.feed_url), name: entry.name, siteUrl: entry.site_url, feedUrl: entry.feed_url,
    topic: entry.topic, lang: entry.lang,
  }
}
