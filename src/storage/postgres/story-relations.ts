import type pg from 'pg'
import type { StoryRelation } from '../../domain/crawl-records.ts'
import { followRedirectsAsync } from '../redirect-hops.ts'
import { planRelations, type RelationRow } from '../relation-plan.ts'

/**
 * Related stories in PostgreSQL, with the SQLite semantics (sqlite/story-relations.ts): storage/relation-plan.ts
 * decides the rows. Inside the caller's transaction, which holds the content lock (lockContent), so writers of
 * relations take turns between reading the rows and writing the plan.
 */

interface Row { story_id: string; related_id: string; score: number; recorded_at: string }

const toRow = (r: Row): RelationRow => ({ storyId: r.story_id, relatedId: r.related_id, score: r.score, recordedAt: r.recorded_at })

async function rowsOf(client: pg.ClientBase, ids: string[]): Promise<RelationRow[]> {
  const { rows } = await client.query<Row>(
    'SELECT story_id, related_id, score, recorded_at FROM story_relations WHERE story_id = ANY($1::text[])', [ids])
  return rows.map(toRow)
}

async function deleteRows(client: pg.ClientBase, rows: Array<{ storyId: string; relatedId: string }>): Promise<void> {
  if (rows.length === 0) return
  await client.query(`DELETE FROM story_relations r USING unnest($1::text[], $2::text[]) AS u(story_id, related_id)
      WHERE r.story_id = u.story_id AND r.related_id = u.related_id`,
  [rows.map((r) => r.storyId), rows.map((r) => r.relatedId)])
}

/** Applies the plan for `additions` (their ids final); returns how many rows it wrote. */
async function add(client: pg.ClientBase, additions: RelationRow[]): Promise<number> {
  if (additions.length === 0) return 0
  const ids = [...new Set(additions.flatMap((a) => [a.storyId, a.relatedId]))]
  const plan = planRelations(await rowsOf(client, ids), additions)
  await deleteRows(client, plan.deletes)
  const u = plan.upserts
  if (u.length > 0) {
    await client.query(`INSERT INTO story_relations (story_id, related_id, score, recorded_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[])
        ON CONFLICT (story_id, related_id) DO UPDATE SET score = excluded.score, recorded_at = excluded.recorded_at`,
    [u.map((r) => r.storyId), u.map((r) => r.relatedId), u.map((r) => r.score), u.map((r) => r.recordedAt)])
  }
  return plan.upserts.length + plan.deletes.length
}

/**
 * Records relations found by the crawler at `now`, each id followed through the redirects (a merge this worker did
 * not know of yet); returns how many rows changed (the caller moves the content version on when any did).
 */
export async function recordRelations(client: pg.ClientBase, relations: readonly StoryRelation[], now: string): Promise<number> {
  if (relations.length === 0) return 0
  // One lookup for all; an id redirected further (a chain a hand-made import could hold) is followed hop by hop.
  const ids = [...new Set(relations.flatMap((r) => [r.storyId, r.relatedId]))]
  const { rows } = await client.query<{ from_id: string; to_id: string }>(
    'SELECT from_id, to_id FROM story_redirects WHERE from_id = ANY($1::text[])', [ids])
  const finalIds = new Map<string, string>()
  for (const r of rows) {
    const to = await followRedirectsAsync(r.from_id, async (at) => (at === r.from_id ? r.to_id
      : (await client.query<{ to_id: string }>('SELECT to_id FROM story_redirects WHERE from_id = $1::text', [at])).rows[0]?.to_id))
    finalIds.set(r.from_id, to ?? r.from_id)
  }
  const final = (id: string) => finalIds.get(id) ?? id
  return add(client, relations.map((r) => ({ storyId: final(r.storyId), relatedId: final(r.relatedId), score: r.score, recordedAt: now })))
}

/** Restores exported relations (ids as exported) with their recording times; returns how many rows changed. */
export function restoreRelations(client: pg.ClientBase, rows: readonly RelationRow[]): Promise<number> {
  return add(client, [...rows])
}

/** Deletes every relation of these stories, from both sides; returns the rows they had. */
async function detach(client: pg.ClientBase, ids: string[]): Promise<RelationRow[]> {
  if (ids.length === 0) return []
  const { rows } = await client.query<Row>(
    'DELETE FROM story_relations WHERE story_id = ANY($1::text[]) RETURNING story_id, related_id, score, recorded_at', [ids])
  const own = rows.map(toRow)
  await deleteRows(client, own.map((r) => ({ storyId: r.relatedId, relatedId: r.storyId })))
  return own
}

/** A merge of `from` into `into`: `from`'s relations become `into`'s (best score kept), theirs with each other go. */
export async function moveRelations(client: pg.ClientBase, from: string, into: string): Promise<void> {
  const moved = (await detach(client, [from])).filter((r) => r.relatedId !== into)
  await add(client, moved.map((r) => ({ ...r, storyId: into })))
}

/** Removes every relation of these stories (the caller moves the content version on). */
export async function removeRelations(client: pg.ClientBase, ids: string[]): Promise<void> {
  await detach(client, ids)
}
