import type { Database } from 'better-sqlite3'
import type { StorySnapshot } from '../../domain/story.ts'
import type { CrawlRuns } from '../crawl-store.ts'
import type { ArticleRecord, FeedRunCommit, KnownArticleKeys, RefetchOutcome, StoryMerge, SummaryState } from '../../domain/crawl-records.ts'
import type { createSqliteStoryMerges } from './story-merges.ts'
import type { createSqliteStoryRelations } from './story-relations.ts'
import { toArticle, toRefetchClaim, toSummary, type ArticleRow, type RefetchRow, type SummaryRow } from '../crawl-rows.ts'
import { SQLITE_CRAWL_WRITES } from './crawl-writes.ts'

/**
 * The crawler's read queries (crawl-feeds.ts's too), exported for the query-plan test: each must use an index, never
 * scan.
 */
export const CRAWL_SQL = {
  dueFeeds: `SELECT * FROM feeds WHERE active = 1 AND next_fetch_at <= @now
      AND (lease_until IS NULL OR lease_until <= @now) ORDER BY next_fetch_at, position LIMIT @limit`,
  knownUrls: `SELECT canonical_url AS k FROM articles WHERE canonical_url IN (SELECT value FROM json_each(?))`,
  knownGuids: `SELECT guid_key AS k FROM articles WHERE guid_key IN (SELECT value FROM json_each(?))`,
  knownHashes: `SELECT DISTINCT content_hash AS k FROM articles WHERE content_hash IN (SELECT value FROM json_each(?))`,
  // rowid is the commit order: articles are only ever inserted (never deleted), one run at a time.
  recentPage: `SELECT rowid AS commit_seq, * FROM articles WHERE fetched_at >= @since AND (fetched_at, id) > (@at, @id)
      ORDER BY fetched_at, id LIMIT 1000`,
  committedAfter: 'SELECT rowid AS commit_seq, * FROM articles WHERE rowid > ? ORDER BY rowid',
  // Earliest published first (fetch time for undated ones), ties by URL: the same articles give the same story
  // whatever order they arrived in, also after a crash and a resumed run.
  storyArticles: 'SELECT * FROM articles WHERE story_id = ? ORDER BY COALESCE(published_at, fetched_at), canonical_url LIMIT ?',
  dueSummaries: `SELECT story_id, source, attempts, retry_at FROM story_summaries
      WHERE retry_at IS NOT NULL AND retry_at <= ? ORDER BY retry_at LIMIT ?`,
  // Newest articles first: a fresh story's full text is worth more than a backlog's. Sorting the due rows costs what the
  // queue holds, which the age limit bounds (staleRefetches).
  dueRefetches: `SELECT r.url AS refetch_url, r.attempts AS refetch_attempts, a.* FROM article_refetch r
      JOIN articles a ON a.id = r.article_id WHERE r.retry_at <= @now
      ORDER BY COALESCE(a.published_at, a.fetched_at) DESC, r.article_id LIMIT @limit`,
  // Rows whose article is past the crawler's age limit (or gone): newest-first claims would never reach them.
  staleRefetches: `DELETE FROM article_refetch WHERE NOT EXISTS (SELECT 1 FROM articles a
      WHERE a.id = article_refetch.article_id AND COALESCE(a.published_at, a.fetched_at) >= @since)`,
}

/**
 * The crawler's articles, summary retries and refetches in the same SQLite database as the stories. `writeStories`
 * is the story store's own writer, run inside this module's transactions, so a feed's state, its articles and the
 * stories they changed commit together or not at all.
 */
