/**
 * Clustering stage: how many articles of the window name each name. A name found in very many of them ("Trump",
 * "China" in some weeks, the head of the synthetic test directory) identifies no event: it is neither looked up in
 * the index (its bucket would only return the most recent of many unrelated clusters) nor counted as a shared name
 * (similarity.ts); it still counts when two titles contradict each other.
 *
 * The counts live in a fixed table of 2^22 counters indexed by the name's fnv1a hash (16 MB), as document-frequency.ts
 * keeps the terms', not in a map keyed by the name: an article's features read the counts of its own entity words and
 * of every compared story's core names, and a map of the hundreds of thousands of names in a 100,000-article window
 * made each of those reads a chase through its entries and key strings (the map's lookups were 27 µs of an article's
 * 570 at 10k and 42 at 100k in a scratch profile; the table's are one read). Names that share a counter add to each
 * other's count: at 100,000 articles (about 3 million name occurrences) a counter carries under one foreign occurrence
 * on average, far below what makes a name common (25, or 0.5 % of the window) and a small fraction of a rare name's
 * idf. Deterministic: counts depend only on the articles added and evicted.
 */
import { fnv1a } from './minhash.ts'
import { TimeSlots } from './time-slots.ts'

/** A name is common above max(MIN_COMMON_COUNT, COMMON_FRACTION × live articles). */
export const COMMON_FRACTION = 0.005
export const MIN_COMMON_COUNT = 25

const BITS = 22
const MASK = (1 << BITS) - 1

/** A name's counter. Folding the hash's high half in spreads fnv1a over the low bits. */
function slotOfName(name: string): number {
  const h = fnv1a(name)
  return (h ^ (h >>> BITS)) & MASK
}

export class NameFrequency {
  readonly #counts = new Uint32Array(1 << BITS)
  /** Per article, the counters it added to (each once), to take back at eviction. */
  readonly #expiry = new TimeSlots<Uint32Array>()
  #articles = 0

  /** An article's names, in one or more lists; a name given twice counts once. */
  add(time: number, lists: ReadonlyArray<Iterable<string>>): void {
    const slots = new Set<number>()
    for (const names of lists) for (const n of names) slots.add(slotOfName(n))
    const added = Uint32Array.from(slots)
    for (let i = 0; i < added.length; i++) this.#counts[added[i]!]!++
    this.#articles++
    this.#expiry.add(time, added)
  }

  evictBefore(cutoff: number): void {
    for (const slots of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (let i = 0; i < slots.length; i++) if (this.#counts[slots[i]!]! > 0) this.#counts[slots[i]!]!--
    }
  }

  count(name: string): number {
    return this.#counts[slotOfName(name)]!
  }

  get articles(): number {
    return this.#articles
  }

  /** A function of the current counts (do not keep it across adds). */
  isCommon = (name: string): boolean => this.count(name) > Math.max(MIN_COMMON_COUNT, COMMON_FRACTION * this.#articles)
}
