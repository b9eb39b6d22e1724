import type pg from 'pg'
import type { StorySnapshot } from '../../domain/story.ts'
import type { UpsertResult } from '../store.ts'
import type { CrawlAccess } from './access.ts'
import { bumpContentVersion, lockClustering, lockContent, type ContentVersionHooks } from './transaction.ts'
import { insertArticles } from './article-writes.ts'
import { writeStories } from './story-writes.ts'
import { applyMerges, mergesSince, redirectedIds } from './story-merges.ts'
import { recordRelations } from './story-relations.ts'
import type { CrawlRuns } from '../crawl-store.ts'
import type { ArticleRefetch, FeedRunCommit, SummaryState } from '../../domain/crawl-records.ts'
import { toArticle, toRefetchClaim, toSummary, type ArticleRow, type RefetchRow, type SummaryRow } from '../crawl-rows.ts'

/** The crawler's read queries (crawl-feeds.ts's too), exported for the query-plan test. */
export const CRAWL_SQL = {
  // Due, unleased (or lease expired) feeds, oldest due first. FOR UPDATE SKIP LOCKED: a worker claiming at the same
  // moment skips the rows this one is leasing instead of waiting for them, so no feed is handed out twice.
  claimDue: `WITH due AS (
      SELECT feed_url FROM feeds
      WHERE active AND next_fetch_at <= $1::text AND (lease_until IS NULL OR lease_until <= $1::text)
      ORDER BY next_fetch_at, position LIMIT $2
      FOR UPDATE SKIP LOCKED),
    leased AS (
      UPDATE feeds SET lease_owner = $3, lease_until = $4
      WHERE feed_url = ANY (ARRAY(SELECT feed_url FROM due)) RETURNING *)
    SELECT * FROM leased ORDER BY next_fetch_at, position`,
  knownUrls: 'SELECT canonical_url AS k FROM articles WHERE canonical_url = ANY($1::text[])',
  knownGuids: 'SELECT guid_key AS k FROM articles WHERE guid_key = ANY($1::text[])',
  knownHashes: 'SELECT DISTINCT content_hash AS k FROM articles WHERE content_hash = ANY($1::text[])',
  recentPage: `SELECT * FROM articles WHERE fetched_at >= $1::text AND (fetched_at, id) > ($2::text, $3::text)
      ORDER BY fetched_at, id LIMIT 1000`,
  // Earliest published first (fetch time for undated ones), ties by URL: see the SQLite store.
  storyArticles: 'SELECT * FROM articles WHERE story_id = $1::text ORDER BY COALESCE(published_at, fetched_at) COLLATE "C", canonical_url COLLATE "C" LIMIT $2',
  committedAfter: 'SELECT * FROM articles WHERE commit_seq > $1::bigint ORDER BY commit_seq',
  dueSummaries: `SELECT story_id, source, attempts, retry_at FROM story_summaries
      WHERE retry_at IS NOT NULL AND retry_at <= $1::text ORDER BY retry_at, story_id LIMIT $2`,
  // Rows whose article is past the crawler's age limit (or gone): see the SQLite store.
  staleRefetches: `DELETE FROM article_refetch r WHERE NOT EXISTS (SELECT 1 FROM articles a
      WHERE a.id = r.article_id AND COALESCE(a.published_at, a.fetched_at) COLLATE "C" >= $1::text)`,
  // Due refetches of stored articles, newest articles first (see the SQLite store), claimed by moving retry_at to the
  // claim's end; SKIP LOCKED as for feeds.
  claimRefetches: `WITH due AS (
      SELECT r.article_id FROM article_refetch r JOIN articles a ON a.id = r.article_id
      WHERE r.retry_at <= $1::text
      ORDER BY COALESCE(a.published_at, a.fetched_at) COLLATE "C" DESC, r.article_id LIMIT $2
      FOR UPDATE OF r SKIP LOCKED),
    claimed AS (
      UPDATE article_refetch SET retry_at = $3
      WHERE article_id = ANY (ARRAY(SELECT article_id FROM due)) RETURNING article_id, url, attempts)
    SELECT c.url AS refetch_url, c.attempts AS refetch_attempts, a.* FROM claimed c JOIN articles a ON a.id = c.article_id
    ORDER BY a.id`,
} as const

/** The last entry per key, in first-seen order: one statement may not upsert the same row twice. */
export function lastByKey<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>()
  for (const item of items) map.set(key(item), item)
  return [...map.values()]
}

async function writeSummaries(client: pg.ClientBase, summaries: SummaryState[]): Promise<void> {
  if (summaries.length === 0) return
  const rows = lastByKey(summaries, (s) => s.storyId)
  await client.query(`INSERT INTO story_summaries (story_id, source, attempts, retry_at)
      SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])
      ON CONFLICT (story_id) DO UPDATE SET source = excluded.source, attempts = excluded.attempts,
        retry_at = excluded.retry_at`,
    [rows.map((s) => s.storyId), rows.map((s) => s.source), rows.map((s) => s.attempts), rows.map((s) => s.retryAt)])
}