export function createSqliteCrawlRuns(
  db: Database,
  writeStories: (stories: StorySnapshot[]) => { inserted: number; updated: number },
  merges: ReturnType<typeof createSqliteStoryMerges>,
  relations: ReturnType<typeof createSqliteStoryRelations>,
): CrawlRuns {
  const stmt = {
    knownUrls: db.prepare(CRAWL_SQL.knownUrls),
    knownGuids: db.prepare(CRAWL_SQL.knownGuids),
    knownHashes: db.prepare(CRAWL_SQL.knownHashes),
    recentPage: db.prepare(CRAWL_SQL.recentPage),
    committedAfter: db.prepare(CRAWL_SQL.committedAfter),
    lastCommitSeq: db.prepare('SELECT COALESCE(MAX(rowid), 0) AS n FROM articles').pluck(),
    storyArticles: db.prepare(CRAWL_SQL.storyArticles),
    dueSummaries: db.prepare(CRAWL_SQL.dueSummaries),
    updateFeedState: db.prepare(`UPDATE feeds SET etag = @etag, last_modified = @last_modified,
      next_fetch_at = @next_fetch_at, interval_seconds = @interval_seconds,
      consecutive_failures = @consecutive_failures, last_status = @last_status, last_error = @last_error,
      last_fetched_at = @fetched_at, last_success_at = COALESCE(@succeeded_at, last_success_at),
      article_count = article_count + @added, lease_owner = NULL, lease_until = NULL
      WHERE feed_url = @feed_url`),
    insertArticle: db.prepare(SQLITE_CRAWL_WRITES.insertArticle),
    upsertSummary: db.prepare(SQLITE_CRAWL_WRITES.upsertSummary),
    insertRefetch: db.prepare(SQLITE_CRAWL_WRITES.insertRefetch),
    dueRefetches: db.prepare(CRAWL_SQL.dueRefetches),
    staleRefetches: db.prepare(CRAWL_SQL.staleRefetches),
    leaseRefetch: db.prepare('UPDATE article_refetch SET retry_at = ? WHERE article_id = ?'),
    // Settling names the claim (retry_at as the claim set it): a claim that expired and was taken again is not ours.
    retryRefetch: db.prepare('UPDATE article_refetch SET attempts = ?, retry_at = ? WHERE article_id = ? AND retry_at = ?'),
    dropRefetch: db.prepare('DELETE FROM article_refetch WHERE article_id = ? AND retry_at = ?'),
    upgradeArticle: db.prepare(`UPDATE articles SET text = @text, lang = @lang,
      author = COALESCE(author, @author), image_url = COALESCE(image_url, @image_url) WHERE id = @id RETURNING story_id`).pluck(),
  }

  const keys = (rows: unknown[]) => new Set((rows as Array<{ k: string }>).map((r) => r.k))

  const writeSummaries = (summaries: SummaryState[]) => {
    for (const s of summaries) {
      stmt.upsertSummary.run({ story_id: s.storyId, source: s.source, attempts: s.attempts, retry_at: s.retryAt })
    }
  }

  const commitRun = db.transaction((run: Parameters<CrawlRuns['commitFeedRun']>[0]) => {
    let added = 0
    for (const a of run.articles) {
      added += stmt.insertArticle.run({
        id: a.id, story_id: a.storyId, publisher_id: a.publisherId, feed_url: a.feedUrl, canonical_url: a.canonicalUrl,
        guid_key: a.guidKey, content_hash: a.contentHash, title: a.title, text: a.text, lang: a.lang,
        published_at: a.publishedAt, fetched_at: a.fetchedAt, author: a.author, image_url: a.imageUrl,
        signature: Buffer.from(a.signature.buffer, a.signature.byteOffset, a.signature.byteLength),
      }).changes
    }
    const f = run.feed
    stmt.updateFeedState.run({
      feed_url: f.feedUrl, etag: f.etag, last_modified: f.lastModified, next_fetch_at: f.nextFetchAt,
      interval_seconds: f.intervalSeconds, consecutive_failures: f.consecutiveFailures, last_status: f.lastStatus,
      last_error: f.lastError, fetched_at: f.fetchedAt, succeeded_at: f.succeededAt, added,
    })
    writeStories(run.stories)
    writeSummaries(run.summaries)
    for (const r of run.refetches ?? []) {
      stmt.insertRefetch.run({ article_id: r.articleId, url: r.url, attempts: r.attempts, retry_at: r.retryAt })
    }
    if (run.merges && run.merges.length > 0) merges.apply(run.merges, stmt.lastCommitSeq.get() as number)
    relations.record(run.relations ?? [], f.fetchedAt)
  })

  // SQLite has one writer at a time: the write transaction (BEGIN IMMEDIATE) is the store-wide clustering lock.
  const commitClustered = db.transaction((afterSeq: number, assign: (unseen: ArticleRecord[], merged: StoryMerge[]) => FeedRunCommit | FeedRunCommit[]) => {
    const unseen = (stmt.committedAfter.all(afterSeq) as ArticleRow[]).map(toArticle)
    for (const run of [assign(unseen, merges.since(afterSeq))].flat()) commitRun(run)
    return stmt.lastCommitSeq.get() as number
  })

  const commitStories = db.transaction((stories: StorySnapshot[], summaries: SummaryState[]) => {
    // A rewrite read before its story merged away must not bring it back.
    const result = writeStories(stories.filter((s) => !merges.isRedirected(s.id)))
    writeSummaries(summaries.filter((s) => !merges.isRedirected(s.storyId)))
    return result
  })

  const claimRefetches = db.transaction((opts: Parameters<CrawlRuns['claimDueRefetches']>[0]) => {
    if (opts.publishedSince !== undefined) stmt.staleRefetches.run({ since: opts.publishedSince })
    const rows = stmt.dueRefetches.all({ now: opts.now, limit: opts.limit }) as RefetchRow[]
    const until = new Date(Date.parse(opts.now) + opts.leaseSeconds * 1000).toISOString()
    for (const r of rows) stmt.leaseRefetch.run(until, r.id)
    return rows.map((r) => toRefetchClaim(r, until))
  })

  const settleRefetch = db.transaction((o: RefetchOutcome): string | null => {
    if (o.kind === 'retry') {
      stmt.retryRefetch.run(o.attempts, o.retryAt, o.articleId, o.claimedUntil)
      return null
    }
    if (stmt.dropRefetch.run(o.articleId, o.claimedUntil).changes === 0 || o.kind === 'dropped') return null
    const storyId = stmt.upgradeArticle.get({ text: o.text, lang: o.lang, author: o.author, image_url: o.imageUrl, id: o.articleId }) as string | undefined
    if (storyId === undefined) return null
    writeSummaries([{ storyId, source: 'extractive', attempts: 0, retryAt: o.markedAt }])
    return storyId
  })

  return {
    async knownArticleKeys(k): Promise<KnownArticleKeys> {
      return {
        canonicalUrls: keys(stmt.knownUrls.all(JSON.stringify(k.canonicalUrls))),
        guidKeys: keys(stmt.knownGuids.all(JSON.stringify(k.guidKeys))),
        contentHashes: keys(stmt.knownHashes.all(JSON.stringify(k.contentHashes))),
      }
    },
    async *recentArticles(since) {
      // Pages by (fetched_at, id): no statement stays open across the caller's awaits (and its writes).
      let cursor = { at: '', id: '' }
      for (;;) {
        const rows = stmt.recentPage.all({ since, ...cursor }) as ArticleRow[]
        for (const row of rows) yield toArticle(row)
        if (rows.length < 1000) return
        cursor = { at: rows[rows.length - 1]!.fetched_at, id: rows[rows.length - 1]!.id }
      }
    },
    async storyArticles(storyId, limit) {
      return (stmt.storyArticles.all(storyId, limit) as ArticleRow[]).map(toArticle)
    },
    async dueSummaryRetries(now, limit) {
      return (stmt.dueSummaries.all(now, limit) as SummaryRow[]).map(toSummary)
    },
    async claimDueRefetches(opts) {
      return claimRefetches.immediate(opts)
    },
    async settleRefetch(outcome) {
      return settleRefetch.immediate(outcome)
    },
    async commitFeedRun(run) {
      commitRun.immediate(run)
    },
    async commitClusteredRun(afterSeq, assign) {
      return commitClustered.immediate(afterSeq, assign)
    },
    async commitStories(stories, summaries) {
      return commitStories.immediate(stories, summaries)
    },
  }
}
