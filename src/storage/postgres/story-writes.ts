import type pg from 'pg'
import { TRANSLATION_LANGUAGES, type Language } from '../../domain/languages.ts'
import type { StorySnapshot } from '../../domain/story.ts'
import { TIEBREAK_SLOTS, archiveMonthKey, preferredTiebreak, publishedSecond } from '../sqlite/sort-key.ts'
import type { StoryWriter, UpsertResult } from '../store.ts'
import type { PostgresAccess } from './access.ts'
import { toSearchVector } from './search-tokens.ts'
import { removeRelations } from './story-relations.ts'
import { bumpContentVersion, lockContent, type ContentVersionHooks } from './transaction.ts'

/**
 * Story writes, run inside the caller's transaction after lockContent (so writers take turns). They give exactly
 * what SQLite's one-story-at-a-time writer gives — the same sort keys (seq) for the same stories in the same order,
 * the same month summary, the same inserted/updated counts, also when a batch holds one id twice — but in a few
 * set-based statements per chunk of stories instead of several round trips per story.
 */

const CHUNK = 500

const json = (v: unknown) => (v == null ? null : JSON.stringify(v))

interface Existing {
  seq: number
  publishedAt: string | null
}

/** Adds `delta` stories to each month (months gaining stories may be new) and stamps it `now`; emptied months go. */
async function applyMonthDeltas(client: pg.ClientBase, deltas: Map<string, number>, now: string): Promise<void> {
  if (deltas.size === 0) return
  const months = [...deltas.keys()]
  const params = [months, months.map((m) => deltas.get(m)!), now]
  await client.query(`UPDATE archive_months a SET stories = a.stories + u.d, last_modified = $3
      FROM unnest($1::text[], $2::int[]) AS u(m, d) WHERE a.month = u.m`, params)
  await client.query(`INSERT INTO archive_months (month, stories, last_modified)
      SELECT m, d, $3 FROM unnest($1::text[], $2::int[]) AS u(m, d) WHERE d > 0
      ON CONFLICT (month) DO NOTHING`, params)
  await client.query('DELETE FROM archive_months WHERE month = ANY($1::text[]) AND stories = 0', [months])
}

const addDelta = (deltas: Map<string, number>, month: string, by: number) => deltas.set(month, (deltas.get(month) ?? 0) + by)

/** Inserts or replaces stories by id; the caller bumps the content version. */
export async function writeStories(client: pg.ClientBase, stories: StorySnapshot[], now: string): Promise<UpsertResult> {
  const result: UpsertResult = { inserted: 0, updated: 0 }
  for (let i = 0; i < stories.length; i += CHUNK) {
    const chunk = await writeChunk(client, stories.slice(i, i + CHUNK), now)
    result.inserted += chunk.inserted
    result.updated += chunk.updated
  }
  return result
}

