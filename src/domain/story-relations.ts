import type { StoryRelation } from './crawl-records.ts'

/**
 * How many related stories one story keeps: the best by score. A reader follows a storyline a step or two at a
 * time, and a bounded list keeps every story read an indexed lookup of a few rows (decision 0009).
 */
export const RELATED_STORIES_KEPT = 5

/** The key of an unordered pair: (a, b) and (b, a) are one relation. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`
}

/**
 * A relation as stored: the smaller id first and the score within 0..1; null for a story related to itself or a
 * score that is not a number.
 */
export function cleanRelation<R extends StoryRelation>(r: R): R | null {
  if (r.storyId === r.relatedId || !Number.isFinite(r.score)) return null
  const [storyId, relatedId] = r.storyId < r.relatedId ? [r.storyId, r.relatedId] : [r.relatedId, r.storyId]
  return { ...r, storyId, relatedId, score: Math.min(1, Math.max(0, r.score)) }
}

/** Best score first, then by ids: a total order, so the same relations in any order are handled alike. */
export function byScore(a: StoryRelation, b: StoryRelation): number {
  return b.score - a.score || compare(a.storyId, b.storyId) || compare(a.relatedId, b.relatedId)
}

/** One relation per pair of distinct stories, with the best score seen, in `byScore` order (see cleanRelation). */
export function bestPerPair(relations: readonly StoryRelation[]): StoryRelation[] {
  const best = new Map<string, StoryRelation>()
  for (const raw of relations) {
    const r = cleanRelation({ storyId: raw.storyId, relatedId: raw.relatedId, score: raw.score })
    if (!r) continue
    const key = pairKey(r.storyId, r.relatedId)
    const known = best.get(key)
    if (!known || r.score > known.score) best.set(key, r)
  }
  return [...best.values()].sort(byScore)
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
