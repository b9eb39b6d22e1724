import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Language } from '../domain/languages.ts'
import { parseSearchTerms } from '../domain/search-terms.ts'
import { StorySnapshot } from '../domain/story.ts'
import { makeStory } from '../../test/fixtures/stories.ts'
import { useTestSchemas } from '../../test/helpers/postgres.ts'
import { openPostgresStore } from './postgres/open-postgres-store.ts'
import { PHRASE_WINDOW_TOKENS, SEARCH_KEYWORD_WINDOW, windowTerms } from './search-window.ts'
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
  i === 100 ? 'Harbor ferry collision counterintelligence'
    : i === 500 ? 'Harbor ferry lagoon venture'
      : i < 480 ? (i % 2 ? `Ferry tides rise ${i}` : `Harbor cranes idle ${i}`)
        : `Quiet day ${i}`
// The same shape in Japanese: 東京大学 is a phrase of three bigrams, each in 240 or more of the newest 480 stories
// (東京大阪 holds 東京 and 京大, 大学の港 holds 大学), the whole phrase only in stories 100 and 500 (with 湖).
const japanese = (i: number) =>
  i === 100 ? '東京大学' : i === 500 ? '東京大学の湖' : i < 480 ? (i % 2 ? '東京大阪' : '大学の港') : '静かな日'
// Each of the newest 480 headlines also holds a word of its own starting with "inter": 480 distinct words behind
// one prefix, more than a window's worth.
const letters = 'abcdefghijklmnopqrstuvwxyz'
const interWord = (i: number) => `inter${letters[i % 26]}${letters[Math.floor(i / 26)]}`
const stories = Array.from({ length: STORIES }, (_, i) => StorySnapshot.parse(makeStory({
  headline: i < 480 ? `${headline(i)} ${interWord(i)}` : headline(i), published_at: published(i),
  translations: { ja: { headline: japanese(i) } },
})))
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
  const search = async (q: string, filter: StoryFilter = {}, limit = 50, lang: Language = 'en') => {
    const answers: number[][] = []
    for (const [, store] of stores) {
      answers.push((await store.searchStories({ terms: parseSearchTerms(q, lang).terms, limit, lang, filter })).map((s) => index.get(s.id)!))
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

  it('bounds a CJK phrase by its bigrams: the phrase where they meet only beyond their windows is out of reach', async () => {
    assert.deepEqual(await search('東京大学', {}, 50, 'ja'), [100])
    assert.deepEqual(await search('東京大学', { until: published(440) }, 50, 'ja'), [500])
    // A rare keyword (a single character is a prefix) reaches back to the start, as for words.
    assert.deepEqual(await search('東京大学 湖', {}, 50, 'ja'), [500])
    assert.deepEqual(await search('大阪', {}, 3, 'ja'), [1, 3, 5])
  })

  it('finds a prefix behind more distinct words than a window holds, newest first, the same on both stores', async () => {
    assert.deepEqual(await search('inte', {}, 50), Array.from({ length: 50 }, (_, i) => i))
    assert.deepEqual(await search('interb', {}, 50), Array.from({ length: 19 }, (_, k) => 1 + 26 * k))
    assert.deepEqual(await search('interba harbor'), [])
    assert.deepEqual(await search('interbb ferry'), [27])
    assert.deepEqual(await search('inte harbor', {}, 5), [0, 2, 4, 6, 8])
    assert.deepEqual(await search('東', {}, 4, 'ja'), [1, 3, 5, 7])
    // Longer than any indexed prefix (12 letters): bounded by its first 12 letters, matched in full.
    assert.deepEqual(await search('counterintellig'), [100])
    assert.deepEqual(await search('counterintelligence'), [100])
    assert.deepEqual(await search('counterintelligencex'), [])
  })
})

describe('windowTerms', () => {
  const bounding = (q: string, lang: Language = 'ja') => windowTerms(parseSearchTerms(q, lang).terms).map((t) => t.anyOf)

  it('keeps a word term, and splits a phrase into its first distinct tokens', () => {
    const words = parseSearchTerms('harbor ferry', 'en').terms
    assert.deepEqual(windowTerms(words), words)
    assert.deepEqual(bounding('東京大学'), [[{ text: '東京', prefix: false }], [{ text: '京大', prefix: false }], [{ text: '大学', prefix: false }]])
    assert.equal(PHRASE_WINDOW_TOKENS, 4)
    assert.deepEqual(bounding('東京東京東京大学大学院').map((a) => a[0]!.text), ['東京', '京東', '京大', '大学'])
  })

  it('shares 16 windows between the phrases of a long query, one at least for each', () => {
    const phrases = (n: number) => Array.from({ length: n }, (_, i) => `東京${'大学院長'[i % 4]}${'一二三四五六七八九十'[i % 10]}`).join(' ')
    assert.equal(bounding(phrases(4)).length, 4 * 3, 'four keywords of three bigrams: every bigram')
    assert.equal(bounding(phrases(8)).length, 8 * 2)
    assert.equal(bounding(phrases(16)).length, 16)
    assert.equal(windowTerms([...parseSearchTerms(phrases(15), 'ja').terms, ...parseSearchTerms('harbor', 'en').terms]).length, 16)
  })

  it('counts a prefix longer than 12 letters as its first 12', () => {
    const [term] = parseSearchTerms('counterintellig', 'en').terms
    assert.deepEqual(windowTerms([term!])[0]!.anyOf[0], { text: 'counterintel', prefix: true })
    assert.deepEqual(windowTerms([term!])[0]!.anyOf.slice(1), term!.anyOf.slice(1), 'its stems are exact tokens, kept')
    const twelve = parseSearchTerms('counterintel', 'en').terms
    assert.deepEqual(windowTerms(twelve), twelve)
  })

  it('in a term with other alternatives, counts a phrase as its first token', () => {
    const term = { keyword: 'x', anyOf: [{ text: 'ab cd', prefix: true }, { text: 'abc', prefix: false }] }
    assert.deepEqual(windowTerms([term]), [{ keyword: 'x', anyOf: [{ text: 'ab', prefix: false }, { text: 'abc', prefix: false }] }])
  })
})
