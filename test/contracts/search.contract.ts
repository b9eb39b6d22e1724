import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Language } from '../../src/domain/languages.ts'
import { parseSearchTerms } from '../../src/domain/search-terms.ts'
import { StorySnapshot, type StorySnapshotInput } from '../../src/domain/story.ts'
import { ALPHA, BETA, makeStory } from '../fixtures/stories.ts'
import type { Store, StoryRecord } from '../../src/storage/store.ts'
import type { StoryFilter } from '../../src/storage/story-window.ts'

const snap = (input: StorySnapshotInput) => StorySnapshot.parse(input)

/** One story per headline, an hour apart, newest first in this order (hours 23, 22, …). */
const HEADLINES: Array<{ key: string; en: string; tr?: Partial<Record<Language, string>>; textLang?: Language; beta?: boolean }> = [
  { key: 'banks', en: 'Banks raise rates as unions strike' },
  { key: 'bank', en: 'Central bank holds rates steady', beta: true },
  { key: 'grew', en: 'Chip output grew in October' },
  { key: 'grows', en: 'Semiconductors: demand grows again', beta: true },
  { key: 'airline', en: 'Skarv Airlines aimed at new routes' },
  { key: 'ai', en: 'AI startup opens lab in Oslo', beta: true },
  { key: 'eu', en: 'EU fines a search giant', tr: { ja: '欧州連合が検索大手に罰金' } },
  { key: 'europe', en: 'Europe weighs new chip rules' },
  { key: 'ipo', en: 'Northgate IPO priced above range', beta: true },
  { key: 'es', en: 'Chile votes', tr: { es: 'Las elecciones en Chile' } },
  { key: 'fr', en: 'Central banks meet', tr: { fr: 'Les banques centrales se réunissent' } },
  { key: 'de', en: 'Bavaria votes', tr: { de: 'Wahlen in Bayern: Märkte ruhig' } },
  { key: 'it', en: 'Regional vote', tr: { it: 'Le elezioni regionali in Puglia' } },
  { key: 'pt', en: 'Lisbon lenders', tr: { pt: 'Bancos de Lisboa ganham mercados' } },
  { key: 'ar', en: 'Riyadh economy', tr: { ar: 'الاقتصاد في المدينة' } },
  // A crawled story not translated yet: its base text is German, stemmed as German.
  { key: 'untranslated', en: 'Die Banken in Frankfurt', textLang: 'de' },
  { key: 'us-dotted', en: 'U.S. tariffs hit steel imports' },
  { key: 'us-plain', en: 'US lenders tighten credit' },
  { key: 'ai-dotted', en: 'A.I. rules take shape in Brussels' },
]

const hour = (i: number) => `2026-11-20T${String(23 - i).padStart(2, '0')}:00:00Z`

/**
 * Search and filter behaviour every Store must have (stems, whole short words, dropped keywords, publisher, dates
 * and cursors), written once and run by each dialect's test file with a factory for a new, empty store.
 */
