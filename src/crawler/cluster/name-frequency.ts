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
 * count. Of n distinct names in the window about n²/2^32 pairs do: a few pairs of mostly rare names at some hundred
 * thousand names, each count then off by the other name's.
 */
export class NameFrequency {
  readonly #counts = new IntTable()
  readonly #expiry = new TimeSlots<Uint32Array>()
  #articles = 0

  add(time: number, names: readonly string[]): void {
    const keys = Uint32Array.from(names, nameKey)
    for (let i = 0; i < keys.length; i++) {
      const slot = keys[i]! >>> 1
      this.#counts.set(slot, (this.#counts.get(slot) ?? 0) + 1)
    }
    this.#articles++
    this.#expiry.add(time, keys)
  }

  evictBefore(cutoff: number): void {
    for (const keys of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (let i = 0; i < keys.length; i++) {
        const slot = keys[i]! >>> 1
        const c = (this.#counts.get(slot) ?? 1) - 1
        if (c <= 0) this.#counts.delete(slot)
        else this.#counts.set(slot, c)
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
