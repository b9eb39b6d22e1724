import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parseSearchTerms } from '../../src/domain/search-terms.ts'
import { StorySnapshot, serializeSnapshot, type StorySnapshotInput } from '../../src/domain/story.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { ALL_SEARCH_STORIES, ALPHA, BETA, SEARCH_STORIES as S, makeStory } from '../fixtures/stories.ts'
import type { Store } from '../../src/storage/store.ts'

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
      store.searchStories({ terms: parseSearchTerms(q, lang).terms, limit, lang }).then((r) => r.map((s) => s.id))

    it('a sound store passes its integrity check and knows of no damage', async () => {
      assert.equal(await store.checkIntegrity(), null)
      assert.equal(store.knownDamage(), null)
    })

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
      assert.deepEqual(await search('inter rate'), [S.rates.id])
      assert.deepEqual(await search('inter rat'), [], 'a keyword of three letters is a whole word')
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
      const stamp = (await store.listRecentStamps(50)).find((st) => st.id === S.zurichLab.id)
      assert.equal(story.updatedAt, stamp!.updatedAt, 'the write time, as the sitemap stamps it (feeds publish it)')
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

    it('lists publishers by name, in pages after a given publisher', async () => {
      const sources = await store.listSources({ limit: 1000 })
      assert.deepEqual(sources.map((s) => s.name), ['Alpha Ledger', 'Beta Wire'])
      assert.equal(sources[1]!.siteUrl, null)
      assert.deepEqual((await store.listSources({ limit: 1 })).map((s) => s.id), [ALPHA.id])
      assert.deepEqual((await store.listSources({ limit: 1, after: ALPHA.id })).map((s) => s.id), [BETA.id])
      assert.deepEqual(await store.listSources({ limit: 5, after: BETA.id }), [])
      assert.deepEqual(await store.listSources({ limit: 5, after: '00000000-0000-4000-8000-000000000000' }), [])
    })

    it('gets one publisher by id', async () => {
      assert.deepEqual(await store.getSource(ALPHA.id), { id: ALPHA.id, name: 'Alpha Ledger', siteUrl: 'https://alpha-ledger.example' })
      assert.deepEqual(await store.getSource(BETA.id), { id: BETA.id, name: 'Beta Wire', siteUrl: null })
      assert.equal(await store.getSource('00000000-0000-4000-8000-000000000000'), null)
    })

    it("lists one publisher's stories newest first, undated last, honouring limit and lang", async () => {
      const ids = async (sourceId: string, limit = 50) =>
        (await store.listSourceStories({ sourceId, limit, lang: 'en' })).map((s) => s.id)
      assert.deepEqual(await ids(ALPHA.id), [S.zurichLab, S.rates, S.cafe, S.undated].map((s) => s.id))
      assert.deepEqual(await ids(ALPHA.id, 2), [S.zurichLab.id, S.rates.id])
      assert.deepEqual(await ids(BETA.id), [S.exports.id])
      assert.deepEqual(await ids('00000000-0000-4000-8000-000000000000'), [])
      const [first] = await store.listSourceStories({ sourceId: ALPHA.id, limit: 1, lang: 'es' })
      assert.equal(first!.translation?.headline, S.zurichLab.translations!.es!.headline)
      assert.deepEqual(first!.source, { id: ALPHA.id, name: 'Alpha Ledger', siteUrl: 'https://alpha-ledger.example' })
      assert.equal(first!.category.name, 'Ingeniería')
    })

    it('stamps the newest stories for the sitemap: id, published_at, updated_at', async () => {
      const stamps = await store.listRecentStamps(3)
      assert.deepEqual(stamps.map((s) => s.id), [S.zurichLab.id, S.rates.id, S.exports.id])
      assert.equal(stamps[0]!.publishedAt, '2026-11-20T12:00:00Z')
      for (const s of stamps) assert.ok(!Number.isNaN(Date.parse(s.updatedAt)), s.updatedAt)
      const all = await store.listRecentStamps(50)
      assert.equal(all.length, ALL_SEARCH_STORIES.length)
      assert.equal(all.at(-1)!.id, S.undated.id)
      assert.equal(all.at(-1)!.publishedAt, null)
    })

    it('summarises the archive by month (UTC), newest first, undated last', async () => {
      const months = await store.archiveMonths()
      assert.deepEqual(months.map((m) => [m.month, m.stories]), [['2026-11', 5], [null, 1]])
      const stamps = await store.listRecentStamps(50)
      const newest = stamps.filter((s) => s.publishedAt !== null).map((s) => s.updatedAt).sort().at(-1)
      assert.equal(months[0]!.lastModified, newest, 'lastModified is the newest write in the month')
    })

    it("walks one month's stories oldest first with offset and limit; undated ones as month null", async () => {
      const ids = async (month: string | null, offset = 0, limit = 50) =>
        (await store.listMonthStamps({ month, offset, limit })).map((s) => s.id)
      assert.deepEqual(await ids('2026-11'), [S.startups, S.cafe, S.exports, S.rates, S.zurichLab].map((s) => s.id))
      assert.deepEqual(await ids('2026-11', 1, 2), [S.cafe.id, S.exports.id])
      assert.deepEqual(await ids('2026-11', 5), [])
      assert.deepEqual(await ids(null), [S.undated.id])
      assert.deepEqual(await ids('2026-10'), [])
      assert.deepEqual(await ids('2026-12'), [])
    })

    it('keeps the month summary right through re-imports, moves between months and month boundaries', async () => {
      const fresh = await openFresh()
      try {
        const months = async () => (await fresh.archiveMonths()).map((m) => [m.month, m.stories])
        const a = snap(makeStory({ published_at: '2026-10-31T23:59:59Z' }))
        const b = snap(makeStory({ published_at: '2026-11-01T00:00:00Z' }))
        const c = snap(makeStory({ published_at: null }))
        const epoch = snap(makeStory({ published_at: '1970-01-01T00:00:00Z' }))
        assert.deepEqual(await fresh.archiveMonths(), [])
        await fresh.upsertStories([a, b, c, epoch])
        assert.deepEqual(await months(), [['2026-11', 1], ['2026-10', 1], ['1970-01', 1], [null, 1]])
        const ids = async (month: string | null) => (await fresh.listMonthStamps({ month, offset: 0, limit: 10 })).map((s) => s.id)
        assert.deepEqual(await ids('2026-10'), [a.id])
        assert.deepEqual(await ids('2026-11'), [b.id])
        assert.deepEqual(await ids('1970-01'), [epoch.id], 'published at second 0 is dated, not undated')
        assert.deepEqual(await ids(null), [c.id])

        const before = (await fresh.archiveMonths()).find((m) => m.month === '2026-10')!.lastModified
        await fresh.upsertStories([a])
        assert.deepEqual(await months(), [['2026-11', 1], ['2026-10', 1], ['1970-01', 1], [null, 1]], 're-import counts once')
        assert.ok((await fresh.archiveMonths()).find((m) => m.month === '2026-10')!.lastModified >= before)

        await fresh.upsertStories([{ ...a, published_at: '2026-11-15T00:00:00Z' }, { ...c, published_at: '2026-12-02T00:00:00Z' }])
        assert.deepEqual(await months(), [['2026-12', 1], ['2026-11', 2], ['1970-01', 1]], 'emptied months disappear')
        assert.deepEqual(await ids('2026-11'), [b.id, a.id])
        assert.deepEqual(await ids('2026-10'), [])
        assert.deepEqual(await ids(null), [])
        const [stampA] = (await fresh.listRecentStamps(10)).filter((s) => s.id === a.id)
        const nov = (await fresh.archiveMonths()).find((m) => m.month === '2026-11')!
        assert.equal(nov.lastModified, stampA!.updatedAt, "the month's lastModified is its newest write")
        assert.equal(nov.stories, (await fresh.listMonthStamps({ month: '2026-11', offset: 0, limit: 10 })).length)
      } finally {
        await fresh.close()
      }
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
        const terms = (q: string) => fresh.searchStories({ terms: parseSearchTerms(q, 'en').terms, limit: 10, lang: 'en' })
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
        assert.deepEqual(await fresh.archiveMonths(), [], 'the month summary rolls back with the stories')
      } finally {
        await fresh.close()
      }
    })

    it("keeps the language of a story's base text and exports it", async () => {
      const id = 'e5000000-0000-4000-8000-000000000001'
      await store.upsertStories([snap(makeStory({ id, headline: 'トヨタが新工場', text_lang: 'ja', published_at: '2026-01-01T00:00:00Z' }))])
      assert.equal((await store.getStory(id, 'en'))!.textLang, 'ja')
      const listed = (await store.listStories({ limit: 50, lang: 'en' })).find((s) => s.id === id)!
      assert.equal(listed.textLang, 'ja')
      let exported: StorySnapshot | undefined
      for await (const s of store.exportStories()) if (s.id === id) exported = s
      assert.equal(exported!.text_lang, 'ja')
      assert.match(serializeSnapshot(exported!), /"text_lang":"ja"}$/)
      assert.equal((await store.getStory(S.rates.id, 'en'))!.textLang, 'en')
    })

    it('deletes stories with their search rows and month counts, in one transaction', async () => {
      const ids = ['e5000000-0000-4000-8000-0000000000d1', 'e5000000-0000-4000-8000-0000000000d2']
      await store.upsertStories(ids.map((id) => snap(makeStory({ id, headline: 'Zyxwv deletable headline', published_at: '2025-02-03T00:00:00Z' }))))
      assert.equal(await store.countStoriesWithIds([...ids, 'e5000000-0000-4000-8000-0000000000d3']), 2)
      const months = (await store.archiveMonths()).find((m) => m.month === '2025-02')!
      assert.equal(months.stories, 2)
      const version = await store.contentVersion()
      assert.equal(await store.deleteStories([...ids, 'e5000000-0000-4000-8000-0000000000d3']), 2)
      assert.notEqual(await store.contentVersion(), version)
      assert.equal(await store.countStoriesWithIds(ids), 0)
      assert.equal(await store.getStory(ids[0]!, 'en'), null)
      assert.deepEqual(await search('zyxwv'), [])
      assert.equal((await store.archiveMonths()).find((m) => m.month === '2025-02'), undefined)
      assert.equal(await store.deleteStories(ids), 0)
    })

    it('keeps a summary per publisher and topic (count, newest key) through writes and deletes', async () => {
      const expected = async () => {
        const all = await store.listStories({ limit: 50, lang: 'en' })
        const rows = new Map<string, { stories: number; lastKey: string }>()
        for (const r of all) {
          if (!r.source) continue
          const key = `${r.source.id}|${r.category.slug}`
          const row = rows.get(key) ?? { stories: 0, lastKey: '0' }
          rows.set(key, { stories: row.stories + 1, lastKey: BigInt(r.sortKey) > BigInt(row.lastKey) ? r.sortKey : row.lastKey })
        }
        return [...rows].map(([k, v]) => `${k}|${v.stories}|${v.lastKey}`).sort()
      }
      const actual = async () => (await store.sourceTopics()).map((r) => `${r.sourceId}|${r.category}|${r.stories}|${r.lastKey}`).sort()
      assert.deepEqual(await actual(), await expected())
      const id = 'e5000000-0000-4000-8000-0000000000e1'
      await store.upsertStories([snap(makeStory({ id, category: 'design', source: BETA, published_at: '2026-11-25T10:00:00Z' }))])
      assert.deepEqual(await actual(), await expected())
      const design = (await store.sourceTopics()).find((r) => r.sourceId === BETA.id && r.category === 'design')!
      assert.equal(design.lastPublishedAt, '2026-11-25T10:00:00Z')
      await store.upsertStories([snap(makeStory({ id, category: 'sales', source: BETA, published_at: '2026-11-24T10:00:00Z' }))])
      assert.deepEqual(await actual(), await expected())
      await store.deleteStories([id])
      assert.deepEqual(await actual(), await expected())
    })

    it('walks up from a key: the key `offset` stories newer, within a topic or publisher', async () => {
      const check = async (list: Array<{ sortKey: string }>, opts: { topic?: 'engineering'; sourceId?: string }) => {
        for (let i = 0; i < list.length; i++) {
          for (const offset of [0, 1, 2]) {
            const above = await store.storyKeyAbove({ key: list[i]!.sortKey, offset, ...opts })
            assert.equal(above, list[i - offset]?.sortKey ?? null, `${JSON.stringify(opts)} story ${i}, offset ${offset}`)
          }
        }
      }
      await check(await store.listStories({ limit: 50, lang: 'en' }), {})
      await check(await store.listStories({ topic: 'engineering', limit: 50, lang: 'en' }), { topic: 'engineering' })
      await check(await store.listStories({ limit: 50, lang: 'en', filter: { sourceId: ALPHA.id } }), { sourceId: ALPHA.id })
    })
  })
}
