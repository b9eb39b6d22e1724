/**
 * Clustering stage: a story as a whole, for deciding whether an article belongs to it by what the story is about,
 * not by its likeness to any one member (which lets a story creep along a storyline, one step at a time). Kept per
 * cluster and updated as articles join or stories merge:
 * - the centroid of its members' term vectors (each a unit vector, so a long article does not outweigh a short one)
 *   and of their title vectors, with its length kept as it grows;
 * - its key terms: the ones its members share most;
 * - how many members name each entity word and state each figure;
 * - its members' publication times.
 * Size is bounded by the story's vocabulary, not by its article count.
 */
import type { Fingerprint } from './fingerprint.ts'
import { hasKey, type TermVector } from './term-vector.ts'

const NO_KEYS = new Uint32Array(0)
const NO_VALUES = new Float64Array(0)

/**
 * A sum of unit vectors and its length, kept as vectors are added: the keys ascending in one typed array, their sums
 * in another. Every story of the window has two (text and title) and most stories have one article, so these were
 * most of the window's memory as Maps of boxed hashes and sums, each entry an object for the garbage collector to
 * visit (`npm run bench:clustering`: 18.2 kB a window article then, 11.4 kB now). A story's first vector is kept as
 * given, shared with the article's fingerprint (neither is ever written to); a later one is merged into new arrays,
 * O(keys) per added article, bounded by the story's vocabulary.
 */
export class Centroid {
  #keys: Uint32Array = NO_KEYS
  #values: Float64Array = NO_VALUES
  #normSq = 0

  /** `keys` ascending and distinct (a TermVector's), `weights` beside them; neither is written to, ever. */
  add(keys: Uint32Array, weights: Float64Array): void {
    const a = this.#keys
    if (a.length === 0) {
      this.#keys = keys
      this.#values = weights
      for (let i = 0; i < weights.length; i++) this.#normSq += weights[i]! * weights[i]!
      return
    }
    const av = this.#values
    let n = 0
    for (let i = 0, j = 0; i < a.length || j < keys.length; n++) {
      if (j >= keys.length || (i < a.length && a[i]! < keys[j]!)) i++
      else if (i >= a.length || keys[j]! < a[i]!) j++
      else { i++; j++ }
    }
    const outKeys = new Uint32Array(n)
    const outValues = new Float64Array(n)
    for (let i = 0, j = 0, o = 0; o < n; o++) {
      if (j >= keys.length || (i < a.length && a[i]! < keys[j]!)) {
        outKeys[o] = a[i]!
        outValues[o] = av[i++]!
      } else {
        const old = i < a.length && a[i] === keys[j] ? av[i++]! : 0
        const next = old + weights[j]!
        outKeys[o] = keys[j++]!
        outValues[o] = next
        this.#normSq += next * next - old * old
      }
    }
    this.#keys = outKeys
    this.#values = outValues
  }

