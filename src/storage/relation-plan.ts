import type { StoryRelation } from '../domain/crawl-records.ts'
import { RELATED_STORIES_KEPT, byScore, cleanRelation, pairKey } from '../domain/story-relations.ts'

/**
 * Story relations as both dialects store them (table story_relations): every pair twice, once from each side, so
 * a story's related stories are one primary-key range whichever side recorded them. This module decides the writes;
 * the dialects read the rows it needs and apply what it returns, so both keep the same rows for the same calls.
 */

/** One stored direction of a pair. */
export interface RelationRow extends StoryRelation {
  /** When the pair was first recorded (ISO 8601 UTC). */
  recordedAt: string
}

export interface RelationPlan {
  /** Rows to insert, or to overwrite (score, recordedAt): both directions of each pair added or changed. */
  upserts: RelationRow[]
  /** Rows to delete: both directions of each pair that gave way. */
  deletes: Array<{ storyId: string; relatedId: string }>
}

interface Pair {
  a: string
  b: string
  score: number
  recordedAt: string
}

/**
 * The writes that add `additions` to the stored relations. `current` must hold every stored row of every story the
 * additions name (the other side of each of those rows is implied: pairs are stored both ways).
 *
 * A pair keeps its best score and its first recording time. Additions are taken best first; a story holding more than
 * `kept` related stories after one loses its weakest pair (lowest score, then the larger id), from both sides, so
 * every story keeps at most `kept` and every relation stays readable from both of its stories. An addition weaker
 * than all `kept` pairs of a full story is thus no write at all. Self-relations and scores that are not numbers are
 * dropped; scores are clamped to 0..1.
 */
export function planRelations(current: readonly RelationRow[], additions: readonly RelationRow[], kept = RELATED_STORIES_KEPT): RelationPlan {
  const pairs = new Map<string, Pair>()
  const sides = new Map<string, Set<string>>()
  const side = (id: string) => {
    let keys = sides.get(id)
    if (!keys) sides.set(id, (keys = new Set()))
    return keys
  }
  const put = (p: Pair) => {
    const key = pairKey(p.a, p.b)
    pairs.set(key, p)
    side(p.a).add(key)
    side(p.b).add(key)
  }
  const drop = (key: string) => {
    const p = pairs.get(key)!
    pairs.delete(key)
    side(p.a).delete(key)
    side(p.b).delete(key)
  }

  for (const row of current) {
    const r = cleanRelation(row)
    if (r) put({ a: r.storyId, b: r.relatedId, score: r.score, recordedAt: r.recordedAt })
  }
  const initial = new Map(pairs)

  const added = additions.flatMap((r) => cleanRelation(r) ?? []).sort(byScore)
  for (const r of added) {
    const key = pairKey(r.storyId, r.relatedId)
    const known = pairs.get(key)
    if (known) {
      put({ ...known, score: Math.max(known.score, r.score), recordedAt: r.recordedAt < known.recordedAt ? r.recordedAt : known.recordedAt })
      continue
    }
    put({ a: r.storyId, b: r.relatedId, score: r.score, recordedAt: r.recordedAt })
    for (const id of [r.storyId, r.relatedId]) {
      while (side(id).size > kept) drop(weakest(id, side(id), pairs))
    }
  }

  const plan: RelationPlan = { upserts: [], deletes: [] }
  for (const [key, p] of pairs) {
    const was = initial.get(key)
    if (was && was.score === p.score && was.recordedAt === p.recordedAt) continue
    plan.upserts.push({ storyId: p.a, relatedId: p.b, score: p.score, recordedAt: p.recordedAt },
      { storyId: p.b, relatedId: p.a, score: p.score, recordedAt: p.recordedAt })
  }
  for (const [key, p] of initial) {
    if (!pairs.has(key)) plan.deletes.push({ storyId: p.a, relatedId: p.b }, { storyId: p.b, relatedId: p.a })
  }
  return plan
}

/** The key of `id`'s weakest pair: the lowest score, then the larger other id. */
function weakest(id: string, keys: Set<string>, pairs: Map<string, Pair>): string {
  let worst: { key: string; score: number; other: string } | null = null
  for (const key of keys) {
    const p = pairs.get(key)!
    const other = p.a === id ? p.b : p.a
    if (!worst || p.score < worst.score || (p.score === worst.score && other > worst.other)) worst = { key, score: p.score, other }
  }
  return worst!.key
}
