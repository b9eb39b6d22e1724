import type { StateRecord } from '../state-records.ts'
import type { CrawlStateTransfer } from '../crawl-store.ts'
import type { StoryExport } from '../store.ts'
import { pagedSnapshots, type ExportStoryRow, type TextRow } from '../story-rows.ts'
import type { CrawlAccess, PostgresAccess } from './access.ts'
import { fromArticleState, toArticleState, toFeedState, type ArticleRow, type FeedRow } from '../crawl-rows.ts'
import { FEED_STATE_COLUMNS, RESTORE_FEED_ON_CONFLICT } from '../state-sql.ts'
import { insertArticles } from './article-writes.ts'
import { bumpContentVersion, lockClustering, lockContent, type ContentVersionHooks } from './transaction.ts'
import { SQL } from './queries.ts'
import { restoreRelations } from './story-relations.ts'

const PAGE = 1000

/** Every story as a snapshot, for PostgreSQL: `newsdesk export` writes these first. */
export function createPostgresStoryExport({ query }: PostgresAccess): StoryExport {
  return {
    exportStories() {
      return pagedSnapshots((after, limit) => query<ExportStoryRow>(SQL.exportPage, [after, limit]),
        (ids) => query<TextRow>(SQL.exportTexts, [ids]))
    },
  }
}