async function writeChunk(client: pg.ClientBase, stories: StorySnapshot[], now: string): Promise<UpsertResult> {
  const result: UpsertResult = { inserted: 0, updated: 0 }
  const ids = [...new Set(stories.map((s) => s.id))]
  const stored = new Map<string, Existing>()
  for (const r of (await client.query<{ id: string; seq: number; published_at: string | null }>(
    'SELECT id, seq, published_at FROM stories WHERE id = ANY($1::text[])', [ids])).rows) {
    stored.set(r.id, { seq: r.seq, publishedAt: r.published_at })
  }

  // Which sort keys are taken in the database as it was before this chunk; the preferred slot of each story is
  // fetched at once, any other slot (a collision in the same published second) when it is tried.
  const base = (s: StorySnapshot) => publishedSecond(s.published_at) * TIEBREAK_SLOTS
  const occupied = new Map<number, boolean>()
  const preferred = stories.map((s) => base(s) + preferredTiebreak(s.id))
  for (const seq of preferred) occupied.set(seq, false)
  for (const r of (await client.query<{ seq: number }>('SELECT seq FROM stories WHERE seq = ANY($1::bigint[])', [preferred])).rows) {
    occupied.set(r.seq, true)
  }
  const occupiedInDb = async (seq: number) => {
    let taken = occupied.get(seq)
    if (taken === undefined) {
      taken = (await client.query('SELECT 1 FROM stories WHERE seq = $1', [seq])).rowCount! > 0
      occupied.set(seq, taken)
    }
    return taken
  }

  // Replay the chunk in order, as SQLite writes it: each story leaves its old row (freeing its seq and its month)
  // and takes the first free slot of its published second, starting at the slot its id prefers.
  const current = new Map<string, Existing & { stored: boolean }>()
  const freed = new Set<number>()
  const takenHere = new Set<number>()
  const replaced = new Set<string>()
  const final = new Map<string, { story: StorySnapshot; seq: number }>()
  const sources = new Map<string, { name: string; siteUrl: string | null }>()
  const months = new Map<string, number>()
  for (const s of stories) {
    const old = current.get(s.id) ?? (stored.has(s.id) ? { ...stored.get(s.id)!, stored: true } : undefined)
    if (old) {
      result.updated++
      addDelta(months, archiveMonthKey(old.publishedAt), -1)
      if (old.stored) {
        freed.add(old.seq)
        replaced.add(s.id)
      } else {
        takenHere.delete(old.seq)
      }
    } else {
      result.inserted++
    }
    addDelta(months, archiveMonthKey(s.published_at), 1)
    if (s.source) sources.set(s.source.id, { name: s.source.name, siteUrl: s.source.site_url })

    let seq: number | undefined
    const first = preferredTiebreak(s.id)
    for (let i = 0; i < TIEBREAK_SLOTS && seq === undefined; i++) {
      const candidate = base(s) + ((first + i) % TIEBREAK_SLOTS)
      if (takenHere.has(candidate)) continue
      if (freed.has(candidate) || !(await occupiedInDb(candidate))) seq = candidate
    }
    if (seq === undefined) throw new Error(`storage: more than ${TIEBREAK_SLOTS} stories share the published second of ${s.published_at}`)
    takenHere.add(seq)
    current.set(s.id, { seq, publishedAt: s.published_at, stored: false })
    final.set(s.id, { story: s, seq })
  }

  if (replaced.size > 0) await client.query('DELETE FROM stories WHERE id = ANY($1::text[])', [[...replaced]])
  if (sources.size > 0) {
    const list = [...sources]
    await client.query(`INSERT INTO sources (id, name, site_url)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`,
      [list.map(([id]) => id), list.map(([, v]) => v.name), list.map(([, v]) => v.siteUrl)])
  }
  await insertStories(client, [...final.values()], now)
  await applyMonthDeltas(client, months, now)
  return result
}