export function runSearchContract(name: string, openFresh: () => Promise<Store>): void {
  describe(`search contract: ${name}`, () => {
    let store: Store
    const ids = new Map<string, string>()
    before(async () => {
      store = await openFresh()
      const stories = HEADLINES.map((h, i) => {
        const translations = Object.fromEntries(Object.entries(h.tr ?? {}).map(([l, headline]) => [l, { headline }]))
        const s = makeStory({ headline: h.en, published_at: hour(i), translations, source: h.beta ? BETA : ALPHA, text_lang: h.textLang })
        ids.set(h.key, s.id)
        return snap(s)
      })
      await store.upsertStories(stories)
    })
    after(async () => store.close())

    const keys = (records: StoryRecord[]) => records.map((r) => HEADLINES.find((h) => ids.get(h.key) === r.id)!.key)
    const search = async (q: string, lang: Language = 'en', filter?: StoryFilter, limit = 50) =>
      keys(await store.searchStories({ terms: parseSearchTerms(q, lang).terms, limit, lang, filter }))

    it('English keywords match other forms of the word (plural, verb forms, irregular past)', async () => {
      // 'untranslated' is German ("Banken"), stemmed as German: its stem is "bank" too.
      assert.deepEqual(await search('banks'), ['banks', 'bank', 'fr', 'untranslated'])
      assert.deepEqual(await search('bank'), ['banks', 'bank', 'fr', 'untranslated'])
      assert.deepEqual(await search('unions'), ['banks'])
      assert.deepEqual(await search('union'), ['banks'])
      assert.deepEqual(await search('grows'), ['grew', 'grows'])
      assert.deepEqual(await search('grew'), ['grew', 'grows'])
      assert.deepEqual(await search('semiconductors'), ['grows'])
      assert.deepEqual(await search('semiconductor'), ['grows'])
    })

    it('keywords of four or more letters still match word prefixes', async () => {
      assert.deepEqual(await search('semicond'), ['grows'])
      assert.deepEqual(await search('airl'), ['airline'])
      assert.deepEqual(await search('centr'), ['bank', 'fr'])
    })

    it('keywords of two or three letters match whole words (or stems), not prefixes', async () => {
      assert.deepEqual(await search('AI'), ['ai', 'ai-dotted'])
      assert.deepEqual(await search('EU'), ['eu'])
      assert.deepEqual(await search('IPO'), ['ipo'])
      assert.deepEqual(await search('IPOs'), ['ipo'])
      assert.deepEqual(await search('ai lab'), ['ai'])
      assert.deepEqual(await search('eur'), [])
    })

    it('dotted abbreviations are one word: U.S. finds US and the other way round', async () => {
      assert.deepEqual(await search('US'), ['us-dotted', 'us-plain'])
      assert.deepEqual(await search('U.S.'), ['us-dotted', 'us-plain'])
      assert.deepEqual(await search('u.s steel'), ['us-dotted'])
      assert.deepEqual(await search('A.I. rules'), ['ai-dotted'])
    })

    it('one-letter keywords and function words are dropped; every other keyword must still match', async () => {
      assert.deepEqual(parseSearchTerms('the a of banks', 'en').dropped, ['the', 'a', 'of'])
      assert.deepEqual(await search('the banks of a union'), ['banks'])
      assert.deepEqual(await search('e a i s t o n r h l d c u m f p chip'), ['grew', 'europe'])
      assert.equal(parseSearchTerms('the of a', 'en').terms.length, 0)
    })

    it('Spanish, French, German, Italian, Portuguese and Arabic keywords match their word forms', async () => {
      assert.deepEqual(await search('elección', 'es'), ['es'])
      assert.deepEqual(await search('eleccion chile', 'es'), ['es'])
      assert.deepEqual(await search('banque', 'fr'), ['fr'])
      assert.deepEqual(await search('central', 'fr'), ['bank', 'fr'])
      assert.deepEqual(await search('Wahl Markt', 'de'), ['de'])
      assert.deepEqual(await search('elezione', 'it'), ['it'])
      assert.deepEqual(await search('banco mercado', 'pt'), ['pt'])
      assert.deepEqual(await search('اقتصاد مدينة', 'ar'), ['ar'])
      assert.deepEqual(await search('elección', 'en'), [], 'Spanish text is searched only with lang=es')
    })

    it('Japanese keywords match as character bigrams: a word, a longer phrase, one character as a prefix', async () => {
      assert.deepEqual(await search('連合', 'ja'), ['eu'])
      assert.deepEqual(await search('欧州連合', 'ja'), ['eu'])
      assert.deepEqual(await search('検索大手', 'ja'), ['eu'])
      assert.deepEqual(await search('罰', 'ja'), ['eu'])
      // Every bigram of 欧州大手 but 州大 is in the headline: the phrase is not.
      assert.deepEqual(await search('欧州大手', 'ja'), [])
      assert.deepEqual(await search('欧州連合', 'en'), [], 'Japanese text is searched only with lang=ja')
    })

    it("an untranslated story's base text is stemmed in its own language", async () => {
      assert.deepEqual(await search('bank', 'de'), ['banks', 'bank', 'fr', 'untranslated'])
    })

    it('filters search and lists by publisher', async () => {
      assert.deepEqual(await search('rates', 'en', { sourceId: BETA.id }), ['bank'])
      assert.deepEqual(await search('rates', 'en', { sourceId: ALPHA.id }), ['banks'])
      assert.deepEqual(await search('rates', 'en', { sourceId: '00000000-0000-4000-8000-000000000000' }), [])
      const listed = keys(await store.listStories({ limit: 50, lang: 'en', filter: { sourceId: BETA.id } }))
      assert.deepEqual(listed, ['bank', 'grows', 'ai', 'ipo'])
      const topicAndSource = await store.listStories({ topic: 'business', limit: 2, lang: 'en', filter: { sourceId: BETA.id } })
      assert.deepEqual(keys(topicAndSource), ['bank', 'grows'])
    })

    it('filters search and lists by publication time: since inclusive, until exclusive', async () => {
      const window = { since: hour(3), until: hour(0) }
      assert.deepEqual(keys(await store.listStories({ limit: 50, lang: 'en', filter: window })), ['bank', 'grew', 'grows'])
      assert.deepEqual(await search('rates', 'en', { since: hour(1) }), ['banks', 'bank'])
      assert.deepEqual(await search('rates', 'en', { until: hour(0) }), ['bank'])
      assert.deepEqual(await search('rates', 'en', { since: '2026-11-21' }), [])
    })

    it('pages with a cursor: the next page starts below the last story, also when newer stories arrive', async () => {
      const first = await store.searchStories({ terms: parseSearchTerms('bank', 'en').terms, limit: 2, lang: 'en' })
      assert.deepEqual(keys(first), ['banks', 'bank'])
      await store.upsertStories([snap(makeStory({ headline: 'New bank opens', published_at: '2026-11-21T09:00:00Z' }))])
      const second = await search('bank', 'en', { before: first[1]!.sortKey }, 2)
      assert.deepEqual(second, ['fr', 'untranslated'])
      const listFirst = await store.listStories({ limit: 3, lang: 'en' })
      const listNext = await store.listStories({ limit: 3, lang: 'en', filter: { before: listFirst[2]!.sortKey } })
      assert.equal(listNext.length, 3)
      assert.ok(listNext.every((s) => !listFirst.some((f) => f.id === s.id)), 'no story on two pages')
      assert.ok(BigInt(listNext[0]!.sortKey) < BigInt(listFirst[2]!.sortKey))
    })
  })
}