/** Queues refetches of the run's articles, only for those stored under that id (see the SQLite store). */
async function writeRefetches(client: pg.ClientBase, refetches: ArticleRefetch[]): Promise<void> {
  if (refetches.length === 0) return
  const rows = lastByKey(refetches, (r) => r.articleId)
  await client.query(`INSERT INTO article_refetch (article_id, url, attempts, retry_at)
      SELECT u.* FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS u(article_id, url, attempts, retry_at)
      WHERE EXISTS (SELECT 1 FROM articles a WHERE a.id = u.article_id)
      ON CONFLICT (article_id) DO NOTHING`,
    [rows.map((r) => r.articleId), rows.map((r) => r.url), rows.map((r) => r.attempts), rows.map((r) => r.retryAt)])
}

/**
 * Writes stories (the caller locked the content version first, so story writers take turns) and bumps the version;
 * returns the new version (null when nothing was written), for the caller to report once committed.
 */
async function writeStoriesAndVersion(client: pg.ClientBase, stories: StorySnapshot[], channel: string): Promise<{ result: UpsertResult; version: string | null }> {
  if (stories.length === 0) return { result: { inserted: 0, updated: 0 }, version: null }
  const result = await writeStories(client, stories, new Date().toISOString())
  return { result, version: await bumpContentVersion(client, channel) }
}

/** Whether a feed run writes stories, merges or relations: then it takes the content lock before writing. */
function needsContentLock(run: FeedRunCommit): boolean {
  return run.stories.length > 0 || (run.merges ?? []).length > 0 || (run.relations ?? []).length > 0
}

/**
 * Feed runs' writes, in order, inside the caller's transaction; returns the last new content version when stories,
 * merges or relations changed. The content lock comes before any row is written, when any run will take it (a
 * clustered batch's merges and relations come with its last run): summary rows first and the content lock after is
 * the reverse of commitStories' order (content lock, then summary rows), so a rewrite of one of the batch's stories
 * and this commit could deadlock, and the server would abort one of them — a whole batch, handed back to be fetched
 * again.
 */
async function writeFeedRuns(client: pg.ClientBase, runs: readonly FeedRunCommit[], channel: string): Promise<string | null> {
  if (runs.some(needsContentLock)) await lockContent(client)
  let version: string | null = null
  for (const run of runs) version = await writeFeedRun(client, run, channel) ?? version
  return version
}

/** One feed run's writes (writeFeedRuns took the content lock it needs). */
async function writeFeedRun(client: pg.ClientBase, run: FeedRunCommit, channel: string): Promise<string | null> {
  const merges = run.merges ?? []
  const relations = run.relations ?? []
  const added = await insertArticles(client, run.articles)
  const f = run.feed
  await client.query(`UPDATE feeds SET etag = $2, last_modified = $3, next_fetch_at = $4, interval_seconds = $5,
      consecutive_failures = $6, last_status = $7, last_error = $8, last_fetched_at = $9,
      last_success_at = COALESCE($10, last_success_at), article_count = article_count + $11,
      lease_owner = NULL, lease_until = NULL
      WHERE feed_url = $1`,
    [f.feedUrl, f.etag, f.lastModified, f.nextFetchAt, f.intervalSeconds, f.consecutiveFailures, f.lastStatus,
      f.lastError, f.fetchedAt, f.succeededAt, added])
  let { version } = await writeStoriesAndVersion(client, run.stories, channel)
  await writeSummaries(client, run.summaries)
  await writeRefetches(client, run.refetches ?? [])
  if (merges.length > 0) {
    const seq = await client.query<{ n: string }>('SELECT COALESCE(MAX(commit_seq), 0) AS n FROM articles')
    await applyMerges(client, merges, Number(seq.rows[0]!.n))
    version = await bumpContentVersion(client, channel)
  }
  if (await recordRelations(client, relations, f.fetchedAt) > 0) version = await bumpContentVersion(client, channel)
  return version
}

/** Runs tasks one after another, in call order (a failed one does not stop the next). */
function createTurns() {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task)
      tail = result.catch(() => {})
      return result
    },
  }
}

/**
 * The crawler's articles, summary retries and refetches in the same PostgreSQL schema as the stories, with the SQLite
 * store's semantics. Every feed run commits in one transaction with the stories it wrote.
 */
