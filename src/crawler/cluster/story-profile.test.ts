import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { NameCounts } from './story-profile.ts'

/** Ascending distinct keys, as a fingerprint's entityWordKeys are. */
const keys = (...ks: number[]) => Uint32Array.from(new Set(ks)).sort()

function asMap(counts: NameCounts): Map<number, number> {
  const m = new Map<number, number>()
  for (let i = 0; i < counts.size; i++) {
    if (i > 0) assert.ok(counts.keyAt(i - 1) < counts.keyAt(i), 'keys stay ascending and distinct')
    m.set(counts.keyAt(i), counts.countAt(i))
  }
  return m
}

describe('NameCounts (a story\'s name counts by key)', () => {
  it('counts how many members name each key, through adds and merges of stories, as a Map would', () => {
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0)
    const stories = Array.from({ length: 6 }, () => ({ counts: new NameCounts(), reference: new Map<number, number>() }))
    for (let step = 0; step < 400; step++) {
      const story = stories[next() % stories.length]!
      if (next() % 10 === 0) {
        // A merge: another story's counts are added in.
        const other = stories[next() % stories.length]!
        if (other === story) continue
        story.counts.addCounts(other.counts)
        for (const [k, n] of other.reference) story.reference.set(k, (story.reference.get(k) ?? 0) + n)
      } else {
        // A member: a few keys out of 40, so stories share many (and the largest key is there too).
        const member = keys(...Array.from({ length: 1 + (next() % 6) }, () => (next() % 40 === 0 ? 0xffffffff : next() % 40)))
        story.counts.add(member)
        for (const k of member) story.reference.set(k, (story.reference.get(k) ?? 0) + 1)
      }
      assert.deepEqual(asMap(story.counts), new Map([...story.reference].sort((a, b) => a[0] - b[0])))
    }
    for (const { counts, reference } of stories) for (const k of [...reference.keys(), 41, 99]) assert.equal(counts.has(k), reference.has(k))
  })

  it('never writes to the first member\'s keys it keeps', () => {
    const first = keys(3, 5, 9)
    const counts = new NameCounts()
    counts.add(first)
    counts.add(keys(5, 7))
    assert.deepEqual([...first], [3, 5, 9])
    assert.deepEqual(asMap(counts), new Map([[3, 1], [5, 2], [7, 1], [9, 1]]))
  })
})
