import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Hono } from 'hono'
import { createCachePolicy } from './cache-policy.ts'
import { takeFrontNote } from './front-note.ts'
import { createResponder } from './responder.ts'
import { createResponseCache } from './response-cache.ts'

const policy = createCachePolicy({ maxAgeSeconds: 60, edgeMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86400, responseCacheBytes: 1 << 20 })

function setup() {
  const cache = createResponseCache(1 << 20)
  const respond = createResponder({ cache, policy, contentVersion: async () => 'from-store', contentVersionNow: () => 'in-memory' })
  const app = new Hono()
  app.get('/x', (c) => respond.json(c, 'x?lang=en', async () => ({ hello: 'world'.repeat(300) }), { headers: { Vary: 'Accept' } }))
  return { cache, app }
}

describe('responder: the framework path of a request read from a socket', () => {
  it('takes the content version known without I/O for a socket request, the store\'s for an in-process call', async () => {
    const { cache, app } = setup()
    await app.request('/x')
    assert.ok(cache.lookup('x?lang=en', 'from-store'), 'an in-process call (which may have just written) asks the store')
    assert.equal(cache.lookup('x?lang=en', 'in-memory'), undefined)
    // The Node adapter passes the node:http request as env.incoming.
    await app.fetch(new Request('http://127.0.0.1/x'), { incoming: {} })
    assert.ok(cache.lookup('x?lang=en', 'in-memory'))
  })

  it('leaves the front path the response it made and the header object that response carries, as Headers iterates it', async () => {
    const { app } = setup()
    const incoming = {}
    const response = await app.fetch(new Request('http://127.0.0.1/x', { headers: { 'Accept-Encoding': 'br' } }), { incoming })
    const note = takeFrontNote(incoming)
    assert.ok(note)
    assert.equal(note.key, 'x?lang=en')
    assert.equal(note.response, response)
    assert.deepEqual(Object.entries(note.headers!), [...response.headers])
    assert.equal(response.headers.get('vary'), 'Accept, Accept-Encoding')
  })
})
