import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { AppError } from '../domain/errors.ts'
import { StorySnapshot } from '../domain/story.ts'
import type { Store } from '../storage/store.ts'
import { openSqliteStore } from '../storage/sqlite/sqlite-store.ts'
import { ALL_SEARCH_STORIES, ALPHA, BETA, SEARCH_STORIES as S, makeStory } from '../../test/fixtures/stories.ts'
import { breakable } from '../../test/helpers/breakable-store.ts'
import { createQueryService, type QueryServiceDeps } from './query-service.ts'

/**
 * The query service over the real SQLite store in memory: validation, paging, language fallback and error mapping
 * are the service's own work, so they are tested here without a server; the store's own behaviour is its contract's.
 */

const SITE = 'https://news.example'
const NOW = Date.parse('2026-11-20T13:00:00Z')
const NEWEST = S.zurichLab
const MISSING_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff'

/** The merged story's id, redirecting to the rates story (a merge the crawler made). */
const MERGED_ID = 'b2000000-0000-4000-8000-000000000099'

/** Redirects come from crawl merges; the service only follows what storyRedirect says, so a map stands in for them. */
function withRedirects(store: Store, redirects: Map<string, string>): Store {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'storyRedirect') return async (id: string) => redirects.get(id) ?? null
      const value = Reflect.get(target, prop, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function serviceOver(store: Store, extra: Partial<QueryServiceDeps> = {}) {
  return createQueryService({ store, siteUrl: SITE, version: '9.9.9', healthMaxStoryAgeMinutes: 120, now: () => NOW, ...extra })
}

/** Runs `work`, expecting an AppError with this code; returns it for closer checks. */
async function rejection(work: () => Promise<unknown>, code: string): Promise<AppError> {
  try {
    await work()
  } catch (err) {
    assert.ok(err instanceof AppError, `expected an AppError, got ${String(err)}`)
    assert.equal(err.code, code, err.message)
    return err
  }
  assert.fail(`expected ${code}, but the call succeeded`)
}

/** Expects invalid_parameter naming exactly these fields. */
async function invalid(work: () => Promise<unknown>, ...fields: string[]): Promise<AppError> {
  const err = await rejection(work, 'invalid_parameter')
  assert.deepEqual(err.issues.map((i) => i.field).sort(), [...fields].sort(), err.message)
  return err
}

describe('query service over an in-memory store', () => {
  let store: Store
  let query: ReturnType<typeof createQueryService>
  before(async () => {
    store = openSqliteStore(':memory:')
    await store.upsertStories(ALL_SEARCH_STORIES.map((s) => StorySnapshot.parse(s)))
    query = serviceOver(withRedirects(store, new Map([[MERGED_ID, S.rates.id]])))
  })
  after(() => store.close())

  describe('listStories', () => {
    it('lists newest first with absolute URLs, count and lang, and no cursor on a short page', async () => {
      const list = await query.listStories({})
      assert.deepEqual(list.stories.map((s) => s.id), ALL_SEARCH_STORIES.map((s) => s.id))
      assert.equal(list.count, ALL_SEARCH_STORIES.length)
      assert.equal(list.lang, 'en')
      assert.equal(list.next_cursor, null, 'six stories fit in the default page of 20')
      const first = list.stories[0]!
      assert.equal(first.url, `${SITE}/s/${NEWEST.id}`)
      assert.deepEqual(first.category, { slug: 'engineering', name: 'Engineering', url: `${SITE}/c/engineering` })
      assert.deepEqual(first.source, { id: ALPHA.id, name: ALPHA.name, site_url: ALPHA.site_url, url: `${SITE}/source/${ALPHA.id}` })
    })

    it('pages with the cursor until a short page, never repeating a story', async () => {
      const seen: string[] = []
      let cursor: string | undefined
      let pages = 0
      do {
        const page = await query.listStories({ limit: 4, ...(cursor ? { cursor } : {}) })
        assert.equal(page.count, page.stories.length)
        seen.push(...page.stories.map((s) => s.id))
        cursor = page.next_cursor ?? undefined
        pages++
      } while (cursor !== undefined)
      assert.equal(pages, 2)
      assert.deepEqual(seen, ALL_SEARCH_STORIES.map((s) => s.id))
    })

    it('a full last page still offers a cursor, whose page is empty', async () => {
      const first = await query.listStories({ limit: 3 })
      const second = await query.listStories({ limit: 3, cursor: first.next_cursor })
      assert.equal(second.count, 3)
      assert.ok(second.next_cursor, 'a full page may have a next one')
      const third = await query.listStories({ limit: 3, cursor: second.next_cursor })
      assert.deepEqual(third, { stories: [], count: 0, lang: 'en', next_cursor: null })
    })

    it('filters by topic, by publisher (any case) and by time range', async () => {
      assert.deepEqual((await query.listStories({ topic: 'engineering' })).stories.map((s) => s.id), [S.zurichLab.id, S.exports.id])
      assert.deepEqual((await query.listStories({ source: BETA.id.toUpperCase() })).stories.map((s) => s.id), [S.exports.id])
      const range = await query.listStories({ since: '2026-11-20T09:00:00Z', until: '2026-11-20T11:00:00Z' })
      assert.deepEqual(range.stories.map((s) => s.id), [S.exports.id, S.cafe.id], 'since inclusive, until exclusive')
    })

    it('searches with q and ignores topic when q is set', async () => {
      const hits = await query.listStories({ q: 'semiconductor' })
      assert.deepEqual(hits.stories.map((s) => s.id), [S.zurichLab.id, S.exports.id])
      const withTopic = await query.listStories({ q: 'semiconductor', topic: 'finance' })
      assert.deepEqual(withTopic.stories.map((s) => s.id), hits.stories.map((s) => s.id))
      assert.deepEqual((await query.listStories({ topic: 'finance' })).stories.map((s) => s.id), [S.rates.id], 'the topic alone filters')
    })

    it('a query of punctuation only is an empty page; one of only common words is an error on q', async () => {
      assert.deepEqual((await query.listStories({ q: '!!' })).stories, [])
      const err = await invalid(() => query.listStories({ q: 'the of' }), 'q')
      assert.match(err.message, /^q: needs a keyword/)
    })

    it('limits q to 16 keywords', async () => {
      const words = Array.from({ length: 17 }, (_, i) => `word${String.fromCharCode(97 + i)}`).join(' ')
      const err = await invalid(() => query.listStories({ q: words }), 'q')
      assert.equal(err.message, 'q: must contain at most 16 keywords')
      assert.equal((await query.listStories({ q: words.split(' ').slice(0, 16).join(' ') })).count, 0)
    })

    it('answers in the requested language with English fallback per field, saying which language', async () => {
      const es = (await query.listStories({ lang: 'es', limit: 1 })).stories[0]!
      assert.equal(es.headline, S.zurichLab.translations!.es!.headline)
      assert.equal(es.lang, 'es')
      const fr = (await query.listStories({ lang: 'fr', limit: 1 })).stories[0]!
      assert.equal(fr.headline, S.zurichLab.headline, 'no French headline: English')
      assert.equal(fr.lang, 'en', 'lang names the headline language')
      const de = await query.listStories({ lang: 'de', limit: 1 })
      assert.equal(de.lang, 'de')
      assert.equal(de.stories[0]!.category!.name, 'Technik & Entwicklung', 'topic names are translated')
    })

    it('rejects each bad field with its rule', async () => {
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ limit: 0 }, 'limit', /must be an integer from 1 to 50/],
        [{ limit: 51 }, 'limit', /must be an integer from 1 to 50/],
        [{ limit: 2.5 }, 'limit', /must be an integer from 1 to 50/],
        [{ limit: '5' }, 'limit', /must be an integer from 1 to 50/],
        [{ lang: 'xx' }, 'lang', /must be one of en, /],
        [{ topic: 'sports' }, 'topic', /must be one of /],
        [{ q: 'a' }, 'q', /must be 2 to 256 characters/],
        [{ q: 'a'.repeat(257) }, 'q', /must be 2 to 256 characters/],
        [{ source: 'not-a-uuid' }, 'source', /must be a publisher id/],
        [{ since: '2026-02-31' }, 'since', /must be an ISO 8601 date/],
        [{ until: 'yesterday' }, 'until', /must be an ISO 8601 date/],
        [{ cursor: 'has spaces' }, 'cursor', /must be the next_cursor of a previous answer/],
        [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor', /must be the next_cursor of a previous answer/],
      ]
      for (const [input, field, rule] of cases) {
        const err = await invalid(() => query.listStories(input), field)
        assert.match(err.message, rule, JSON.stringify(input))
      }
    })

    it('reports every bad field at once, and until not after since', async () => {
      await invalid(() => query.listStories({ limit: 0, lang: 'xx', topic: 'nope' }), 'limit', 'lang', 'topic')
      const err = await invalid(() => query.listStories({ since: '2026-11-20', until: '2026-11-20' }), 'until')
      assert.equal(err.message, 'until: must be later than since')
    })

    it('treats a missing input as no parameters', async () => {
      assert.equal((await query.listStories(undefined)).count, ALL_SEARCH_STORIES.length)
    })
  })

  describe('getStory', () => {
    it('answers the full story, any case of id, with cards and covered_by', async () => {
      const { story } = await query.getStory({ id: NEWEST.id.toUpperCase() })
      assert.equal(story.id, NEWEST.id)
      assert.deepEqual(story.cards, NEWEST.cards)
      assert.deepEqual(story.covered_by, NEWEST.covered_by)
    })

    it('falls back to English per field: Japanese headline and cards, English summary', async () => {
      const { story } = await query.getStory({ id: NEWEST.id, lang: 'ja' })
      assert.equal(story.headline, S.zurichLab.translations!.ja!.headline)
      assert.deepEqual(story.cards, S.zurichLab.translations!.ja!.cards)
      assert.equal(story.summary, S.zurichLab.summary)
      assert.equal(story.lang, 'ja')
    })

    it('a story without cards answers an empty list', async () => {
      assert.deepEqual((await query.getStory({ id: S.undated.id })).story.cards, [])
    })

    it('a merged story answers with the survivor, under the survivor id', async () => {
      const { story } = await query.getStory({ id: MERGED_ID })
      assert.equal(story.id, S.rates.id)
      assert.equal(story.url, `${SITE}/s/${S.rates.id}`)
    })

    it('an unknown id is not_found naming it; a bad id or lang is invalid', async () => {
      const err = await rejection(() => query.getStory({ id: MISSING_ID }), 'not_found')
      assert.equal(err.message, `No story with id ${MISSING_ID}`)
      await invalid(() => query.getStory({ id: 'abc' }), 'id')
      await invalid(() => query.getStory({}), 'id')
      await invalid(() => query.getStory({ id: NEWEST.id, lang: 'klingon' }), 'lang')
    })
  })

  describe('getSource, listSources, listCategories', () => {
    it('a publisher with its newest stories, limited, counted', async () => {
      const all = await query.getSource({ id: ALPHA.id })
      assert.equal(all.source.name, ALPHA.name)
      assert.equal(all.count, all.stories.length)
      assert.ok(all.stories.every((s) => s.source?.id === ALPHA.id))
      assert.equal(all.stories[0]!.id, NEWEST.id)
      const one = await query.getSource({ id: ALPHA.id.toUpperCase(), limit: 1, lang: 'es' })
      assert.deepEqual([one.count, one.lang, one.stories[0]!.lang], [1, 'es', 'es'])
    })

    it('an unknown publisher is not_found; bad fields are invalid', async () => {
      const err = await rejection(() => query.getSource({ id: MISSING_ID }), 'not_found')
      assert.equal(err.message, `No publisher with id ${MISSING_ID}`)
      await invalid(() => query.getSource({ id: 'x', limit: 99 }), 'id', 'limit')
    })

    it('lists publishers with a count, and every topic in the requested language', async () => {
      const { sources, count } = await query.listSources()
      assert.deepEqual(sources.map((s) => s.id).sort(), [ALPHA.id, BETA.id].sort())
      assert.equal(count, 2)
      const de = await query.listCategories({ lang: 'de' })
      assert.ok(de.categories.some((c) => c.name === 'Technik & Entwicklung'))
      assert.ok(de.categories.every((c) => c.url === `${SITE}/c/${c.slug}`))
      await invalid(() => query.listCategories({ lang: 'zz' }), 'lang')
    })
  })

  describe('sitemaps', () => {
    it('the page sitemap lists home, topics, publishers and pages; the stories are in the month sitemaps only', async () => {
      const { urls } = await query.sitemapEntries()
      assert.equal(urls[0]!.loc, `${SITE}/`)
      assert.equal(urls.filter((u) => u.loc.startsWith(`${SITE}/s/`)).length, 0)
      assert.ok(urls.some((u) => u.loc === `${SITE}/source/${BETA.id}`))
      assert.ok(urls.some((u) => u.loc === `${SITE}/sources`))
    })

    it('lowering the URL cap splits a month into parts; a part past the end is not_found', async () => {
      const small = serviceOver(store, { sitemaps: { maxUrls: 2 } })
      const index = await small.archiveMonths()
      assert.deepEqual(index.sitemaps.map((s) => s.loc), [
        `${SITE}/sitemap.xml`,
        `${SITE}/sitemaps/stories-2026-11.xml`, `${SITE}/sitemaps/stories-2026-11-2.xml`, `${SITE}/sitemaps/stories-2026-11-3.xml`,
        `${SITE}/sitemaps/stories-undated.xml`,
      ])
      const part3 = await small.archiveMonth({ month: '2026-11', part: 3 })
      assert.deepEqual([part3.parts, part3.urls.map((u) => u.loc)], [3, [`${SITE}/s/${S.zurichLab.id}`]], 'oldest first')
      await rejection(() => small.archiveMonth({ month: '2026-11', part: 4 }), 'not_found')
      await rejection(() => small.archiveMonth({ month: '2025-01' }), 'not_found')
      await invalid(() => small.archiveMonth({ month: '2026-13' }), 'month')
      await invalid(() => small.archiveMonth({ month: '2026-11', part: 0 }), 'part')
    })
  })

  describe('storyFeed', () => {
    it('a topic feed carries full stories and the newest write; several scopes at once are invalid', async () => {
      const feed = await query.storyFeed({ topic: 'engineering' })
      assert.equal(feed.scope.kind, 'topic')
      assert.deepEqual(feed.stories.map((s) => s.id), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(feed.stories[0]!.cards, NEWEST.cards)
      assert.equal(feed.updated, feed.stories.map((s) => s.updated_at).sort().at(-1))
      await invalid(() => query.storyFeed({ topic: 'engineering', q: 'chip' }), '')
      await rejection(() => query.storyFeed({ source: MISSING_ID }), 'not_found')
    })
  })

  describe('health and content version', () => {
    it('ok while the newest story is fresh, degraded once it is older than the threshold', async () => {
      const fresh = await query.health()
      assert.equal(fresh.status, 'ok')
      assert.equal(fresh.latest_story_at, NEWEST.published_at)
      assert.equal(fresh.latest_story_age_minutes, 60)
      const strict = await serviceOver(store, { healthMaxStoryAgeMinutes: 30 }).health()
      assert.equal(strict.status, 'degraded')
      assert.equal(strict.detail, 'The newest story is 60 minutes old (threshold 30).')
    })

    it('an empty store is degraded, and its content version changes on a write', async () => {
      const empty = openSqliteStore(':memory:')
      try {
        const service = serviceOver(empty)
        const health = await service.health()
        assert.deepEqual([health.status, health.detail, health.latest_story_at], ['degraded', 'The store holds no stories yet.', null])
        const before = await service.contentVersion()
        await empty.upsertStories([StorySnapshot.parse(makeStory())])
        assert.notEqual(await service.contentVersion(), before)
        assert.equal(typeof service.contentVersionNow(), 'string')
      } finally {
        await empty.close()
      }
    })

    it('a failing store is unavailable without its message; health says error', async () => {
      const failing = breakable(openSqliteStore(':memory:'))
      const service = serviceOver(failing.store)
      try {
        failing.state.broken = true
        for (const call of [() => service.listStories({}), () => service.getStory({ id: NEWEST.id }), () => service.listSources()]) {
          const err = await rejection(call, 'unavailable')
          assert.equal(err.message, 'The story store is temporarily unavailable. Retry shortly.')
          assert.match(String((err.cause as Error).message), /SQLITE_IOERR/, 'the cause stays attached for the log')
        }
        const health = await service.health()
        assert.deepEqual([health.status, health.detail], ['error', 'The story store is unreachable.'])
        // Validation still comes first: a bad input is the caller's fault even while the store is down.
        await invalid(() => service.listStories({ limit: 0 }), 'limit')
      } finally {
        failing.state.broken = false
        await failing.store.close()
      }
    })
  })
})