export function createPostgresCrawlRuns({ query, transaction }: CrawlAccess, versions: ContentVersionHooks): CrawlRuns {
  const clusteringTurns = createTurns()
  const keys = (rows: Array<{ k: string }>) => new Set(rows.map((r) => r.k))

  return {
    async knownArticleKeys(k) {
      const [urls, guids, hashes] = await Promise.all([
        query<{ k: string }>(CRAWL_SQL.knownUrls, [k.canonicalUrls]),
        query<{ k: string }>(CRAWL_SQL.knownGuids, [k.guidKeys]),
        query<{ k: string }>(CRAWL_SQL.knownHashes, [k.contentHashes]),
      ])
      return { canonicalUrls: keys(urls.rows), guidKeys: keys(guids.rows), contentHashes: keys(hashes.rows) }
    },

    async *recentArticles(since) {
      // Pages by (fetched_at, id): no cursor stays open across the caller's awaits (and its writes).
      let cursor = { at: '', id: '' }
      for (;;) {
        const rows = (await query<ArticleRow>(CRAWL_SQL.recentPage, [since, cursor.at, cursor.id])).rows
        for (const row of rows) yield toArticle(row)
        if (rows.length < 1000) return
        cursor = { at: rows[rows.length - 1]!.fetched_at, id: rows[rows.length - 1]!.id }
      }
    },

    async storyArticles(storyId, limit) {
      return (await query<ArticleRow>(CRAWL_SQL.storyArticles, [storyId, limit])).rows.map(toArticle)
    },

    async dueSummaryRetries(now, limit) {
      return (await query<SummaryRow>(CRAWL_SQL.dueSummaries, [now, limit])).rows.map(toSummary)
    },

    async claimDueRefetches({ now, limit, leaseSeconds, publishedSince }) {
      const until = new Date(Date.parse(now) + leaseSeconds * 1000).toISOString()
      if (publishedSince !== undefined) await query(CRAWL_SQL.staleRefetches, [publishedSince])
      return (await query<RefetchRow>(CRAWL_SQL.claimRefetches, [now, limit, until])).rows.map((r) => toRefetchClaim(r, until))
    },

    async settleRefetch(o) {
      // Settling names the claim (retry_at as the claim set it): a claim that expired and was taken again is not ours.
      if (o.kind === 'retry') {
        await query('UPDATE article_refetch SET attempts = $3, retry_at = $4 WHERE article_id = $1 AND retry_at = $2',
          [o.articleId, o.claimedUntil, o.attempts, o.retryAt])
        return null
      }
      return transaction(async (client) => {
        // An article row, then its story's summary row: a clustered commit writes summary rows and then, merging
        // stories, article rows. Taking turns with it under the clustering lock keeps the two from deadlocking.
        await lockClustering(client)
        const gone = await client.query('DELETE FROM article_refetch WHERE article_id = $1 AND retry_at = $2', [o.articleId, o.claimedUntil])
        if (gone.rowCount === 0 || o.kind === 'dropped') return null
        const { rows } = await client.query<{ story_id: string }>(`UPDATE articles SET text = $2, lang = $3,
          author = COALESCE(author, $4), image_url = COALESCE(image_url, $5) WHERE id = $1 RETURNING story_id`,
          [o.articleId, o.text, o.lang, o.author, o.imageUrl])
        const storyId = rows[0]?.story_id
        if (storyId === undefined) return null
        await writeSummaries(client, [{ storyId, source: 'extractive', attempts: 0, retryAt: o.markedAt }])
        return storyId
      })
    },

    async commitFeedRun(run) {
      const version = await transaction(async (client) => {
        if (run.articles.length > 0) await lockClustering(client)
        return writeFeedRuns(client, [run], versions.channel)
      })
      if (version !== null) versions.committed(version)
    },

    async commitClusteredRun(afterSeq, assign) {
      // One transaction of this process waits for the lock at a time: waiting ones would each hold a pooled
      // connection that web requests need.
      const { version, lastSeq } = await clusteringTurns.run(() => transaction(async (client) => {
        await lockClustering(client)
        const unseen = (await client.query<ArticleRow>(CRAWL_SQL.committedAfter, [afterSeq])).rows.map(toArticle)
        const merged = await mergesSince(client, afterSeq)
        const version = await writeFeedRuns(client, [assign(unseen, merged)].flat(), versions.channel)
        const seq = await client.query<{ n: string }>('SELECT COALESCE(MAX(commit_seq), 0) AS n FROM articles')
        return { version, lastSeq: Number(seq.rows[0]!.n) }
      }))
      if (version !== null) versions.committed(version)
      return lastSeq
    },

    async commitStories(stories, summaries) {
      const { result, version } = await transaction(async (client) => {
        if (stories.length > 0) await lockContent(client)
        // A rewrite read before its story merged away must not bring it back (checked under the content lock).
        const gone = await redirectedIds(client, stories.map((s) => s.id))
        const written = await writeStoriesAndVersion(client, stories.filter((s) => !gone.has(s.id)), versions.channel)
        await writeSummaries(client, summaries.filter((s) => !gone.has(s.storyId)))
        return written
      })
      if (version !== null) versions.committed(version)
      return result
    },
  }
}
