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
import type { TermVector } from './term-vector.ts'

/** A sum of unit vectors and its length, kept as vectors are added. */
export class Centroid {
  readonly values = new Map<number, number>()
  #normSq = 0

  add(keys: ArrayLike<number>, weights: ArrayLike<number>): void {
    for (let i = 0; i < keys.length; i++) {
      const old = this.values.get(keys[i]!) ?? 0
      const next = old + weights[i]!
      this.values.set(keys[i]!, next)
      this.#normSq += next * next - old * old
    }
  }

  addCentroid(other: Centroid): void {
    const keys = [...other.values.keys()]
    this.add(keys, keys.map((k) => other.values.get(k)!))
  }

  get norm(): number {
    return Math.sqrt(Math.max(0, this.#normSq))
  }

  /** The cosine between a unit query vector (queryVector) and this centroid. */
  cosine(q: TermVector): number {
    const norm = this.norm
    if (norm === 0) return 0
    let dot = 0
    for (let i = 0; i < q.keys.length; i++) {
      const c = this.values.get(q.keys[i]!)
      if (c !== undefined) dot += q.weights[i]! * c
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

function addCounts<K>(into: Map<K, number>, keys: Iterable<K>): void {
  for (const k of keys) into.set(k, (into.get(k) ?? 0) + 1)
}

export class StoryProfile {
  readonly centroid = new Centroid()
  readonly titleCentroid = new Centroid()
  readonly entityWords = new Map<string, number>()
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
    if (!this.#keyTerms) {
      const keys = [...this.centroid.values.keys()]
      this.#keyTerms = topKeys(keys, (i) => this.centroid.values.get(keys[i]!)!)
    }
    return this.#keyTerms
  }

  add(fp: Fingerprint): void {
    this.#keyTerms = undefined
    this.centroid.add(fp.terms.keys, fp.terms.weights)
    this.titleCentroid.add(fp.titleVector.keys, fp.titleVector.weights)
    addCounts(this.entityWords, fp.entityWords)
    addCounts(this.figures, fp.figures)
    this.languages.set(fp.language, (this.languages.get(fp.language) ?? 0) + 1)
    this.times.push(fp.time)
  }

  /** Takes in another story's members (a merge). */
  absorb(other: StoryProfile): void {
    this.#keyTerms = undefined
    this.centroid.addCentroid(other.centroid)
    this.titleCentroid.addCentroid(other.titleCentroid)
    for (const [k, v] of other.entityWords) this.entityWords.set(k, (this.entityWords.get(k) ?? 0) + v)
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