/** The export and restore of the state beyond story snapshots (storage/state-records.ts), for PostgreSQL. */
export function createPostgresStateTransfer({ query, transaction }: CrawlAccess, versions: ContentVersionHooks): CrawlStateTransfer {
  return {
    async hasState() {
      const { rows } = await query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM feeds) OR EXISTS (SELECT 1 FROM articles)
        OR EXISTS (SELECT 1 FROM story_redirects) OR EXISTS (SELECT 1 FROM story_relations) AS any`)
      return rows[0]!.any
    },

    async *exportState(): AsyncIterable<StateRecord> {
      // Pages by key: no cursor stays open across the consumer's awaits.
      for (const r of (await query<{ id: string; name: string; site_url: string | null }>('SELECT id, name, site_url FROM sources ORDER BY id')).rows) {
        yield { newsdesk_record: 'source', id: r.id, name: r.name, site_url: r.site_url }
      }
      for (const row of (await query<FeedRow>('SELECT * FROM feeds ORDER BY position, feed_url')).rows) yield toFeedState(row)
      for (let after = '0'; ;) {
        const { rows } = await query<ArticleRow & { commit_seq: string }>(
          'SELECT * FROM articles WHERE commit_seq > $1::bigint ORDER BY commit_seq LIMIT $2', [after, PAGE])
        for (const row of rows) yield toArticleState(row)
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.commit_seq
      }
      for (let after = ''; ;) {
        const { rows } = await query<{ story_id: string; source: 'extractive' | 'llm'; attempts: number; retry_at: string | null }>(
          'SELECT * FROM story_summaries WHERE story_id > $1::text ORDER BY story_id LIMIT $2', [after, PAGE])
        for (const r of rows) yield { newsdesk_record: 'summary', story_id: r.story_id, source: r.source, attempts: r.attempts, retry_at: r.retry_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.story_id
      }
      for (let after = ''; ;) {
        const { rows } = await query<{ id: string; updated_at: string }>(
          'SELECT id, updated_at FROM stories WHERE id > $1::text ORDER BY id LIMIT $2', [after, PAGE])
        for (const r of rows) yield { newsdesk_record: 'story', id: r.id, updated_at: r.updated_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.id
      }
      for (const r of (await query<{ month: string; last_modified: string }>('SELECT month, last_modified FROM archive_months ORDER BY month')).rows) {
        yield { newsdesk_record: 'month', month: r.month, last_modified: r.last_modified }
      }
      for (let after = ''; ;) {
        const { rows } = await query<{ from_id: string; to_id: string; merged_at: string }>(
          'SELECT from_id, to_id, merged_at FROM story_redirects WHERE from_id > $1::text ORDER BY from_id LIMIT $2', [after, PAGE])
        for (const r of rows) yield { newsdesk_record: 'redirect', from_id: r.from_id, to_id: r.to_id, merged_at: r.merged_at }
        if (rows.length < PAGE) break
        after = rows[rows.length - 1]!.from_id
      }
      // One line per pair: the direction whose story id is the smaller (every pair is stored both ways).
      for (let after = ['', '']; ;) {
        const { rows } = await query<{ story_id: string; related_id: string; score: number; recorded_at: string }>(
          `SELECT story_id, related_id, score, recorded_at FROM story_relations
            WHERE (story_id, related_id) > ($1::text, $2::text) AND story_id < related_id
            ORDER BY story_id, related_id LIMIT $3`, [after[0], after[1], PAGE])
        for (const r of rows) yield { newsdesk_record: 'relation', story_id: r.story_id, related_id: r.related_id, score: r.score, recorded_at: r.recorded_at }
        if (rows.length < PAGE) break
        after = [rows[rows.length - 1]!.story_id, rows[rows.length - 1]!.related_id]
      }
    },

    async restoreState(batch) {
      const version = await transaction(async (client) => {
        // Articles get their commit_seq in the export's order, under the clustering lock like any other insert.
        if (batch.articles.length > 0) await lockClustering(client)
        // Sources are shown (publisher pages) and stamps in sitemaps: either is a content change.
        const stamping = batch.sources.length > 0 || batch.stories.length > 0 || batch.months.length > 0 || batch.redirects.length > 0
          || batch.relations.length > 0
        if (stamping) await lockContent(client)
        const p = batch.sources
        if (p.length > 0) {
          await client.query(`INSERT INTO sources (id, name, site_url)
              SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
              ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`,
          [p.map((x) => x.id), p.map((x) => x.name), p.map((x) => x.site_url)])
        }
        const f = batch.feeds
        if (f.length > 0) {
          await client.query(`INSERT INTO feeds (${FEED_STATE_COLUMNS})
            SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
              $8::boolean[], $9::text[], $10::text[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[],
              $16::text[], $17::text[], $18::int[])
            ${RESTORE_FEED_ON_CONFLICT}`,
          [f.map((x) => x.feed_url), f.map((x) => x.publisher_id), f.map((x) => x.position), f.map((x) => x.name),
            f.map((x) => x.site_url), f.map((x) => x.topic), f.map((x) => x.lang), f.map((x) => x.active),
            f.map((x) => x.etag), f.map((x) => x.last_modified), f.map((x) => x.next_fetch_at),
            f.map((x) => x.interval_seconds), f.map((x) => x.consecutive_failures), f.map((x) => x.last_status),
            f.map((x) => x.last_error), f.map((x) => x.last_fetched_at), f.map((x) => x.last_success_at),
            f.map((x) => x.article_count)])
        }
        await insertArticles(client, batch.articles.map(fromArticleState))
        const s = batch.summaries
        if (s.length > 0) {
          await client.query(`INSERT INTO story_summaries (story_id, source, attempts, retry_at)
              SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])
              ON CONFLICT (story_id) DO UPDATE SET source = excluded.source, attempts = excluded.attempts,
                retry_at = excluded.retry_at`,
          [s.map((x) => x.story_id), s.map((x) => x.source), s.map((x) => x.attempts), s.map((x) => x.retry_at)])
        }
        if (!stamping) return null
        let stamped = p.length
        if (batch.stories.length > 0) {
          stamped += (await client.query(`UPDATE stories s SET updated_at = u.updated_at
              FROM unnest($1::text[], $2::text[]) AS u(id, updated_at) WHERE s.id = u.id`,
          [batch.stories.map((x) => x.id), batch.stories.map((x) => x.updated_at)])).rowCount ?? 0
        }
        if (batch.months.length > 0) {
          stamped += (await client.query(`UPDATE archive_months m SET last_modified = u.last_modified
              FROM unnest($1::text[], $2::text[]) AS u(month, last_modified) WHERE m.month = u.month`,
          [batch.months.map((x) => x.month), batch.months.map((x) => x.last_modified)])).rowCount ?? 0
        }
        // One statement may not upsert a row twice: the last record per id wins, as in SQLite.
        const r = [...new Map(batch.redirects.map((x) => [x.from_id, x])).values()]
        if (r.length > 0) {
          // Redirects change what a merged id answers. Seq 0: not a merge this store's workers must replay.
          stamped += (await client.query(`INSERT INTO story_redirects (from_id, to_id, merged_at, commit_seq)
              SELECT u.*, 0 FROM unnest($1::text[], $2::text[], $3::text[]) AS u(from_id, to_id, merged_at)
              ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id, merged_at = excluded.merged_at`,
          [r.map((x) => x.from_id), r.map((x) => x.to_id), r.map((x) => x.merged_at)])).rowCount ?? 0
        }
        // Relations change what a story page lists.
        stamped += await restoreRelations(client, batch.relations.map((x) => ({ storyId: x.story_id, relatedId: x.related_id, score: x.score, recordedAt: x.recorded_at })))
        // Sitemaps show these stamps: cached answers must change with them.
        return stamped > 0 ? bumpContentVersion(client, versions.channel) : null
      })
      if (version !== null) versions.committed(version)
    },
  }
}
