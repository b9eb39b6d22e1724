import pg from 'pg'
import type { StorySnapshot } from '../../domain/story.ts'
import { TIEBREAK_SLOTS, monthSeqRange } from '../sqlite/sort-key.ts'
import type { ArchiveMonthRecord, CategoryRecord, SourceTopicRecord, Store } from '../store.ts'
import type { Topic } from '../../domain/topics.ts'
import { clientConfig, createPool, parsePostgresUrl, type PostgresConnection, type PostgresPoolOptions } from './connection.ts'
import { createReachability, withDeadline } from './reachability.ts'
import { contentChannel, createContentVersionCache, type ContentVersionCache, type ContentVersionOptions } from './content-version.ts'
import { migratePostgres } from './migrations.ts'
import { createPostgresCrawlStore } from './postgres-crawl-store.ts'
import { SQL } from './queries.ts'
import { postingsParams, termTokens } from './search-postings.ts'
import { toSearchQuery } from './search-tokens.ts'
import { sourceTerm } from '../../domain/search-terms.ts'
import { SEARCH_KEYWORD_WINDOW, windowTerms } from '../search-window.ts'
import { SEQ_END, publishedAtOfSeq, seqWindow } from '../story-window.ts'
import {
  pagedSnapshots, toRelatedRecord, toSourceRecord, toStamp, toStoryDetailRecord, toStoryRecord,
  type ExportStoryRow, type RelatedRow, type SourceRow, type StampRow, type StoryValues, type TextRow,
} from '../story-rows.ts'
import { RELATED_STORIES_KEPT } from '../../domain/story-relations.ts'
import { COL } from '../story-columns.ts'
import { deleteStories, writeStories } from './story-sql.ts'
import { resolveRedirect } from './story-merges.ts'
import { bumpContentVersion, inTransaction, lockContent } from './transaction.ts'
import { createDamageRecord, watchForDamage, type StoreDamage } from '../store-damage.ts'

/** Stories walked newest first to find a phrase term's window before asking the GIN index (see searchStories). */
export const SEARCH_WALK = 2000

/** Health's round trip: a server that does not answer within this is reported (and marked) as not answering. */
export const PING_TIMEOUT_MS = 1_000
/** The probe of a server marked not answering: connecting and its one query, each. */
const PROBE_TIMEOUT_MS = 1_000

/** One round trip on a connection of its own, with short timeouts: does the server answer again? */
async function probeServer(conn: PostgresConnection): Promise<void> {
  const client = new pg.Client(clientConfig(conn, { applicationName: 'newsdesk-probe', connectTimeoutMs: PROBE_TIMEOUT_MS, queryTimeoutMs: PROBE_TIMEOUT_MS }))
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
  } finally {
    // A connection whose query timed out is destroyed by end(), so this never waits on a silent server.
    await client.end().catch(() => {})
  }
}

export interface PostgresStore extends Store {
  /** Resolves once the schema is migrated (every other method waits for it too); rejects when that failed. */
  ready(): Promise<void>
  /** The schema this store's tables live in. */
  readonly schema: string
  /** The in-memory content version (see content-version.ts). */
  readonly versions: ContentVersionCache
}

/**
 * Opens the PostgreSQL store named by a `postgres://` or `postgresql://` URL. Returns at once: connecting and
 * applying pending migrations start immediately, every method waits for them, and a failed start (the server
 * was down) is retried by the next call. close() reports a migration failure, so `newsdesk migrate` does too.
 */
