import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type pg from 'pg'
import { parseSearchTerms } from '../../domain/search-terms.ts'
import { StorySnapshot } from '../../domain/story.ts'
import { makeStory } from '../../../test/fixtures/stories.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../../../test/helpers/postgres.ts'
import { openPostgresStore } from './open-postgres-store.ts'
import { termTokens } from './search-postings.ts'

const schemas = useTestSchemas()

/** The postings as stored, and as they follow from story_texts' search column: the two must always agree. */
async function postingsAndExpected(client: pg.Client) {
  const stored = (await client.query<{ p: string }>(`SELECT token || ' ' || story_seq || ' ' || lang AS p FROM search_postings
    ORDER BY token, story_seq, lang`)).rows.map((r) => r.p)
  const expected = (await client.query<{ p: string }>(`SELECT tok || ' ' || story_seq || ' ' || lang AS p
    FROM story_texts, unnest(tsvector_to_array(search)) AS tok ORDER BY tok COLLATE "C", story_seq, lang`)).rows.map((r) => r.p)
  return { stored, expected }
}

const storyId = (i: number) => `e5000000-0000-4000-8000-${String(i).padStart(12, '0')}`
const story = (i: number, headline: string, translated = false) => StorySnapshot.parse(makeStory({
  id: storyId(i),
  published_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  headline,
  translations: translated ? { de: { headline: `Banken melden ${i}` }, ja: { headline: `東京の半導体${i}` } } : {},
}))

describe('search postings', () => {
  it('follow every write in the same transaction: insert, replace, delete, update', async () => {
    const schema = schemas.fresh()
    const store = openPostgresStore(schemaUrl(schema))
    try {
      await store.upsertStories(Array.from({ length: 60 }, (_, i) => story(i, `Banks report growth ${i}`, i % 3 === 0)))
      // Replaced with other words (and other translations): the old tokens must go, the new ones come.
      await store.upsertStories(Array.from({ length: 20 }, (_, i) => story(i, `Unions strike again ${i}`, i % 2 === 0)))
      assert.equal(await store.deleteStories([storyId(30), storyId(31), 'no-such-story']), 2)
      await inSchema(schema, async (client) => {
        await client.query(`UPDATE story_texts SET search = to_tsvector('simple', 'rewritten') WHERE story_id = $1 AND lang = 'en'`, [storyId(40)])
        const { stored, expected } = await postingsAndExpected(client)
        assert.ok(stored.length > 300, `postings written: ${stored.length}`)
        assert.deepEqual(stored, expected)
      })
      const ids = async (q: string, lang: 'en' | 'de' = 'en') =>
        (await store.searchStories({ terms: parseSearchTerms(q, lang).terms, limit: 100, lang })).length
      assert.equal(await ids('unions'), 20)
      assert.equal(await ids('banks'), 60 - 20 - 2 - 1)
      assert.equal(await ids('rewritten'), 1)
      // Two keywords each with fewer matches than a window: both reach the range's start, one is tested.
      assert.equal(await ids('banks growth'), 37)
      assert.equal(await ids('growth banks'), 37)
      assert.equal(await ids('unions banks'), 0)
      // German "Banken" shares the stem of the English "Banks": the 37 English headlines left, and the 10 replaced
      // stories that have a German translation again.
      assert.equal(await ids('banken', 'de'), 37 + 10)
    } finally {
      await store.close()
    }
  })

  it('are built for an existing store by migration 7', async () => {
    const schema = schemas.fresh()
    let store = openPostgresStore(schemaUrl(schema))
    await store.upsertStories(Array.from({ length: 50 }, (_, i) => story(i, `Semiconductor makers grow ${i}`, i % 2 === 0)))
    await store.close()
    // Back to schema version 6: no postings, no triggers.
    await inSchema(schema, async (client) => {
      await client.query(`DROP TABLE search_postings;
        DROP FUNCTION search_postings_add, search_postings_remove, search_postings_replace CASCADE;
        DELETE FROM schema_migrations WHERE version = 7`)
    })
    store = openPostgresStore(schemaUrl(schema))
    try {
      await store.ready()
      await inSchema(schema, async (client) => {
        const { stored, expected } = await postingsAndExpected(client)
        assert.ok(stored.length > 200)
        assert.deepEqual(stored, expected)
      })
      assert.equal((await store.searchStories({ terms: parseSearchTerms('semiconductors', 'en').terms, limit: 100, lang: 'en' })).length, 50)
      // The triggers are back too.
      await store.deleteStories([storyId(0)])
      await inSchema(schema, async (client) => {
        const { stored, expected } = await postingsAndExpected(client)
        assert.deepEqual(stored, expected)
      })
    } finally {
      await store.close()
    }
  })
})

describe('termTokens', () => {
  const lookup = (q: string, lang: 'en' | 'ja' = 'en') => termTokens(parseSearchTerms(q, lang).terms[0]!)

  it('reads a word as its exact stems and one prefix, bounded by the next string in code point order', () => {
    const semi = lookup('semicond')!
    assert.equal(semi.prefix, 'semicond')
    assert.equal(semi.prefixEnd, 'semicone')
    assert.ok(semi.exact.length > 0 && semi.exact.every((t) => !t.startsWith('semicond') || t !== 'semicond'))
    assert.deepEqual(lookup('AI'), { exact: lookup('AI')!.exact, prefix: null, prefixEnd: null })
    assert.ok(lookup('AI')!.exact.includes('ai'))
    assert.equal(lookup('東')!.prefixEnd, String.fromCodePoint('東'.codePointAt(0)! + 1))
    // The last code point carries over; a prefix of nothing but U+10FFFF has no end and is left to GIN. (Keywords
    // are letters, numbers and marks, so no parsed keyword gets there; the rule holds for any term.)
    const top = String.fromCodePoint(0x10ffff)
    const prefixOf = (text: string) => termTokens({ keyword: text, anyOf: [{ text, prefix: true }] })
    assert.equal(prefixOf(`abc${top}`)!.prefixEnd, 'abd')
    assert.equal(prefixOf(top.repeat(4)), null)
    assert.equal(prefixOf('abc\ud7ff')!.prefixEnd, 'abc\ue000')
  })

  it('leaves a phrase (a CJK word of three characters or more) to the GIN index', () => {
    assert.equal(lookup('半導体', 'ja'), null)
    assert.notEqual(lookup('東京', 'ja'), null, 'one bigram is one token')
  })
})
