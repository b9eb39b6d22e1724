import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { PACKAGE_ROOT as ROOT } from '../../config/paths.ts'
import { inThreadStages } from './in-thread-stages.ts'
import { createWorkerStages, extractionPoolSize, REQUESTS_PER_WORKER } from './worker-pool.ts'

const feed = fs.readFileSync(path.join(ROOT, 'test/fixtures/feeds/rss2.xml'))
const article = fs.readFileSync(path.join(ROOT, 'test/fixtures/articles', fs.readdirSync(path.join(ROOT, 'test/fixtures/articles')).find((f) => f.endsWith('.html'))!))

/** A valid feed big enough that parsing it takes far longer than a millisecond. */
function bigFeed(): Buffer {
  const items = Array.from({ length: 400 }, (_, i) => `<item><title>Item ${i}</title><link>https://p.example/${i}</link><description>${'Words of text. '.repeat(400)}</description></item>`)
  return Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://p.example/</link>${items.join('')}</channel></rss>`)
}

describe('pipeline worker threads', () => {
  it('the pool is sized to the machine: every core when only crawling, one left for HTTP when serving, 1 to 8', () => {
    assert.deepEqual([1, 2, 4, 16, 64].map((cores) => extractionPoolSize({ serving: false }, cores)), [1, 2, 4, 8, 8])
    assert.deepEqual([1, 2, 4, 16, 64].map((cores) => extractionPoolSize({ serving: true }, cores)), [1, 1, 3, 8, 8])
  })

  it('parse and extract in a worker give exactly the in-thread results', async () => {
    const stages = createWorkerStages(2)
    try {
      const url = 'https://p.example/feed.xml'
      assert.deepEqual(await stages.parse(feed, 'application/rss+xml', url), await inThreadStages.parse(feed, 'application/rss+xml', url))
      const page = 'https://p.example/2026/11/story'
      assert.deepEqual(await stages.extract(article, 'text/html', page), await inThreadStages.extract(article, 'text/html', page))
      // More requests than the workers hold at once (two times REQUESTS_PER_WORKER) wait in the pool's queue; all come
      // back, each with its own answer.
      const urls = Array.from({ length: 2 * REQUESTS_PER_WORKER + 3 }, (_, i) => `https://p.example/feed-${i}.xml`)
      const many = await Promise.all(urls.map((u) => stages.parse(feed, 'application/rss+xml', u)))
      assert.deepEqual(many, await Promise.all(urls.map((u) => inThreadStages.parse(feed, 'application/rss+xml', u))))
    } finally {
      await stages.close()
    }
  })

  it('starts its workers with the first request, not before; a request after close() is answered with a failure', async () => {
    const stages = createWorkerStages(2)
    const url = 'https://p.example/feed.xml'
    try {
      // A crawl pass that finds nothing to parse (nothing due, or every feed unchanged) never starts a thread.
      assert.equal(stages.workers(), 0)
      assert.ok((await stages.parse(feed, 'application/rss+xml', url)).ok)
      assert.equal(stages.workers(), 2)
    } finally {
      await stages.close()
    }
    assert.equal(stages.workers(), 0)
    assert.deepEqual(await stages.parse(feed, 'application/rss+xml', url), { ok: false, reason: 'malformed', detail: 'parser: the crawler is shutting down' })
    const unused = createWorkerStages(2)
    await unused.close()
    assert.equal(unused.workers(), 0)
  })

  it('a stage that overruns its time is answered with a failure value, never an exception', async () => {
    const stages = createWorkerStages(1, 5)
    try {
      const slow = await stages.parse(bigFeed(), 'application/rss+xml', 'https://p.example/feed.xml')
      assert.deepEqual(slow, { ok: false, reason: 'malformed', detail: 'parser: took longer than 0.005 s' })
    } finally {
      await stages.close()
    }
  })

  it("a new worker's start-up (loading its modules) does not count against the first requests' time limit", async () => {
    // Loading takes far longer than 500 ms under tsx (seconds on a loaded machine); parsing this small feed, a few ms.
    const stages = createWorkerStages(1, 500)
    try {
      const url = 'https://p.example/feed.xml'
      const first = await Promise.all([stages.parse(feed, 'application/rss+xml', url), stages.parse(feed, 'application/rss+xml', url)])
      assert.deepEqual(first, [await inThreadStages.parse(feed, 'application/rss+xml', url), await inThreadStages.parse(feed, 'application/rss+xml', url)])
    } finally {
      await stages.close()
    }
  })

  it('requests still waiting at shutdown are answered, not left hanging', async () => {
    const stages = createWorkerStages(1)
    const waiting = [stages.parse(bigFeed(), 'application/rss+xml', 'https://p.example/a'), stages.parse(feed, 'application/rss+xml', 'https://p.example/b')]
    await stages.close()
    const results = await Promise.all(waiting)
    assert.ok(results.every((r) => !r.ok && r.detail.includes('shutting down')))
  })
})