export function openPostgresStore(databaseUrl: string, opts: PostgresPoolOptions & ContentVersionOptions = {}): PostgresStore {
  const conn = parsePostgresUrl(databaseUrl)
  const pool = createPool(conn, opts)

  const attempt = () => {
    const p = migratePostgres(conn).then(() => undefined)
    p.catch(() => {}) // observed by the next call that waits for it
    return p
  }
  let migrated = attempt()
  async function ready(): Promise<void> {
    const current = migrated
    try {
      await current
    } catch {
      if (migrated === current) migrated = attempt()
      await migrated
    }
  }

  // Every read goes through `reached`: while the server is known not to answer it fails at once (see reachability.ts).
  const reach = createReachability(() => probeServer(conn))
  const reached = async <T>(work: () => Promise<T>): Promise<T> => {
    await ready()
    reach.check()
    try {
      return await work()
    } catch (err) {
      reach.failed(err)
      throw err
    }
  }
  const query = <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    reached(async () => (await pool.query<R>(sql, params)).rows)
  /** Story rows as arrays in STORY_COLUMNS order (see story-columns.ts): no keyed object per row. */
  const storyRows = (sql: string, params: unknown[]): Promise<StoryValues[]> =>
    reached(async () => (await pool.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows)
  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => reached(() => inTransaction(pool, work))

  const channel = contentChannel(conn.schema)
  const versions = createContentVersionCache({
    conn, ready, read: async () => (await query<{ value: string }>(SQL.version))[0]!.value,
    unanswering: () => reach.unanswering(),
    failed: (err) => reach.failed(err),
  }, opts)

  const damage = createDamageRecord()
  return watchForDamage<PostgresStore>({
    dialect: 'postgres',
    schema: conn.schema,
    ready,
    versions,
    crawl: createPostgresCrawlStore(pool, ready, { channel, committed: versions.advance }),

    async listStories({ topic, limit, lang, filter = {} }) {
      const { lo, hi } = seqWindow(filter)
      const { sourceId } = filter
      const rows = topic
        ? (sourceId
          ? await storyRows(SQL.listTopicSource, [lang, limit, sourceId, lo, hi, topic])
          : await storyRows(SQL.listTopic, [lang, limit, topic, lo, hi]))
        : (sourceId
          ? await storyRows(SQL.listSource, [lang, limit, sourceId, lo, hi])
          : await storyRows(SQL.list, [lang, limit, lo, hi]))
      return rows.map(toStoryRecord)
    },

    async searchStories({ terms, limit, lang, filter = {} }) {
      const pageOf = async (seqs: string[]) => {
        if (seqs.length === 0) return []
        // A story rewritten during the steps could be seen twice.
        const seen = new Set<string>()
        return (await storyRows(SQL.storiesBySeq, [lang, seqs]))
          .filter((r) => { const id = r[COL.id] as string; return !seen.has(id) && seen.add(id) })
          .slice(0, limit)
          .map(toStoryRecord)
      }
      const all = filter.sourceId ? [...terms, sourceTerm(filter.sourceId)] : terms
      const tsquery = toSearchQuery(all)
      if (tsquery === null) return []
      const { lo, hi } = seqWindow(filter)
      if (lo >= hi) return []
      // The terms bounding the range: the query's own, but a phrase's tokens for a phrase (storage/search-window.ts).
      // Each one's window comes from the search postings (a backwards range scan per token, O(window); every term in
      // one statement). The walk of the newest SEARCH_WALK stories and the GIN index below it are left for a term
      // the postings cannot answer: a prefix with no string after it, which no parsed keyword is.
      const bounding = windowTerms(all)
      // One term that is its own window: its rows are the matches, no test needed.
      const alone = all.length === 1 && bounding.length === 1 && bounding[0] === all[0]
      const termQueries = bounding.map((t) => toSearchQuery([t])!)
      const lookups = bounding.map(termTokens)
      let walk: { floor: number; rows: Array<Record<string, string | boolean>> } | undefined
      const walked = async () => {
        if (walk) return walk
        const floor = Math.max(lo, Number((await query<{ floor: string }>(SQL.searchFloor, [SEARCH_WALK, String(hi)]))[0]!.floor))
        const rows = await query<Record<string, string | boolean>>(SQL.searchTermsWalk(bounding.length), [lang, String(floor), String(hi), ...termQueries])
        return (walk = { floor, rows })
      }
      // The candidate rows tested against the whole query: the matches among them, newest first, `limit` at most.
      const verify = async (rows: number[]) => (await query<{ story_seq: string }>(SQL.searchVerify, [lang, limit, [...new Set(rows)].map(String), tsquery]))
        .map((r) => r.story_seq)
      const indexed = lookups.flatMap((tokens, term) => (tokens ? [{ term, tokens }] : []))
      const posted = new Map<number, number[]>(indexed.map(({ term }) => [term, []]))
      // When the postings answer every term, only the widest term's rows come back (and each other term's first and
      // floor rows).
      const allRows = indexed.length < bounding.length
      const widestRows: number[] = []
      if (indexed.length > 0) {
        for (const r of await query<{ term: number; story_seq: string; widest: boolean }>(SQL.searchTermPostings,
          [lang, SEARCH_KEYWORD_WINDOW, ...postingsParams(indexed), String(hi), String(lo), allRows])) {
          posted.get(r.term)!.push(Number(r.story_seq))
          if (r.widest) widestRows.push(Number(r.story_seq))
        }
      }
      if (!allRows) {
        // A keyword without a match in the range: nothing matches every keyword. Otherwise the widest term's rows
        // hold every story matching the whole query in the final range (storage/search-window.ts): one test.
        if ([...posted.values()].some((rows) => rows.length === 0)) return []
        if (alone) return pageOf([...new Set(widestRows.map(String))].slice(0, limit))
        return pageOf(await verify(widestRows))
      }
      const termRows = async (i: number): Promise<number[]> => {
        const fromPostings = posted.get(i)
        if (fromPostings) return fromPostings
        const { floor: walkFloor, rows } = await walked()
        const seqs = rows.filter((r) => r[`m${i}`] === true).slice(0, SEARCH_KEYWORD_WINDOW).map((r) => Number(r.story_seq))
        if (seqs.length < SEARCH_KEYWORD_WINDOW && walkFloor > lo) {
          const older = await query<{ story_seq: string }>(SQL.searchTermIndex, [lang, SEARCH_KEYWORD_WINDOW - seqs.length, termQueries[i], String(walkFloor), String(lo)])
          seqs.push(...older.map((r) => Number(r.story_seq)))
        }
        return seqs
      }
      const floorOf = (rows: number[]) => (rows.length === SEARCH_KEYWORD_WINDOW ? rows[rows.length - 1]! : lo)
      // Every story matching the whole query at or above a term's floor is among that term's rows: testing them
      // finds the query's matches there. The first term's range alone is enough when it fills the page (it is the
      // newest part of the final range); otherwise the term reaching back furthest gives the final range.
      const firstRows = await termRows(0)
      // One term: its rows are the matches.
      if (alone) return pageOf([...new Set(firstRows.map(String))].slice(0, limit))
      let seqs = await verify(firstRows)
      if (seqs.length < limit && floorOf(firstRows) > lo) {
        let widest = firstRows
        for (let i = 1; i < bounding.length; i++) {
          const rows = await termRows(i)
          if (floorOf(rows) < floorOf(widest)) widest = rows
        }
        if (widest !== firstRows) seqs = await verify(widest)
      }
      return pageOf(seqs)
    },

    async getStory(id, lang) {
      const [row] = await storyRows(SQL.get, [lang, id])
      return row ? toStoryDetailRecord(row) : null
    },

    async relatedStories(id, lang) {
      return (await query<RelatedRow>(SQL.related, [lang, id, RELATED_STORIES_KEPT])).map(toRelatedRecord)
    },

    async storyRedirect(id) {
      return resolveRedirect(query, id)
    },

    async listCategories(lang) {
      return query<CategoryRecord>(SQL.categories, [lang])
    },

    async listSources({ limit, after }) {
      const rows = after === undefined ? await query<SourceRow>(SQL.sources, [limit]) : await query<SourceRow>(SQL.sourcesAfter, [limit, after])
      return rows.map(toSourceRecord)
    },

    async getSource(id) {
      const [row] = await query<SourceRow>(SQL.source, [id])
      return row ? toSourceRecord(row) : null
    },

    async sourceTopics() {
      return (await query<{ source_id: string; category: Topic; stories: number; last_seq: string }>(SQL.sourceTopics))
        .map((r): SourceTopicRecord => ({
          sourceId: r.source_id, category: r.category, stories: r.stories, lastKey: r.last_seq, lastPublishedAt: publishedAtOfSeq(Number(r.last_seq)),
        }))
    },

    async storyKeyAbove({ key, offset, topic, sourceId }) {
      const rows = topic
        ? (sourceId
          ? await query<{ above: string }>(SQL.keyAboveTopicSource, [key, offset, sourceId, topic])
          : await query<{ above: string }>(SQL.keyAboveTopic, [key, offset, topic]))
        : (sourceId
          ? await query<{ above: string }>(SQL.keyAboveSource, [key, offset, sourceId])
          : await query<{ above: string }>(SQL.keyAbove, [key, offset]))
      return rows[0]?.above ?? null
    },

    async listSourceStories({ sourceId, limit, lang }) {
      return (await storyRows(SQL.listSource, [lang, limit, sourceId, 0, SEQ_END])).map(toStoryRecord)
    },

    async listRecentStamps(limit) {
      return (await query<StampRow>(SQL.recentStamps, [limit])).map(toStamp)
    },

    async archiveMonths() {
      return (await query<{ month: string; stories: number; last_modified: string }>(SQL.archiveMonths))
        .map((r): ArchiveMonthRecord => ({
          month: r.month === 'undated' ? null : r.month, stories: r.stories, lastModified: r.last_modified,
        }))
    },

    async listMonthStamps({ month, offset, limit }) {
      const { lo, hi } = month === null ? { lo: 0, hi: TIEBREAK_SLOTS } : monthSeqRange(month)
      return (await query<StampRow>(SQL.monthStamps, [lo, hi, month === null, limit, offset])).map(toStamp)
    },

    async latestPublishedAt() {
      const [row] = await query<{ published_at: string | null }>(SQL.latest)
      return row?.published_at ?? null
    },

    async countStories() {
      return (await query<{ n: number }>(SQL.count))[0]!.n
    },

    contentVersion() {
      return versions.current()
    },

    contentVersionNow() {
      return versions.known()
    },

    async upsertStories(stories) {
      if (stories.length === 0) return { inserted: 0, updated: 0 }
      const { result, version } = await transaction(async (client) => {
        await lockContent(client)
        const result = await writeStories(client, stories, new Date().toISOString())
        return { result, version: await bumpContentVersion(client, channel) }
      })
      versions.advance(version)
      return result
    },

    async deleteStories(ids) {
      if (ids.length === 0) return 0
      const { removed, version } = await transaction(async (client) => {
        await lockContent(client)
        const removed = await deleteStories(client, ids, new Date().toISOString())
        return { removed, version: removed > 0 ? await bumpContentVersion(client, channel) : null }
      })
      if (version !== null) versions.advance(version)
      return removed
    },

    async countStoriesWithIds(ids) {
      return (await query<{ n: number }>(SQL.countIds, [ids]))[0]!.n
    },

    exportStories(): AsyncIterable<StorySnapshot> {
      return pagedSnapshots((after, limit) => query<ExportStoryRow>(SQL.exportPage, [after, limit]),
        (ids) => query<TextRow>(SQL.exportTexts, [ids]))
    },

    async ping() {
      // Health's probe answers within PING_TIMEOUT_MS whatever the pool is doing (a checkout may wait longer).
      await reached(() => withDeadline('the health ping', PING_TIMEOUT_MS, pool.query('SELECT 1')))
    },

    // PostgreSQL verifies its pages itself (and reports XX001/XX002 when it finds damage): the check is the round trip.
    async checkIntegrity() {
      await query('SELECT 1')
      return damage.current()
    },

    knownDamage: () => damage.current(),

    async close() {
      reach.close()
      try {
        await versions.close()
        await migrated
      } finally {
        await pool.end()
      }
    },
  }, postgresDamage, damage, ['contentVersionNow', 'knownDamage'])
}

/** SQLSTATE class XX codes for damaged data or indexes: permanent, unlike a lost connection. */
function postgresDamage(err: unknown): StoreDamage | null {
  const code = (err as { code?: unknown } | null)?.code
  if (code !== 'XX001' && code !== 'XX002') return null
  return { summary: `The database reports damaged ${code === 'XX001' ? 'data' : 'indexes'} (${code}).`, detail: `${code}: ${(err as Error).message}` }
}
