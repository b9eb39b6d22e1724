import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Hono } from 'hono'
import { createRouteLabeler, UNMATCHED } from './route-label.ts'

describe('route labels', () => {
  const sub = new Hono()
  sub.get('/stories/:id', (c) => c.text('x'))
  const app = new Hono()
  app.use('*', async (_c, next) => next())
  app.get('/s/:id', (c) => c.text('x'))
  app.get('/feeds/latest.rss', (c) => c.text('x'))
  app.get('/sitemaps/:file{stories-[^/]+\\.xml}', (c) => c.text('x'))
  app.post('/mcp', (c) => c.text('x'))
  app.route('/api/v1', sub)
  const labels = createRouteLabeler(app.routes)

  it('labels a path with the pattern that serves it, mounted routes included', () => {
    assert.equal(labels.route('GET', '/s/0f8fad5b-d9cb-469f-a165-70867728950e'), '/s/:id')
    assert.equal(labels.route('GET', '/api/v1/stories/abc'), '/api/v1/stories/:id')
    assert.equal(labels.route('GET', '/feeds/latest.rss'), '/feeds/latest.rss')
    assert.equal(labels.route('GET', '/sitemaps/stories-2026-11.xml'), '/sitemaps/:file{stories-[^/]+\\.xml}')
    assert.equal(labels.route('HEAD', '/s/x'), '/s/:id', 'HEAD is served by the GET route')
    assert.equal(labels.route('POST', '/mcp'), '/mcp')
  })

  it('never labels with a raw path: unknown paths and methods share one value', () => {
    assert.equal(labels.route('GET', '/wp-admin/setup.php'), UNMATCHED, 'the catch-all middleware is not a route')
    assert.equal(labels.route('GET', '/sitemaps/other.xml'), UNMATCHED)
    assert.equal(labels.route('DELETE', '/mcp'), UNMATCHED)
    assert.equal(labels.method('PROPFIND'), 'OTHER')
    assert.equal(labels.method('GET'), 'GET')
    const seen = new Set<string>()
    for (let i = 0; i < 20_000; i++) seen.add(labels.route('GET', `/s/${i}`))
    assert.deepEqual([...seen], ['/s/:id'])
  })
})
