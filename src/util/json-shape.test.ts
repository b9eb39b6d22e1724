import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { guardJsonDepth, guardJsonShape } from './json-shape.ts'

describe('guardJsonShape', () => {
  it('depth: brackets inside strings and after escaped quotes do not count', () => {
    assert.ok(guardJsonDepth('{"a":[{"b":[1,2,{"c":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}]}]}').ok)
    assert.ok(guardJsonDepth('"\\"[[[["', 2).ok)
    assert.equal(guardJsonDepth('['.repeat(65)).ok, false)
    assert.ok(guardJsonDepth('['.repeat(64) + ']'.repeat(64)).ok)
  })

  it('items: counted per array or object, at every level, commas in strings ignored', () => {
    const limits = { maxDepth: 8, maxItems: 3 }
    assert.ok(guardJsonShape('[1,2,3]', limits).ok)
    assert.deepEqual(guardJsonShape('[1,2,3,4]', limits).ok, false)
    assert.equal((guardJsonShape('{"a":1,"b":2,"c":3,"d":4}', limits) as { reason: string }).reason, 'too-many-items')
    assert.ok(guardJsonShape('[[1,2,3],[1,2,3],[1,2,3]]', limits).ok, 'three arrays of three')
    assert.equal(guardJsonShape('[[1,2,3],[1,2,3,4]]', limits).ok, false, 'an inner array over the limit')
    assert.ok(guardJsonShape('["a,b,c,d,e"]', limits).ok)
    assert.ok(guardJsonShape('[[1,2],[1,2],3]', limits).ok, 'a closed level does not leak its count to the next')
  })

  it('strings: keys and values, escapes counted as written', () => {
    const limits = { maxDepth: 8, maxStringChars: 4 }
    assert.ok(guardJsonShape('{"abcd":"wxyz"}', limits).ok)
    assert.equal((guardJsonShape('{"abcde":1}', limits) as { reason: string }).reason, 'string-too-long')
    assert.equal(guardJsonShape('["wxyz5"]', limits).ok, false)
    assert.equal(guardJsonShape('["\\"\\"\\""]', limits).ok, false, 'six characters as written')
  })
})