  addCentroid(other: Centroid): void {
    this.add(other.#keys, other.#values)
  }

  get norm(): number {
    return Math.sqrt(Math.max(0, this.#normSq))
  }

  /** Whether any member holds the key. */
  has(key: number): boolean {
    return hasKey(this.#keys, key)
  }

  /** The keys of the `k` largest sums (ties: smaller key). */
  top(k = KEY_TERMS): number[] {
    const values = this.#values
    return topKeys(this.#keys, (i) => values[i]!, k)
  }

  /** The cosine between a unit query vector (queryVector) and this centroid: one merge of two ascending key lists. */
  cosine(q: TermVector): number {
    const norm = this.norm
    if (norm === 0) return 0
    const keys = this.#keys
    const values = this.#values
    let dot = 0
    for (let i = 0, j = 0; i < q.keys.length && j < keys.length;) {
      const a = q.keys[i]!
      const b = keys[j]!
      if (a < b) i++
      else if (b < a) j++
      else dot += q.weights[i++]! * values[j++]!
    }
    return dot / norm
  }
}

/** How many of a text's most telling terms key-term shares look at. */
export const KEY_TERMS = 8

/** The keys of the `k` largest values (ties: smaller key), as a small insertion-sorted list. */
export function topKeys(keys: ArrayLike<number>, value: (i: number) => number, k = KEY_TERMS): number[] {
  const top: Array<[number, number]> = []
  for (let i = 0; i < keys.length; i++) {
    const v = value(i)
    const key = keys[i]!
    if (top.length === k && v <= top[k - 1]![1]) continue
    let at = top.length
    while (at > 0 && (top[at - 1]![1] < v || (top[at - 1]![1] === v && top[at - 1]![0] > key))) at--
    top.splice(at, 0, [key, v])
    if (top.length > k) top.pop()
  }
  return top.map(([key]) => key)
}

/**
 * How many members name each name, by nameKey (name-frequency.ts), ascending keys in one typed array and their counts
 * in another: the features read a story's names by key, without reading the names themselves (strings scattered over
 * a large window's heap: a cache miss each). A story's first member's keys are kept as given (never written to), with
 * counts of one; a later member's are merged into new arrays, O(names) per added article.
 */
export class NameCounts {
  #keys: Uint32Array = NO_KEYS
  /** Null while every count is one (a story of one article, most of a window's). */
  #counts: Uint32Array | null = null

  /** `keys` ascending and distinct; never written to. */
  add(keys: Uint32Array): void {
    this.#merge(keys, null)
  }

  addCounts(other: NameCounts): void {
    this.#merge(other.#keys, other.#counts)
  }

  get size(): number {
    return this.#keys.length
  }

  keyAt(i: number): number {
    return this.#keys[i]!
  }

  countAt(i: number): number {
    return this.#counts === null ? 1 : this.#counts[i]!
  }

  has(key: number): boolean {
    return hasKey(this.#keys, key)
  }

  #merge(keys: Uint32Array, counts: Uint32Array | null): void {
    const a = this.#keys
    if (a.length === 0 && counts === null) {
      this.#keys = keys
      return
    }
    const ac = this.#counts
    const outKeys = new Uint32Array(a.length + keys.length)
    const outCounts = new Uint32Array(a.length + keys.length)
    let n = 0
    let i = 0
    let j = 0
    while (i < a.length || j < keys.length) {
      if (j >= keys.length || (i < a.length && a[i]! < keys[j]!)) {
        outKeys[n] = a[i]!
        outCounts[n++] = ac === null ? 1 : ac[i]!
        i++
      } else {
        let here = 0
        if (i < a.length && a[i] === keys[j]) {
          here = ac === null ? 1 : ac[i]!
          i++
        }
        outKeys[n] = keys[j]!
        outCounts[n++] = here + (counts === null ? 1 : counts[j]!)
        j++
      }
    }
    this.#keys = outKeys.slice(0, n)
    this.#counts = outCounts.slice(0, n)
  }
}

function addCounts<K>(into: Map<K, number>, keys: Iterable<K>): void {
  for (const k of keys) into.set(k, (into.get(k) ?? 0) + 1)
}

export class StoryProfile {
  readonly centroid = new Centroid()
  readonly titleCentroid = new Centroid()
  /** How many members name each entity word (by nameKey). */
  readonly entityWords = new NameCounts()
  readonly figures = new Map<string, number>()
  readonly languages = new Map<string | null, number>()
  /** Members' publication times, epoch ms, in the order they joined. */
  readonly times: number[] = []

  get size(): number {
    return this.times.length
  }

  #keyTerms: number[] | undefined

  /** The terms most members share most (largest centroid values): what the story is about, in its own words. */
  get keyTerms(): number[] {
    this.#keyTerms ??= this.centroid.top()
    return this.#keyTerms
  }

  add(fp: Fingerprint): void {
    this.#keyTerms = undefined
    this.centroid.add(fp.terms.keys, fp.terms.weights)
    this.titleCentroid.add(fp.titleVector.keys, fp.titleVector.weights)
    this.entityWords.add(fp.entityWordKeys)
    addCounts(this.figures, fp.figures)
    this.languages.set(fp.language, (this.languages.get(fp.language) ?? 0) + 1)
    this.times.push(fp.time)
  }

  /** Takes in another story's members (a merge). */
  absorb(other: StoryProfile): void {
    this.#keyTerms = undefined
    this.centroid.addCentroid(other.centroid)
    this.titleCentroid.addCentroid(other.titleCentroid)
    this.entityWords.addCounts(other.entityWords)
    for (const [k, v] of other.figures) this.figures.set(k, (this.figures.get(k) ?? 0) + v)
    for (const [k, v] of other.languages) this.languages.set(k, (this.languages.get(k) ?? 0) + v)
    this.times.push(...other.times)
  }

  /** The language most members are written in. */
  get language(): string | null {
    let best: string | null = null
    let most = 0
    for (const [lang, n] of this.languages) if (n > most) [best, most] = [lang, n]
    return best
  }
}
