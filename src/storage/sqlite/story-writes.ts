import type { Database } from 'better-sqlite3'
import { TRANSLATION_LANGUAGES, languageIndex } from '../../domain/languages.ts'
import { toIndexText } from '../../domain/search-terms.ts'
import type { StorySnapshot } from '../../domain/story.ts'
import type { StoryWriter, UpsertResult } from '../store.ts'
import { LANGUAGE_SLOTS, TIEBREAK_SLOTS, archiveMonthKey, preferredTiebreak, publishedSecond } from './sort-key.ts'
import type { createSqliteStoryRelations } from './story-relations.ts'

/** Story writes in SQLite: the store's StoryWriter, and the same writes for the crawl's own transactions. */
export interface SqliteStoryWrites {
  writer: StoryWriter
  /** Writes stories inside the caller's transaction and bumps the content version once. */
  write(stories: StorySnapshot[]): UpsertResult
  /** Removes stories and their relations inside the caller's transaction and bumps the content version once. */
  remove(ids: string[]): number
}

type Statements = ReturnType<typeof prepare>

function prepare(db: Database) {
  return {
    bumpVersion: db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'`),
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
  }
}

function allocateSeq(stmt: Statements, id: string, publishedAt: string | null): number {
  const base = publishedSecond(publishedAt) * TIEBREAK_SLOTS
  const first = preferredTiebreak(id)
  for (let i = 0; i < TIEBREAK_SLOTS; i++) {
    const seq = base + ((first + i) % TIEBREAK_SLOTS)
    if (!stmt.seqTaken.get(seq)) return seq
  }
  throw new Error(`storage: more than ${TIEBREAK_SLOTS} stories share the published second of ${publishedAt}`)
}

/** Removes a story's rows, search rows and month count; false when there is no such story. */
function removeStory(stmt: Statements, id: string, now: string): boolean {
  const old = stmt.existing.get(id) as { seq: number; published_at: string | null } | undefined
  if (!old) return false
  stmt.deleteSearchRows.run(old.seq * LANGUAGE_SLOTS, old.seq * LANGUAGE_SLOTS + LANGUAGE_SLOTS - 1)
  stmt.deleteStory.run(id)
  const month = archiveMonthKey(old.published_at)
  stmt.monthEmptied.run({ month })
  stmt.monthLeaves.run({ month, now })
  return true
}

function writeStory(stmt: Statements, s: StorySnapshot, now: string): 'inserted' | 'updated' {
  // The month summary follows the row: out of its old month (which may be another one) and into its new one.
  const old = removeStory(stmt, s.id, now)
  stmt.monthJoins.run({ month: archiveMonthKey(s.published_at), now })
  if (s.source) stmt.upsertSource.run(s.source.id, s.source.name, s.source.site_url)
  const seq = allocateSeq(stmt, s.id, s.published_at)
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

/** Story writes over `db`: a story's rows, search rows (one per language slot of its sort key) and month count change together. */
export function createSqliteStoryWrites(db: Database, relations: ReturnType<typeof createSqliteStoryRelations>): SqliteStoryWrites {
  const stmt = prepare(db)

  function write(stories: StorySnapshot[]): UpsertResult {
    const result: UpsertResult = { inserted: 0, updated: 0 }
    const now = new Date().toISOString()
    for (const s of stories) result[writeStory(stmt, s, now)]++
    if (stories.length > 0) stmt.bumpVersion.run()
    return result
  }

  function remove(ids: string[]): number {
    const now = new Date().toISOString()
    let removed = 0
    relations.remove(ids)
    for (const id of ids) if (removeStory(stmt, id, now)) removed++
    if (removed > 0) stmt.bumpVersion.run()
    return removed
  }

  const upsertAll = db.transaction(write)
  const deleteAll = db.transaction(remove)
  return {
    write,
    remove,
    writer: {
      async upsertStories(stories) {
        return upsertAll.immediate(stories)
      },
      async deleteStories(ids) {
        return deleteAll.immediate(ids)
      },
    },
  }
}
