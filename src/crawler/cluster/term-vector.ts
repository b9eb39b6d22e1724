/**
 * Clustering stage: an article's words as a sparse vector, for comparing it with a story as a whole (the story's
 * centroid) rather than with one of its articles. Keys are fnv1a hashes of the stemmed terms (tokens.ts) and of
 * adjacent-term pairs ("select committee", "voting right"), sorted; values are log-scaled term counts, title terms
 * counted twice (the headline is the densest statement of the event), scaled to unit length.
 *
 * How telling each term is depends on the window (document-frequency.ts), so it is not stored here: it is applied to
 * the new article's side only (`queryVector`), once per assignment. A comparison is then the cosine between the
 * idf-weighted new article and a stored vector or centroid as written: one pass over the shared keys, with nothing
 * of the stored side recomputed as the window's counts move (and no idf lookups for it).
 */
import { fnv1a, fnv1aPair } from './minhash.ts'
import type { Token } from './tokens.ts'

export interface TermVector {
  /** Term hashes, ascending, distinct. */
  keys: Uint32Array
  /** Weight of each key. */
  weights: Float64Array
}

export const EMPTY_VECTOR: TermVector = { keys: new Uint32Array(0), weights: new Float64Array(0) }

/** How much more a title occurrence counts than a body occurrence (below 4: termVector packs it beside the hash). */
const TITLE_WEIGHT = 2

/**
 * Most keys a vector keeps, the heaviest (title terms and the words the article repeats): every comparison and every
 * window count is linear in them, and a long article's words used once add cost, not evidence.
 */
export const MAX_TERMS = 96

/** The vector of a title and a body (both already tokenized). */
export function termVector(title: readonly Token[], body: readonly Token[]): TermVector {
  // Every occurrence as one number, hash × 4 + its weight (exact in a double: hashes are 32 bits, weights below 4),
  // sorted: equal hashes then lie side by side and are summed in one pass. A Map of counts and an array of its
  // entries, sorted, cost more (27 against 21 µs per synthetic article here), and this runs for every article.
  const occurrences = new Float64Array(2 * (title.length + body.length))
  let n = 0
  const add = (tokens: readonly Token[], weight: number) => {
    let previous = 0
    for (let i = 0; i < tokens.length; i++) {
      const k = fnv1a(tokens[i]!.term)
      occurrences[n++] = k * 4 + weight
      if (i > 0) occurrences[n++] = fnv1aPair(previous, tokens[i]!.term) * 4 + weight
      previous = k
    }
  }
  add(title, TITLE_WEIGHT)
  add(body, 1)
  const sorted = occurrences.subarray(0, n).sort()
  const distinctKeys = new Uint32Array(n)
  const sums = new Float64Array(n)
  let distinct = 0
  for (let i = 0; i < n; i++) {
    const weight = sorted[i]! % 4
    const key = (sorted[i]! - weight) / 4
    if (distinct > 0 && distinctKeys[distinct - 1] === key) sums[distinct - 1]! += weight
    else {
      distinctKeys[distinct] = key
      sums[distinct++] = weight
    }
  }
  // The heaviest MAX_TERMS (ties: the smaller key), kept in key order.
  const kept = distinct <= MAX_TERMS ? null : Array.from({ length: distinct }, (_, i) => i)
    .sort((a, b) => sums[b]! - sums[a]! || distinctKeys[a]! - distinctKeys[b]!).slice(0, MAX_TERMS).sort((a, b) => a - b)
  const size = kept === null ? distinct : kept.length
  const keys = new Uint32Array(size)
  const weights = new Float64Array(size)
  let norm = 0
  for (let i = 0; i < size; i++) {
    const at = kept === null ? i : kept[i]!
    keys[i] = distinctKeys[at]!
    weights[i] = 1 + Math.log(sums[at]!)
    norm += weights[i]! * weights[i]!
  }
  norm = Math.sqrt(norm)
  for (let i = 0; i < weights.length; i++) weights[i]! /= norm
  return { keys, weights }
}

/** The new article's vector with each weight times its idf, scaled to unit length: the side a comparison weighs. */
export function queryVector(v: TermVector, idf: (key: number) => number): TermVector {
  const weights = new Float64Array(v.weights.length)
  let norm = 0
  for (let i = 0; i < v.keys.length; i++) {
    weights[i] = v.weights[i]! * idf(v.keys[i]!)
    norm += weights[i]! * weights[i]!
  }
  norm = Math.sqrt(norm)
  if (norm > 0) for (let i = 0; i < weights.length; i++) weights[i]! /= norm
  return { keys: v.keys, weights }
}

/** Σ a_k·b_k over the keys both hold (a merge of two sorted key lists): the cosine of two unit vectors. */
export function dotProduct(a: TermVector, b: TermVector): number {
  let i = 0
  let j = 0
  let sum = 0
  const ak = a.keys
  const bk = b.keys
  while (i < ak.length && j < bk.length) {
    const x = ak[i]!
    const y = bk[j]!
    if (x === y) {
      sum += a.weights[i]! * b.weights[j]!
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return sum
}

/** Whether ascending `keys` hold `key` (a binary search). */
export function hasKey(keys: Uint32Array, key: number): boolean {
  let lo = 0
  let hi = keys.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const k = keys[mid]!
    if (k === key) return true
    if (k < key) lo = mid + 1
    else hi = mid - 1
  }
  return false
}
