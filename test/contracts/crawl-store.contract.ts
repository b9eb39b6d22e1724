import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { groupState } from '../../src/storage/state-records.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import type { ArticleRecord, FeedStateUpdate, Publisher } from '../../src/domain/crawl-records.ts'
import { makeStory } from '../fixtures/stories.ts'
import type { Store } from '../../src/storage/store.ts'
import { parseSearchTerms } from '../../src/domain/search-terms.ts'

const publisher = (n: number, topic: Publisher['topic'] = 'business'): Publisher => toPublisher({
  name: `Publisher ${n}`, site_url: `https://p${n}.example`, feed_url: `https://p${n}.example/feed.xml`, topic, lang: 'en',
})

const T0 = '2026-11-20T10:00:00.000Z'
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString()

function article(n: number, storyId: string, p: Publisher, fetchedAt = T0): ArticleRecord {
  return {
    id: `c3000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    storyId,
    publisherId: p.id,
    feedUrl: p.feedUrl,
    canonicalUrl: `${p.siteUrl}/article-${n}`,
    guidKey: `${p.feedUrl}#${n}`,
    contentHash: `hash-${n}`,
    title: `Article ${n}`,
    text: `Text of article ${n}.`,
    lang: 'en',
    publishedAt: fetchedAt,
    fetchedAt,
    author: null,
    imageUrl: null,
    signature: Uint8Array.from([n, n + 1, n + 2, 255]),
  }
}

function okState(feedUrl: string, fetchedAt: string, nextFetchAt: string): FeedStateUpdate {
  return {
    feedUrl, etag: '"v1"', lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT', nextFetchAt, intervalSeconds: 900,
    consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt, succeededAt: fetchedAt,
  }
}

