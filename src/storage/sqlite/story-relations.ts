import type { Database } from 'better-sqlite3'
import type { StoryRelation } from '../../domain/crawl-records.ts'
import { followRedirects } from '../redirect-hops.ts'
import { planRelations, type RelationRow } from '../relation-plan.ts'

interface Row { story_id: string; related_id: string; score: number; recorded_at: string }

const toRow = (r: Row): RelationRow => ({ storyId: r.story_id, relatedId: r.related_id, score: r.score, recordedAt: r.recorded_at })

/**
 * Related stories in SQLite: recording them (storage/relation-plan.ts decides the rows), moving them at a merge and
 * removing them with a story. Runs inside the caller's transaction.
 */
export function createSqliteStoryRelations(db: Database) {
  const stmt = {
    target: db.prepare('SELECT to_id FROM story_redirects WHERE from_id = ?').pluck(),
    rowsOf: db.prepare('SELECT story_id, related_id, score, recorded_at FROM story_relations WHERE story_id = ?'),
    upsert: db.prepare(`INSERT INTO story_relations (story_id, related_id, score, recorded_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (story_id, related_id) DO UPDATE SET score = excluded.score, recorded_at = excluded.recorded_at`),
    delete: db.prepare('DELETE FROM story_relations WHERE story_id = ? AND related_id = ?'),
    bumpVersion: db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'`),
  }
  const rowsOf = (id: string) => (stmt.rowsOf.all(id) as Row[]).map(toRow)

  /** Applies the plan for `additions` (their ids final); returns how many rows it wrote. */
  function add(additions: RelationRow[]): number {
    const ids = new Set(additions.flatMap((a) => [a.storyId, a.relatedId]))
    const plan = planRelations([...ids].flatMap(rowsOf), additions)
    for (const d of plan.deletes) stmt.delete.run(d.storyId, d.relatedId)
    for (const u of plan.upserts) stmt.upsert.run(u.storyId, u.relatedId, u.score, u.recordedAt)
    return plan.upserts.length + plan.deletes.length
  }

  /** Deletes every relation of `id`, from both sides; returns the rows it had. */
  function detach(id: string): RelationRow[] {
    const rows = rowsOf(id)
    for (const r of rows) {
      stmt.delete.run(r.relatedId, id)
      stmt.delete.run(id, r.relatedId)
    }
    return rows
  }

  return {
    /**
     * Records relations found by the crawler at `now`, each id followed through the redirects (a merge this worker
     * did not know of yet), and moves the content version on when a reader would see a change.
     */
    record(relations: readonly StoryRelation[], now: string): void {
      if (relations.length === 0) return
      const final = (id: string) => followRedirects(id, (at) => stmt.target.get(at) as string | undefined) ?? id
      const changed = add(relations.map((r) => ({ storyId: final(r.storyId), relatedId: final(r.relatedId), score: r.score, recordedAt: now })))
      if (changed > 0) stmt.bumpVersion.run()
    },

    /** Restores exported relations (ids as exported) with their recording times; returns the rows written. */
    restore(rows: readonly RelationRow[]): number {
      return rows.length === 0 ? 0 : add([...rows])
    },

    /** A merge of `from` into `into`: `from`'s relations become `into`'s (best score kept), theirs with each other go. */
    move(from: string, into: string): void {
      const moved = detach(from).filter((r) => r.relatedId !== into)
      add(moved.map((r) => ({ ...r, storyId: into })))
    },

    /** Removes every relation of these stories (the caller moves the content version on). */
    remove(ids: readonly string[]): void {
      for (const id of ids) detach(id)
    },
  }
}
