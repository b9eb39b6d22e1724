/**
 * Clustering stage: how many articles of the window name each name. A name found in very many of them ("Trump",
 * "China" in some weeks, the head of the synthetic test directory) identifies no event: it is neither looked up in
 * the index (its bucket would only return the most recent of many unrelated clusters) nor counted as a shared name
 * (similarity.ts); it still counts when two titles contradict each other.
 *
 * Deterministic: counts depend only on the articles added and evicted, in order.
 */
import { IntTable } from './int-table.ts'
import { fnv1a } from './minhash.ts'
import { TimeSlots } from './time-slots.ts'

/** A common name is one above max(MIN_COMMON_COUNT, COMMON_FRACTION × live articles). */
export const COMMON_FRACTION = 0.005
export const MIN_COMMON_COUNT = 25

/**
 * A name's key: its fnv1a hash, the key `mentions` and a story's name counts use too (story-profile.ts), so the
 * features weigh a story's names by their keys without reading the names themselves, strings scattered over a large
 * window's heap.
 */
export const nameKey = (name: string): number => fnv1a(name)

/**
 * Counts are kept by key (31 of its bits) in a typed table, not by name in a Map: two names that share a key share a
 * count, which at 100,000 articles (some 200,000 distinct names) befalls a few pairs of rare names out of 2^31 keys.
 */
export class NameFrequency {
  readonly #counts = new IntTable()
  readonly #expiry = new TimeSlots<Uint32Array>()
  #articles = 0

  add(time: number, names: readonly string[]): void {
    const keys = Uint32Array.from(names, nameKey)
    for (let i = 0; i < keys.length; i++) this.#counts.set(keys[i]! >>> 1, (this.#counts.get(keys[i]! >>> 1) ?? 0) + 1)
    this.#articles++
    this.#expiry.add(time, keys)
  }

  evictBefore(cutoff: number): void {
    for (const keys of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (let i = 0; i < keys.length; i++) {
        const c = (this.#counts.get(keys[i]! >>> 1) ?? 1) - 1
        if (c <= 0) this.#counts.delete(keys[i]! >>> 1)
        else this.#counts.set(keys[i]! >>> 1, c)
      }
    }
  }

  count(name: string): number {
    return this.countKey(nameKey(name))
  }

  /** The count of the name whose nameKey is `key`. */
  countKey(key: number): number {
    return this.#counts.get(key >>> 1) ?? 0
  }

  get articles(): number {
    return this.#articles
  }

  /** A function of the current counts (do not keep it across adds). */
  isCommon = (name: string): boolean => this.countKey(nameKey(name)) > Math.max(MIN_COMMON_COUNT, COMMON_FRACTION * this.#articles)
}