async function insertStories(client: pg.ClientBase, rows: Array<{ story: StorySnapshot; seq: number }>, now: string): Promise<void> {
  const c = {
    seq: [] as number[], id: [] as string[], originalUrl: [] as string[], originalTitle: [] as string[],
    author: [] as Array<string | null>, publishedAt: [] as Array<string | null>, cover: [] as Array<string | null>,
    category: [] as string[], sourceId: [] as Array<string | null>, multiSource: [] as boolean[],
    coveredBy: [] as Array<string | null>, textLang: [] as string[], quarantined: [] as boolean[],
  }
  const t = {
    storyId: [] as string[], lang: [] as string[], headline: [] as Array<string | null>, summary: [] as Array<string | null>,
    cards: [] as Array<string | null>, seq: [] as number[], search: [] as Array<string | null>,
  }
  const text = (storyId: string, seq: number, lang: string, headline: string | null, summary: string | null, cards: unknown,
    written: Language, sourceId: string | null) => {
    t.storyId.push(storyId)
    t.lang.push(lang)
    t.headline.push(headline)
    t.summary.push(summary)
    t.cards.push(json(cards))
    t.seq.push(seq)
    t.search.push(headline ? toSearchVector(headline, written, sourceId) : null)
  }
  for (const { story: s, seq } of rows) {
    c.seq.push(seq)
    c.id.push(s.id)
    c.originalUrl.push(s.original_url)
    c.originalTitle.push(s.original_title)
    c.author.push(s.author)
    c.publishedAt.push(s.published_at)
    c.cover.push(s.cover_image_url)
    c.category.push(s.category)
    c.sourceId.push(s.source?.id ?? null)
    c.multiSource.push(s.multi_source)
    c.coveredBy.push(json(s.covered_by))
    c.textLang.push(s.text_lang)
    c.quarantined.push(s.quarantined === true)
    // The English row holds the base text, written in text_lang until a model translates it.
    text(s.id, seq, 'en', s.headline, s.summary, s.cards, s.text_lang, s.source?.id ?? null)
    for (const lang of TRANSLATION_LANGUAGES) {
      const tr = s.translations[lang]
      if (tr) text(s.id, seq, lang, tr.headline ?? null, tr.summary ?? null, tr.cards, lang, s.source?.id ?? null)
    }
  }
  await client.query(`INSERT INTO stories (seq, id, original_url, original_title, author, published_at, cover_image_url,
      category, source_id, multi_source, covered_by, updated_at, text_lang, quarantined)
      SELECT seq, id, original_url, original_title, author, published_at, cover_image_url, category, source_id,
        multi_source, covered_by, $13, text_lang, quarantined
      FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
        $9::text[], $10::boolean[], $11::text[], $12::text[], $14::boolean[])
        AS u(seq, id, original_url, original_title, author, published_at, cover_image_url, category, source_id,
          multi_source, covered_by, text_lang, quarantined)`,
    [c.seq, c.id, c.originalUrl, c.originalTitle, c.author, c.publishedAt, c.cover, c.category, c.sourceId,
      c.multiSource, c.coveredBy, c.textLang, now, c.quarantined])
  await client.query(`INSERT INTO story_texts (story_id, lang, headline, summary, cards, story_seq, search)
      SELECT story_id, lang, headline, summary, cards, story_seq, search::tsvector
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[])
        AS u(story_id, lang, headline, summary, cards, story_seq, search)`,
    [t.storyId, t.lang, t.headline, t.summary, t.cards, t.seq, t.search])
}

/** Removes stories by id (unknown ids are ignored) with their texts, relations and month counts; returns how many. */
export async function deleteStories(client: pg.ClientBase, ids: string[], now: string): Promise<number> {
  await removeRelations(client, ids)
  const removed = (await client.query<{ published_at: string | null }>(
    'DELETE FROM stories WHERE id = ANY($1::text[]) RETURNING published_at', [ids])).rows
  const months = new Map<string, number>()
  for (const r of removed) addDelta(months, archiveMonthKey(r.published_at), -1)
  await applyMonthDeltas(client, months, now)
  return removed.length
}

/** The store's StoryWriter: each call one transaction, after lockContent, reporting the version it committed. */
export function createPostgresStoryWrites({ transaction }: PostgresAccess, versions: ContentVersionHooks): StoryWriter {
  return {
    async upsertStories(stories) {
      if (stories.length === 0) return { inserted: 0, updated: 0 }
      const { result, version } = await transaction(async (client) => {
        await lockContent(client)
        const result = await writeStories(client, stories, new Date().toISOString())
        return { result, version: await bumpContentVersion(client, versions.channel) }
      })
      versions.committed(version)
      return result
    },

    async deleteStories(ids) {
      if (ids.length === 0) return 0
      const { removed, version } = await transaction(async (client) => {
        await lockContent(client)
        const removed = await deleteStories(client, ids, new Date().toISOString())
        return { removed, version: removed > 0 ? await bumpContentVersion(client, versions.channel) : null }
      })
      if (version !== null) versions.committed(version)
      return removed
    },
  }
}
