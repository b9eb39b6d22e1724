import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type pg from 'pg'
import { SOURCE_MARK, STEM_MARK, parseSearchTerms } from '../../domain/search-terms.ts'
import { StorySnapshot } from '../../domain/story.ts'
import { makeStory } from '../../../test/fixtures/stories.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../../../test/helpers/postgres.ts'
import { openPostgresStore } from './open-postgres-store.ts'
import { PREFIX_MARK, termTokens } from './search-postings.ts'

const schemas = useTestSchemas()

/**
 * The postings a headline row's lexemes make, written here independently of the SQL: each lexeme, and each word's
 * prefixes of 4 to 12 letters shorter than it (the first character of a two-character CJK token), marked.
 */
function expectedPostings(lexemes: string[]): string[] {
  const out = new Set<string>()
  for (const lexeme of lexemes) {
    if (lexeme.startsWith(PREFIX_MARK)) continue
    out.add(lexeme)
    if (lexeme.startsWith(STEM_MARK) || lexeme.startsWith(SOURCE_MARK)) continue
    const chars = Array.from(lexeme)
    if (chars.length === 2 && chars[0]!.codePointAt(0)! >= 0x1100) out.add(PREFIX_MARK + chars[0])
    for (let n = 4; n < chars.length && n <= 12; n++) out.add(PREFIX_MARK + chars.slice(0, n).join(''))
  }
  return [...out]
}

/** The postings as stored, and as they follow from story_texts' search column: the two must always agree. */
async function postingsAndExpected(client: pg.Client) {
  const stored = (await client.query<{ p: string }>(`SELECT token || ' ' || story_seq || ' ' || lang AS p FROM search_postings`))
    .rows.map((r) => r.p).sort()
  const rows = (await client.query<{ lexemes: string[]; story_seq: string; lang: string }>(`SELECT tsvector_to_array(search) AS lexemes,
    story_seq, lang FROM story_texts WHERE search IS NOT NULL`)).rows
  const expected = rows.flatMap((r) => expectedPostings(r.lexemes).map((token) => `${token} ${r.story_seq} ${r.lang}`)).sort()
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

  for (const from of [6, 7]) it(`are built for an existing store of schema version ${from} by migration 8`, async () => {
    const schema = schemas.fresh()
    let store = openPostgresStore(schemaUrl(schema))
    await store.upsertStories(Array.from({ length: 50 }, (_, i) => story(i, `Semiconductor makers grow ${i}`, i % 2 === 0)))
    await store.close()
    // Back to schema version 6 (no postings, no triggers) or 7 (postings without the prefix ones).
    await inSchema(schema, async (client) => {
      await client.query(from === 6
        ? `DROP TABLE search_postings;
          DROP FUNCTION search_postings_add, search_postings_remove, search_postings_replace CASCADE;
          DELETE FROM schema_migrations WHERE version IN (7, 8)`
        : `DELETE FROM search_postings WHERE left(token, 1) = '${PREFIX_MARK}'; DELETE FROM schema_migrations WHERE version = 8`)
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

  it('reads a prefix of 4 to 12 letters, or one CJK character, as the word and its prefix postings', () => {
    const semi = lookup('semicond')!
    assert.equal(semi.prefix, null)
    assert.ok(semi.exact.includes('semicond') && semi.exact.includes(`${PREFIX_MARK}semicond`), semi.exact.join())
    assert.ok(lookup('semiconducto')!.exact.includes(`${PREFIX_MARK}semiconducto`), 'twelve letters')
    assert.deepEqual(lookup('東')!.exact, ['東', `${PREFIX_MARK}東`])
    assert.deepEqual(lookup('AI'), { exact: lookup('AI')!.exact, prefix: null, prefixEnd: null })
    assert.ok(lookup('AI')!.exact.includes('ai') && !lookup('AI')!.exact.includes(`${PREFIX_MARK}ai`))
  })

  it('reads a longer prefix as one prefix, bounded by the next string in code point order', () => {
    const long = lookup('semiconductors')!
    assert.equal(long.prefix, 'semiconductors')
    assert.equal(long.prefixEnd, 'semiconductort')
    assert.ok(long.exact.length > 0 && !long.exact.includes('semiconductors'))
    // The last code point carries over; a prefix of nothing but U+10FFFF has no end and is left to GIN. (Keywords
    // are letters, numbers and marks, so no parsed keyword gets there; the rule holds for any term.)
    const top = String.fromCodePoint(0x10ffff)
    const prefixOf = (text: string) => termTokens({ keyword: text, anyOf: [{ text, prefix: true }] })
    assert.equal(prefixOf(`abcdefghijkl${top}`)!.prefixEnd, 'abcdefghijkm')
    assert.equal(prefixOf(top.repeat(13)), null)
    assert.equal(prefixOf('abcdefghijkl\ud7ff')!.prefixEnd, 'abcdefghijkl\ue000')
  })

  it('leaves a phrase (a CJK word of three characters or more) to the GIN index', () => {
    assert.equal(lookup('半導体', 'ja'), null)
    assert.notEqual(lookup('東京', 'ja'), null, 'one bigram is one token')
  })
})
