import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Hono } from 'hono'
import type { CacheDeclaration, NodeRequestHead, ServedEntry } from './cache-declaration.ts'
import { createCachePolicy } from './cache-policy.ts'
import { createResponder } from './responder.ts'
import { createResponseCache } from './response-cache.ts'

const policy = createCachePolicy({ maxAgeSeconds: 60, edgeMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86400, responseCacheBytes: 1 << 20 })
const DECLARED: CacheDeclaration = { params: ['lang'], vary: ['accept'] }

function setup() {
  const cache = createResponseCache(1 << 20)
  const declared: CacheDeclaration[] = []
  const learnt: Array<{ request: NodeRequestHead, served: ServedEntry }> = []
  const front = { declare: (d: CacheDeclaration) => void declared.push(d), learn: (request: NodeRequestHead, served: ServedEntry) => void learnt.push({ request, served }) }
  const respond = createResponder({ cache, policy, contentVersion: async () => 'from-store', contentVersionNow: () => 'in-memory', front }).declare(DECLARED)
  const app = new Hono()
  app.get('/x', (c) => respond.json(c, 'x?lang=en', async () => ({ hello: 'world'.repeat(300) }), { headers: { Vary: 'Accept' } }))
  return { cache, app, declared, learnt }
}

describe('responder: the framework path of a request read from a socket', () => {
  it('takes the content version known without I/O for a socket request, the store\'s for an in-process call', async () => {
    const { cache, app } = setup()
    await app.request('/x')
    assert.ok(cache.lookup('x?lang=en', 'from-store'), 'an in-process call (which may have just written) asks the store')
    assert.equal(cache.lookup('x?lang=en', 'in-memory'), undefined)
    // The Node adapter passes the node:http request as env.incoming.
    await app.fetch(new Request('http://127.0.0.1/x'), { incoming: { headers: {} } })
    assert.ok(cache.lookup('x?lang=en', 'in-memory'))
  })

  it('hands the front the route\'s declaration when built, and each 200 from an entry with the header object it sent, as Headers iterates it', async () => {
    const { app, declared, learnt } = setup()
    assert.deepEqual(declared, [DECLARED])
    const incoming = { method: 'GET', url: '/x', headers: { 'accept-encoding': 'br' } }
    const response = await app.fetch(new Request('http://127.0.0.1/x', { headers: { 'Accept-Encoding': 'br' } }), { incoming })
    assert.equal(learnt.length, 1)
    const { request, served } = learnt[0]!
    assert.equal(request, incoming)
    assert.equal(served.declaration, DECLARED)
    assert.equal(served.key, 'x?lang=en')
    assert.equal(served.version, 'in-memory')
    assert.deepEqual(Object.entries(served.headers), [...response.headers])
    assert.equal(response.headers.get('vary'), 'Accept, Accept-Encoding')
    // An in-process call and a 304 teach it nothing.
    await app.request('/x')
    await app.fetch(new Request('http://127.0.0.1/x', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': response.headers.get('etag')! } }), { incoming })
    assert.equal(learnt.length, 1)
  })
})
