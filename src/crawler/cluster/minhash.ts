/**
 * Clustering stage: MinHash signatures of an article's title + lead.
 *
 * Shingles are word 1-grams and 2-grams of the significant tokens (see tokens.ts), taken separately from the title
 * and from the lead (no 2-gram spans the two). Word 3-grams, the usual choice, suit near-duplicate detection
 * of long wire copy; here the signal is a 6–12 word headline plus a lead rewritten by each publisher, where 3-grams
 * and even 2-grams are almost never shared. 1-grams carry the shared names and numbers (nvidia, blackwell, 2025);
 * 2-grams add word order ("interest rate", "blackwell ultra") so that two texts made of the same common words score
 * lower than a real paraphrase. Title tokens are also added a second time as title-only shingles ("t:" prefix): the
 * headline is the densest description of the event and would otherwise be outweighed by a long lead.
 *
 * K = 128 hash functions h_i(x) = fmix32(fnv1a(x) XOR seed_i) (murmur3's finalizer is a bijection on 32 bits, so each
 * h_i is a permutation of the shingle hashes), seeds from a fixed splitmix32 sequence: signatures are identical across
 * runs and machines and can be stored (`signatureToBytes`) and compared later.
 */
import type { Token } from './tokens.ts'

export const NUM_HASHES = 128
/** Stored with each signature: bump when the tokens, shingles or hashes change, so old signatures get recomputed. */
export const SIGNATURE_VERSION = 2
const EMPTY = 0xffffffff

export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** fnv1a of `${a} ${b}` from fnv1a(a), without building the string (word pairs are hashed for every article). */
export function fnv1aPair(hashOfA: number, b: string): number {
  return fnv1a(b, Math.imul(hashOfA ^ 0x20, 0x01000193))
}

export function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

const SEEDS = (() => {
  const seeds = new Uint32Array(NUM_HASHES)
  let state = 0x9e3779b9
  for (let i = 0; i < NUM_HASHES; i++) {
    state = (state + 0x9e3779b9) >>> 0
    seeds[i] = fmix32(state)
  }
  return seeds
})()

/** fnv1a's state after "t:": a title-only shingle is fnv1a(`t:${term}`). */
const TITLE_PREFIX = fnv1a('t:')

/** The shingle set (as 32-bit hashes) of a title and lead. */
export function shingles(title: readonly Token[], lead: readonly Token[]): Set<number> {
  const out = new Set<number>()
  const add = (tokens: readonly Token[]) => {
    for (let i = 0; i < tokens.length; i++) {
      const h = fnv1a(tokens[i]!.term)
      out.add(h)
      if (i + 1 < tokens.length) out.add(fnv1aPair(h, tokens[i + 1]!.term))
    }
  }
  add(title)
  add(lead)
  for (const t of title) out.add(fnv1a(t.term, TITLE_PREFIX))
  return out
}

export function signature(shingleSet: Iterable<number>): Uint32Array {
  const values = Uint32Array.from(shingleSet)
  const sig = new Uint32Array(NUM_HASHES)
  // One hash function at a time over every shingle, its minimum kept in a local rather than written back to the
  // array at every step (a few per cent: the hashing itself is the cost). This loop is the largest single part of
  // fingerprinting an article: about 90 shingles × 128 functions.
  for (let i = 0; i < NUM_HASHES; i++) {
    const seed = SEEDS[i]!
    let min = EMPTY
    for (let j = 0; j < values.length; j++) {
      // fmix32(s ^ seed_i), inlined
      let h = values[j]! ^ seed
      h ^= h >>> 16
      h = Math.imul(h, 0x85ebca6b)
      h ^= h >>> 13
      h = Math.imul(h, 0xc2b2ae35)
      h ^= h >>> 16
      h >>>= 0
      if (h < min) min = h
    }
    sig[i] = min
  }
  return sig
}

/** True for the signature of an empty shingle set (an article with no significant token): never indexed. */
export function isEmptySignature(sig: Uint32Array): boolean {
  return sig.every((v) => v === EMPTY)
}

/** The fraction of equal positions: an unbiased estimate of the Jaccard similarity (standard error √(J(1−J)/K)). */
export function estimateJaccard(a: Uint32Array, b: Uint32Array): number {
  let same = 0
  for (let i = 0; i < NUM_HASHES; i++) if (a[i] === b[i] && a[i] !== EMPTY) same++
  return same / NUM_HASHES
}

/** Version byte + K little-endian uint32: the form persisted with each article. */
export function signatureToBytes(sig: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(1 + 4 * NUM_HASHES)
  const view = new DataView(bytes.buffer)
  bytes[0] = SIGNATURE_VERSION
  for (let i = 0; i < NUM_HASHES; i++) view.setUint32(1 + 4 * i, sig[i]!, true)
  return bytes
}

/** The signature stored by `signatureToBytes`, or null when it was made by another version (recompute it). */
export function signatureFromBytes(bytes: Uint8Array): Uint32Array | null {
  if (bytes.length !== 1 + 4 * NUM_HASHES || bytes[0] !== SIGNATURE_VERSION) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sig = new Uint32Array(NUM_HASHES)
  for (let i = 0; i < NUM_HASHES; i++) sig[i] = view.getUint32(1 + 4 * i, true)
  return sig
}
