import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { IntTable } from './int-table.ts'

describe('IntTable', () => {
  it('agrees with a Map through random sets and deletes, while it grows and shrinks', () => {
    const table = new IntTable()
    const reference = new Map<number, number>()
    let seed = 12345
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0)
    // Few distinct keys, so deletes often hit live keys and probe runs cross the table's end; many steps, so it grows
    // past thousands of slots and shrinks again when the deletes win.
    for (let step = 0; step < 200_000; step++) {
      const phase = Math.floor(step / 50_000) % 2 // grow, then mostly delete
      const key = next() % 20_000
      if (next() % 10 < (phase === 0 ? 7 : 2)) {
        const value = (next() % 1000) - 500
        table.set(key, value)
        reference.set(key, value)
      } else assert.equal(table.delete(key), reference.delete(key))
      if (step % 997 === 0) {
        assert.equal(table.size, reference.size)
        for (let probe = 0; probe < 50; probe++) {
          const k = next() % 20_000
          assert.equal(table.get(k), reference.get(k), `key ${k} at step ${step}`)
        }
      }
    }
    for (const [k, v] of reference) assert.equal(table.get(k), v)
    for (const k of [...reference.keys()]) assert.equal(table.delete(k), true)
    assert.equal(table.size, 0)
    assert.equal(table.get(1), undefined)
  })

  it('refuses a key that is not a non-negative 31-bit integer', () => {
    const table = new IntTable()
    assert.throws(() => table.set(-1, 0), RangeError)
    assert.throws(() => table.set(2 ** 31, 0), RangeError)
    assert.throws(() => table.set(1.5, 0), RangeError)
  })
})
