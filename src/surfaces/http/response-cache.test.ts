import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createResponseCache } from './response-cache.ts'

const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, title: `story number ${i}` })) })
const counted = (body: string) => {
  const calls = { n: 0 }
  return { calls, render: async () => { calls.n++; return { body, contentType: 'application/json' } } }
}

describe('response cache: a miss for a client taking identity', () => {
  it('answers before the variants exist, saying it varies, with the bytes and ETag the cached entry keeps', async () => {
    const cache = createResponseCache(1 << 20)
    const { calls, render } = counted(big)
    const early = cache.get('k', 'v1', render, { identity: true })
    const full = cache.get('k', 'v1', render)
    const [a, b] = await Promise.all([early, full])
    assert.equal(calls.n, 1, 'one render for both requests')
    assert.equal(a.compressing, true)
    assert.equal(a.compressed, undefined)
    assert.ok(b.compressed, 'the client taking br waits for the variants')
    assert.equal(b.compressing, undefined)
    assert.deepEqual(a.bytes, b.bytes)
    assert.equal(a.etag, b.etag)
    const stored = cache.lookup('k', 'v1')
    assert.ok(stored?.compressed, 'the cached entry has its variants')
    assert.equal(stored.compressing, undefined)
  })

  it('does not mark bodies that will never have variants', async () => {
    const small = createResponseCache(1 << 20)
    assert.equal((await small.get('s', 'v1', counted('{"a":1}').render, { identity: true })).compressing, undefined)
    const off = createResponseCache(0)
    assert.equal((await off.get('k', 'v1', counted(big).render, { identity: true })).compressing, undefined)
    const raw = createResponseCache(1 << 20)
    assert.equal((await raw.get('k', 'v1', counted(big).render, { identity: true, compress: false })).compressing, undefined)
  })

  it('passes a failed render to every waiter and renders again next time', async () => {
    const cache = createResponseCache(1 << 20)
    let fail = true
    const render = async () => {
      if (fail) throw new Error('store down')
      return { body: big, contentType: 'application/json' }
    }
    await assert.rejects(cache.get('k', 'v1', render), /store down/)
    await assert.rejects(cache.get('k', 'v2', render, { identity: true }), /store down/)
    fail = false
    assert.equal((await cache.get('k', 'v2', render, { identity: true })).compressing, true)
  })
})

describe('response cache: lookup while the variants are being made', () => {
  it('offers the compressing body for its version, then the entry with its variants', async () => {
    const cache = createResponseCache(1 << 20)
    const answer = await cache.get('k', 'v1', counted(big).render, { identity: true })
    assert.equal(answer.compressing, true)
    assert.equal(cache.lookup('k', 'v1')?.compressing, true, 'the front path can answer identity requests already')
    assert.equal(cache.lookup('k', 'v0'), undefined)
    const done = await cache.get('k', 'v1', counted(big).render)
    assert.ok(done.compressed)
    assert.equal(cache.lookup('k', 'v1'), done)
  })
})

describe('response cache: holds', () => {
  it('says whether any body is held for a key, compressing or cached, and never with the cache off', async () => {
    const cache = createResponseCache(1 << 20)
    assert.equal(cache.holds('k'), false)
    await cache.get('k', 'v1', counted(big).render, { identity: true })
    assert.equal(cache.holds('k'), true, 'while its variants are made')
    await cache.get('k', 'v1', counted(big).render)
    assert.equal(cache.holds('k'), true, 'once cached')
    assert.equal(cache.holds('other'), false)
    const { hits } = cache.stats()
    cache.holds('k')
    assert.equal(cache.stats().hits, hits, 'not counted as a hit')
    const off = createResponseCache(0)
    await off.get('k', 'v1', counted(big).render)
    assert.equal(off.holds('k'), false)
  })
})
