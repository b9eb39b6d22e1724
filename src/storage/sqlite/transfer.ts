import type { Database } from 'better-sqlite3'
import type { StateBatch, StateRecord } from '../state-records.ts'
import type { CrawlStateTransfer } from '../crawl-store.ts'
import type { StoryExport } from '../store.ts'
import { pagedSnapshots, type ExportStoryRow, type TextRow } from '../story-rows.ts'
import { toArticleState, toFeedState, type ArticleRow, type FeedRow } from '../crawl-rows.ts'
import { FEED_STATE_COLUMNS, RESTORE_FEED_ON_CONFLICT } from '../state-sql.ts'
import { SQLITE_CRAWL_WRITES } from './crawl-writes.ts'
import type { createSqliteStoryRelations } from './story-relations.ts'

const PAGE = 1000

/** Every story as a snapshot, for SQLite: `newsdesk export` writes these first. */
export function createSqliteStoryExport(db: Database): StoryExport {
  const stmt = {
    page: db.prepare(`SELECT s.*, src.name AS source_name, src.site_url AS source_site_url
      FROM stories s LEFT JOIN sources src ON src.id = s.source_id
      WHERE s.id > ? ORDER BY s.id LIMIT ?`),
    texts: db.prepare(`SELECT story_id, lang, headline, summary, cards FROM story_texts
      WHERE story_id IN (SELECT value FROM json_each(?))`),
  }
  return {
    exportStories() {
      return pagedSnapshots((after, limit) => stmt.page.all(after, limit) as ExportStoryRow[],
        (ids) => stmt.texts.all(JSON.stringify(ids)) as TextRow[])
    },
  }
}

