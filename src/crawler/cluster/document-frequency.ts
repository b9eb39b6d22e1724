/**
 * Clustering stage: in how many articles of the window each term occurs, so that evidence is weighted by how telling
 * it is: a word every story uses this week ("Biden", "vaccine", "market") says little; a rare name, figure or phrase
 * says much. The window's own counts, not a fixed list: what is common moves with the news, and the weights follow.
 *
 * idf(t) = ln((N + 2) / (df(t) + 1)), N the articles in the window: 0-ish for a term in every article, largest for a
 * term no other article has. Deterministic: counts depend only on the articles added and evicted, in order.
 */
import { TimeSlots } from './time-slots.ts'

export class DocumentFrequency {
  readonly #counts = new Map<number, number>()
  readonly #expiry = new TimeSlots<Uint32Array>()
  #articles = 0

  add(time: number, keys: Uint32Array): void {
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!
      this.#counts.set(k, (this.#counts.get(k) ?? 0) + 1)
    }
    this.#articles++
    this.#expiry.add(time, keys)
  }

  evictBefore(cutoff: number): void {
    for (const keys of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!
        const c = (this.#counts.get(k) ?? 1) - 1
        if (c <= 0) this.#counts.delete(k)
        else this.#counts.set(k, c)
      }
    }
  }

  get articles(): number {
    return this.#articles
  }

  count(key: number): number {
    return this.#counts.get(key) ?? 0
  }

  /** A function of the current counts (do not keep it across adds). */
  idf = (key: number): number => Math.log((this.#articles + 2) / ((this.#counts.get(key) ?? 0) + 1))
}
