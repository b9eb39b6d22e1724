import type { Language } from '../domain/languages.ts'
import type { Topic } from '../domain/topics.ts'
import type { ArticleRecord, FeedRecord, SummaryState } from './crawl-store.ts'

/** The crawl tables' rows as both dialects return them (SQLite gives booleans as 0/1), and their records. */

export interface FeedRow {
  feed_url: string
  publisher_id: string
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
