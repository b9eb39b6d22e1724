import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parseSearchTerms } from '../domain/search-terms.ts'
import { StorySnapshot } from '../domain/story.ts'
import { makeStory } from '../../test/fixtures/stories.ts'
import { useTestSchemas } from '../../test/helpers/postgres.ts'
import { openPostgresStore } from './postgres/open-postgres-store.ts'
import { SEARCH_KEYWORD_WINDOW } from './search-window.ts'
import { openSqliteStore } from './sqlite/sqlite-store.ts'
import type { Store } from './store.ts'
import type { StoryFilter } from './story-window.ts'

/**
 * The bounded search range (search-window.ts) on both stores: common keywords that meet only far back, older than
 * the newest SEARCH_KEYWORD_WINDOW uses of each, are out of reach; a rare keyword or `until` brings them back; both stores give the same answer.
 */
const STORIES = 520
const published = (i: number) => new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString()
// Story i is i hours old. Harbor and ferry alternate in the newest 480 (240 uses each, more than the window),
// meet once inside the window (i = 100) and once beyond it (i = 500, with a rare word).
const headline = (i: number) =>
  i === 100 ? 'Harbor ferry collision'
    : i === 500 ? 'Harbor ferry lagoon venture'
      : i < 480 ? (i % 2 ? `Ferry tides rise ${i}` : `Harbor cranes idle ${i}`)
        : `Quiet day ${i}`
const stories = Array.from({ length: STORIES }, (_, i) => StorySnapshot.parse(makeStory({ headline: headline(i), published_at: published(i) })))
const index = new Map(stories.map((s, i) => [s.id, i]))

describe('search range bounded by keyword windows, on both stores', () => {
  const schemas = useTestSchemas()
  const stores: Array<[string, Store]> = []
  before(async () => {
    assert.ok(SEARCH_KEYWORD_WINDOW < 240, 'harbor and ferry are each used more often than the window')
    stores.push(['SQLite', openSqliteStore(':memory:')], ['PostgreSQL', openPostgresStore(schemas.freshUrl())])
    for (const [, store] of stores) for (let i = 0; i < STORIES; i += 100) await store.upsertStories(stories.slice(i, i + 100))
  })
  after(async () => {
    for (const [, store] of stores) await store.close()
  })

  /** The story indexes each store finds, asserting the stores agree. */
  const search = async (q: string, filter: StoryFilter = {}, limit = 50) => {
    const answers: number[][] = []
    for (const [, store] of stores) {
      answers.push((await store.searchStories({ terms: parseSearchTerms(q, 'en').terms, limit, lang: 'en', filter })).map((s) => index.get(s.id)!))
    }
    assert.deepEqual(answers[1], answers[0], `${q}: PostgreSQL answers what SQLite answers`)
    return answers[0]!
  }

  it('finds common keywords that meet inside their windows, not where they meet only beyond them', async () => {
    assert.deepEqual(await search('harbor ferry'), [100])
  })

  it('reaches back to the start when one keyword is rarer than the window', async () => {
    assert.deepEqual(await search('harbor ferry lagoon'), [500])
    assert.deepEqual(await search('ferry lagoon'), [500])
  })

  it('measures the windows inside the filter range: `until` brings an older meeting within reach', async () => {
    assert.deepEqual(await search('harbor ferry', { until: published(440) }), [500])
    assert.deepEqual(await search('harbor ferry', { until: published(59) }), [100])
  })

  it('keeps single-keyword and co-occurring searches exact: newest first, up to the limit', async () => {
    const harbor = await search('harbor', {}, 50)
    assert.deepEqual(harbor, [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50,
      52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98])
    assert.deepEqual(await search('ferry collision'), [100])
    assert.deepEqual(await search('quiet'), Array.from({ length: 40 }, (_, k) => 480 + k).filter((i) => i !== 500))
  })
})
