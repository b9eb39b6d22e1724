/**
 * Clustering stage: an article's words as a sparse vector, for comparing it with a story as a whole (the story's
 * centroid) rather than with one of its articles. Keys are fnv1a hashes of the stemmed terms (tokens.ts) and of
 * adjacent-term pairs ("select committee", "voting right"), sorted; values are log-scaled term counts, title terms
 * counted twice (the headline is the densest statement of the event). How telling each term is, is not in here: it
 * depends on the window (document-frequency.ts) and is applied when two vectors are compared.
 */
import { fnv1a } from './minhash.ts'
import type { Token } from './tokens.ts'

export interface TermVector {
  /** Term hashes, ascending, distinct. */
  keys: Uint32Array
  /** Weight of each key. */
  weights: Float64Array
}

export const EMPTY_VECTOR: TermVector = { keys: new Uint32Array(0), weights: new Float64Array(0) }

/** How much more a title occurrence counts than a body occurrence. */
const TITLE_WEIGHT = 2

/** The vector of a title and a body (both already tokenized). */
export function termVector(title: readonly Token[], body: readonly Token[]): TermVector {
  const counts = new Map<number, number>()
  const add = (tokens: readonly Token[], weight: number) => {
    for (let i = 0; i < tokens.length; i++) {
      const term = tokens[i]!.term
      const k = fnv1a(term)
      counts.set(k, (counts.get(k) ?? 0) + weight)
      const next = tokens[i + 1]
      if (next) {
        const pair = fnv1a(`${term} ${next.term}`)
        counts.set(pair, (counts.get(pair) ?? 0) + weight)
      }
    }
  }
  add(title, TITLE_WEIGHT)
  add(body, 1)
  const keys = Uint32Array.from(counts.keys()).sort()
  const weights = new Float64Array(keys.length)
  for (let i = 0; i < keys.length; i++) weights[i] = 1 + Math.log(counts.get(keys[i]!)!)
  return { keys, weights }
}

/** Σ a_k·b_k·idf(k)² over the keys both hold (a merge of two sorted key lists). */
export function weightedDot(a: TermVector, b: TermVector, idf: (key: number) => number): number {
  let i = 0
  let j = 0
  let sum = 0
  const ak = a.keys
  const bk = b.keys
  while (i < ak.length && j < bk.length) {
    const x = ak[i]!
    const y = bk[j]!
    if (x === y) {
      const w = idf(x)
      sum += a.weights[i]! * b.weights[j]! * w * w
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return sum
}

/** √Σ (v_k·idf(k))². */
export function weightedNorm(v: TermVector, idf: (key: number) => number): number {
  let sum = 0
  for (let i = 0; i < v.keys.length; i++) {
    const w = v.weights[i]! * idf(v.keys[i]!)
    sum += w * w
  }
  return Math.sqrt(sum)
}

/** The cosine of two vectors under idf weights (0 when either is empty). */
export function weightedCosine(a: TermVector, b: TermVector, idf: (key: number) => number, aNorm = weightedNorm(a, idf), bNorm = weightedNorm(b, idf)): number {
  return aNorm === 0 || bNorm === 0 ? 0 : weightedDot(a, b, idf) / (aNorm * bNorm)
}
