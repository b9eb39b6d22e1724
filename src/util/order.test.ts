import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { byCodeUnits, byFirstString, byNumber } from './order.ts'

describe('machine-independent orders', () => {
  it('orders strings by code units, whatever the locale would say', () => {
    // localeCompare puts 'a' before 'B' and 'é' beside 'e'; code units put every capital first and 'é' after 'z'.
    assert.deepEqual(['é', 'b', 'B', 'a', 'Z'].sort(byCodeUnits), ['B', 'Z', 'a', 'b', 'é'])
    assert.equal(byCodeUnits('story-1', 'story-1'), 0)
    const headers: [string, string][] = [['vary', 'b'], ['ETag', 'a'], ['cache-control', 'c']]
    assert.deepEqual(headers.sort(byFirstString), [['ETag', 'a'], ['cache-control', 'c'], ['vary', 'b']])
  })

  it('orders numbers with unknown times at either end', () => {
    assert.deepEqual([3, Infinity, -Infinity, 1, Infinity].sort(byNumber), [-Infinity, 1, 3, Infinity, Infinity])
    assert.equal(byNumber(Infinity, Infinity), 0)
  })
})
