/**
 * Clustering stage: how many articles of the window name each name. A name found in very many of them ("Trump",
 * "China" in some weeks, the head of the synthetic test directory) identifies no event: it is neither looked up in
 * the index (its bucket would only return the most recent of many unrelated clusters) nor counted as a shared name
 * (similarity.ts); it still counts when two titles contradict each other.
 *
 * Deterministic: counts depend only on the articles added and evicted, in order.
 */
import { TimeSlots } from './time-slots.ts'

/** A name is common above max(MIN_COMMON_COUNT, COMMON_FRACTION × live articles). */
export const COMMON_FRACTION = 0.005
export const MIN_COMMON_COUNT = 25

export class NameFrequency {
  readonly #counts = new Map<string, number>()
  readonly #expiry = new TimeSlots<readonly string[]>()
  #articles = 0

  add(time: number, names: readonly string[]): void {
    for (const n of names) this.#counts.set(n, (this.#counts.get(n) ?? 0) + 1)
    this.#articles++
    this.#expiry.add(time, names)
  }

  evictBefore(cutoff: number): void {
    for (const names of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (const n of names) {
        const c = (this.#counts.get(n) ?? 1) - 1
        if (c <= 0) this.#counts.delete(n)
        else this.#counts.set(n, c)
      }
    }
  }

  count(name: string): number {
    return this.#counts.get(name) ?? 0
  }

  get articles(): number {
    return this.#articles
  }

  /** A function of the current counts (do not keep it across adds). */
  isCommon = (name: string): boolean => (this.#counts.get(name) ?? 0) > Math.max(MIN_COMMON_COUNT, COMMON_FRACTION * this.#articles)
}
