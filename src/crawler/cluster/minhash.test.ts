import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { fingerprintArticle } from './fingerprint.ts'
import {
  estimateJaccard, isEmptySignature, NUM_HASHES, shingles, signature, signatureFromBytes, signatureToBytes,
} from './minhash.ts'
import { tokenize } from './tokens.ts'

function exactJaccard(a: Set<number>, b: Set<number>): number {
  let both = 0
  for (const x of a) if (b.has(x)) both++
  return both / (a.size + b.size - both)
}

describe('shingles', () => {
  it('word 1-grams and 2-grams of title and of lead (none across them), plus title-only 1-grams', () => {
    const s = shingles(tokenize('Fed holds rates', 'en'), tokenize('Powell spoke', 'en'))
    // title: fed hold rat + "fed hold" "hold rat" + t:fed t:hold t:rat; lead: powell spok + "powell spok"
    assert.equal(s.size, 11)
  })
})

describe('signature', () => {
  it('is deterministic: the same text gives the same signature in every run (golden value)', () => {
    const article = {
      title: 'Nvidia unveils Blackwell Ultra chips at GTC', teaserText: 'Jensen Huang showed the new chips in San Jose.',
      fullText: null, language: 'en', publishedAt: '2025-03-18T17:00:00Z', publisherId: 'p',
    }
    const a = fingerprintArticle(article, 0).signature
    const b = fingerprintArticle({ ...article }, 0).signature
    assert.deepEqual(a, b)
    // Changing tokens, shingles, seeds or hashing changes this value: bump SIGNATURE_VERSION when it does, so that
    // stored signatures are recomputed rather than compared with incompatible new ones (the digest covers the version
    // byte: version 2, English irregular verb forms, left this text's hashes as they were).
    assert.deepEqual(Array.from(a.slice(0, 4)), [8457664, 31376599, 392710107, 492516015])
    assert.equal(createHash('sha256').update(signatureToBytes(a)).digest('hex'), '737e3d8497b904eb6710b1f65e54a003cef916fee77717814a80f4eebb2afb59')
  })

  it('estimates Jaccard similarity within 3 standard errors', () => {
    let seed = 1
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
    for (const overlap of [0, 0.1, 0.3, 0.6, 1]) {
      const common = Array.from({ length: Math.round(200 * overlap) }, () => (rand() * 2 ** 32) >>> 0)
      const a = new Set([...common, ...Array.from({ length: 200 - common.length }, () => (rand() * 2 ** 32) >>> 0)])
      const b = new Set([...common, ...Array.from({ length: 200 - common.length }, () => (rand() * 2 ** 32) >>> 0)])
      const j = exactJaccard(a, b)
      const est = estimateJaccard(signature(a), signature(b))
      assert.ok(Math.abs(est - j) <= 3 * Math.sqrt((j * (1 - j)) / NUM_HASHES) + 1e-9, `J=${j.toFixed(3)} estimated ${est}`)
    }
  })

  it('an empty shingle set gives the empty signature, which matches nothing', () => {
    const empty = signature(new Set())
    assert.equal(isEmptySignature(empty), true)
    assert.equal(estimateJaccard(empty, empty), 0)
  })

  it('round-trips through bytes (version byte + K little-endian uint32); another version reads as null', () => {
    const sig = signature(new Set([1, 2, 3]))
    const bytes = signatureToBytes(sig)
    assert.equal(bytes.length, 1 + 4 * NUM_HASHES)
    assert.deepEqual(signatureFromBytes(bytes), sig)
    assert.deepEqual(signatureFromBytes(new Uint8Array(Buffer.from(bytes))), sig, 'from a Buffer slice too')
    assert.equal(signatureFromBytes(Uint8Array.from([99, ...bytes.subarray(1)])), null)
    assert.equal(signatureFromBytes(bytes.subarray(0, 10)), null)
  })
})
