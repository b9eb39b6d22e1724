/**
 * Stories are keyed by `seq` = published second * 2^17 + tiebreak, so that rowid order is publication order.
 * The tiebreak comes from the story id (not insert order), so two databases holding the same stories order
 * same-second stories identically. Undated stories sort last (second 0).
 * seq * 16 + language index stays below 2^53 for any date before 2100.
 */
export const TIEBREAK_SLOTS = 2 ** 17

export function publishedSecond(publishedAt: string | null): number {
  return publishedAt ? Math.floor(Date.parse(publishedAt) / 1000) : 0
}

/** FNV-1a of the id, folded into the tiebreak range: the first slot this story tries. */
export function preferredTiebreak(id: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % TIEBREAK_SLOTS
}

export const LANGUAGE_SLOTS = 16

/** The month a story is filed under in the archive summary: `YYYY-MM` (UTC) of its canonical published_at. */
export function archiveMonthKey(publishedAt: string | null): string {
  return publishedAt ? publishedAt.slice(0, 7) : 'undated'
}

/** The seq range [lo, hi) of the stories published in `month` (`YYYY-MM`, UTC). */
export function monthSeqRange(month: string): { lo: number; hi: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(month)
  const year = Number(m?.[1])
  const index = Number(m?.[2]) - 1
  if (!m || index < 0 || index > 11) throw new Error(`storage: not a month: ${month}`)
  return {
    lo: (Date.UTC(year, index, 1) / 1000) * TIEBREAK_SLOTS,
    hi: (Date.UTC(year, index + 1, 1) / 1000) * TIEBREAK_SLOTS,
  }
}
