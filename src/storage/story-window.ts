import { TIEBREAK_SLOTS } from './sqlite/sort-key.ts'

/** The optional filters of a story list or search, as the stores take them. */
export interface StoryFilter {
  /** Only this publisher's stories (lower-case id). */
  sourceId?: string
  /** Only stories published at or after this instant (ISO 8601). */
  since?: string
  /** Only stories published before this instant (ISO 8601). */
  until?: string
  /** Only stories older than the one with this sort key (a page's last story): the next page. */
  before?: string
}

/** Above every seq of a date before 2106 (seconds below 2^32, times TIEBREAK_SLOTS); seq × 16 stays an exact double. */
export const SEQ_END = 2 ** 49

/** The publication time a seq encodes (to the second), or null for an undated story (second 0). */
export function publishedAtOfSeq(seq: number): string | null {
  const second = Math.floor(seq / TIEBREAK_SLOTS)
  return second === 0 ? null : new Date(second * 1000).toISOString().replace('.000Z', 'Z')
}

/**
 * The seq range [lo, hi) a filter allows (seq = published second × 2^17 + tiebreak, the newest-first key of both
 * stores). Undated stories have no time to compare, so a date filter leaves them out.
 */
export function seqWindow(filter: StoryFilter): { lo: number; hi: number } {
  let lo = 0
  let hi = SEQ_END
  if (filter.since !== undefined || filter.until !== undefined) lo = TIEBREAK_SLOTS
  if (filter.since !== undefined) lo = Math.max(lo, Math.ceil(Date.parse(filter.since) / 1000) * TIEBREAK_SLOTS)
  if (filter.until !== undefined) hi = Math.min(hi, Math.ceil(Date.parse(filter.until) / 1000) * TIEBREAK_SLOTS)
  if (filter.before !== undefined) hi = Math.min(hi, Number(filter.before))
  return { lo: Math.max(0, lo), hi: Math.max(0, hi) }
}