/** The crawler's state, for every dialect: the directory sync, leases, dedupe keys and the one-transaction commit. */
export function runCrawlStoreContract(name: string, openFresh: () => Promise<Store>): void {
  describe(`crawl store contract: ${name}`, () => {
    let store: Store
    const [p1, p2, p3] = [publisher(1, 'finance'), publisher(2), publisher(3)]
    before(async () => { store = await openFresh() })
    after(async () => store.close())

    it('syncs the directory: new feeds due at once, publishers become sources, dropped feeds inactive', async () => {
      assert.deepEqual(await store.crawl.syncPublishers([p1!, p2!, p3!], T0), { added: 3, updated: 0, deactivated: 0 })
      const feeds = await store.crawl.listFeeds()
      assert.deepEqual(feeds.map((f) => f.publisher), [p1, p2, p3])
      assert.ok(feeds.every((f) => f.active && f.nextFetchAt === T0 && f.lastStatus === null && f.articleCount === 0))
      assert.deepEqual(await store.getSource(p1!.id), { id: p1!.id, name: 'Publisher 1', siteUrl: 'https://p1.example' })

      const renamed = { ...p1!, name: 'Publisher One' }
      assert.deepEqual(await store.crawl.syncPublishers([renamed, p2!], T0), { added: 0, updated: 2, deactivated: 1 })
      const after = await store.crawl.listFeeds()
      assert.equal(after.find((f) => f.publisher.feedUrl === p3!.feedUrl)!.active, false)
      assert.equal((await store.getSource(p1!.id))!.name, 'Publisher One')
      await store.crawl.syncPublishers([p1!, p2!, p3!], T0)
    })

    it('leases due feeds to one worker at a time until the lease expires', async () => {
      const first = await store.crawl.claimDueFeeds({ now: T0, limit: 2, owner: 'a', leaseSeconds: 60 })
      assert.equal(first.length, 2)
      const second = await store.crawl.claimDueFeeds({ now: T0, limit: 10, owner: 'b', leaseSeconds: 60 })
      assert.deepEqual(second.map((f) => f.publisher.feedUrl), [p3!.feedUrl], 'b gets only what a did not lease')
      assert.deepEqual(await store.crawl.claimDueFeeds({ now: at(0.5), limit: 10, owner: 'c', leaseSeconds: 60 }), [])
      const expired = await store.crawl.claimDueFeeds({ now: at(2), limit: 10, owner: 'c', leaseSeconds: 60 })
      assert.equal(expired.length, 3, 'expired leases are claimable again')
      await store.crawl.commitFeedRun({ feed: okState(p2!.feedUrl, at(2), at(100)), articles: [], stories: [], summaries: [] })
      assert.deepEqual((await store.crawl.claimDueFeeds({ now: at(5), limit: 10, owner: 'd', leaseSeconds: 60 })).map((f) => f.publisher.feedUrl),
        [p1!.feedUrl, p3!.feedUrl], 'a committed feed is not due until its next fetch time')
      // Released by their owner, leases free the feeds at once (another owner's are left alone), due as before.
      assert.equal(await store.crawl.releaseFeeds({ feedUrls: [p1!.feedUrl, p2!.feedUrl], owner: 'x' }), 0)
      assert.equal(await store.crawl.releaseFeeds({ feedUrls: [p1!.feedUrl, p2!.feedUrl], owner: 'd' }), 1)
      assert.deepEqual((await store.crawl.claimDueFeeds({ now: at(5.2), limit: 10, owner: 'd', leaseSeconds: 60 })).map((f) => f.publisher.feedUrl),
        [p1!.feedUrl])
      // 'd' holds two leases until at(6); a forced refresh frees them at once.
      assert.equal(await store.crawl.makeAllDue(at(5.5)), 3)
      assert.equal((await store.crawl.claimDueFeeds({ now: at(5.5), limit: 10, owner: 'e', leaseSeconds: 60 })).length, 3)
    })

    it('commits a feed run in one transaction: state, articles, stories, summary state; keys become known', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000001'
      const story = StorySnapshot.parse(makeStory({ id: storyId, headline: 'Crawled story', source: { id: p1!.id, name: p1!.name, site_url: p1!.siteUrl } }))
      await store.crawl.commitFeedRun({
        feed: okState(p1!.feedUrl, at(3), at(18)),
        articles: [article(1, storyId, p1!, at(3)), article(2, storyId, p1!, at(3))],
        stories: [story],
        summaries: [{ storyId, source: 'extractive', attempts: 1, retryAt: at(10) }],
      })
      const feed = (await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p1!.feedUrl)!
      assert.equal(feed.etag, '"v1"')
      assert.equal(feed.nextFetchAt, at(18))
      assert.equal(feed.articleCount, 2)
      assert.equal(feed.lastSuccessAt, at(3))
      assert.equal((await store.getStory(storyId, 'en'))!.en.headline, 'Crawled story')
      const members = await store.crawl.storyArticles(storyId, 10)
      assert.deepEqual(members.map((a) => a.id), [article(1, storyId, p1!).id, article(2, storyId, p1!).id])
      assert.deepEqual([...members[0]!.signature], [1, 2, 3, 255], 'signatures round-trip byte for byte')
      const known = await store.crawl.knownArticleKeys({
        canonicalUrls: [`${p1!.siteUrl}/article-1`, 'https://elsewhere.example/x'],
        guidKeys: [`${p1!.feedUrl}#2`, 'nope'],
        contentHashes: ['hash-1', 'hash-9'],
      })
      assert.deepEqual([...known.canonicalUrls], [`${p1!.siteUrl}/article-1`])
      assert.deepEqual([...known.guidKeys], [`${p1!.feedUrl}#2`])
      assert.deepEqual([...known.contentHashes], ['hash-1'])
      assert.deepEqual(await store.crawl.dueSummaryRetries(at(9), 10), [])
      assert.deepEqual(await store.crawl.dueSummaryRetries(at(10), 10), [{ storyId, source: 'extractive', attempts: 1, retryAt: at(10) }])
    })

    it('re-committing the same articles adds nothing (idempotent by canonical URL)', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000001'
      await store.crawl.commitFeedRun({ feed: okState(p1!.feedUrl, at(20), at(35)), articles: [article(1, storyId, p1!, at(3))], stories: [], summaries: [] })
      const feed = (await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p1!.feedUrl)!
      assert.equal(feed.articleCount, 2)
      assert.equal((await store.crawl.storyArticles(storyId, 10)).length, 2)
    })

    it('a failed commit leaves nothing behind', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000002'
      const before = await store.contentVersion()
      const feedBefore = (await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p2!.feedUrl)!
      const invalid = { ...StorySnapshot.parse(makeStory({ id: storyId })), category: 'not-a-topic' as never }
      await assert.rejects(store.crawl.commitFeedRun({
        feed: okState(p2!.feedUrl, at(40), at(55)), articles: [article(3, storyId, p2!, at(40))], stories: [invalid], summaries: [],
      }))
      assert.equal(await store.contentVersion(), before)
      assert.deepEqual(await store.crawl.storyArticles(storyId, 10), [])
      const feed = (await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p2!.feedUrl)!
      assert.deepEqual(feed, feedBefore, 'the feed state rolled back too')
    })

    it('reads the clustering window oldest first, across pages', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000003'
      const many = Array.from({ length: 1203 }, (_, i) => article(100 + i, storyId, p3!, at(60 + i / 100)))
      await store.crawl.commitFeedRun({ feed: okState(p3!.feedUrl, at(60), at(75)), articles: many, stories: [], summaries: [] })
      const seen: string[] = []
      for await (const a of store.crawl.recentArticles(at(59))) seen.push(a.id)
      assert.deepEqual(seen, many.map((a) => a.id))
    })

    it('a clustered commit is handed the articles committed after the sequence number it has seen, in commit order', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000004'
      const all: ArticleRecord[] = []
      for await (const a of store.crawl.recentArticles(at(-1))) all.push(a)
      assert.ok(all.every((a) => Number.isInteger(a.commitSeq)), 'stored articles carry their commit sequence number')
      const seen = Math.max(...all.map((a) => a.commitSeq!))
      const others = [article(2001, storyId, p2!, at(90)), article(2002, storyId, p2!, at(90))]
      await store.crawl.commitFeedRun({ feed: okState(p2!.feedUrl, at(90), at(105)), articles: others, stories: [], summaries: [] })

      let handed: ArticleRecord[] = []
      const own = article(2003, storyId, p3!, at(91))
      const last = await store.crawl.commitClusteredRun(seen, (unseen) => {
        handed = unseen
        return { feed: okState(p3!.feedUrl, at(91), at(106)), articles: [own], stories: [], summaries: [{ storyId, source: 'extractive', attempts: 0, retryAt: at(91) }] }
      })
      assert.deepEqual(handed.map((a) => a.id), others.map((a) => a.id))
      assert.ok(handed[0]!.commitSeq! > seen && handed[1]!.commitSeq! > handed[0]!.commitSeq!)
      assert.ok(last > handed[1]!.commitSeq!, 'the returned number covers the run itself')
      assert.deepEqual((await store.crawl.storyArticles(storyId, 10)).map((a) => a.id).sort(), [...others, own].map((a) => a.id).sort())
      assert.deepEqual((await store.crawl.dueSummaryRetries(at(91), 10)).filter((m) => m.storyId === storyId),
        [{ storyId, source: 'extractive', attempts: 0, retryAt: at(91) }])

      // Nothing committed since: nothing handed; a failing assign commits nothing.
      await store.crawl.commitClusteredRun(last, (unseen) => {
        assert.deepEqual(unseen, [])
        return { feed: okState(p3!.feedUrl, at(92), at(107)), articles: [], stories: [], summaries: [] }
      })
      await assert.rejects(store.crawl.commitClusteredRun(last, () => { throw new Error('assign failed') }), /assign failed/)
      assert.equal((await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p3!.feedUrl)!.lastFetchedAt, at(92))
    })

    it('a clustered commit of several feeds\' runs stores them all in one transaction, or none', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000005'
      const all: ArticleRecord[] = []
      for await (const a of store.crawl.recentArticles(at(-1))) all.push(a)
      const seen = Math.max(...all.map((a) => a.commitSeq!))
      const runs = () => [
        { feed: okState(p1!.feedUrl, at(120), at(135)), articles: [article(2101, storyId, p1!, at(119))], stories: [], summaries: [] },
        { feed: okState(p2!.feedUrl, at(120), at(135)), articles: [article(2102, storyId, p2!, at(118))], stories: [], summaries: [] },
      ]
      // A failure in the second run's writes (an article without a title) leaves the first run unwritten too.
      const clash = runs()
      clash[1]!.articles = [{ ...clash[1]!.articles[0]!, title: null as unknown as string }]
      await assert.rejects(store.crawl.commitClusteredRun(seen, () => clash))
      assert.deepEqual(await store.crawl.storyArticles(storyId, 10), [])
      assert.notEqual((await store.crawl.listFeeds()).find((f) => f.publisher.feedUrl === p1!.feedUrl)!.lastFetchedAt, at(120))

      await store.crawl.commitClusteredRun(seen, () => runs())
      assert.deepEqual((await store.crawl.storyArticles(storyId, 10)).map((a) => a.id).sort(), runs().flatMap((r) => r.articles.map((a) => a.id)).sort())
      const feeds = await store.crawl.listFeeds()
      for (const url of [p1!.feedUrl, p2!.feedUrl]) assert.equal(feeds.find((f) => f.publisher.feedUrl === url)!.lastFetchedAt, at(120))
    })

    it('merges stories: articles move to the survivor, the merged story leaves lists, search and sitemaps, its id redirects', async () => {
      const [older, newer, third] = ['d4000000-0000-4000-8000-000000000011', 'd4000000-0000-4000-8000-000000000012', 'd4000000-0000-4000-8000-000000000013']
      const snapshot = (id: string, headline: string) => StorySnapshot.parse(makeStory({ id, headline, published_at: '2026-11-20T09:00:00Z' }))
      await store.crawl.commitFeedRun({
        feed: okState(p1!.feedUrl, at(200), at(215)),
        articles: [article(3001, older, p1!, at(200)), article(3002, newer, p2!, at(201)), article(3004, third, p3!, at(201))],
        stories: [snapshot(older, 'Harbour cranes halted'), snapshot(newer, 'Quayside walkout mergeable'), snapshot(third, 'Third story')],
        summaries: [{ storyId: newer, source: 'extractive', attempts: 0, retryAt: at(201) }],
      })
      const all: ArticleRecord[] = []
      for await (const a of store.crawl.recentArticles(at(-1))) all.push(a)
      const seen = Math.max(...all.map((a) => a.commitSeq!))
      const version = await store.contentVersion()
      const months = await store.archiveMonths()

      // An article bridging both stories joins the older; the newer merges into it.
      const last = await store.crawl.commitClusteredRun(seen, (unseen, merged) => {
        assert.deepEqual([unseen, merged], [[], []])
        return {
          feed: okState(p3!.feedUrl, at(202), at(217)), articles: [article(3003, older, p3!, at(202))], stories: [],
          summaries: [{ storyId: older, source: 'extractive', attempts: 0, retryAt: at(202) }], merges: [{ from: newer, into: older }],
        }
      })
      assert.deepEqual((await store.crawl.storyArticles(older, 10)).map((a) => a.id),
        [3001, 3002, 3003].map((n) => article(n, older, p1!).id), 'every article of both stories, earliest first')
      assert.deepEqual(await store.crawl.storyArticles(newer, 10), [])
      assert.equal(await store.getStory(newer, 'en'), null)
      assert.equal(await store.storyRedirect(newer), older)
      assert.equal(await store.storyRedirect(older), null)
      assert.equal(await store.storyRedirect('no-such-story'), null)
      assert.notEqual(await store.contentVersion(), version, 'a merge is a content change')
      assert.ok(!(await store.listStories({ limit: 100, lang: 'en' })).some((s) => s.id === newer), 'gone from lists')
      assert.deepEqual(await store.searchStories({ terms: parseSearchTerms('mergeable', 'en').terms, limit: 10, lang: 'en' }), [], 'gone from search')
      assert.ok(!(await store.listRecentStamps(1000)).some((s) => s.id === newer), 'gone from sitemaps')
      const month = (list: typeof months) => list.find((m) => m.month === '2026-11')!.stories
      assert.equal(month(await store.archiveMonths()), month(months) - 1)
      assert.deepEqual((await store.crawl.dueSummaryRetries(at(300), 100)).filter((m) => m.storyId === newer), [], 'no rewrite owed to a merged story')

      // A worker that has not seen the merge is handed it; one that has, is not.
      await store.crawl.commitClusteredRun(seen, (_unseen, merged) => {
        assert.deepEqual(merged, [{ from: newer, into: older }])
        return { feed: okState(p3!.feedUrl, at(203), at(218)), articles: [], stories: [], summaries: [] }
      })
      await store.crawl.commitClusteredRun(last, (_unseen, merged) => {
        assert.deepEqual(merged, [])
        return { feed: okState(p3!.feedUrl, at(204), at(219)), articles: [], stories: [], summaries: [] }
      })

      // A rewrite of the merged story read before the merge does not bring it back.
      assert.deepEqual(await store.crawl.commitStories([snapshot(newer, 'Stale rewrite')], [{ storyId: newer, source: 'extractive', attempts: 1, retryAt: null }]),
        { inserted: 0, updated: 0 })
      assert.equal(await store.getStory(newer, 'en'), null)

      // Chains: the survivor merges on; the first merged id now points at the final story, in one step.
      await store.crawl.commitFeedRun({ feed: okState(p3!.feedUrl, at(205), at(220)), articles: [], stories: [], summaries: [], merges: [{ from: older, into: third }] })
      assert.equal(await store.storyRedirect(newer), third)
      assert.equal(await store.storyRedirect(older), third)
      assert.equal((await store.crawl.storyArticles(third, 10)).length, 4)
      // No loops: merging the final story "into" one of its own merged ids is refused (it resolves to itself).
      await store.crawl.commitFeedRun({ feed: okState(p3!.feedUrl, at(206), at(221)), articles: [], stories: [], summaries: [], merges: [{ from: third, into: newer }] })
      assert.equal(await store.storyRedirect(third), null)
      assert.equal((await store.getStory(third, 'en'))!.en.headline, 'Third story')
    })

    it('exports its state beyond the snapshots, and a fresh store restores it exactly', async () => {
      assert.equal(await store.crawl.hasState(), true)
      const state = []
      for await (const r of store.crawl.exportState()) state.push(r)
      const kinds = new Map<string, number>()
      for (const r of state) kinds.set(r.newsdesk_record, (kinds.get(r.newsdesk_record) ?? 0) + 1)
      assert.deepEqual([...kinds.keys()], ['source', 'feed', 'article', 'summary', 'story', 'month', 'redirect'], 'in restore order')
      assert.equal(kinds.get('article'), 2 + 1203 + 2 + 3 + 4, 'every article committed above')
      assert.equal(kinds.get('redirect'), 2, 'both merged ids')

      const copy = await openFresh()
      try {
        assert.equal(await copy.crawl.hasState(), false)
        const stories = []
        for await (const s of store.exportStories()) stories.push(s)
        await copy.upsertStories(stories)
        const version = await copy.contentVersion()
        await copy.crawl.restoreState(groupState(state))
        assert.notEqual(await copy.contentVersion(), version, 'stamps are content: cached answers must change')
        const restored = []
        for await (const r of copy.crawl.exportState()) restored.push(r)
        assert.deepEqual(restored, state)
        assert.deepEqual(await copy.archiveMonths(), await store.archiveMonths())
        assert.deepEqual(await copy.listRecentStamps(10), await store.listRecentStamps(10))
        assert.equal(await copy.storyRedirect('d4000000-0000-4000-8000-000000000012'), 'd4000000-0000-4000-8000-000000000013', 'redirects carried')
        // The restored store knows what the crawler has seen, and hands its articles to clustering in the same order.
        const known = await copy.crawl.knownArticleKeys({ canonicalUrls: [`${p1!.siteUrl}/article-1`], guidKeys: [], contentHashes: [] })
        assert.equal(known.canonicalUrls.size, 1)
        assert.deepEqual((await copy.crawl.listFeeds()).map((f) => [f.publisher.feedUrl, f.etag, f.nextFetchAt, f.articleCount]),
          (await store.crawl.listFeeds()).map((f) => [f.publisher.feedUrl, f.etag, f.nextFetchAt, f.articleCount]))
        // Restoring twice changes nothing.
        await copy.crawl.restoreState(groupState(state))
        const again = []
        for await (const r of copy.crawl.exportState()) again.push(r)
        assert.deepEqual(again, state)
      } finally {
        await copy.close()
      }
    })

    it('queues refetches in the run\'s commit (stored articles only), claims each due row once, retries, drops and upgrades', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000021'
      const [teaser, other, third] = [article(5001, storyId, p1!, at(1000)), article(5002, storyId, p1!, at(1000)), article(5003, storyId, p1!, at(1000))]
      // Same canonical URL as an article stored long ago: not stored, so not queued either.
      const duplicate = { ...article(5004, storyId, p1!, at(1000)), canonicalUrl: `${p1!.siteUrl}/article-1` }
      const all: ArticleRecord[] = []
      for await (const a of store.crawl.recentArticles(at(-1))) all.push(a)
      const queued = (a: ArticleRecord, retryAt: string) => ({ articleId: a.id, url: a.canonicalUrl, attempts: 0, retryAt })
      await store.crawl.commitClusteredRun(Math.max(...all.map((a) => a.commitSeq!)), () => ({
        feed: okState(p1!.feedUrl, at(1000), at(1015)), articles: [teaser, other, third, duplicate], stories: [],
        summaries: [],
        refetches: [queued(teaser, at(1015)), queued(other, at(1015)), queued(third, at(3000)), queued(duplicate, at(1015)),
          { articleId: 'not-in-this-run', url: 'https://p1.example/x', attempts: 0, retryAt: at(1015) }],
      }))
      const claim = (now: string, limit = 10) => store.crawl.claimDueRefetches({ now, limit, leaseSeconds: 60 })

      assert.deepEqual(await claim(at(1014)), [], 'not due yet')
      // Two workers claiming at once never get the same row.
      const [a, b] = await Promise.all([claim(at(1015), 1), claim(at(1015), 1)])
      const ids = [...a!, ...b!].map((c) => c.articleId).sort()
      assert.deepEqual(ids, [teaser.id, other.id].sort(), 'each due row once; the duplicate and the stranger were never queued')
      assert.deepEqual(await claim(at(1015.5)), [], 'claimed rows wait for their claim to end')
      const first = [...a!, ...b!].find((c) => c.articleId === teaser.id)!
      assert.deepEqual({ ...first, article: undefined }, { articleId: teaser.id, url: teaser.canonicalUrl, attempts: 0, retryAt: at(1016), article: undefined })
      assert.equal(first.article.text, teaser.text)
      assert.equal(first.article.storyId, storyId)

      // A claim that ran out is taken again; the stale claim's holder can no longer settle it.
      const again = await claim(at(1016))
      assert.deepEqual(again.map((c) => c.articleId).sort(), [teaser.id, other.id].sort())
      await store.crawl.settleRefetch({ articleId: teaser.id, claimedUntil: first.retryAt, kind: 'retry', attempts: 1, retryAt: at(2000) })
      const current = again.find((c) => c.articleId === teaser.id)!
      assert.equal(await store.crawl.settleRefetch({ articleId: teaser.id, claimedUntil: first.retryAt, kind: 'dropped' }), null)

      // A permanent failure: the row goes, the article keeps its text.
      const otherClaim = again.find((c) => c.articleId === other.id)!
      assert.equal(await store.crawl.settleRefetch({ articleId: other.id, claimedUntil: otherClaim.retryAt, kind: 'dropped' }), null)

      // A passing failure: tried again at its backoff, with the attempt counted.
      assert.equal(await store.crawl.settleRefetch({ articleId: teaser.id, claimedUntil: current.retryAt, kind: 'retry', attempts: 1, retryAt: at(1100) }), null)
      assert.deepEqual(await claim(at(1099)), [])
      const retried = await claim(at(1100))
      assert.deepEqual(retried.map((c) => [c.articleId, c.attempts]), [[teaser.id, 1]])

      // An upgrade: the text and language change, the signature does not, the page's byline and image fill what the
      // feed left empty, the story is marked, the row goes.
      const full = 'The full text of article 5001, much longer than its teaser.\n\nA second paragraph.'
      assert.equal(await store.crawl.settleRefetch({
        articleId: teaser.id, claimedUntil: retried[0]!.retryAt, kind: 'upgraded', text: full, lang: 'de',
        author: 'Page Byline', imageUrl: 'https://img.example/5001.jpg', markedAt: at(1101),
      }), storyId)
      const members = await store.crawl.storyArticles(storyId, 10)
      const upgraded = members.find((m) => m.id === teaser.id)!
      assert.deepEqual([upgraded.text, upgraded.lang, [...upgraded.signature]], [full, 'de', [...teaser.signature]])
      assert.deepEqual([upgraded.author, upgraded.imageUrl], ['Page Byline', 'https://img.example/5001.jpg'])
      assert.equal(members.find((m) => m.id === other.id)!.text, other.text)
      assert.deepEqual((await store.crawl.dueSummaryRetries(at(1101), 100)).filter((m) => m.storyId === storyId),
        [{ storyId, source: 'extractive', attempts: 0, retryAt: at(1101) }])
      assert.deepEqual((await claim(at(5000))).map((c) => c.articleId), [third.id], 'only the row never settled is left')
    })

    it('claims refetches of the newest articles first, and deletes those of articles past the age limit', async () => {
      const storyId = 'd4000000-0000-4000-8000-000000000022'
      // Published at minutes 7100, 7300 and 7200, in that order of arrival.
      const [older, middle] = [article(6001, storyId, p1!, at(7100)), article(6003, storyId, p1!, at(7200))]
      const newest = { ...article(6002, storyId, p1!, at(7300)), author: 'Feed Author', imageUrl: 'https://img.example/feed.jpg' }
      const all: ArticleRecord[] = []
      for await (const a of store.crawl.recentArticles(at(-1))) all.push(a)
      await store.crawl.commitClusteredRun(Math.max(...all.map((a) => a.commitSeq!)), () => ({
        feed: okState(p1!.feedUrl, at(8000), at(8015)), articles: [older, newest, middle], stories: [], summaries: [],
        refetches: [older, newest, middle].map((a) => ({ articleId: a.id, url: a.canonicalUrl, attempts: 0, retryAt: at(8000) })),
      }))
      const claim = (now: string, limit: number, publishedSince?: string) =>
        store.crawl.claimDueRefetches({ now, limit, leaseSeconds: 60, publishedSince }).then((cs) => cs.map((c) => c.articleId).sort())
      // The limit also clears what earlier tests left queued (articles published before minute 7000).
      assert.deepEqual(await claim(at(8000), 2, at(7000)), [newest.id, middle.id].sort(), 'the two newest of three due rows')
      assert.deepEqual(await claim(at(8000), 2), [older.id], 'then the older one')
      // Past the limit: deleted when a claim names the limit, so not claimed once the leases end.
      assert.deepEqual(await claim(at(8002), 10, at(7150)), [newest.id, middle.id].sort())
      assert.deepEqual(await claim(at(8004), 10), [newest.id, middle.id].sort(), 'the older row is gone for good')
      // An upgrade keeps the author and image the feed gave.
      const [c] = (await store.crawl.claimDueRefetches({ now: at(8006), limit: 10, leaseSeconds: 60 })).filter((x) => x.articleId === newest.id)
      await store.crawl.settleRefetch({
        articleId: newest.id, claimedUntil: c!.retryAt, kind: 'upgraded', text: 'A much longer text of article 6002.',
        lang: 'en', author: 'Page Byline', imageUrl: 'https://img.example/page.jpg', markedAt: at(8006),
      })
      const kept = (await store.crawl.storyArticles(storyId, 10)).find((m) => m.id === newest.id)!
      assert.deepEqual([kept.text, kept.author, kept.imageUrl], ['A much longer text of article 6002.', 'Feed Author', 'https://img.example/feed.jpg'])
    })
  })
}
