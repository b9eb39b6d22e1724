import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bandKeys, LSH_PARAMS, LshIndex, nameKeys } from './lsh-index.ts'
import { NUM_HASHES, signature } from './minhash.ts'
import { TimeSlots } from './time-slots.ts'

const H = 3_600_000
let seed = 7
const rand32 = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0)
const randomSet = (n: number) => new Set(Array.from({ length: n }, rand32))
const keys = (sig: Uint32Array, names: string[] = []) => ({ signature: sig, names: nameKeys(names, 12) })
/** An article filed for `clusterId` at `hours` (the first argument names the article in the cases below). */
const entry = (_article: string, clusterId: string, hours: number) => ({ cluster: clusterId, clusterId, time: hours * H })

describe('LshIndex', () => {
  it('finds an article by a similar signature and by a shared name; not an unrelated one', () => {
    const index = new LshIndex()
    const base = [...randomSet(100)]
    const near = signature(new Set([...base.slice(0, 70), ...randomSet(30)])) // J ≈ 0.54
    index.insert(entry('a1', 'c1', 0), keys(signature(new Set(base)), ['nvidia']))
    assert.deepEqual([...index.query(keys(near)).sharedKeys.keys()], ['c1'])
    assert.deepEqual([...index.query(keys(signature(randomSet(100)), ['nvidia'])).sharedKeys.keys()], ['c1'])
    assert.deepEqual([...index.query(keys(signature(randomSet(100)), ['tesla'])).sharedKeys.keys()], [])
  })

  it('follows the S-curve 1 − (1 − J²)^16 for pairs of known similarity', () => {
    assert.equal(LSH_PARAMS.bands, 16)
    for (const [j, expected] of [[0.1, 0.149], [0.2, 0.48], [0.3, 0.779], [0.5, 0.99]] as const) {
      let hits = 0
      const trials = 300
      for (let t = 0; t < trials; t++) {
        const index = new LshIndex()
        // |A ∩ B| / |A ∪ B| = j with |A| = |B| = 100
        const common = Math.round((200 * j) / (1 + j))
        const shared = [...randomSet(common)]
        const a = new Set([...shared, ...randomSet(100 - common)])
        const b = new Set([...shared, ...randomSet(100 - common)])
        index.insert(entry('a', 'c', 0), keys(signature(a)))
        if (index.query(keys(signature(b))).sharedKeys.size > 0) hits++
      }
      assert.ok(Math.abs(hits / trials - expected) < 0.08, `J=${j}: hit rate ${hits / trials}, expected ${expected}`)
    }
  })

  it('keeps one entry per cluster in a bucket, the most recent', () => {
    const index = new LshIndex()
    const sig = signature(randomSet(50))
    index.insert(entry('a1', 'c1', 0), keys(sig, ['x']))
    index.insert(entry('a2', 'c1', 1), keys(sig, ['x']))
    assert.equal(index.size, LSH_PARAMS.bands + 1)
    assert.deepEqual([...index.query(keys(sig, ['x'])).sharedKeys.keys()], ['c1'])
    index.insert(entry('a0', 'c1', -5), keys(sig, ['x'])) // a late, older article does not replace the newer entry
    index.evictBefore(1) // slot of hour 0 and before: the entries of a1 and a0 are gone, a2's stay
    assert.deepEqual([...index.query(keys(sig, ['x'])).sharedKeys.keys()], ['c1'])
  })

  it('caps buckets: a name keeps its 12 most recent clusters; a full band bucket is skipped', () => {
    const index = new LshIndex()
    for (let i = 0; i < 20; i++) index.insert(entry(`a${i}`, `c${i}`, i), keys(signature(randomSet(50)), ['trump']))
    const { sharedKeys, entriesRead } = index.query(keys(signature(randomSet(50)), ['trump']))
    assert.deepEqual([...sharedKeys.keys()].sort(), Array.from({ length: 12 }, (_, i) => `c${i + 8}`).sort())
    assert.equal(entriesRead, 12)

    const same = signature(randomSet(50))
    for (let i = 0; i < 3; i++) index.insert(entry(`s${i}`, `s${i}`, 30), keys(same))
    assert.equal(index.query(keys(same)).sharedKeys.size, 3)
    index.insert(entry('s3', 's3', 30), keys(same))
    assert.equal(index.query(keys(same)).sharedKeys.size, 0, '4 distinct clusters on every band: common words, skipped')
  })

  it('evicts whole hours of entries in O(evicted) and ends empty', () => {
    const index = new LshIndex()
    for (let i = 0; i < 100; i++) index.insert(entry(`a${i}`, `c${i}`, i / 10), keys(signature(randomSet(40)), [`n${i}`]))
    const before = index.size
    const removed = index.evictBefore(5 * H)
    assert.equal(removed, 50 * (LSH_PARAMS.bands + 1))
    assert.equal(index.size, before - removed)
    index.evictBefore(100 * H)
    assert.equal(index.size, 0)
  })

  it('gives an evicted article\'s place to a new one: lookups find the new article\'s story, never the old one\'s', () => {
    const index = new LshIndex()
    const sigs = Array.from({ length: 14 }, () => signature(randomSet(40)))
    // 14 stories name "acme": the bucket keeps the 12 most recent, two are pushed out before they are evicted.
    for (let i = 0; i < 14; i++) index.insert(entry(`old${i}`, `old${i}`, i / 100), keys(sigs[i]!, ['acme']))
    index.evictBefore(H)
    assert.equal(index.size, 0)
    for (let i = 0; i < 3; i++) index.insert(entry(`new${i}`, `new${i}`, 2 + i / 100), keys(sigs[i]!, ['acme']))
    assert.deepEqual([...index.query(keys(signature(randomSet(40)), ['acme'])).sharedKeys.keys()].sort(), ['new0', 'new1', 'new2'])
    assert.deepEqual([...index.query(keys(sigs[1]!)).sharedKeys.keys()], ['new1'], 'the same words find the new story alone')
    assert.equal(index.size, 3 * (LSH_PARAMS.bands + 1))
    index.insert(entry('new3', 'new3', 3), keys(sigs[3]!, ['acme']))
    index.evictBefore(3 * H) // the first three new articles leave; the fourth, filed in a reused place or not, stays
    assert.deepEqual([...index.query(keys(signature(randomSet(40)), ['acme'])).sharedKeys.keys()], ['new3'])
    assert.equal(index.size, LSH_PARAMS.bands + 1)
  })

  it('refuses more bands × rows than hashes', () => {
    assert.throws(() => new LshIndex({ ...LSH_PARAMS, bands: 65 }), /exceed/)
    assert.equal(bandKeys(signature(randomSet(5))).length, LSH_PARAMS.bands)
    assert.doesNotThrow(() => new LshIndex({ ...LSH_PARAMS, bands: NUM_HASHES / 2 }))
  })
})

describe('TimeSlots', () => {
  it('releases items whose whole slot ended before the cutoff, in any arrival order', () => {
    const slots = new TimeSlots<string>(H)
    slots.add(2.5 * H, 'c')
    slots.add(0.2 * H, 'a')
    slots.add(1.9 * H, 'b')
    assert.deepEqual(slots.releaseBefore(1.5 * H), ['a'])
    assert.deepEqual([...slots.releaseBefore(2 * H)].sort(), ['b'])
    assert.equal(slots.slotCount, 1)
  })

  it('releases nothing before the oldest slot, and still finds an older item filed late', () => {
    const slots = new TimeSlots<string>(H)
    slots.add(5.5 * H, 'late')
    assert.deepEqual(slots.releaseBefore(4 * H), [])
    slots.add(1.5 * H, 'early') // out of order: older than everything filed
    assert.deepEqual(slots.releaseBefore(3 * H), ['early'])
    assert.deepEqual(slots.releaseBefore(5 * H), [])
    assert.deepEqual(slots.releaseBefore(7 * H), ['late'])
    assert.equal(slots.slotCount, 0)
    slots.add(8.2 * H, 'again')
    assert.deepEqual(slots.releaseBefore(9 * H), ['again'])
  })
})
