import type { Language } from '../domain/languages.ts'
import type { Topic } from '../domain/topics.ts'
import type { ArticleStateRecord, FeedStateRecord } from './state-records.ts'
import type { ArticleRecord, FeedRecord, RefetchClaim, SummaryState } from '../domain/crawl-records.ts'

/** The crawl tables' rows as both dialects return them (SQLite gives booleans as 0/1), and their records. */

export interface FeedRow {
  feed_url: string
  publisher_id: string
  position: number
  name: string
  site_url: string | null
  topic: Topic
  lang: Language
  active: boolean | number
  etag: string | null
  last_modified: string | null
  next_fetch_at: string
  interval_seconds: number
  consecutive_failures: number
  last_status: string | null
  last_error: string | null
  last_fetched_at: string | null
  last_success_at: string | null
  article_count: number
}

export interface ArticleRow {
  id: string
  story_id: string
  publisher_id: string
  feed_url: string
  canonical_url: string
  guid_key: string | null
  content_hash: string
  title: string
  text: string
  lang: string | null
  published_at: string | null
  fetched_at: string
  author: string | null
  image_url: string | null
  signature: Buffer
  /** PostgreSQL's commit_seq column (bigint, so a string), SQLite's rowid. */
  commit_seq?: string | number
}

export interface SummaryRow {
  story_id: string
  source: 'extractive' | 'llm'
  attempts: number
  retry_at: string | null
}

export const toFeed = (r: FeedRow): FeedRecord => ({
  publisher: { id: r.publisher_id, name: r.name, siteUrl: r.site_url, feedUrl: r.feed_url, topic: r.topic, lang: r.lang },
  etag: r.etag,
  lastModified: r.last_modified,
  nextFetchAt: r.next_fetch_at,
  intervalSeconds: r.interval_seconds,
  consecutiveFailures: r.consecutive_failures,
  lastStatus: r.last_status,
  lastError: r.last_error,
  lastFetchedAt: r.last_fetched_at,
  lastSuccessAt: r.last_success_at,
  articleCount: r.article_count,
  active: r.active === true || r.active === 1,
})

export const toArticle = (r: ArticleRow): ArticleRecord => ({
  id: r.id,
  storyId: r.story_id,
  publisherId: r.publisher_id,
  feedUrl: r.feed_url,
  canonicalUrl: r.canonical_url,
  guidKey: r.guid_key,
  contentHash: r.content_hash,
  title: r.title,
  text: r.text,
  lang: r.lang,
  publishedAt: r.published_at,
  fetchedAt: r.fetched_at,
  author: r.author,
  imageUrl: r.image_url,
  signature: new Uint8Array(r.signature.buffer, r.signature.byteOffset, r.signature.byteLength),
  ...(r.commit_seq != null ? { commitSeq: Number(r.commit_seq) } : {}),
})

export const toSummary = (r: SummaryRow): SummaryState =>
  ({ storyId: r.story_id, source: r.source, attempts: r.attempts, retryAt: r.retry_at })

/** A claimed article_refetch row joined with its article (the queue's own columns renamed apart from the article's). */
export interface RefetchRow extends ArticleRow {
  refetch_url: string
  refetch_attempts: number
}

export const toRefetchClaim = (r: RefetchRow, claimedUntil: string): RefetchClaim =>
  ({ articleId: r.id, url: r.refetch_url, attempts: r.refetch_attempts, retryAt: claimedUntil, article: toArticle(r) })

/** A feed row as an export line (the lease is not carried: it belongs to a process of the old store). */
export const toFeedState = (r: FeedRow): FeedStateRecord => ({
  newsdesk_record: 'feed',
  feed_url: r.feed_url,
  publisher_id: r.publisher_id,
  position: r.position,
  name: r.name,
  site_url: r.site_url,
  topic: r.topic,
  lang: r.lang,
  active: r.active === true || r.active === 1,
  etag: r.etag,
  last_modified: r.last_modified,
  next_fetch_at: r.next_fetch_at,
  interval_seconds: r.interval_seconds,
  consecutive_failures: r.consecutive_failures,
  last_status: r.last_status,
  last_error: r.last_error,
  last_fetched_at: r.last_fetched_at,
  last_success_at: r.last_success_at,
  article_count: r.article_count,
})

/** An article row as an export line, its signature in base64. */
export const toArticleState = (r: ArticleRow): ArticleStateRecord => ({
  newsdesk_record: 'article',
  id: r.id,
  story_id: r.story_id,
  publisher_id: r.publisher_id,
  feed_url: r.feed_url,
  canonical_url: r.canonical_url,
  guid_key: r.guid_key,
  content_hash: r.content_hash,
  title: r.title,
  text: r.text,
  lang: r.lang,
  published_at: r.published_at,
  fetched_at: r.fetched_at,
  author: r.author,
  image_url: r.image_url,
  signature: Buffer.from(r.signature).toString('base64'),
})

/** An article export line back as a record (the inverse of toArticleState). */
export const fromArticleState = (r: ArticleStateRecord): ArticleRecord => ({
  id: r.id,
  storyId: r.story_id,
  publisherId: r.publisher_id,
  feedUrl: r.feed_url,
  canonicalUrl: r.canonical_url,
  guidKey: r.guid_key,
  contentHash: r.content_hash,
  title: r.title,
  text: r.text,
  lang: r.lang,
  publishedAt: r.published_at,
  fetchedAt: r.fetched_at,
  author: r.author,
  imageUrl: r.image_url,
  signature: new Uint8Array(Buffer.from(r.signature, 'base64')),
})
