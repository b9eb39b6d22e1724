import { z } from 'zod'
import { TOPICS } from '../domain/topics.ts'

/**
 * What a store holds beyond its story snapshots, as export lines that follow the snapshots: the crawler's feeds
 * (schedules, validators, errors), the articles it has kept (so it knows what it has seen, and rebuilds stories and
 * its clustering window from them), the summary retries it owes, when each story and each sitemap month last
 * changed (sitemap <lastmod>), the merged stories' redirects and the related stories. Without them a store moved with `export | import` would re-publish the feeds' last
 * 7 days as second copies of stories it already has, and tell search engines every page changed.
 *
 * Publishers come first: the directory's, including those with no story yet.
 *
 * Not carried: feed leases (they belong to the old store's processes) and the article refetch queue (articles kept
 * with their feed teaser, due for another fetch of their page within hours): a moved article keeps its teaser, as
 * every article did before the queue existed. See decision 0021.
 *
 * Each line is an object with `newsdesk_record` naming its kind, so it can never be read as a story snapshot. Field
 * names are the stores' column names; timestamps are ISO 8601 UTC text as stored.
 */
const Timestamp = z.string().min(1).max(40)
const NullableText = (max: number) => z.string().max(max).nullable()

/** A publisher; stories carry theirs, but a crawled publisher with no story yet has a page (and a sitemap entry) too. */
export const SourceStateRecord = z.strictObject({
  newsdesk_record: z.literal('source'),
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(500),
  site_url: NullableText(2048),
})

export const FeedStateRecord = z.strictObject({
  newsdesk_record: z.literal('feed'),
  feed_url: z.string().min(1).max(2048),
  publisher_id: z.string().min(1).max(100),
  position: z.number().int().min(0),
  name: z.string().min(1).max(500),
  site_url: NullableText(2048),
  topic: z.enum(TOPICS),
  lang: z.string().min(2).max(10),
  active: z.boolean(),
  etag: NullableText(1000),
  last_modified: NullableText(100),
  next_fetch_at: Timestamp,
  interval_seconds: z.number().int().min(0),
  consecutive_failures: z.number().int().min(0),
  last_status: NullableText(200),
  last_error: NullableText(2000),
  last_fetched_at: Timestamp.nullable(),
  last_success_at: Timestamp.nullable(),
  article_count: z.number().int().min(0),
})

export const ArticleStateRecord = z.strictObject({
  newsdesk_record: z.literal('article'),
  id: z.string().min(1).max(100),
  story_id: z.string().min(1).max(100),
  publisher_id: z.string().min(1).max(100),
  feed_url: z.string().min(1).max(2048),
  canonical_url: z.string().min(1).max(4096),
  guid_key: NullableText(4096),
  content_hash: z.string().min(1).max(200),
  title: z.string().max(5000),
  text: z.string().max(1_000_000),
  lang: NullableText(10),
  published_at: Timestamp.nullable(),
  fetched_at: Timestamp,
  author: NullableText(1000),
  image_url: NullableText(4096),
  /** The clustering signature, base64. */
  signature: z.base64().max(10_000),
})

export const SummaryStateRecord = z.strictObject({
  newsdesk_record: z.literal('summary'),
  story_id: z.string().min(1).max(100),
  source: z.enum(['extractive', 'llm']),
  attempts: z.number().int().min(0),
  retry_at: Timestamp.nullable(),
})

/** When a story last changed (its sitemap <lastmod>). */
export const StoryStampRecord = z.strictObject({
  newsdesk_record: z.literal('story'),
  id: z.string().min(1).max(100),
  updated_at: Timestamp,
})

/** When a sitemap month last changed ('YYYY-MM', or 'undated'). */
export const MonthStampRecord = z.strictObject({
  newsdesk_record: z.literal('month'),
  month: z.string().regex(/^(\d{4}-\d{2}|undated)$/),
  last_modified: Timestamp,
})

/** A story merged into another: its id keeps answering with the survivor's story (`to_id` is final). */
export const RedirectRecord = z.strictObject({
  newsdesk_record: z.literal('redirect'),
  from_id: z.string().min(1).max(100),
  to_id: z.string().min(1).max(100),
  merged_at: Timestamp,
})

/**
 * Two related stories (crawl-records.ts, StoryRelation): one line per pair, the smaller id first; restored from both
 * sides, with the bound on related stories per story applied again.
 */
export const RelationRecord = z.strictObject({
  newsdesk_record: z.literal('relation'),
  story_id: z.string().min(1).max(100),
  related_id: z.string().min(1).max(100),
  score: z.number().min(0).max(1),
  recorded_at: Timestamp,
})

export const StateRecord = z.discriminatedUnion('newsdesk_record', [
  SourceStateRecord, FeedStateRecord, ArticleStateRecord, SummaryStateRecord, StoryStampRecord, MonthStampRecord,
  RedirectRecord, RelationRecord,
])

export type SourceStateRecord = z.infer<typeof SourceStateRecord>
export type FeedStateRecord = z.infer<typeof FeedStateRecord>
export type ArticleStateRecord = z.infer<typeof ArticleStateRecord>
export type SummaryStateRecord = z.infer<typeof SummaryStateRecord>
export type StoryStampRecord = z.infer<typeof StoryStampRecord>
export type MonthStampRecord = z.infer<typeof MonthStampRecord>
export type RedirectRecord = z.infer<typeof RedirectRecord>
export type RelationRecord = z.infer<typeof RelationRecord>
export type StateRecord = z.infer<typeof StateRecord>

/** The records of one restore batch, by kind, in the order a store applies them. */
export interface StateBatch {
  sources: SourceStateRecord[]
  feeds: FeedStateRecord[]
  articles: ArticleStateRecord[]
  summaries: SummaryStateRecord[]
  stories: StoryStampRecord[]
  months: MonthStampRecord[]
  redirects: RedirectRecord[]
  relations: RelationRecord[]
}

export function groupState(records: StateRecord[]): StateBatch {
  const batch: StateBatch = { sources: [], feeds: [], articles: [], summaries: [], stories: [], months: [], redirects: [], relations: [] }
  for (const r of records) {
    if (r.newsdesk_record === 'source') batch.sources.push(r)
    else if (r.newsdesk_record === 'feed') batch.feeds.push(r)
    else if (r.newsdesk_record === 'article') batch.articles.push(r)
    else if (r.newsdesk_record === 'summary') batch.summaries.push(r)
    else if (r.newsdesk_record === 'story') batch.stories.push(r)
    else if (r.newsdesk_record === 'month') batch.months.push(r)
    else if (r.newsdesk_record === 'redirect') batch.redirects.push(r)
    else batch.relations.push(r)
  }
  return batch
}
