import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { toPublisher } from '../publishers/publisher.ts'
import type { ArticleRecord } from '../domain/crawl-records.ts'
import { openSqliteStore } from '../storage/sqlite/sqlite-store.ts'
import { fingerprintArticle } from './cluster/fingerprint.ts'
import { signatureToBytes } from './cluster/minhash.ts'
import { ClusterWindow } from './cluster-window.ts'
import { clusterInputOf } from './pipeline/cluster-input.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-window-'))
after(() => fs.rmSync(dir, { recursive: true, force: true }))

const NOW = Date.parse('2026-11-20T12:00:00Z')
const publisher = toPublisher({ name: 'P', site_url: 'https://p.example', feed_url: 'https://p.example/feed', topic: 'business', lang: 'en' })

function article(n: number, storyId: string, minutesAgo: number): ArticleRecord {
  const base = { title: `Northgate Freight opens Rotterdam hub number ${n}`, text: `Northgate Freight opened hub ${n} in Rotterdam.`, lang: 'en', publishedAt: null, publisherId: publisher.id }
  const fetchedAt = NOW - minutesAgo * 60_000
  return {
    ...base, id: `f6000000-0000-4000-8000-${String(n).padStart(12, '0')}`, storyId, feedUrl: publisher.feedUrl,
    canonicalUrl: `https://p.example/${n}`, guidKey: null, contentHash: `h${n}`, fetchedAt: new Date(fetchedAt).toISOString(),
    author: null, imageUrl: null, signature: signatureToBytes(fingerprintArticle(clusterInputOf(base), fetchedAt).signature),
  }
}

describe('cluster window', () => {
  it('loads the window once, then takes in exactly what other workers committed, under the clustering lock', async () => {
    const store = openSqliteStore(path.join(dir, 'w.db'))
    await store.crawl.syncPublishers([publisher], new Date(NOW).toISOString())
    const feed = { feedUrl: publisher.feedUrl, etag: null, lastModified: null, nextFetchAt: new Date(NOW).toISOString(), intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt: new Date(NOW).toISOString(), succeededAt: null }
    const commit = (articles: ArticleRecord[]) => store.crawl.commitFeedRun({ feed, articles, stories: [], summaries: [] })
    await commit([article(1, 's1', 11 * 24 * 60), article(2, 's2', 30), article(3, 's2', 10)])
    const window = new ClusterWindow()
    const index = await window.load(store.crawl, new Date(NOW))
    assert.equal(index.clusterCount, 1, 'the article older than the horizon (72 h window + a week of backlog) is not read')
    assert.equal(index.get('s2')!.memberCount, 2)
    assert.equal(window.lastSeq, 3, 'every article up to the newest read is seen')

    // Another worker commits; this one's next clustered commit is handed exactly that article, before it assigns.
    await commit([article(4, 's4', 5)])
    let handed: string[] = []
    const last = await store.crawl.commitClusteredRun(window.lastSeq, (unseen) => {
      handed = unseen.map((a) => a.id)
      window.absorb(unseen)
      assert.equal(window.index.get('s4')?.memberCount, 1, 'in the index before this run assigns its own articles')
      const own = article(5, 's4', 0)
      window.indexed(own.id, NOW)
      return { feed, articles: [own], stories: [], summaries: [] }
    })
    assert.deepEqual(handed, [article(4, 's4', 5).id])
    window.seen(last)
    assert.equal(window.lastSeq, 5)
    assert.equal(await window.load(store.crawl, new Date(NOW + 60_000)), index, 'the same index, not read again')

    // Nothing new: the next commit is handed nothing, and an article already indexed is never added twice.
    await store.crawl.commitClusteredRun(window.lastSeq, (unseen) => {
      assert.deepEqual(unseen, [])
      window.absorb([article(4, 's4', 5)])
      return { feed, articles: [], stories: [], summaries: [] }
    })
    assert.equal(index.get('s4')!.memberCount, 1, 'article 4 is not added a second time')
    await store.close()
  })
})
