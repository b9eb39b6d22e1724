import type { Database } from 'better-sqlite3'
import { RELATED_STORIES_KEPT } from '../../domain/story-relations.ts'
import type { Topic } from '../../domain/topics.ts'
import type { ArchiveMonthRecord, CategoryRecord, SourceTopicRecord, StoryReader } from '../store.ts'
import {
  toRelatedRecord, toSourceRecord, toStamp, toStoryDetailRecord, toStoryRecord,
  type RelatedRow, type SourceRow, type StampRow, type StoryValues,
} from '../story-rows.ts'
import { SEQ_END, publishedAtOfSeq, seqWindow } from '../story-window.ts'
import { SQL } from './queries.ts'
import { TIEBREAK_SLOTS, monthSeqRange } from './sort-key.ts'
import type { createSqliteStoryMerges } from './story-merges.ts'

/** Story reads in SQLite: each one statement over the sort key or a summary table (see queries.ts). */
export function createSqliteStoryReads(db: Database, merges: ReturnType<typeof createSqliteStoryMerges>): StoryReader {
  const stmt = {
    list: db.prepare(SQL.list).raw(true),
    listTopic: db.prepare(SQL.listTopic).raw(true),
    listSource: db.prepare(SQL.listSource).raw(true),
    listTopicSource: db.prepare(SQL.listTopicSource).raw(true),
    recentStamps: db.prepare(SQL.recentStamps),
    archiveMonths: db.prepare(SQL.archiveMonths),
    monthStamps: db.prepare(SQL.monthStamps),
    get: db.prepare(SQL.get).raw(true),
    related: db.prepare(SQL.related),
    categories: db.prepare(`SELECT c.slug, n.name FROM categories c
      JOIN category_names n ON n.slug = c.slug AND n.lang = ? ORDER BY c.position`),
    sources: db.prepare('SELECT id, name, site_url FROM sources ORDER BY name COLLATE NOCASE, id LIMIT ?'),
    sourcesAfter: db.prepare(`SELECT s.id, s.name, s.site_url FROM sources s, (SELECT name, id FROM sources WHERE id = @after) a
      WHERE s.name > a.name COLLATE NOCASE OR (s.name = a.name COLLATE NOCASE AND s.id > a.id)
      ORDER BY s.name COLLATE NOCASE, s.id LIMIT @limit`),
    source: db.prepare('SELECT id, name, site_url FROM sources WHERE id = ?'),
    sourceTopics: db.prepare('SELECT source_id, category, stories, last_seq FROM source_topics'),
    keyAbove: db.prepare(SQL.keyAbove).pluck(),
    keyAboveTopic: db.prepare(SQL.keyAboveTopic).pluck(),
    keyAboveSource: db.prepare(SQL.keyAboveSource).pluck(),
    keyAboveTopicSource: db.prepare(SQL.keyAboveTopicSource).pluck(),
    latest: db.prepare('SELECT published_at FROM stories ORDER BY seq DESC LIMIT 1'),
    count: db.prepare('SELECT COUNT(*) AS n FROM stories'),
    countIds: db.prepare('SELECT COUNT(*) AS n FROM stories WHERE id IN (SELECT value FROM json_each(?))'),
  }

  return {
    async listStories({ topic, limit, lang, filter = {} }) {
      const { lo, hi } = seqWindow(filter)
      const { sourceId } = filter
      const params = { topic, sourceId, limit, lang, lo, hi }
      const list = topic ? (sourceId ? stmt.listTopicSource : stmt.listTopic) : (sourceId ? stmt.listSource : stmt.list)
      return (list.all(params) as StoryValues[]).map(toStoryRecord)
    },

    async getStory(id, lang) {
      const row = stmt.get.get({ id, lang }) as StoryValues | undefined
      return row ? toStoryDetailRecord(row) : null
    },

    async relatedStories(id, lang) {
      return (stmt.related.all({ id, lang, limit: RELATED_STORIES_KEPT }) as RelatedRow[]).map(toRelatedRecord)
    },

    async storyRedirect(id) {
      return merges.resolve(id)
    },

    async listCategories(lang) {
      return stmt.categories.all(lang) as CategoryRecord[]
    },

    async listSources({ limit, after }) {
      const rows = after === undefined ? stmt.sources.all(limit) : stmt.sourcesAfter.all({ after, limit })
      return (rows as SourceRow[]).map(toSourceRecord)
    },

    async getSource(id) {
      const row = stmt.source.get(id) as SourceRow | undefined
      return row ? toSourceRecord(row) : null
    },

    async sourceTopics() {
      return (stmt.sourceTopics.all() as Array<{ source_id: string; category: Topic; stories: number; last_seq: number }>)
        .map((r): SourceTopicRecord => ({
          sourceId: r.source_id, category: r.category, stories: r.stories, lastKey: String(r.last_seq), lastPublishedAt: publishedAtOfSeq(r.last_seq),
        }))
    },

    async storyKeyAbove({ key, offset, topic, sourceId }) {
      const params = { key: Number(key), offset, topic, sourceId }
      const walk = topic ? (sourceId ? stmt.keyAboveTopicSource : stmt.keyAboveTopic) : (sourceId ? stmt.keyAboveSource : stmt.keyAbove)
      const seq = walk.get(params) as number | undefined
      return seq === undefined ? null : String(seq)
    },

    async listSourceStories({ sourceId, limit, lang }) {
      return (stmt.listSource.all({ sourceId, limit, lang, lo: 0, hi: SEQ_END }) as StoryValues[]).map(toStoryRecord)
    },

    async listRecentStamps(limit) {
      return (stmt.recentStamps.all({ limit }) as StampRow[]).map(toStamp)
    },

    async archiveMonths() {
      return (stmt.archiveMonths.all() as Array<{ month: string; stories: number; last_modified: string }>)
        .map((r): ArchiveMonthRecord => ({
          month: r.month === 'undated' ? null : r.month, stories: r.stories, lastModified: r.last_modified,
        }))
    },

    async listMonthStamps({ month, offset, limit }) {
      const { lo, hi } = month === null ? { lo: 0, hi: TIEBREAK_SLOTS } : monthSeqRange(month)
      const rows = stmt.monthStamps.all({ lo, hi, undated: month === null ? 1 : 0, offset, limit }) as StampRow[]
      return rows.map(toStamp)
    },

    async latestPublishedAt() {
      const row = stmt.latest.get() as { published_at: string | null } | undefined
      return row?.published_at ?? null
    },

    async countStories() {
      return (stmt.count.get() as { n: number }).n
    },

    async countStoriesWithIds(ids) {
      return (stmt.countIds.get(JSON.stringify(ids)) as { n: number }).n
    },
  }
}
