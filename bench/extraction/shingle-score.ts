/**
 * The benchmark's metric, written from its description: per page, precision and recall of the predicted body's word
 * 4-gram shingles (multiset) against the true body's, each page's counts normalised so long pages weigh no more than
 * short ones; precision and recall averaged over pages (a page with an empty prediction counts for recall only, as 0),
 * F1 from the two averages. Words are runs of Unicode letters, digits and underscores, case kept.
 */
const WORD = /[\p{L}\p{N}_]+/gu

function shingles(text: string): Map<string, number> {
  const words = text.match(WORD) ?? []
  const counts = new Map<string, number>()
  // A text shorter than four words is one shingle of what it has (none when it has no words).
  const last = Math.max(1, words.length - 3)
  for (let i = 0; i < last; i++) {
    const slice = words.slice(i, i + 4)
    if (slice.length === 0) continue
    const key = slice.join('\u0001')
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

export interface PageCounts { tp: number, fp: number, fn: number }

export function pageCounts(truth: string, predicted: string): PageCounts {
  const t = shingles(truth)
  const p = shingles(predicted)
  let tp = 0
  let fp = 0
  let fn = 0
  for (const [key, pc] of p) {
    const tc = t.get(key) ?? 0
    tp += Math.min(tc, pc)
    fp += Math.max(0, pc - tc)
  }
  for (const [key, tc] of t) fn += Math.max(0, tc - (p.get(key) ?? 0))
  const sum = tp + fp + fn
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn }
}

function precisionOf({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1
  if (tp === 0 && fp === 0) return 0
  return tp / (tp + fp)
}

function recallOf({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1
  if (tp === 0 && fn === 0) return 0
  return tp / (tp + fn)
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length)

export interface Score { f1: number, precision: number, recall: number }

export function score(pages: PageCounts[]): Score {
  const precision = mean(pages.filter((c) => c.tp + c.fp > 0).map(precisionOf))
  const recall = mean(pages.filter((c) => c.tp + c.fn > 0).map(recallOf))
  return { f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), precision, recall }
}

/** One page's F1, for listing the pages an extractor does worst on. */
export function pageF1(c: PageCounts): number {
  const p = precisionOf(c)
  const r = recallOf(c)
  return p + r === 0 ? 0 : (2 * p * r) / (p + r)
}
