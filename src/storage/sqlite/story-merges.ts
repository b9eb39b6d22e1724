import type { Database } from 'better-sqlite3'
import type { StoryMerge } from '../../domain/crawl-records.ts'
import { followRedirects } from '../redirect-hops.ts'
import type { createSqliteStoryRelations } from './story-relations.ts'

/**
 * Story merges in SQLite: moving a merged story's articles to the survivor, recording the redirect, removing the
 * merged story (lists, search, sitemap months) and reading redirects back. Runs inside the caller's transaction.
 * `removeStories` is the story store's own removal (it keeps the month summary and search index in step).
 */
export function createSqliteStoryMerges(db: Database, removeStories: (ids: string[]) => number,
  relations: ReturnType<typeof createSqliteStoryRelations>) {
  const stmt = {
    target: db.prepare('SELECT to_id FROM story_redirects WHERE from_id = ?').pluck(),
    moveArticles: db.prepare('UPDATE articles SET story_id = ? WHERE story_id = ?'),
    // A live story is never redirected itself (a stale worker could have recorded one before it was re-used).
    unredirect: db.prepare('DELETE FROM story_redirects WHERE from_id = ?'),
    repoint: db.prepare('UPDATE story_redirects SET to_id = ? WHERE to_id = ?'),
    insert: db.prepare(`INSERT INTO story_redirects (from_id, to_id, merged_at, commit_seq) VALUES (?, ?, ?, ?)
      ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id, merged_at = excluded.merged_at,
        commit_seq = excluded.commit_seq`),
    dropSummary: db.prepare('DELETE FROM story_summaries WHERE story_id = ?'),
    since: db.prepare('SELECT from_id, to_id FROM story_redirects WHERE commit_seq > ? ORDER BY commit_seq, from_id'),
  }

  const resolve = (id: string): string | null => followRedirects(id, (at) => stmt.target.get(at) as string | undefined)

  return {
    resolve,

    /** Applies a run's merges (its articles already stored, the last of them at `seq`). */
    apply(merges: StoryMerge[], seq: number): void {
      const now = new Date().toISOString()
      for (const m of merges) {
        const into = resolve(m.into) ?? m.into
        if (into === m.from) continue
        stmt.moveArticles.run(into, m.from)
        stmt.unredirect.run(into)
        stmt.repoint.run(into, m.from)
        stmt.insert.run(m.from, into, now, seq)
        stmt.dropSummary.run(m.from)
        relations.move(m.from, into)
        removeStories([m.from])
      }
    },

    /** The merges recorded after commit sequence `seq`, oldest first (every target final). */
    since(seq: number): StoryMerge[] {
      return (stmt.since.all(seq) as Array<{ from_id: string; to_id: string }>).map((r) => ({ from: r.from_id, into: r.to_id }))
    },

    /** Whether this id was merged away (a rewrite of it must not bring it back). */
    isRedirected(id: string): boolean {
      return stmt.target.get(id) !== undefined
    },
  }
}
