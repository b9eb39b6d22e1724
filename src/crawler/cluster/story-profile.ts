/**
 * Clustering stage: a story as a whole, for deciding whether an article belongs to it by what the story is about,
 * not by its likeness to any one member (which lets a story creep along a storyline, one step at a time). Kept per
 * cluster and updated as articles join or stories merge:
 * - the centroid of its members' term vectors (each member's vector scaled to unit length first, so a long article
 *   does not outweigh a short one) and of their title vectors;
 * - how many members name each entity word and state each figure;
 * - its members' publication times.
 * Size is bounded by the story's vocabulary, not by its article count.
 */
import type { Fingerprint } from './fingerprint.ts'
import type { TermVector } from './term-vector.ts'

function addUnit(into: Map<number, number>, v: TermVector, sign = 1): void {
  let norm = 0
  for (let i = 0; i < v.weights.length; i++) norm += v.weights[i]! * v.weights[i]!
  if (norm === 0) return
  const scale = sign / Math.sqrt(norm)
  for (let i = 0; i < v.keys.length; i++) into.set(v.keys[i]!, (into.get(v.keys[i]!) ?? 0) + v.weights[i]! * scale)
}

function addCounts<K>(into: Map<K, number>, keys: Iterable<K>): void {
  for (const k of keys) into.set(k, (into.get(k) ?? 0) + 1)
}

export class StoryProfile {
  readonly centroid = new Map<number, number>()
  readonly titleCentroid = new Map<number, number>()
  readonly entityWords = new Map<string, number>()
  readonly figures = new Map<string, number>()
  readonly languages = new Map<string | null, number>()
  /** Members' publication times, epoch ms, in the order they joined. */
  readonly times: number[] = []

  get size(): number {
    return this.times.length
  }

  add(fp: Fingerprint): void {
    addUnit(this.centroid, fp.terms)
    addUnit(this.titleCentroid, fp.titleVector)
    addCounts(this.entityWords, fp.entityWords)
    addCounts(this.figures, fp.figures)
    this.languages.set(fp.language, (this.languages.get(fp.language) ?? 0) + 1)
    this.times.push(fp.time)
  }

  /** Takes in another story's members (a merge). */
  absorb(other: StoryProfile): void {
    for (const [k, v] of other.centroid) this.centroid.set(k, (this.centroid.get(k) ?? 0) + v)
    for (const [k, v] of other.titleCentroid) this.titleCentroid.set(k, (this.titleCentroid.get(k) ?? 0) + v)
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

/** How many of a text's most telling terms key-term shares look at. */
export const KEY_TERMS = 8

/** The keys of the `k` largest values (ties: smaller key), as a small insertion-sorted list. */
export function topKeys(entries: Iterable<[number, number]>, k = KEY_TERMS): number[] {
  const top: Array<[number, number]> = []
  for (const [key, value] of entries) {
    if (top.length === k && value <= top[k - 1]![1]) continue
    let at = top.length
    while (at > 0 && (top[at - 1]![1] < value || (top[at - 1]![1] === value && top[at - 1]![0] > key))) at--
    top.splice(at, 0, [key, value])
    if (top.length > k) top.pop()
  }
  return top.map(([key]) => key)
}

export interface CentroidComparison {
  /** The cosine between the vector and the centroid under idf weights. */
  cosine: number
  /** The centroid's most telling terms (weight × idf), for key-term shares. */
  keyTerms: number[]
}

/** The vector against a story's centroid, in one pass over the centroid. */
export function compareWithCentroid(v: TermVector, centroid: ReadonlyMap<number, number>, idf: (key: number) => number, vNorm: number): CentroidComparison {
  let dot = 0
  for (let i = 0; i < v.keys.length; i++) {
    const c = centroid.get(v.keys[i]!)
    if (c !== undefined) {
      const w = idf(v.keys[i]!)
      dot += v.weights[i]! * c * w * w
    }
  }
  let norm = 0
  const weighted: Array<[number, number]> = []
  for (const [k, c] of centroid) {
    const w = c * idf(k)
    norm += w * w
    weighted.push([k, w])
  }
  return { cosine: vNorm === 0 || norm === 0 ? 0 : dot / (vNorm * Math.sqrt(norm)), keyTerms: topKeys(weighted) }
}

/** The cosine between a vector and a centroid under idf weights. */
export function centroidCosine(v: TermVector, centroid: ReadonlyMap<number, number>, idf: (key: number) => number, vNorm: number): number {
  if (vNorm === 0) return 0
  let dot = 0
  for (let i = 0; i < v.keys.length; i++) {
    const c = centroid.get(v.keys[i]!)
    if (c !== undefined) {
      const w = idf(v.keys[i]!)
      dot += v.weights[i]! * c * w * w
    }
  }
  if (dot === 0) return 0
  let norm = 0
  for (const [k, c] of centroid) {
    const w = c * idf(k)
    norm += w * w
  }
  return norm === 0 ? 0 : dot / (vNorm * Math.sqrt(norm))
}
