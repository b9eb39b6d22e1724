import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import Database from './sqlite/driver.ts'
import { parseSearchTerms } from '../domain/search-terms.ts'
import { StorySnapshot } from '../domain/story.ts'
import { ALPHA, makeStory } from '../../test/fixtures/stories.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../../test/helpers/postgres.ts'
import { openPostgresStore } from './postgres/open-postgres-store.ts'
import { openSqliteStore } from './sqlite/sqlite-store.ts'
import type { Store } from './store.ts'

/**
 * Migration 4 re-indexes the headlines of an existing store: a store whose index was written before stems and
 * publisher tokens (as version 3 wrote it) finds word forms and filters by publisher once it is opened again.
 */
const story = StorySnapshot.parse(makeStory({ headline: 'Central banks hold rates', source: ALPHA, translations: { es: { headline: 'Los bancos centrales' } } }))

async function expectReindexed(store: Store): Promise<void> {
  try {
    const found = async (q: string, lang: 'en' | 'es', sourceId?: string) =>
      (await store.searchStories({ terms: parseSearchTerms(q, lang).terms, limit: 10, lang, filter: { sourceId } })).map((s) => s.id)
    assert.deepEqual(await found('banking', 'en'), [story.id], 'only the stem token matches: banking → bank')
    assert.deepEqual(await found('banca', 'es'), [story.id], 'only the stem token matches: banca → banc')
    assert.deepEqual(await found('rates', 'en', ALPHA.id), [story.id])
  } finally {
    await store.close()
  }
}

describe('migration 4 re-indexes existing headlines', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-reindex-'))
  after(() => fs.rmSync(dir, { recursive: true, force: true }))
  const schemas = useTestSchemas()

  it('SQLite', async () => {
    const file = path.join(dir, 'v3.db')
    const store = openSqliteStore(file)
    await store.upsertStories([story])
    await store.close()
    // Back to what version 3 left: plain headlines in the index, migration 4 not applied.
    const db = new Database(file)
    db.exec(`DELETE FROM story_search; DELETE FROM schema_migrations WHERE version = 4`)
    const seq = (db.prepare('SELECT seq FROM stories').get() as { seq: number }).seq
    db.prepare('INSERT INTO story_search (rowid, headline) VALUES (?, ?), (?, ?)').run(seq * 16, story.headline, seq * 16 + 1, 'Los bancos centrales')
    assert.equal((db.prepare(`SELECT count(*) AS n FROM story_search WHERE story_search MATCH '"\ue000bank"'`).get() as { n: number }).n, 0)
    db.close()
    await expectReindexed(openSqliteStore(file))
  })

  it('PostgreSQL', async () => {
    const schema = schemas.fresh()
    const url = schemaUrl(schema)
    const store = openPostgresStore(url)
    await store.upsertStories([story])
    await store.close()
    await inSchema(schema, async (client) => {
      await client.query(`UPDATE story_texts SET search = to_tsvector('simple', headline)`)
      await client.query('DELETE FROM schema_migrations WHERE version = 4')
    })
    await expectReindexed(openPostgresStore(url))
  })
})

describe('PostgreSQL migration 9 indexes dotted abbreviations as one word', () => {
  const schemas = useTestSchemas()

  it('re-tokenizes the headlines that hold one, and their postings follow', async () => {
    const dotted = StorySnapshot.parse(makeStory({ headline: 'U.S. tariffs hit steel', published_at: '2026-11-20T10:00:00Z' }))
    const plain = StorySnapshot.parse(makeStory({ headline: 'US lenders tighten credit', published_at: '2026-11-20T09:00:00Z' }))
    const schema = schemas.fresh()
    const url = schemaUrl(schema)
    const store = openPostgresStore(url)
    await store.upsertStories([dotted, plain])
    await store.close()
    // Back to what version 8 wrote for the dotted headline: "u" and "s" as two words (the postings trigger follows).
    await inSchema(schema, async (client) => {
      await client.query(`UPDATE story_texts SET search = to_tsvector('simple', 'u s tariffs hit steel') WHERE story_id = $1`, [dotted.id])
      await client.query('DELETE FROM schema_migrations WHERE version = 9')
    })
    const again = openPostgresStore(url)
    try {
      const found = async (q: string) => (await again.searchStories({ terms: parseSearchTerms(q, 'en').terms, limit: 10, lang: 'en' })).map((s) => s.id)
      assert.deepEqual(await found('US'), [dotted.id, plain.id])
      assert.deepEqual(await found('U.S. steel'), [dotted.id])
    } finally {
      await again.close()
    }
    await inSchema(schema, async (client) => {
      const tokens = await client.query(`SELECT token FROM search_postings WHERE story_seq = (SELECT seq FROM stories WHERE id = $1) ORDER BY token`, [dotted.id])
      assert.ok(tokens.rows.some((r) => r.token === 'us'), 'the postings hold the joined word')
      assert.ok(!tokens.rows.some((r) => r.token === 'u'), 'and no longer the single letters')
    })
  })
})
