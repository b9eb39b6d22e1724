/**
 * Scores a clustering against the corpus labels: pairwise and B-cubed precision/recall/F1, recall over the pairs of
 * one event written in two languages, and how many hard-negative event pairs ended up in one story.
 */

export interface Scores {
  precision: number
  recall: number
  f1: number
}

export interface LabelledItem {
  id: string
  /** The true event. */
  gold: string
  /** The story the system put it in. */
  got: string
  lang: string
}

const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r))
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)

export function pairwise(items: readonly LabelledItem[]): Scores & { tp: number, fp: number, fn: number } {
  let tp = 0
  let fp = 0
  let fn = 0
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const gold = items[i]!.gold === items[j]!.gold
      const got = items[i]!.got === items[j]!.got
      if (gold && got) tp++
      else if (got) fp++
      else if (gold) fn++
    }
  }
  const precision = ratio(tp, tp + fp)
  const recall = ratio(tp, tp + fn)
  return { tp, fp, fn, precision, recall, f1: f1(precision, recall) }
}

/** B-cubed: per item, the share of its predicted cluster that is its event (precision) and vice versa (recall). */
export function bcubed(items: readonly LabelledItem[]): Scores {
  const byGold = new Map<string, LabelledItem[]>()
  const byGot = new Map<string, LabelledItem[]>()
  for (const it of items) {
    byGold.set(it.gold, [...(byGold.get(it.gold) ?? []), it])
    byGot.set(it.got, [...(byGot.get(it.got) ?? []), it])
  }
  let p = 0
  let r = 0
  for (const it of items) {
    const cluster = byGot.get(it.got)!
    const event = byGold.get(it.gold)!
    const both = cluster.filter((x) => x.gold === it.gold).length
    p += both / cluster.length
    r += both / event.length
  }
  const precision = items.length === 0 ? 1 : p / items.length
  const recall = items.length === 0 ? 1 : r / items.length
  return { precision, recall, f1: f1(precision, recall) }
}

/** Of the pairs of one event in two different languages, the share put in one story. */
export function crossLanguageRecall(items: readonly LabelledItem[]): { recall: number, pairs: number, joined: number } {
  let pairs = 0
  let joined = 0
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i]!, items[j]!]
      if (a.gold !== b.gold || a.lang === b.lang) continue
      pairs++
      if (a.got === b.got) joined++
    }
  }
  return { recall: ratio(joined, pairs), pairs, joined }
}

/** Hard-negative event pairs (event, the event it must stay apart from) with any two articles in one story. */
export function hardNegativeMerges(items: readonly LabelledItem[], negatives: ReadonlyMap<string, string>): string[] {
  const stories = new Map<string, Set<string>>()
  for (const it of items) stories.set(it.gold, (stories.get(it.gold) ?? new Set()).add(it.got))
  const merged: string[] = []
  for (const [event, other] of negatives) {
    const a = stories.get(event)
    const b = stories.get(other)
    if (a && b && [...a].some((s) => b.has(s))) merged.push(`${event}~${other}`)
  }
  return merged
}
