import type pg from 'pg'
import type { StoryMerge } from '../../domain/crawl-records.ts'
import { followRedirectsAsync } from '../redirect-hops.ts'
import { deleteStories } from './story-writes.ts'
import { moveRelations } from './story-relations.ts'

/** Story merges in PostgreSQL, with the SQLite semantics (sqlite/story-merges.ts); inside the caller's transaction. */

type Query = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<R[]>

const TARGET_SQL = 'SELECT to_id FROM story_redirects WHERE from_id = $1::text'

/** The final id `id` redirects to, or null. */
export function resolveRedirect(query: Query, id: string): Promise<string | null> {
  return followRedirectsAsync(id, async (at) => (await query<{ to_id: string }>(TARGET_SQL, [at]))[0]?.to_id)
}

/**
 * Applies a run's merges (its articles already stored, the last at commit sequence `seq`); the caller holds the
 * clustering and content locks and bumps the content version afterwards.
 */
export async function applyMerges(client: pg.ClientBase, merges: StoryMerge[], seq: number): Promise<void> {
  const now = new Date().toISOString()
  const query: Query = async (sql, params) => (await client.query(sql, params)).rows
  for (const m of merges) {
    const into = (await resolveRedirect(query, m.into)) ?? m.into
    if (into === m.from) continue
    await client.query('UPDATE articles SET story_id = $1 WHERE story_id = $2', [into, m.from])
    // A live story is never redirected itself; redirects aimed at the merged story now aim at the survivor.
    await client.query('DELETE FROM story_redirects WHERE from_id = $1', [into])
    await client.query('UPDATE story_redirects SET to_id = $1 WHERE to_id = $2', [into, m.from])
    await client.query(`INSERT INTO story_redirects (from_id, to_id, merged_at, commit_seq) VALUES ($1, $2, $3, $4)
        ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id, merged_at = excluded.merged_at,
          commit_seq = excluded.commit_seq`, [m.from, into, now, seq])
    await client.query('DELETE FROM story_summaries WHERE story_id = $1', [m.from])
    await moveRelations(client, m.from, into)
    await deleteStories(client, [m.from], now)
  }
}

/** The merges recorded after commit sequence `seq`, oldest first. */
export async function mergesSince(client: pg.ClientBase, seq: number): Promise<StoryMerge[]> {
  const { rows } = await client.query<{ from_id: string; to_id: string }>(
    'SELECT from_id, to_id FROM story_redirects WHERE commit_seq > $1::bigint ORDER BY commit_seq, from_id', [seq])
  return rows.map((r) => ({ from: r.from_id, into: r.to_id }))
}

/** Of these story ids, those merged away. */
export async function redirectedIds(client: pg.ClientBase, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const { rows } = await client.query<{ from_id: string }>('SELECT from_id FROM story_redirects WHERE from_id = ANY($1::text[])', [ids])
  return new Set(rows.map((r) => r.from_id))
}
