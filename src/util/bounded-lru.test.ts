import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { BoundedLru } from './bounded-lru.ts'

describe('BoundedLru', () => {
  it('forgets the least recently used entry first, a read counting as a use', () => {
    const lru = new BoundedLru<string, number>(100, 3)
    lru.set('a', 1, 1)
    lru.set('b', 2, 1)
    lru.set('c', 3, 1)
    assert.equal(lru.get('a'), 1)
    lru.set('d', 4, 1)
    assert.equal(lru.get('b'), undefined)
    assert.deepEqual(['a', 'c', 'd'].map((k) => lru.get(k)), [1, 3, 4])
    assert.equal(lru.size, 3)
  })

  it('keeps the total weight within its cap, replaces an entry\'s weight, and does not keep an entry heavier than the cap', () => {
    const lru = new BoundedLru<string, string>(10, 100)
    lru.set('a', 'x', 4)
    lru.set('b', 'y', 4)
    lru.set('a', 'z', 5)
    assert.equal(lru.weight, 9)
    lru.set('c', 'w', 3)
    assert.equal(lru.get('b'), undefined)
    assert.equal(lru.weight, 8)
    lru.set('huge', 'v', 11)
    assert.equal(lru.get('huge'), undefined)
    assert.equal(lru.weight, 8)
    lru.clear()
    assert.equal(lru.size, 0)
    assert.equal(lru.weight, 0)
  })

  it('refuses caps that would keep nothing', () => {
    assert.throws(() => new BoundedLru(0, 1), RangeError)
    assert.throws(() => new BoundedLru(1, Number.NaN), RangeError)
  })
})
