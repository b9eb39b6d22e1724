import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, it } from 'node:test'
import { StorySnapshot, type StorySnapshotInput } from '../domain/story.ts'
import { openSqliteStore } from '../storage/sqlite/sqlite-store.ts'
import type { Store } from '../storage/store.ts'
import { ALPHA, BETA, makeStory } from '../../test/fixtures/stories.ts'
import { changedFeeds, type PushedFeed } from './changed-feeds.ts'
import { noteStoryWrites } from './story-write-log.ts'

/** Feeds two entries long, so that "older than a feed's entries" takes three stories to show. */
const SIZE = 2

const story = (n: number, overrides: Partial<StorySnapshotInput>) => makeStory({
  id: `d0000000-0000-4000-8000-00000000000${n}`, published_at: `2026-11-2${n}T08:00:00Z`, ...overrides,
})

const key = (f: PushedFeed) => (f.kind === 'latest' ? 'latest' : f.kind === 'topic' ? `topic:${f.slug}` : `source:${f.id}`)

/**
 * Which feeds a pass changed, over a real store: the pass's story writes go through the crawl store's commitStories
 * as the crawler's do (noted by noteStoryWrites), then changedFeeds reads the feeds' entries back.
 */
describe('changedFeeds', () => {
  let store: Store
  let log: ReturnType<typeof noteStoryWrites>
  const pass = async (stories: StorySnapshotInput[]) => {
    await log.crawl.commitStories(stories.map((s) => StorySnapshot.parse(s)), [])
    return (await changedFeeds(log.take(), store, SIZE)).map(key).sort()
  }

  // Each case starts from three stories, newest first: 3 (finance, Alpha), 2 (finance, Alpha), 1 (design, Beta).
  // Two entries a feed: home 3, 2; finance 3, 2; design 1; Alpha 3, 2; Beta 1.
  beforeEach(async () => {
    store = openSqliteStore(':memory:')
    log = noteStoryWrites(store.crawl, store)
    await store.upsertStories([
      story(1, { category: 'design', source: BETA }),
      story(2, { category: 'finance', source: ALPHA }),
      story(3, { category: 'finance', source: ALPHA }),
    ].map((s) => StorySnapshot.parse(s)))
  })
  afterEach(async () => { await store.close() })

  it('a pass that wrote nothing changed nothing', async () => {
    assert.deepEqual(await changedFeeds(log.take(), store, SIZE), [])
  })

  it('a new story changes the home feed and its topic and publisher feeds', async () => {
    assert.deepEqual(await pass([story(4, { category: 'product', source: BETA })]), ['latest', `source:${BETA.id}`, 'topic:product'])
  })

  it('a rewrite of a story older than a feed\'s entries leaves that feed alone', async () => {
    assert.deepEqual(await pass([story(1, { category: 'design', source: BETA, headline: 'Rewritten' })]), [`source:${BETA.id}`, 'topic:design'])
  })

  it('a story moving to another topic changes the feed it joined and the one it left', async () => {
    assert.deepEqual(await pass([story(3, { category: 'marketing', source: ALPHA })]),
      ['latest', `source:${ALPHA.id}`, 'topic:finance', 'topic:marketing'])
  })

  it('a story leaving a topic while older than its entries leaves that topic\'s feed alone', async () => {
    await store.upsertStories([story(5, { category: 'finance', source: ALPHA }), story(6, { category: 'finance', source: ALPHA })].map((s) => StorySnapshot.parse(s)))
    // Finance's entries are 6 and 5: story 2 was not one of them when it moved.
    assert.deepEqual(await pass([story(2, { category: 'design', source: ALPHA })]), ['topic:design'])
  })

  it('a story moving to another publisher changes both publishers\' feeds', async () => {
    assert.deepEqual(await pass([story(2, { category: 'finance', source: BETA })]),
      ['latest', `source:${ALPHA.id}`, `source:${BETA.id}`, 'topic:finance'])
  })

  it('a story written twice in a pass is judged by where it was before the first write', async () => {
    await log.crawl.commitStories([StorySnapshot.parse(story(3, { category: 'marketing', source: ALPHA }))], [])
    assert.deepEqual(await pass([story(3, { category: 'sales', source: ALPHA })]),
      ['latest', `source:${ALPHA.id}`, 'topic:finance', 'topic:sales'])
  })
})
