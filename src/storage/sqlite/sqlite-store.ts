import fs from 'node:fs'
import path from 'node:path'
import Database from './driver.ts'
import { TRANSLATION_LANGUAGES, isLanguage, languageIndex } from '../../domain/languages.ts'
import { sourceTerm, toIndexText, type SearchTerm } from '../../domain/search-terms.ts'
import type { StorySnapshot } from '../../domain/story.ts'
import type { ArchiveMonthRecord, CategoryRecord, SourceTopicRecord, Store, UpsertResult } from '../store.ts'
import type { Topic } from '../../domain/topics.ts'
import {
  pagedSnapshots, toRelatedRecord, toSourceRecord, toStamp, toStoryDetailRecord, toStoryRecord,
  type ExportStoryRow, type RelatedRow, type SourceRow, type StampRow, type StoryValues, type TextRow,
} from '../story-rows.ts'
import { toFtsMatch } from './fts-query.ts'
import { SEARCH_KEYWORD_WINDOW, windowTerms } from '../search-window.ts'
import { indexedTokens, matchesAllTerms } from '../search-match.ts'
import { SQL } from './queries.ts'
import { migrate } from './migrations.ts'
import { quickCheck, sqliteDamage } from './quick-check.ts'
import { createDamageRecord, watchForDamage } from '../store-damage.ts'
import { createSqliteVersionMemo } from './content-version-memo.ts'
import { SEQ_END, publishedAtOfSeq, seqWindow } from '../story-window.ts'
import { createSqliteCrawlStore } from './sqlite-crawl-store.ts'
import { createSqliteStoryMerges } from './story-merges.ts'
import { createSqliteStoryRelations } from './story-relations.ts'
import { RELATED_STORIES_KEPT } from '../../domain/story-relations.ts'
import {
  LANGUAGE_SLOTS, TIEBREAK_SLOTS, archiveMonthKey, monthSeqRange, preferredTiebreak, publishedSecond,
} from './sort-key.ts'

/** A candidate story's headline row, as searchStories tests it. */
interface CandidateRow { seq: number; text_lang: string; source_id: string | null; lang: string; headline: string }