/** The export and restore of the state beyond story snapshots (storage/state-records.ts), for SQLite. */
export function createSqliteStateTransfer(db: Database, relations: ReturnType<typeof createSqliteStoryRelations>): CrawlStateTransfer {
  const stmt = {
    hasState: db.prepare(`SELECT EXISTS (SELECT 1 FROM feeds) OR EXISTS (SELECT 1 FROM articles)
      OR EXISTS (SELECT 1 FROM story_redirects) OR EXISTS (SELECT 1 FROM story_relations)`).pluck(),
    sources: db.prepare('SELECT id, name, site_url FROM sources ORDER BY id'),
    feeds: db.prepare('SELECT * FROM feeds ORDER BY position, feed_url'),
    // rowid: the commit order, which a restored store keeps (see crawl-runs.ts, committedAfter).
    articles: db.prepare('SELECT rowid AS commit_seq, * FROM articles WHERE rowid > ? ORDER BY rowid LIMIT ?'),
    summaries: db.prepare('SELECT * FROM story_summaries WHERE story_id > ? ORDER BY story_id LIMIT ?'),
    stories: db.prepare('SELECT id, updated_at FROM stories WHERE id > ? ORDER BY id LIMIT ?'),
    months: db.prepare('SELECT month, last_modified FROM archive_months ORDER BY month'),
    redirects: db.prepare('SELECT from_id, to_id, merged_at FROM story_redirects WHERE from_id > ? ORDER BY from_id LIMIT ?'),
    // One line per pair: the direction whose story id is the smaller (every pair is stored both ways).
    relations: db.prepare(`SELECT story_id, related_id, score, recorded_at FROM story_relations
      WHERE (story_id, related_id) > (?, ?) AND story_id < related_id ORDER BY story_id, related_id LIMIT ?`),
    // A restored redirect is not a merge this store's workers must replay (their articles already moved): seq 0.
    upsertRedirect: db.prepare(`INSERT INTO story_redirects (from_id, to_id, merged_at, commit_seq) VALUES (?, ?, ?, 0)
      ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id, merged_at = excluded.merged_at`),
    upsertFeed: db.prepare(`INSERT INTO feeds (${FEED_STATE_COLUMNS})
      VALUES (@feed_url, @publisher_id, @position, @name, @site_url, @topic, @lang, @active, @etag, @last_modified,
        @next_fetch_at, @interval_seconds, @consecutive_failures, @last_status, @last_error, @last_fetched_at,
        @last_success_at, @article_count)
      ${RESTORE_FEED_ON_CONFLICT}`),
    upsertSource: db.prepare(`INSERT INTO sources (id, name, site_url) VALUES (@id, @name, @site_url)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`),
    insertArticle: db.prepare(SQLITE_CRAWL_WRITES.insertArticle),
    upsertSummary: db.prepare(SQLITE_CRAWL_WRITES.upsertSummary),
    stampStory: db.prepare('UPDATE stories SET updated_at = ? WHERE id = ?'),
    stampMonth: db.prepare('UPDATE archive_months SET last_modified = ? WHERE month = ?'),
    bumpVersion: db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'`),
  }

  const restore = db.transaction((batch: StateBatch) => {
    for (const p of batch.sources) stmt.upsertSource.run({ id: p.id, name: p.name, site_url: p.site_url })
    for (const f of batch.feeds) stmt.upsertFeed.run({ ...f, newsdesk_record: undefined, active: f.active ? 1 : 0 })
    for (const a of batch.articles) stmt.insertArticle.run({ ...a, newsdesk_record: undefined, signature: Buffer.from(a.signature, 'base64') })
    for (const s of batch.summaries) stmt.upsertSummary.run({ ...s, newsdesk_record: undefined })
    // Sources are shown (publisher pages), so they count as a content change too.
    let stamped = batch.sources.length
    for (const s of batch.stories) stamped += stmt.stampStory.run(s.updated_at, s.id).changes
    for (const m of batch.months) stamped += stmt.stampMonth.run(m.last_modified, m.month).changes
    // Redirects change what a merged id answers.
    for (const r of batch.redirects) stamped += stmt.upsertRedirect.run(r.from_id, r.to_id, r.merged_at).changes
    // Relations change what a story page lists.
    stamped += relations.restore(batch.relations.map((r) => ({ storyId: r.story_id, relatedId: r.related_id, score: r.score, recordedAt: r.recorded_at })))
    // Sitemaps show these stamps: cached answers must change with them.
    if (stamped > 0) stmt.bumpVersion.run()
  })

  return {
    async hasState() {
      return stmt.hasState.get() === 1
    },

    async *exportState(): AsyncIterable<StateRecord> {
      // Pages by key: no statement stays open across the consumer's awaits.
      for (const r of stmt.sources.all() as Array<{ id: string; name: string; site_url: string | null }>) {
        yield { newsdesk_record: 'source', id: r.id, name: r.name, site_url: r.site_url }
      }
      for (const row of stmt.feeds.all() as FeedRow[]) yield toFeedState(row)
      for (let after = 0; ;) {
        const rows = stmt.articles.all(after, PAGE) as Array<ArticleRow & { commit_seq: number }>
        for (const row of rows) yield toArticleState(row)
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.commit_seq
      }
      for (let after = ''; ;) {
        const rows = stmt.summaries.all(after, PAGE) as Array<{ story_id: string; source: 'extractive' | 'llm'; attempts: number; retry_at: string | null }>
        for (const r of rows) yield { newsdesk_record: 'summary', story_id: r.story_id, source: r.source, attempts: r.attempts, retry_at: r.retry_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.story_id
      }
      for (let after = ''; ;) {
        const rows = stmt.stories.all(after, PAGE) as Array<{ id: string; updated_at: string }>
        for (const r of rows) yield { newsdesk_record: 'story', id: r.id, updated_at: r.updated_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.id
      }
      for (const r of stmt.months.all() as Array<{ month: string; last_modified: string }>) {
        yield { newsdesk_record: 'month', month: r.month, last_modified: r.last_modified }
      }
      for (let after = ''; ;) {
        const rows = stmt.redirects.all(after, PAGE) as Array<{ from_id: string; to_id: string; merged_at: string }>
        for (const r of rows) yield { newsdesk_record: 'redirect', from_id: r.from_id, to_id: r.to_id, merged_at: r.merged_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.from_id
      }
      for (let after = ['', '']; ;) {
        const rows = stmt.relations.all(after[0], after[1], PAGE) as Array<{ story_id: string; related_id: string; score: number; recorded_at: string }>
        for (const r of rows) yield { newsdesk_record: 'relation', story_id: r.story_id, related_id: r.related_id, score: r.score, recorded_at: r.recorded_at }
        if (rows.length < PAGE) break
        after = [rows[rows.length - 1]!.story_id, rows[rows.length - 1]!.related_id]
      }
    },

    async restoreState(batch) {
      restore.immediate(batch)
    },
  }
}
