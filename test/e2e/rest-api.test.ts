import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { StorySnapshotInput } from '../../src/domain/story.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES as S } from '../fixtures/stories.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'

const STORY_KEYS = ['id', 'url', 'headline', 'summary', 'original_title', 'original_url', 'author', 'source',
  'category', 'published_at', 'cover_image_url', 'multi_source', 'lang']

/** Set by a test file that imports this one to run the suite against another store (rest-postgres.test.ts). */
export const REUSE_REST_SUITE = Symbol.for('newsdesk.test.rest-api.reuse')

/** The REST suite against a `newsdesk serve` that `start` runs over a store holding exactly `stories`. */
export const describeRestApi = (name: string, start: (stories: StorySnapshotInput[]) => Promise<FixtureServer>) => describe(name, () => {
  let srv: FixtureServer
  before(async () => { srv = await start(ALL_SEARCH_STORIES) })
  after(async () => srv.stop())

  const ids = (body: { stories: Array<{ id: string }> }) => body.stories.map((s) => s.id)

  describe('listStories', () => {
    it('returns the newest stories with every field of the spec, absolute URLs from SITE_URL', async () => {
      const res = await srv.api('/api/v1/stories')
      assert.equal(res.status, 200)
      assert.equal(res.json.lang, 'en')
      assert.equal(res.json.count, res.json.stories.length)
      assert.deepEqual(ids(res.json), [S.zurichLab, S.rates, S.exports, S.cafe, S.startups, S.undated].map((s) => s.id))
      const first = res.json.stories[0]
      assert.deepEqual(Object.keys(first), STORY_KEYS)
      assert.equal(first.url, `${SITE_URL}/s/${S.zurichLab.id}`)
      assert.equal(first.original_url, S.zurichLab.original_url)
      assert.deepEqual(first.category, { slug: 'engineering', name: 'Engineering', url: `${SITE_URL}/c/engineering` })
      assert.deepEqual(first.source, {
        id: S.zurichLab.source!.id, name: 'Alpha Ledger', site_url: 'https://alpha-ledger.example',
        url: `${SITE_URL}/source/${S.zurichLab.source!.id}`,
      })
      assert.equal(first.multi_source, true)
      assert.equal(first.published_at, '2026-11-20T12:00:00Z')
      const startups = res.json.stories.find((s: { id: string }) => s.id === S.startups.id)
      assert.equal(startups.source, null)
      const undated = res.json.stories.at(-1)
      assert.equal(undated.published_at, null)
      assert.equal(undated.summary, null)
    })

    it('honours limit from 1 to 50 and the default of 20', async () => {
      assert.equal((await srv.api('/api/v1/stories?limit=1')).json.count, 1)
      assert.equal((await srv.api('/api/v1/stories?limit=50')).json.count, ALL_SEARCH_STORIES.length)
      for (const bad of ['0', '51', 'abc', '1.5', '-1', '', '1e1', ' 2']) {
        const res = await srv.api(`/api/v1/stories?limit=${encodeURIComponent(bad)}`)
        assert.equal(res.status, 400, `limit=${bad}`)
        assert.deepEqual(res.json, { error: 'invalid_parameter', message: 'limit: must be an integer from 1 to 50' })
      }
    })

    it('filters by topic and rejects unknown topics', async () => {
      assert.deepEqual(ids((await srv.api('/api/v1/stories?topic=engineering')).json), [S.zurichLab.id, S.exports.id])
      assert.deepEqual((await srv.api('/api/v1/stories?topic=design')).json, { stories: [], count: 0, lang: 'en', next_cursor: null })
      const bad = await srv.api('/api/v1/stories?topic=sports')
      assert.equal(bad.status, 400)
      assert.equal(bad.json.error, 'invalid_parameter')
      assert.match(bad.json.message, /^topic: must be one of business, data-ai/)
    })

    it('answers in the requested language with English fallback per story', async () => {
      const res = await srv.api('/api/v1/stories?lang=es&limit=2')
      assert.equal(res.json.lang, 'es')
      assert.equal(res.json.stories[0].headline, S.zurichLab.translations!.es!.headline)
      assert.equal(res.json.stories[0].summary, S.zurichLab.translations!.es!.summary)
      assert.equal(res.json.stories[0].category.name, 'Ingeniería')
      assert.equal(res.json.stories[0].lang, 'es', 'each story says the language of its text')
      assert.equal(res.json.stories[1].headline, S.rates.headline, 'untranslated story falls back to English')
      assert.equal(res.json.stories[1].lang, 'en', 'an English fallback says so')
      const fr = (await srv.api('/api/v1/stories?lang=fr&limit=1')).json.stories[0]
      assert.equal(fr.headline, S.zurichLab.headline, 'no French headline: English')
      assert.equal(fr.summary, S.zurichLab.translations!.fr!.summary, 'French summary present: used')
      for (const bad of ['xx', 'EN', 'en-US']) {
        const r = await srv.api(`/api/v1/stories?lang=${bad}`)
        assert.equal(r.status, 400)
        assert.match(r.json.message, /^lang: must be one of en, es, fr, de, it, pt, ja, ko, ar$/)
      }
    })

    it('searches headlines: every keyword, word prefixes, any case and accent, newest first', async () => {
      const q = async (query: string, extra = '') => ids((await srv.api(`/api/v1/stories?q=${encodeURIComponent(query)}${extra}`)).json)
      assert.deepEqual(await q('semiconductor'), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await q('semiconductor lab'), [S.zurichLab.id])
      assert.deepEqual(await q('SEMICOND'), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await q('zurich credit'), [S.zurichLab.id])
      assert.deepEqual(await q('Malmö café'), [S.cafe.id])
      assert.deepEqual(await q('conductor'), [])
      assert.deepEqual(await q('semiconductor', '&topic=finance'), [S.zurichLab.id, S.exports.id], 'topic ignored with q')
      assert.deepEqual(await q('semiconductor', '&limit=1'), [S.zurichLab.id])
    })

    it('searches the requested language and English, including Japanese and Korean', async () => {
      const q = async (query: string, lang: string) => (await srv.api(`/api/v1/stories?q=${encodeURIComponent(query)}&lang=${lang}`)).json
      const es = await q('laboratorio semiconductores', 'es')
      assert.deepEqual(ids(es), [S.zurichLab.id])
      assert.equal(es.stories[0].headline, S.zurichLab.translations!.es!.headline)
      assert.deepEqual(ids(await q('laboratorio', 'en')), [])
      assert.deepEqual(ids(await q('半導体', 'ja')), [S.zurichLab.id])
      assert.deepEqual(ids(await q('연구소', 'ko')), [S.zurichLab.id])
      assert.deepEqual(ids(await q('semiconductor', 'ja')), [S.zurichLab.id, S.exports.id], 'English always searched')
    })

    it('rejects a one-letter, an overlong or a 17-keyword q with a clear message', async () => {
      const one = await srv.api('/api/v1/stories?q=a')
      assert.equal(one.status, 400)
      assert.deepEqual(one.json, { error: 'invalid_parameter', message: 'q: must be 2 to 256 characters' })
      assert.equal((await srv.api(`/api/v1/stories?q=${'x'.repeat(257)}`)).status, 400)
      const many = await srv.api(`/api/v1/stories?q=${Array.from({ length: 17 }, (_, i) => `w${i}`).join('+')}`)
      assert.equal(many.status, 400)
      assert.equal(many.json.message, 'q: must contain at most 16 keywords')
      const punct = await srv.api(`/api/v1/stories?q=${encodeURIComponent('"((*')}`)
      assert.equal(punct.status, 200)
      assert.equal(punct.json.count, 0)
    })

    it('lists every bad parameter in one message', async () => {
      const res = await srv.api('/api/v1/stories?limit=0&lang=xx&topic=none')
      assert.equal(res.status, 400)
      assert.match(res.json.message, /topic: .*; limit: .*; lang: /)
    })
  })

  describe('getStory', () => {
    const path = (id: string, lang?: string) => `/api/v1/stories/${id}${lang ? `?lang=${lang}` : ''}`

    it('returns the story with cards, publisher, original link and covered_by', async () => {
      const res = await srv.api(path(S.zurichLab.id))
      assert.equal(res.status, 200)
      const story = res.json.story
      assert.deepEqual(Object.keys(story), [...STORY_KEYS, 'cards', 'covered_by'])
      assert.equal(story.lang, 'en')
      assert.deepEqual(story.cards, S.zurichLab.cards)
      assert.deepEqual(story.covered_by, S.zurichLab.covered_by)
      assert.equal(story.original_url, S.zurichLab.original_url)
      assert.equal(story.source.name, 'Alpha Ledger')
    })

    it('falls back to English field by field', async () => {
      const es = (await srv.api(path(S.zurichLab.id, 'es'))).json.story
      assert.equal(es.lang, 'es')
      assert.equal(es.headline, S.zurichLab.translations!.es!.headline)
      assert.deepEqual(es.cards, S.zurichLab.cards, 'no Spanish cards: English cards')
      const ja = (await srv.api(path(S.zurichLab.id, 'ja'))).json.story
      assert.equal(ja.lang, 'ja')
      assert.deepEqual(ja.cards, S.zurichLab.translations!.ja!.cards)
      assert.equal(ja.summary, S.zurichLab.summary, 'no Japanese summary: English summary')
      const fr = (await srv.api(path(S.zurichLab.id, 'fr'))).json.story
      assert.equal(fr.lang, 'en', 'headline is English, so lang says so')
      assert.equal(fr.summary, S.zurichLab.translations!.fr!.summary)
      const de = (await srv.api(path(S.rates.id, 'de'))).json.story
      assert.equal(de.lang, 'en')
      assert.equal(de.category.name, 'Finanzen')
      const bare = (await srv.api(path(S.undated.id))).json.story
      assert.deepEqual(bare.cards, [])
      assert.deepEqual(bare.covered_by, [])
    })

    it('accepts an upper-case UUID', async () => {
      const res = await srv.api(path(S.rates.id.toUpperCase()))
      assert.equal(res.status, 200)
      assert.equal(res.json.story.id, S.rates.id)
    })

    it('answers 404 for an unknown story and 400 for a malformed id or lang', async () => {
      const missing = await srv.api(path('0f8fad5b-d9cb-469f-a165-70867728950e'))
      assert.equal(missing.status, 404)
      assert.deepEqual(missing.json, { error: 'not_found', message: 'No story with id 0f8fad5b-d9cb-469f-a165-70867728950e' })
      for (const bad of ['123', 'not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950', `${S.rates.id}x`]) {
        const res = await srv.api(path(bad))
        assert.equal(res.status, 400, bad)
        assert.deepEqual(res.json, { error: 'invalid_parameter', message: 'id: must be a UUID' })
      }
      assert.equal((await srv.api(path(S.rates.id, 'zz'))).status, 400)
    })
  })

  describe('listCategories and listSources', () => {
    it('lists the thirteen topics in the requested language', async () => {
      const en = (await srv.api('/api/v1/categories')).json
      assert.equal(en.categories.length, 13)
      assert.deepEqual(en.categories[1], { slug: 'data-ai', name: 'Data & AI', url: `${SITE_URL}/c/data-ai` })
      for (const [lang, name] of [['ar', 'البيانات والذكاء الاصطناعي'], ['ko', '데이터·AI'], ['fr', 'Données et IA']]) {
        const res = (await srv.api(`/api/v1/categories?lang=${lang}`)).json
        assert.equal(res.categories[1].name, name)
      }
      assert.equal((await srv.api('/api/v1/categories?lang=xx')).status, 400)
    })

    it('lists the publishers with a count, all of them in one answer by default', async () => {
      const res = (await srv.api('/api/v1/sources')).json
      assert.equal(res.count, 2)
      assert.deepEqual(res.sources.map((s: { name: string }) => s.name), ['Alpha Ledger', 'Beta Wire'])
      assert.equal(res.sources[1].site_url, null)
      assert.equal(res.sources[0].url, `${SITE_URL}/source/${res.sources[0].id}`)
      assert.equal(res.next_cursor, null)
    })

    it('pages the publishers with limit and cursor, and refuses bad ones with 400', async () => {
      const first = (await srv.api('/api/v1/sources?limit=1')).json
      assert.deepEqual([first.count, first.sources[0].name], [1, 'Alpha Ledger'])
      assert.match(first.next_cursor, /^[A-Za-z0-9_-]+$/)
      const second = (await srv.api(`/api/v1/sources?limit=1&cursor=${first.next_cursor}`)).json
      assert.deepEqual([second.count, second.sources[0].name], [1, 'Beta Wire'])
      const last = (await srv.api(`/api/v1/sources?limit=1&cursor=${second.next_cursor}`)).json
      assert.deepEqual(last, { sources: [], count: 0, next_cursor: null })
      for (const [query, field] of [['limit=0', 'limit'], ['limit=1001', 'limit'], ['limit=x', 'limit'], ['cursor=nope!', 'cursor'], ['cursor=djEuMTIz', 'cursor']]) {
        const res = await srv.api(`/api/v1/sources?${query}`)
        assert.equal(res.status, 400, query)
        assert.equal(res.json.error, 'invalid_parameter', query)
        assert.match(res.json.message, new RegExp(`^${field}: `), query)
      }
    })
  })

  describe('health', () => {
    it('is ok with the store reachable and fresh enough stories, and never cached', async () => {
      const res = await srv.api('/api/v1/health')
      assert.equal(res.status, 200)
      assert.equal(res.json.status, 'ok')
      assert.equal(res.json.latest_story_at, '2026-11-20T12:00:00Z')
      assert.equal(typeof res.json.latest_story_age_minutes, 'number')
      assert.match(res.json.version, /^\d+\.\d+\.\d+/)
      assert.equal(res.headers.get('cache-control'), 'no-store')
    })
  })
})

if (!Reflect.get(globalThis, REUSE_REST_SUITE)) describeRestApi('REST API over HTTP', startFixtureServer)