/** Opens (creating if needed) a SQLite database file, applies pending migrations and returns the Store. */
export function openSqliteStore(file: string): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const db = new Database(file)
  try {
    // WAL: readers never block the writer; NORMAL: durable across process crashes, and the content is
    // re-creatable from publishers and exports if a power loss takes the last commits.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db)
  } catch (err) {
    db.close()
    // A file that is not a database, or too damaged to read its schema: the operator needs to know which file.
    const damage = sqliteDamage(err)
    if (damage) throw new Error(`storage: the database file ${path.resolve(file)} is damaged or not a SQLite database (${damage.detail})`, { cause: err })
    throw err
  }

  const stmt = {
    list: db.prepare(SQL.list).raw(true),
    listTopic: db.prepare(SQL.listTopic).raw(true),
    listSource: db.prepare(SQL.listSource).raw(true),
    listTopicSource: db.prepare(SQL.listTopicSource).raw(true),
    recentStamps: db.prepare(SQL.recentStamps),
    archiveMonths: db.prepare(SQL.archiveMonths),
    monthStamps: db.prepare(SQL.monthStamps),
    searchTermRows: db.prepare(SQL.searchTermRows),
    searchCandidates: db.prepare(SQL.searchCandidates),
    bySeqs: db.prepare(SQL.bySeqs).raw(true),
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
    version: db.prepare(`SELECT value FROM meta WHERE key = 'content_version'`),
    bumpVersion: db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'`),
    ping: db.prepare('SELECT 1'),
    upsertSource: db.prepare(`INSERT INTO sources (id, name, site_url) VALUES (?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`),
    existing: db.prepare('SELECT seq, published_at FROM stories WHERE id = ?'),
    monthEmptied: db.prepare(`DELETE FROM archive_months WHERE month = @month AND stories = 1`),
    monthLeaves: db.prepare(`UPDATE archive_months SET stories = stories - 1, last_modified = @now WHERE month = @month`),
    monthJoins: db.prepare(`INSERT INTO archive_months (month, stories, last_modified) VALUES (@month, 1, @now)
      ON CONFLICT (month) DO UPDATE SET stories = stories + 1, last_modified = excluded.last_modified`),
    seqTaken: db.prepare('SELECT 1 FROM stories WHERE seq = ?'),
    deleteStory: db.prepare('DELETE FROM stories WHERE id = ?'),
    deleteSearchRows: db.prepare('DELETE FROM story_search WHERE rowid BETWEEN ? AND ?'),
    insertStory: db.prepare(`INSERT INTO stories (seq, id, original_url, original_title, author, published_at,
      cover_image_url, category, source_id, multi_source, covered_by, updated_at, text_lang, quarantined)
      VALUES (@seq, @id, @original_url, @original_title, @author, @published_at, @cover_image_url, @category,
      @source_id, @multi_source, @covered_by, @updated_at, @text_lang, @quarantined)`),
    insertText: db.prepare(`INSERT INTO story_texts (story_id, lang, headline, summary, cards)
      VALUES (?, ?, ?, ?, ?)`),
    insertSearchRow: db.prepare('INSERT INTO story_search (rowid, headline) VALUES (?, ?)'),
    countIds: db.prepare('SELECT COUNT(*) AS n FROM stories WHERE id IN (SELECT value FROM json_each(?))'),
    exportPage: db.prepare(`SELECT s.*, src.name AS source_name, src.site_url AS source_site_url
      FROM stories s LEFT JOIN sources src ON src.id = s.source_id
      WHERE s.id > ? ORDER BY s.id LIMIT ?`),
    exportTexts: db.prepare(`SELECT story_id, lang, headline, summary, cards FROM story_texts
      WHERE story_id IN (SELECT value FROM json_each(?))`),
  }

  function allocateSeq(id: string, publishedAt: string | null): number {
    const base = publishedSecond(publishedAt) * TIEBREAK_SLOTS
    const first = preferredTiebreak(id)
    for (let i = 0; i < TIEBREAK_SLOTS; i++) {
      const seq = base + ((first + i) % TIEBREAK_SLOTS)
      if (!stmt.seqTaken.get(seq)) return seq
    }
    throw new Error(`storage: more than ${TIEBREAK_SLOTS} stories share the published second of ${publishedAt}`)
  }

  /** Removes a story's rows, search rows and month count; false when there is no such story. */
  function removeStory(id: string, now: string): boolean {
    const old = stmt.existing.get(id) as { seq: number; published_at: string | null } | undefined
    if (!old) return false
    stmt.deleteSearchRows.run(old.seq * LANGUAGE_SLOTS, old.seq * LANGUAGE_SLOTS + LANGUAGE_SLOTS - 1)
    stmt.deleteStory.run(id)
    const month = archiveMonthKey(old.published_at)
    stmt.monthEmptied.run({ month })
    stmt.monthLeaves.run({ month, now })
    return true
  }

  function writeStory(s: StorySnapshot, now: string): 'inserted' | 'updated' {
    // The month summary follows the row: out of its old month (which may be another one) and into its new one.
    const old = removeStory(s.id, now)
    stmt.monthJoins.run({ month: archiveMonthKey(s.published_at), now })
    if (s.source) stmt.upsertSource.run(s.source.id, s.source.name, s.source.site_url)
    const seq = allocateSeq(s.id, s.published_at)
    stmt.insertStory.run({
      seq,
      id: s.id,
      original_url: s.original_url,
      original_title: s.original_title,
      author: s.author,
      published_at: s.published_at,
      cover_image_url: s.cover_image_url,
      category: s.category,
      source_id: s.source?.id ?? null,
      multi_source: s.multi_source ? 1 : 0,
      covered_by: s.covered_by ? JSON.stringify(s.covered_by) : null,
      updated_at: now,
      text_lang: s.text_lang,
      quarantined: s.quarantined ? 1 : 0,
    })
    const json = (v: unknown) => (v == null ? null : JSON.stringify(v))
    stmt.insertText.run(s.id, 'en', s.headline, s.summary, json(s.cards))
    const sourceId = s.source?.id ?? null
    stmt.insertSearchRow.run(seq * LANGUAGE_SLOTS, toIndexText(s.headline, s.text_lang, sourceId))
    for (const lang of TRANSLATION_LANGUAGES) {
      const t = s.translations[lang]
      if (!t) continue
      stmt.insertText.run(s.id, lang, t.headline ?? null, t.summary ?? null, json(t.cards))
      if (t.headline) stmt.insertSearchRow.run(seq * LANGUAGE_SLOTS + languageIndex(lang), toIndexText(t.headline, lang, sourceId))
    }
    return old ? 'updated' : 'inserted'
  }

  /** Writes stories inside the caller's transaction and bumps the content version once. */
  function writeStories(stories: StorySnapshot[]): UpsertResult {
    const result: UpsertResult = { inserted: 0, updated: 0 }
    const now = new Date().toISOString()
    for (const s of stories) result[writeStory(s, now)]++
    if (stories.length > 0) stmt.bumpVersion.run()
    return result
  }
  const upsertAll = db.transaction(writeStories)

  const relations = createSqliteStoryRelations(db)

  /** Removes stories and their relations inside the caller's transaction and bumps the content version once. */
  function removeStories(ids: string[]): number {
    const now = new Date().toISOString()
    let removed = 0
    relations.remove(ids)
    for (const id of ids) if (removeStory(id, now)) removed++
    if (removed > 0) stmt.bumpVersion.run()
    return removed
  }
  const deleteAll = db.transaction(removeStories)
  const merges = createSqliteStoryMerges(db, removeStories, relations)

  const damage = createDamageRecord()
  const versionNow = createSqliteVersionMemo(db, () => (stmt.version.get() as { value: string }).value)

  return watchForDamage<Store>({
    dialect: 'sqlite',
    crawl: createSqliteCrawlStore(db, writeStories, merges, relations),

    async listStories({ topic, limit, lang, filter = {} }) {
      const { lo, hi } = seqWindow(filter)
      const { sourceId } = filter
      const params = { topic, sourceId, limit, lang, lo, hi }
      const list = topic ? (sourceId ? stmt.listTopicSource : stmt.listTopic) : (sourceId ? stmt.listSource : stmt.list)
      return (list.all(params) as StoryValues[]).map(toStoryRecord)
    },

    async searchStories({ terms, limit, lang, filter = {} }) {
      if (terms.length === 0) return []
      const { lo, hi } = seqWindow(filter)
      if (lo >= hi) return []
      const all = filter.sourceId ? [...terms, sourceTerm(filter.sourceId)] : terms
      const langIndex = languageIndex(lang)
      // The range searched is bounded by the terms' windows (storage/search-window.ts). Every story matching the
      // whole query at or above a term's floor is among that term's rows, so testing their stories finds the
      // query's matches there (FTS5 intersecting long posting lists, even inside a rowid range, costs their length).
      const termSeqs = (t: SearchTerm) => (stmt.searchTermRows.all({ match: toFtsMatch([t]), langIndex, lo, hi, rows: SEARCH_KEYWORD_WINDOW }) as Array<{ r: number }>)
        .map((h) => Math.floor(h.r / LANGUAGE_SLOTS))
      const floorOf = (seqs: number[]) => (seqs.length === SEARCH_KEYWORD_WINDOW ? seqs[seqs.length - 1]! : lo)
      const matching = (seqs: number[]) => {
        const rows = stmt.searchCandidates.all({ seqs: JSON.stringify([...new Set(seqs)]), lang }) as CandidateRow[]
        const found = new Set<number>()
        // Newest first: once the page is full, every row left is older.
        for (const r of rows) {
          if (found.size === limit) break
          if (found.has(r.seq) || !isLanguage(r.lang)) continue
          const written = r.lang === 'en' && isLanguage(r.text_lang) ? r.text_lang : r.lang
          if (matchesAllTerms(indexedTokens(r.headline, written, r.source_id), all)) found.add(r.seq)
        }
        return [...found]
      }
      // Every term's window first (each a walk of at most SEARCH_KEYWORD_WINDOW rows), then one test of the widest
      // term's candidates: testing a candidate (re-tokenizing its headline) costs far more than walking to it, so
      // testing the first term's candidates before knowing the widest would, when they fall short, test twice.
      const windows = windowTerms(all).map(termSeqs)
      if (windows.some((rows) => rows.length === 0)) return []
      let widest = windows[0]!
      for (const rows of windows) if (floorOf(rows) < floorOf(widest)) widest = rows
      const seqs = matching(widest)
      if (seqs.length === 0) return []
      return (stmt.bySeqs.all({ seqs: JSON.stringify(seqs), lang }) as StoryValues[]).map(toStoryRecord)
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

    async contentVersion() {
      return (stmt.version.get() as { value: string }).value
    },

    contentVersionNow: versionNow,

    async upsertStories(stories) {
      return upsertAll.immediate(stories)
    },

    async deleteStories(ids) {
      return deleteAll.immediate(ids)
    },

    async countStoriesWithIds(ids) {
      return (stmt.countIds.get(JSON.stringify(ids)) as { n: number }).n
    },

    exportStories() {
      return pagedSnapshots((after, limit) => stmt.exportPage.all(after, limit) as ExportStoryRow[],
        (ids) => stmt.exportTexts.all(JSON.stringify(ids)) as TextRow[])
    },

    async ping() {
      stmt.ping.get()
    },

    async checkIntegrity() {
      const found = quickCheck(db)
      if (found) damage.note(found)
      return found
    },

    knownDamage: () => damage.current(),

    async close() {
      if (db.open) db.close()
    },
  }, sqliteDamage, damage, ['contentVersionNow', 'knownDamage'])
}

