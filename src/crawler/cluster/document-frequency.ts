/**
 * Clustering stage: in how many articles of the window each term occurs, so that evidence is weighted by how telling
 * it is: a word every story uses this week ("Biden", "vaccine", "market") says little; a rare name, figure or phrase
 * says much. The window's own counts, not a fixed list: what is common moves with the news, and the weights follow.
 *
 * idf(t) = ln((N + 2) / (df(t) + 1)), N the articles in the window: near 0 for a term in every article, largest for
 * a term no other article has.
 *
 * The counts live in a fixed table of 2^22 counters indexed by the term's hash (16 MB), not in a map: a window of
 * 100,000 articles holds millions of distinct terms and word pairs, and a map that large made every lookup a cache
 * miss (a third of the clustering time). Terms that share a counter add to each other's count: at 100,000 articles
 * (about 10⁷ term occurrences) a counter carries about 2 foreign occurrences on average, which moves a rare term's
 * idf by a fraction of its value (ln(100,002/2) = 10.8 against ln(100,002/4) = 10.1) and a common term's not at all.
 * Deterministic: counts depend only on the articles added and evicted.
 */
import { TimeSlots } from './time-slots.ts'

const BITS = 22
const MASK = (1 << BITS) - 1

/** A term hash's counter. The hashes are fnv1a; folding the high half in spreads them over the low bits. */
const slotOf = (key: number): number => (key ^ (key >>> BITS)) & MASK

export class DocumentFrequency {
  readonly #counts = new Uint32Array(1 << BITS)
  readonly #expiry = new TimeSlots<Uint32Array>()
  #articles = 0
  #logArticles = Math.log(2)

  add(time: number, keys: Uint32Array): void {
    for (let i = 0; i < keys.length; i++) this.#counts[slotOf(keys[i]!)]!++
    this.#articles++
    this.#logArticles = Math.log(this.#articles + 2)
    this.#expiry.add(time, keys)
  }

  evictBefore(cutoff: number): void {
    for (const keys of this.#expiry.releaseBefore(cutoff)) {
      this.#articles--
      for (let i = 0; i < keys.length; i++) {
        const slot = slotOf(keys[i]!)
        if (this.#counts[slot]! > 0) this.#counts[slot]!--
      }
    }
    this.#logArticles = Math.log(this.#articles + 2)
  }

  get articles(): number {
    return this.#articles
  }

  count(key: number): number {
    return this.#counts[slotOf(key)]!
  }

  /** A function of the current counts (do not keep it across adds). */
  idf = (key: number): number => this.#logArticles - logOnePlus(this.#counts[slotOf(key)]!)
}

/** ln(1 + n) for small counts from a table (most terms are rare): an idf is then two array reads and a subtraction. */
const LOG_TABLE = Float64Array.from({ length: 4096 }, (_, n) => Math.log1p(n))
const logOnePlus = (n: number): number => (n < LOG_TABLE.length ? LOG_TABLE[n]! : Math.log1p(n))
