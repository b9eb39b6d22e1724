import { RELATED_STORIES_KEPT } from '../../domain/story-relations.ts'
import type { Topic } from '../../domain/topics.ts'
import { TIEBREAK_SLOTS, monthSeqRange } from '../sqlite/sort-key.ts'
import type { ArchiveMonthRecord, CategoryRecord, SourceTopicRecord, StoryReader } from '../store.ts'
import { toRelatedRecord, toSourceRecord, toStamp, toStoryDetailRecord, toStoryRecord, type RelatedRow, type SourceRow, type StampRow } from '../story-rows.ts'
import { SEQ_END, publishedAtOfSeq, seqWindow } from '../story-window.ts'
import type { PostgresAccess } from './access.ts'
import { SQL } from './queries.ts'
import { resolveRedirect } from './story-merges.ts'

/** Story reads in PostgreSQL: each one statement over the sort key or a summary table (see queries.ts). */
export function createPostgresStoryReads({ query, storyRows }: PostgresAccess): StoryReader {
  return {
    async listStories({ topic, limit, lang, filter = {} }) {
      const { lo, hi } = seqWindow(filter)
      const { sourceId } = filter
      const rows = topic
        ? (sourceId
          ? await storyRows(SQL.listTopicSource, [lang, limit, sourceId, lo, hi, topic])
          : await storyRows(SQL.listTopic, [lang, limit, topic, lo, hi]))
        : (sourceId
          ? await storyRows(SQL.listSource, [lang, limit, sourceId, lo, hi])
          : await storyRows(SQL.list, [lang, limit, lo, hi]))
      return rows.map(toStoryRecord)
    },

    async getStory(id, lang) {
      const [row] = await storyRows(SQL.get, [lang, id])
      return row ? toStoryDetailRecord(row) : null
    },

    async relatedStories(id, lang) {
      return (await query<RelatedRow>(SQL.related, [lang, id, RELATED_STORIES_KEPT])).map(toRelatedRecord)
    },

    async storyRedirect(id) {
      return resolveRedirect(query, id)
    },

    async listCategories(lang) {
      return query<CategoryRecord>(SQL.categories, [lang])
    },

    async listSources({ limit, after }) {
      const rows = after === undefined ? await query<SourceRow>(SQL.sources, [limit]) : await query<SourceRow>(SQL.sourcesAfter, [limit, after])
      return rows.map(toSourceRecord)
    },

    async getSource(id) {
      const [row] = await query<SourceRow>(SQL.source, [id])
      return row ? toSourceRecord(row) : null
    },

    async sourceTopics() {
      return (await query<{ source_id: string; category: Topic; stories: number; last_seq: string }>(SQL.sourceTopics))
        .map((r): SourceTopicRecord => ({
          sourceId: r.source_id, category: r.category, stories: r.stories, lastKey: r.last_seq, lastPublishedAt: publishedAtOfSeq(Number(r.last_seq)),
        }))
    },

    async storyKeyAbove({ key, offset, topic, sourceId }) {
      const rows = topic
        ? (sourceId
          ? await query<{ above: string }>(SQL.keyAboveTopicSource, [key, offset, sourceId, topic])
          : await query<{ above: string }>(SQL.keyAboveTopic, [key, offset, topic]))
        : (sourceId
          ? await query<{ above: string }>(SQL.keyAboveSource, [key, offset, sourceId])
          : await query<{ above: string }>(SQL.keyAbove, [key, offset]))
      return rows[0]?.above ?? null
    },

    async listSourceStories({ sourceId, limit, lang }) {
      return (await storyRows(SQL.listSource, [lang, limit, sourceId, 0, SEQ_END])).map(toStoryRecord)
    },

    async listRecentStamps(limit) {
      return (await query<StampRow>(SQL.recentStamps, [limit])).map(toStamp)
    },

    async archiveMonths() {
      return (await query<{ month: string; stories: number; last_modified: string }>(SQL.archiveMonths))
        .map((r): ArchiveMonthRecord => ({
          month: r.month === 'undated' ? null : r.month, stories: r.stories, lastModified: r.last_modified,
        }))
    },

    async listMonthStamps({ month, offset, limit }) {
      const { lo, hi } = month === null ? { lo: 0, hi: TIEBREAK_SLOTS } : monthSeqRange(month)
      return (await query<StampRow>(SQL.monthStamps, [lo, hi, month === null, limit, offset])).map(toStamp)
    },

    async latestPublishedAt() {
      const [row] = await query<{ published_at: string | null }>(SQL.latest)
      return row?.published_at ?? null
    },

    async countStories() {
      return (await query<{ n: number }>(SQL.count))[0]!.n
    },

    async countStoriesWithIds(ids) {
      return (await query<{ n: number }>(SQL.countIds, [ids]))[0]!.n
    },
  }
}
