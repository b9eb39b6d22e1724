import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FeedRunCommit, FeedStateUpdate, Publisher, StoryRelation } from '../../src/domain/crawl-records.ts'
import { RELATED_STORIES_KEPT } from '../../src/domain/story-relations.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { groupState, type StateRecord } from '../../src/storage/state-records.ts'
import type { Store } from '../../src/storage/store.ts'
import { makeStory } from '../fixtures/stories.ts'

const publisher: Publisher = toPublisher({
  name: 'Relations Desk', site_url: 'https://relations.example', feed_url: 'https://relations.example/feed.xml', topic: 'business', lang: 'en',
})

/** Story ids by name: s(1) … s(20); hour n of 2026-11-20 is its publication time, so a higher number is newer. */
const s = (n: number) => `f6000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const story = (n: number, translations: StorySnapshot['translations'] = {}) => StorySnapshot.parse(makeStory({
  id: s(n), headline: `Storyline step ${n}`, published_at: `2026-11-20T${String(n).padStart(2, '0')}:00:00Z`, translations,
}))
const rel = (a: number, b: number, score: number): StoryRelation => ({ storyId: s(a), relatedId: s(b), score })

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 0, minute)).toISOString()
function feed(fetchedAt: string): FeedStateUpdate {
  return {
    feedUrl: publisher.feedUrl, etag: null, lastModified: null, nextFetchAt: fetchedAt, intervalSeconds: 900,
    consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt, succeededAt: fetchedAt,
  }
}
const run = (minute: number, parts: Partial<FeedRunCommit>): FeedRunCommit => ({ feed: feed(at(minute)), articles: [], stories: [], summaries: [], ...parts })

async function relationLines(store: Store): Promise<StateRecord[]> {
  const lines: StateRecord[] = []
  for await (const r of store.crawl.exportState()) if (r.newsdesk_record === 'relation') lines.push(r)
  return lines
}

/**
 * Related stories, for every dialect: recorded in a feed run's commit, read from either side newest first, the best
 * score and a bounded number kept, carried through merges, deletions and export/restore, and every change a content
 * change. Stories are numbered; a higher number is a newer story.
 */
export function runStoryRelationsContract(name: string, openFresh: () => Promise<Store>): void {
  describe(`story relations contract: ${name}`, () => {
    let store: Store
    const ids = async (n: number, lang: 'en' | 'es' = 'en') => (await store.relatedStories(s(n), lang)).map((r) => r.id)
    before(async () => {
      store = await openFresh()
      await store.crawl.syncPublishers([publisher], at(0))
    })
    after(async () => store.close())

    it('records relations with the run: read from both sides, newest first, the best score per pair, no self-relation', async () => {
      await store.upsertStories([story(1), story(2, { es: { headline: 'Paso 2 de la historia' } }), story(3)])
      const version = await store.contentVersion()
      await store.crawl.commitFeedRun(run(1, { relations: [rel(1, 2, 0.5), rel(2, 1, 0.7), rel(1, 3, 0.4), rel(3, 3, 1)] }))
      assert.notEqual(await store.contentVersion(), version, 'a relation is a content change')
      assert.deepEqual(await ids(1), [s(3), s(2)], 'newest first, whatever the score')
      assert.deepEqual(await ids(2), [s(1)], 'symmetric')
      assert.deepEqual(await ids(3), [s(1)])
      assert.deepEqual(await store.relatedStories(s(1), 'es'), [
        { id: s(3), headline: 'Storyline step 3', translatedHeadline: null, textLang: 'en' },
        { id: s(2), headline: 'Storyline step 2', translatedHeadline: 'Paso 2 de la historia', textLang: 'en' },
      ])
      assert.deepEqual((await relationLines(store)).map((r) => r.newsdesk_record === 'relation' && [r.story_id, r.related_id, r.score, r.recorded_at]),
        [[s(1), s(2), 0.7, at(1)], [s(1), s(3), 0.4, at(1)]], 'one line per pair, the best score, recorded at the run\'s fetch time')

      // A weaker score seen again writes nothing: not even the content version moves.
      const unchanged = await store.contentVersion()
      await store.crawl.commitFeedRun(run(2, { relations: [rel(2, 1, 0.2)] }))
      assert.equal(await store.contentVersion(), unchanged)
      await store.crawl.commitFeedRun(run(3, { relations: [rel(3, 1, 0.45)] }))
      assert.deepEqual((await relationLines(store)).map((r) => r.newsdesk_record === 'relation' && [r.related_id, r.score, r.recorded_at]),
        [[s(2), 0.7, at(1)], [s(3), 0.45, at(1)]], 'a better score is kept; the pair keeps its first recording time')
    })

    it('skips related ids that are not stories, until the story is written', async () => {
      await store.crawl.commitFeedRun(run(4, { relations: [rel(4, 1, 0.9)] }))
      assert.deepEqual(await ids(1), [s(3), s(2)], 'story 4 is not written yet')
      await store.crawl.commitStories([story(4)], [])
      assert.deepEqual(await ids(1), [s(4), s(3), s(2)])
    })

    it(`keeps the ${RELATED_STORIES_KEPT} best per story; the weakest pair gives way on both sides`, async () => {
      await store.upsertStories([5, 6, 7, 8, 9].map((n) => story(n)))
      // Story 1 holds 2 (0.7), 3 (0.45), 4 (0.9): three more, and the two weakest go.
      await store.crawl.commitFeedRun(run(5, { relations: [rel(1, 5, 0.8), rel(1, 6, 0.6), rel(7, 1, 0.5)] }))
      assert.deepEqual(await ids(1), [s(7), s(6), s(5), s(4), s(2)], 'story 3 (0.45) gave way')
      assert.deepEqual(await ids(3), [], 'from both sides')
      // Weaker than all five: no write.
      const version = await store.contentVersion()
      await store.crawl.commitFeedRun(run(6, { relations: [rel(1, 8, 0.3)] }))
      assert.equal(await store.contentVersion(), version)
      assert.deepEqual(await ids(8), [])
      // Stronger than the weakest: it takes its place.
      await store.crawl.commitFeedRun(run(7, { relations: [rel(9, 1, 0.55)] }))
      assert.deepEqual(await ids(1), [s(9), s(6), s(5), s(4), s(2)])
      assert.deepEqual(await ids(7), [])
    })

    it('a merge moves the merged story\'s relations to the survivor (best score) and drops the pair between them', async () => {
      await store.upsertStories([10, 11, 12, 13].map((n) => story(n)))
      await store.crawl.commitFeedRun(run(8, { relations: [rel(11, 12, 0.6), rel(11, 10, 0.9), rel(10, 12, 0.3), rel(10, 13, 0.5)] }))
      const version = await store.contentVersion()
      // 11 merges into 10.
      await store.crawl.commitFeedRun(run(9, { merges: [{ from: s(11), into: s(10) }] }))
      assert.notEqual(await store.contentVersion(), version)
      assert.deepEqual(await ids(10), [s(13), s(12)], 'the survivor relates to what both related to, never to itself')
      assert.deepEqual(await ids(12), [s(10)], 'the other side follows')
      assert.deepEqual(await ids(11), [], 'the merged story keeps nothing')
      const lines = (await relationLines(store)).filter((r) => r.newsdesk_record === 'relation' && [r.story_id, r.related_id].some((id) => id === s(10) || id === s(11)))
      assert.deepEqual(lines.map((r) => r.newsdesk_record === 'relation' && [r.story_id, r.related_id, r.score]),
        [[s(10), s(12), 0.6], [s(10), s(13), 0.5]], 'the best score of the two pairs that became one')

      // A worker that did not see the merge yet names the merged id: the relation is the survivor's.
      await store.crawl.commitFeedRun(run(10, { relations: [rel(11, 9, 0.4), rel(11, 10, 1)] }))
      assert.deepEqual(await ids(10), [s(13), s(12), s(9)])
      assert.deepEqual(await ids(11), [])
    })

    it('deleting a story removes its relations from both sides', async () => {
      await store.deleteStories([s(13)])
      assert.deepEqual(await ids(10), [s(12), s(9)])
      assert.ok((await relationLines(store)).every((r) => r.newsdesk_record === 'relation' && r.story_id !== s(13) && r.related_id !== s(13)))
    })

    it('exports one line per pair after the other state, and a fresh store restores the same relations', async () => {
      const state: StateRecord[] = []
      for await (const r of store.crawl.exportState()) state.push(r)
      assert.equal(state.at(-1)?.newsdesk_record, 'relation', 'relations come last')
      const copy = await openFresh()
      try {
        const stories = []
        for await (const snapshot of store.exportStories()) stories.push(snapshot)
        await copy.upsertStories(stories)
        const version = await copy.contentVersion()
        await copy.crawl.restoreState(groupState(state))
        assert.notEqual(await copy.contentVersion(), version)
        assert.deepEqual(await relationLines(copy), await relationLines(store))
        for (const n of [1, 2, 9, 10, 12]) {
          assert.deepEqual(await copy.relatedStories(s(n), 'es'), await store.relatedStories(s(n), 'es'), `story ${n}`)
        }
        // Restoring twice changes nothing.
        const again = await copy.contentVersion()
        await copy.crawl.restoreState(groupState(state.filter((r) => r.newsdesk_record === 'relation')))
        assert.equal(await copy.contentVersion(), again)
      } finally {
        await copy.close()
      }
    })
  })
}
