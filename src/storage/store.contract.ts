import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parseSearchTerms } from '../domain/search-terms.ts'
import { StorySnapshot, serializeSnapshot, type StorySnapshotInput } from '../domain/story.ts'
import { TOPICS } from '../domain/topics.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES as S, makeStory } from '../../test/fixtures/stories.ts'
import type { Store } from './store.ts'

const snap = (input: StorySnapshotInput) => StorySnapshot.parse(input)

/**
 * The behaviour every Store must have, written once. Each dialect's test file calls it with a factory that
 * returns a new, empty store (its own file, schema or database).
 */
export function runStoreContract(name: string, openFresh: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    let store: Store
    before(async () => {
      store = await openFresh()
      await store.upsertStories(ALL_SEARCH_STORIES.map(snap))
    })
    after(async () => store.close())

    const search = (q: string, lang: 'en' | 'es' | 'ja' | 'ko' | 'fr' = 'en', limit = 50) =>
      store.searchStories({ terms: parseSearchTerms(q), limit, lang }).then((r) => r.map((s) => s.id))

    it('lists newest first, undated stories last, honouring limit', async () => {
      const all = await store.listStories({ limit: 50, lang: 'en' })
      assert.deepEqual(all.map((s) => s.id), [S.zurichLab, S.rates, S.exports, S.cafe, S.startups, S.undated].map((s) => s.id))
      const two = await store.listStories({ limit: 2, lang: 'en' })
      assert.deepEqual(two.map((s) => s.id), [S.zurichLab.id, S.rates.id])
    })

    it('filters by topic', async () => {
      const eng = await store.listStories({ topic: 'engineering', limit: 50, lang: 'en' })
      assert.deepEqual(eng.map((s) => s.id), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await store.listStories({ topic: 'design', limit: 50, lang: 'en' }), [])
    })

    it('returns the English text and the requested translation, unresolved', async () => {
      const [first] = await store.listStories({ limit: 1, lang: 'es' })
      assert.equal(first!.en.headline, S.zurichLab.headline)
      assert.equal(first!.translation?.headline, S.zurichLab.translations!.es!.headline)
      const [noFr] = await store.listStories({ limit: 1, lang: 'fr' })
      assert.equal(noFr!.translation?.headline, undefined)
      assert.equal(noFr!.translation?.summary, S.zurichLab.translations!.fr!.summary)
      const [plain] = await store.listStories({ topic: 'finance', limit: 1, lang: 'de' })
      assert.equal(plain!.translation, undefined)
    })

    it('names categories in the requested language and carries the publisher', async () => {
      const [first] = await store.listStories({ limit: 1, lang: 'de' })
      assert.deepEqual(first!.category, { slug: 'engineering', name: 'Technik & Entwicklung' })
      assert.deepEqual(first!.source, { id: S.zurichLab.source!.id, name: 'Alpha Ledger', siteUrl: 'https://alpha-ledger.example' })
      const [noSource] = await store.listStories({ topic: 'entrepreneurship', limit: 1, lang: 'en' })
      assert.equal(noSource!.source, null)
    })

    it('search: every keyword must match (AND), newest first', async () => {
      assert.deepEqual(await search('semiconductor'), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await search('semiconductor lab'), [S.zurichLab.id])
      assert.deepEqual(await search('semiconductor bakery'), [])
    })

    it('search: keywords match words and word prefixes, not the middle of words', async () => {
      assert.deepEqual(await search('semicond'), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await search('inter rat'), [S.rates.id])
      assert.deepEqual(await search('conductor'), [])
    })

    it('search: case and accents are ignored on both sides', async () => {
      assert.deepEqual(await search('ZURICH'), [S.zurichLab.id])
      assert.deepEqual(await search('credit azur'), [S.zurichLab.id])
      assert.deepEqual(await search('Crédit'), [S.zurichLab.id])
      assert.deepEqual(await search('cafe malmo'), [S.cafe.id])
      assert.deepEqual(await search('CAFÉ'), [S.cafe.id])
    })

    it('search: the requested language or English, not other languages', async () => {
      assert.deepEqual(await search('laboratorio', 'es'), [S.zurichLab.id])
      assert.deepEqual(await search('laboratorio', 'en'), [])
      assert.deepEqual(await search('semiconductor', 'es'), [S.zurichLab.id, S.exports.id])
      assert.deepEqual(await search('semiconductores zurich', 'es'), [S.zurichLab.id])
    })

    it('search: Japanese and Korean headlines are searchable without spaces', async () => {
      assert.deepEqual(await search('半導体', 'ja'), [S.zurichLab.id])
      assert.deepEqual(await search('研究所', 'ja'), [S.zurichLab.id])
      assert.deepEqual(await search('開設 チューリッヒ', 'ja'), [S.zurichLab.id])
      assert.deepEqual(await search('반도체', 'ko'), [S.zurichLab.id])
      assert.deepEqual(await search('연구소', 'ko'), [S.zurichLab.id])
      assert.deepEqual(await search('半導体', 'en'), [])
      assert.deepEqual(await search('半導体工場', 'ja'), [])
    })

    it('search: a story matching in two languages appears once, and limit holds', async () => {
      const ids = await search('crédit', 'es')
      assert.deepEqual(ids, [S.zurichLab.id])
      assert.deepEqual(await search('semiconductor', 'en', 1), [S.zurichLab.id])
    })

    it('search: text that looks like FTS syntax is just words', async () => {
      for (const q of ['"semi', 'semiconductor OR rates', 'NEAR(a b)', 'headline:zurich', '-lab', 'a*b', '((']) {
        await assert.doesNotReject(search(q), q)
      }
      assert.deepEqual(await search('semiconductor OR rates'), [])
      assert.deepEqual(await search('headline:zurich'), [])
    })

    it('gets one story with cards, covered_by and its translation', async () => {
      const story = await store.getStory(S.zurichLab.id, 'ja')
      assert.ok(story)
      assert.deepEqual(story.en.cards, S.zurichLab.cards)
      assert.deepEqual(story.translation?.cards, S.zurichLab.translations!.ja!.cards)
      assert.deepEqual(story.coveredBy, S.zurichLab.covered_by)
      assert.equal(story.multiSource, true)
      assert.equal(await store.getStory('00000000-0000-4000-8000-000000000000', 'en'), null)
    })

    it('lists the thirteen categories in spec order, named per language', async () => {
      const en = await store.listCategories('en')
      assert.deepEqual(en.map((c) => c.slug), [...TOPICS])
      const ja = await store.listCategories('ja')
      assert.equal(ja.find((c) => c.slug === 'finance')!.name, '金融')
      const ar = await store.listCategories('ar')
      assert.ok(ar.every((c) => /[\u0600-\u06ff]/.test(c.name)), 'Arabic names')
    })

    it('lists publishers by name', async () => {
      const sources = await store.listSources()
      assert.deepEqual(sources.map((s) => s.name), ['Alpha Ledger', 'Beta Wire'])
      assert.equal(sources[1]!.siteUrl, null)
    })

    it('reports the newest published_at and the count', async () => {
      assert.equal(await store.latestPublishedAt(), '2026-11-20T12:00:00Z')
      assert.equal(await store.countStories(), ALL_SEARCH_STORIES.length)
    })

    it('exports every story in snapshot form, ordered by id, as it was imported', async () => {
      const exported: string[] = []
      for await (const s of store.exportStories()) exported.push(serializeSnapshot(s))
      const expected = ALL_SEARCH_STORIES.map((s) => serializeSnapshot(snap(s))).sort()
      assert.deepEqual(exported, expected)
    })

    it('upserts by id: re-importing changes nothing, an update replaces text, date and search rows', async () => {
      const fresh = await openFresh()
      try {
        const original = snap(makeStory({ headline: 'Harbor cranes arrive in Rotterdam', published_at: '2026-11-01T00:00:00Z' }))
        assert.deepEqual(await fresh.upsertStories([original]), { inserted: 1, updated: 0 })
        const v1 = await fresh.contentVersion()
        assert.deepEqual(await fresh.upsertStories([original]), { inserted: 0, updated: 1 })
        assert.equal(await fresh.countStories(), 1)
        assert.notEqual(await fresh.contentVersion(), v1, 'content version moves on every write')

        const moved = snap({ ...original, headline: 'Harbor robots arrive in Antwerp', published_at: '2026-11-05T00:00:00Z' })
        await fresh.upsertStories([moved, snap(makeStory({ published_at: '2026-11-03T00:00:00Z' }))])
        const terms = (q: string) => fresh.searchStories({ terms: parseSearchTerms(q), limit: 10, lang: 'en' })
        assert.equal((await terms('rotterdam')).length, 0, 'old headline no longer matches')
        assert.deepEqual((await terms('antwerp')).map((s) => s.id), [original.id])
        const list = await fresh.listStories({ limit: 10, lang: 'en' })
        assert.equal(list[0]!.id, original.id, 'moved to its new date')
        assert.equal(list[0]!.en.headline, 'Harbor robots arrive in Antwerp')
      } finally {
        await fresh.close()
      }
    })

    it('orders stories published in the same second the same way whatever the insert order', async () => {
      const same = Array.from({ length: 12 }, () => snap(makeStory({ published_at: '2026-11-10T10:10:10Z' })))
      const a = await openFresh()
      const b = await openFresh()
      try {
        await a.upsertStories(same)
        await b.upsertStories([...same].reverse())
        const ids = async (s: Store) => (await s.listStories({ limit: 50, lang: 'en' })).map((r) => r.id)
        assert.deepEqual(await ids(a), await ids(b))
        assert.equal((await ids(a)).length, 12)
      } finally {
        await a.close()
        await b.close()
      }
    })

    it('leaves nothing half-written when a batch fails', async () => {
      const fresh = await openFresh()
      try {
        const good = snap(makeStory())
        const bad = { ...snap(makeStory()), category: 'not-a-topic' } as unknown as StorySnapshot
        await assert.rejects(fresh.upsertStories([good, bad]))
        assert.equal(await fresh.countStories(), 0)
      } finally {
        await fresh.close()
      }
    })
  })
}
