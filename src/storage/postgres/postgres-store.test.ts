import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { SAMPLE_EDITION_PATH } from '../../config/paths.ts'
import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { SEQ_END } from '../story-window.ts'
import { parseSearchTerms } from '../../domain/search-terms.ts'
import { StorySnapshot, serializeSnapshot } from '../../domain/story.ts'
import { TOPICS } from '../../domain/topics.ts'
import { toPublisher } from '../../publishers/publisher.ts'
import { makeStory } from '../../../test/fixtures/stories.ts'
import { runCli, testEnv } from '../../../test/helpers/cli.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../../../test/helpers/postgres.ts'
import { runCrawlStoreContract } from '../../../test/contracts/crawl-store.contract.ts'
import { runStoryRelationsContract } from '../../../test/contracts/story-relations.contract.ts'
import { runStoreContract } from '../../../test/contracts/store.contract.ts'
import { runSearchContract } from '../../../test/contracts/search.contract.ts'
import { openStore } from '../open-store.ts'
import type { ArticleRecord } from '../../domain/crawl-records.ts'
import { openSqliteStore } from '../sqlite/sqlite-store.ts'
import { preferredTiebreak } from '../sqlite/sort-key.ts'
import type { Store } from '../store.ts'
import { clientConfig, createPool, parsePostgresUrl } from './connection.ts'
import { MIGRATION_VERSIONS, migratePostgres } from './migrations.ts'
import { openPostgresStore } from './open-postgres-store.ts'
import { SEARCH_WALK } from './story-search.ts'
import { SEARCH_KEYWORD_WINDOW } from '../search-window.ts'
import { CRAWL_SQL } from './crawl-runs.ts'
import { SQL } from './queries.ts'
import { postingsParams, termTokens } from './search-postings.ts'
import { toSearchQuery } from './search-tokens.ts'

const schemas = useTestSchemas()

runStoreContract('postgres', async () => openPostgresStore(schemas.freshUrl()))
runSearchContract('postgres', async () => openPostgresStore(schemas.freshUrl()))
runCrawlStoreContract('postgres', async () => openPostgresStore(schemas.freshUrl()))
runStoryRelationsContract('postgres', async () => openPostgresStore(schemas.freshUrl()))

describe('postgres store specifics', () => {
  it('reads the schema from ?schema= or from a search_path in options, and keeps other parameters', () => {
    const a = parsePostgresUrl('postgres://u:p@db.example:5433/news?schema=newsdesk&sslmode=require')
    assert.equal(a.schema, 'newsdesk')
    assert.equal(a.options, '-c search_path=newsdesk')
    assert.equal(a.connectionString, 'postgres://u:p@db.example:5433/news?sslmode=require')
    const b = parsePostgresUrl(`postgresql://db/news?options=${encodeURIComponent('-c search_path=edition2 -c work_mem=8MB')}`)
    assert.equal(b.schema, 'edition2')
    assert.equal(b.options, '-c search_path=edition2 -c work_mem=8MB')
    assert.equal(parsePostgresUrl('postgres://db/news').schema, 'public')
    assert.throws(() => parsePostgresUrl('postgres://db/news?schema=a;drop'), /plain identifier/)
  })

  it('opens through openStore for postgres:// and postgresql:// URLs', async () => {
    for (const scheme of ['postgres', 'postgresql']) {
      const url = schemaUrl(schemas.fresh()).replace(/^postgres:/, `${scheme}:`)
      const store = openStore(url)
      try {
        await store.ping()
        assert.equal(await store.countStories(), 0)
      } finally {
        await store.close()
      }
    }
  })

  it('connects with a bounded pool, statement and idle-in-transaction timeouts, its name and its schema', async () => {
    const conn = parsePostgresUrl(schemas.freshUrl())
    const pool = createPool(conn)
    try {
      assert.equal(pool.options.max, 10)
      const { rows: [row] } = await pool.query(`SELECT current_setting('statement_timeout') AS st,
        current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('application_name') AS app,
        current_setting('search_path') AS path`)
      assert.deepEqual(row, { st: '5s', idle: '1min', app: 'newsdesk', path: conn.schema })
    } finally {
      await pool.end()
    }
  })

  it('applies the migrations once when several instances start together, and nothing on a re-open', async () => {
    const url = schemas.freshUrl()
    const conn = parsePostgresUrl(url)
    const applied = await Promise.all([migratePostgres(conn), migratePostgres(conn), migratePostgres(conn)])
    const all = MIGRATION_VERSIONS
    assert.deepEqual(applied.map((a) => a.length).sort(), [0, 0, MIGRATION_VERSIONS.length])
    assert.deepEqual(applied.find((a) => a.length > 0), all)

    // Two stores opening a fresh schema at the same moment both come up, and the history holds each version once.
    const fresh = schemas.freshUrl()
    const [a, b] = [openPostgresStore(fresh), openPostgresStore(fresh)]
    try {
      await Promise.all([a.ready(), b.ready()])
      await a.upsertStories([StorySnapshot.parse(makeStory())])
      assert.equal(await b.countStories(), 1)
      const versions = await inSchema(a.schema, async (c) => (await c.query('SELECT version FROM schema_migrations ORDER BY version')).rows)
      assert.deepEqual(versions.map((r) => r.version), all)
    } finally {
      await a.close()
      await b.close()
    }
    assert.deepEqual(await migratePostgres(conn), [])
  })

  it('`newsdesk migrate` creates the schema and applies every migration', async () => {
    const schema = schemas.fresh()
    const result = await runCli(['migrate'], { env: testEnv({ DATABASE_URL: schemaUrl(schema) }) })
    assert.equal(result.code, 0, result.stderr)
    const versions = await inSchema(schema, async (c) => (await c.query('SELECT version FROM schema_migrations ORDER BY version')).rows)
    assert.deepEqual(versions.map((r) => r.version), MIGRATION_VERSIONS)
    const unreachable = await runCli(['migrate'], { env: testEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' }) })
    assert.notEqual(unreachable.code, 0)
  })

  it('refuses a schema newer than this build', async () => {
    const url = schemas.freshUrl()
    const conn = parsePostgresUrl(url)
    await migratePostgres(conn)
    await inSchema(conn.schema, (c) => c.query(`INSERT INTO schema_migrations VALUES (999, 'future', '2099-01-01')`))
    await assert.rejects(migratePostgres(conn), /schema version 999 is newer/)
    const store = openPostgresStore(url)
    await assert.rejects(store.countStories(), /newer/)
    await assert.rejects(store.close(), /newer/)
  })

  it('migration 10 adds the article refetch queue to a store at version 9', async () => {
    const url = schemas.freshUrl()
    const conn = parsePostgresUrl(url)
    await migratePostgres(conn)
    // Back to what version 9 left: no queue.
    await inSchema(conn.schema, (c) => c.query('DROP TABLE article_refetch; DELETE FROM schema_migrations WHERE version = 10'))
    assert.deepEqual(await migratePostgres(conn), [10])
    const store = openPostgresStore(url)
    try {
      assert.deepEqual(await store.crawl.claimDueRefetches({ now: '2026-11-25T10:00:00.000Z', limit: 10, leaseSeconds: 60 }), [])
    } finally {
      await store.close()
    }
    const indexes = await inSchema(conn.schema, async (c) => (await c.query(`SELECT indexname FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'article_refetch' ORDER BY indexname`)).rows.map((r) => r.indexname))
    assert.deepEqual(indexes, ['article_refetch_due', 'article_refetch_pkey'])
  })

  it('migration 11 adds the related stories to a store at version 10', async () => {
    const url = schemas.freshUrl()
    const conn = parsePostgresUrl(url)
    await migratePostgres(conn)
    // Back to what version 10 left: no relations.
    await inSchema(conn.schema, (c) => c.query('DROP TABLE story_relations; DELETE FROM schema_migrations WHERE version = 11'))
    assert.deepEqual(await migratePostgres(conn), [11])
    const store = openPostgresStore(url)
    try {
      assert.deepEqual(await store.relatedStories('f6000000-0000-4000-8000-000000000001', 'en'), [])
    } finally {
      await store.close()
    }
  })

  it('clustered commits of several workers take turns: each is handed everything committed before it', async () => {
    const url = schemas.freshUrl()
    const workers = Array.from({ length: 3 }, () => openPostgresStore(url))
    try {
      const feeds = Array.from({ length: 12 }, (_, i) => toPublisher({
        name: `Feed ${i}`, site_url: null, feed_url: `https://c${i}.example/feed.xml`, topic: 'business', lang: 'en',
      }))
      await workers[0]!.crawl.syncPublishers(feeds, '2026-11-20T10:00:00.000Z')
      const fetchedAt = '2026-11-20T10:01:00.000Z'
      // Twelve runs at once, four per worker, every one claiming to have seen nothing: without the lock, runs whose
      // transactions overlap would be handed the same articles and miss each other's.
      const handed = await Promise.all(feeds.map(async (p, i) => {
        let count = -1
        await workers[i % 3]!.crawl.commitClusteredRun(0, (unseen) => {
          count = unseen.length
          return {
            feed: { feedUrl: p.feedUrl, etag: null, lastModified: null, nextFetchAt: fetchedAt, intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt, succeededAt: fetchedAt },
            articles: [{ id: `c5000000-0000-4000-8000-${String(i).padStart(12, '0')}`, storyId: `story-${i}`, publisherId: p.id, feedUrl: p.feedUrl,
              canonicalUrl: `https://c${i}.example/a`, guidKey: null, contentHash: `h${i}`, title: `A ${i}`, text: 'x', lang: 'en',
              publishedAt: null, fetchedAt, author: null, imageUrl: null, signature: Uint8Array.from([i]) }],
            stories: [], summaries: [],
          }
        })
        return count
      }))
      assert.deepEqual([...handed].sort((a, b) => a - b), feeds.map((_, i) => i), 'one run at a time, in a single order')
    } finally {
      await Promise.all(workers.map((w) => w.close()))
    }
  })

  it('a clustered commit holds no summary row while it waits for the content lock (a story rewrite takes them the other way round)', async () => {
    // Before, a batch wrote its first runs' summary rows and took the content lock only for its last run's relations,
    // while commitStories takes the content lock and then summary rows: the two deadlocked under a three-instance
    // crawl, the server aborted the batch, and its feeds were fetched again.
    const schema = schemas.fresh()
    const store = openPostgresStore(schemaUrl(schema))
    try {
      const feeds = [0, 1].map((i) => toPublisher({ name: `Lock ${i}`, site_url: null, feed_url: `https://l${i}.example/feed.xml`, topic: 'business', lang: 'en' }))
      await store.crawl.syncPublishers(feeds, '2026-11-20T10:00:00.000Z')
      const fetchedAt = '2026-11-20T10:01:00.000Z'
      const run = (i: number, extra: object = {}) => ({
        feed: { feedUrl: feeds[i]!.feedUrl, etag: null, lastModified: null, nextFetchAt: fetchedAt, intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt, succeededAt: fetchedAt },
        articles: [{ id: `c6000000-0000-4000-8000-${String(i).padStart(12, '0')}`, storyId: `story-${i}`, publisherId: feeds[i]!.id, feedUrl: feeds[i]!.feedUrl,
          canonicalUrl: `https://l${i}.example/a`, guidKey: null, contentHash: `lock${i}`, title: `A ${i}`, text: 'x', lang: 'en',
          publishedAt: null, fetchedAt, author: null, imageUrl: null, signature: Uint8Array.from([i]) }],
        stories: [], summaries: [{ storyId: 'story-0', source: 'extractive' as const, attempts: 0, retryAt: fetchedAt }],
        ...extra,
      })
      // story-0's summary row exists: the batch's first run updates it (a row lock until the batch commits).
      await inSchema(schema, (c) => c.query(`INSERT INTO story_summaries (story_id, source, attempts, retry_at) VALUES ('story-0', 'extractive', 0, $1)`, [fetchedAt]))
      await inSchema(schema, async (holder) => {
        // Another writer holds the content lock: the batch (its last run records a relation) waits for it.
        await holder.query('BEGIN')
        await holder.query(`SELECT value FROM meta WHERE key = 'content_version' FOR UPDATE`)
        const xid = (await holder.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x')).rows[0]!.x
        const batch = store.crawl.commitClusteredRun(0, () => [run(0), run(1, { relations: [{ storyId: 'story-1', relatedId: 'story-0', score: 0.5 }] })])
        let waiting = 0
        for (let tries = 0; waiting === 0 && tries < 100; tries++) {
          await new Promise((r) => setTimeout(r, 50))
          // Waiting for this holder's transaction, not for any other test's lock on another schema.
          waiting = Number((await holder.query<{ n: string }>(`SELECT count(*) AS n FROM pg_locks
            WHERE NOT granted AND locktype = 'transactionid' AND transactionid::text = $1`, [xid])).rows[0]!.n)
        }
        assert.equal(waiting, 1, 'the batch waits for the content lock')
        // What a story rewrite takes next: the summary row of story-0. Free, or the two would deadlock.
        const probe = await inSchema(schema, async (c) => {
          await c.query('BEGIN')
          try {
            await c.query(`SELECT story_id FROM story_summaries WHERE story_id = 'story-0' FOR UPDATE NOWAIT`)
            return 'free'
          } catch (err) {
            return (err as Error).message
          } finally {
            await c.query('ROLLBACK')
          }
        })
        await holder.query('ROLLBACK')
        await batch
        assert.equal(probe, 'free')
      })
      assert.equal(await inSchema(schema, async (c) => Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM story_summaries')).rows[0]!.n)), 1)
    } finally {
      await store.close()
    }
  })

  it('leases each due feed to one of several concurrent workers (FOR UPDATE SKIP LOCKED)', async () => {
    const url = schemas.freshUrl()
    const workers = Array.from({ length: 4 }, () => openPostgresStore(url))
    try {
      const publishers = Array.from({ length: 60 }, (_, i) => toPublisher({
        name: `Feed ${i}`, site_url: null, feed_url: `https://f${i}.example/feed.xml`, topic: 'business', lang: 'en',
      }))
      await workers[0]!.crawl.syncPublishers(publishers, '2026-11-20T10:00:00.000Z')
      const claims = await Promise.all(workers.flatMap((w, i) => [0, 1, 2].map(() =>
        w.crawl.claimDueFeeds({ now: '2026-11-20T10:00:00.000Z', limit: 7, owner: `w${i}`, leaseSeconds: 60 }))))
      const claimed = claims.flat().map((f) => f.publisher.feedUrl)
      assert.equal(new Set(claimed).size, claimed.length, 'no feed leased twice')
      assert.equal(claimed.length, 60)
    } finally {
      await Promise.all(workers.map((w) => w.close()))
    }
  })
})

describe('postgres query plans', () => {
  const STORIES = 20_000
  let client: pg.Client
  const COMMON_TOPICS = TOPICS.filter((t) => t !== 'design')
  const words = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}${'xyzq'[i % 4]}`)

  let planUrl = ''
  before(async () => {
    const url = schemas.freshUrl()
    planUrl = url
    const store = openPostgresStore(url)
    try {
      const sources = Array.from({ length: 40 }, (_, i) => ({
        id: `7d000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Source ${i}`, site_url: null,
      }))
      const stories = Array.from({ length: STORIES }, (_, i) => StorySnapshot.parse(makeStory({
        published_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        // 'design' and source 39 are rare (0.5 %), the other topics and sources common.
        category: i % 200 === 7 ? 'design' : COMMON_TOPICS[i % COMMON_TOPICS.length],
        source: sources[i % 200 === 9 ? 39 : i % 39],
        headline: `${words[i % 400]} ${words[(i * 7 + 3) % 400]} ${words[(i * 13 + 5) % 400]} report ${i}`,
        translations: i % 3 === 0
          ? { es: { headline: `Informe ${words[(i * 11) % 400]} ${i}` }, ja: { headline: `東京の半導体工場${i % 50}号` } }
          : {},
      })))
      for (let i = 0; i < stories.length; i += 500) await store.upsertStories(stories.slice(i, i + 500))
      await store.crawl.syncPublishers(Array.from({ length: 2000 }, (_, i) => toPublisher({
        name: `Feed ${i}`, site_url: null, feed_url: `https://f${i}.example/feed.xml`, topic: 'business', lang: 'en',
      })), '2026-11-20T10:00:00.000Z')
      const p = toPublisher({ name: 'Feed 0', site_url: null, feed_url: 'https://f0.example/feed.xml', topic: 'business', lang: 'en' })
      const articles = Array.from({ length: 3000 }, (_, i): ArticleRecord => ({
        id: `c3000000-0000-4000-8000-${String(i).padStart(12, '0')}`, storyId: stories[i % STORIES]!.id, publisherId: p.id,
        feedUrl: p.feedUrl, canonicalUrl: `https://f0.example/a/${i}`, guidKey: `g${i}`, contentHash: `h${i}`, title: `A ${i}`,
        text: 'Text.', lang: 'en', publishedAt: null, fetchedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        author: null, imageUrl: null, signature: Uint8Array.from([i % 256]),
      }))
      await store.crawl.commitFeedRun({
        feed: { feedUrl: p.feedUrl, etag: null, lastModified: null, nextFetchAt: '2026-11-20T11:00:00.000Z', intervalSeconds: 900,
          consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt: '2026-11-20T10:00:00.000Z', succeededAt: null },
        articles, stories: [], summaries: articles.slice(0, 500).map((a, i) => ({
          storyId: a.storyId, source: 'extractive' as const, attempts: 1, retryAt: i % 2 ? null : a.fetchedAt })),
        // Each story related to the next three: up to six relation rows per story, as in a crawled store.
        relations: stories.slice(0, 5000).flatMap((st, i) => [1, 2, 3].map((d) => ({
          storyId: st.id, relatedId: stories[i + d]!.id, score: (i % 7 + d) / 10 }))),
      })
    } finally {
      await store.close()
    }
    client = new pg.Client(clientConfig(parsePostgresUrl(url)))
    await client.connect()
    // Statistics for this schema's tables only (the search_path), as autovacuum would gather them.
    await client.query('ANALYZE stories, story_texts, search_postings, sources, categories, category_names, archive_months, feeds, articles, story_summaries, story_relations')
  })
  after(async () => client?.end())

  interface PlanNode {
    'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Scan Direction'?: string; 'Actual Rows'?: number
    Plans?: PlanNode[]
  }
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)]
  const explain = async (sql: string, params: unknown[]) => {
    const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)
    return nodes((rows[0]!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan)
  }
  const show = (plan: PlanNode[]) => plan.map((n) => `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`).join(' | ')
  const noSeqScan = (plan: PlanNode[], tables: string[]) => {
    for (const n of plan) {
      assert.ok(!(n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name']!)), `sequential scan: ${show(plan)}`)
    }
  }
  const uses = (plan: PlanNode[], type: RegExp, index: string, what = '') =>
    assert.ok(plan.some((n) => type.test(n['Node Type']) && n['Index Name'] === index), `${what} expected ${type} on ${index}: ${show(plan)}`)
  const STORY_TABLES = ['stories', 'story_texts']

  /** Stories are read by an index scan directly under a Limit: the walk stops after the page. */
  const boundedWalk = (plan: PlanNode[]) => {
    const walk = plan.find((n) => n['Node Type'] === 'Limit' && n.Plans?.[0]?.['Relation Name'] === 'stories')
    assert.ok(walk && /^Index (Only )?Scan$/.test(walk.Plans![0]!['Node Type']), `stories not walked under a Limit: ${show(plan)}`)
  }

  it('lists newest first by walking the sort-key indexes backwards, never scanning stories or texts', async () => {
    for (const lang of ['en', 'es']) {
      const list = await explain(SQL.list, [lang, 20, 0, SEQ_END])
      noSeqScan(list, STORY_TABLES)
      uses(list, /^Index (Only )?Scan$/, 'stories_pkey')
      boundedWalk(list)
      // A rare topic or publisher: its composite index. A common one: the planner may also walk the primary key
      // and skip the other topics' rows, a few per hit; both stop after the page.
      for (const [sql, value, index] of [[SQL.listTopic, 'design', 'stories_by_category'],
        [SQL.listSource, '7d000000-0000-4000-8000-000000000039', 'stories_by_source']] as const) {
        const rare = await explain(sql, [lang, 20, value, 0, SEQ_END])
        noSeqScan(rare, STORY_TABLES)
        uses(rare, /^(Bitmap )?Index Scan$/, index)
      }
      for (const [sql, value] of [[SQL.listTopic, 'finance'], [SQL.listSource, '7d000000-0000-4000-8000-000000000007']] as const) {
        const common = await explain(sql, [lang, 50, value, 0, SEQ_END])
        noSeqScan(common, STORY_TABLES)
        boundedWalk(common)
      }
      const get = await explain(SQL.get, [lang, 'a1000000-0000-4000-8000-000000000001'])
      noSeqScan(get, STORY_TABLES)
      uses(get, /^Index Scan$/, 'stories_id_key')
      // A story's few relation rows (a primary-key range), each joined to its story by id.
      const related = await explain(SQL.related, [lang, 'a1000000-0000-4000-8000-000000000001', 5])
      noSeqScan(related, [...STORY_TABLES, 'story_relations'])
      uses(related, /^(Bitmap )?Index (Only )?Scan$/, 'story_relations_pkey')
      uses(related, /^Index Scan$/, 'stories_id_key')
    }
    const recent = await explain(SQL.recentStamps, [1000])
    noSeqScan(recent, STORY_TABLES)
    boundedWalk(recent)
    const month = await explain(SQL.monthStamps, [0, 2 ** 40, false, 50, 0])
    noSeqScan(month, STORY_TABLES)
    uses(month, /^Index Scan$/, 'stories_pkey')
  })

  const TOP = '9223372036854775807'
  const W = SEARCH_KEYWORD_WINDOW
  const walkFloor = async () => {
    const { rows: [{ floor }] } = await client.query(SQL.searchFloor, [SEARCH_WALK, TOP])
    assert.ok(Number(floor) > 0, 'the corpus is larger than the walk')
    return floor as string
  }
  const termQueries = (q: string, lang: string) => parseSearchTerms(q, lang as Language).terms.map((t) => toSearchQuery([t])!)
  const RARE = [['w1x', 'en'], ['w1xy', 'en'], ['w5q', 'es'], ['w2y', 'en']] as const
  const COMMON = [['report', 'en'], ['repo', 'es'], ['informe', 'es'], ['半導体工場', 'ja'], ['reports', 'en']] as const
  const NEVER_TOGETHER = [['東京 w5', 'ja'], ['report informe', 'es'], ['w1xy w2yz', 'en']] as const

  const walkHits = async (lang: string, tq: string, floor: string) =>
    (await client.query(SQL.searchTermsWalk(1), [lang, floor, TOP, tq])).rowCount!

  it('walks the newest stories once for every term, and tests candidates, through story_texts_by_seq, never GIN', async () => {
    const floor = await walkFloor()
    for (const [q, lang] of [...RARE, ...COMMON, ...NEVER_TOGETHER]) {
      const tqs = termQueries(q, lang)
      const walk = await explain(SQL.searchTermsWalk(tqs.length), [lang, floor, TOP, ...tqs])
      noSeqScan(walk, STORY_TABLES)
      uses(walk, /^(Bitmap )?Index Scan$/, 'story_texts_by_seq', q)
      assert.ok(!walk.some((n) => n['Index Name'] === 'story_texts_search'), `${q}: ${show(walk)}`)
      const verify = await explain(SQL.searchVerify, [lang, 20, ['1', '2', '3'], toSearchQuery(parseSearchTerms(q, lang as Language).terms)])
      noSeqScan(verify, STORY_TABLES)
      uses(verify, /^(Bitmap )?Index Scan$/, 'story_texts_by_seq', q)
    }
  })

  it("fills a common term's window in the walk: no index step", async () => {
    const floor = await walkFloor()
    for (const [q, lang] of COMMON) assert.ok(await walkHits(lang, termQueries(q, lang)[0]!, floor) >= W, q)
  })

  // The walk and the GIN index answer the phrase terms (search-postings.ts termTokens); checked here on every term.
  it('asks the GIN index, below the walk, for a term too rare to fill its window there', async () => {
    const floor = await walkFloor()
    for (const [q, lang] of RARE) {
      const [tq] = termQueries(q, lang)
      assert.ok(await walkHits(lang, tq!, floor) < W, q)
      const index = await explain(SQL.searchTermIndex, [lang, W, tq, floor, 0])
      noSeqScan(index, STORY_TABLES)
      uses(index, /^Bitmap Index Scan$/, 'story_texts_search', q)
    }
  })

  it("reads each word term's newest rows from the search postings: a bounded backwards index scan per token, never GIN", async () => {
    const { rows: [{ n }] } = await client.query(`SELECT count(*)::int AS n FROM search_postings WHERE token = 'report'`)
    assert.ok(n > 20 * W, 'a common token has many more postings than a window')
    let phrases = 0
    for (const [q, lang] of [...RARE, ...COMMON, ...NEVER_TOGETHER]) {
      const indexed = parseSearchTerms(q, lang as Language).terms.flatMap((t, term) => {
        const tokens = termTokens(t)
        if (!tokens) phrases++
        return tokens ? [{ term, tokens }] : []
      })
      if (indexed.length === 0) continue
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${SQL.searchTermPostings}`,
        [lang, W, ...postingsParams(indexed), TOP, '0', false])
      const plan = nodes((rows[0]!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan)
      noSeqScan(plan, [...STORY_TABLES, 'search_postings'])
      assert.ok(!plan.some((x) => x['Relation Name'] === 'story_texts'), `${q}: no headline rows read: ${show(plan)}`)
      const scans = plan.filter((x) => x['Relation Name'] === 'search_postings')
      assert.ok(scans.length > 0 && scans.every((x) => /^Index (Only )?Scan$/.test(x['Node Type']) && x['Index Name'] === 'search_postings_pkey'), `${q}: ${show(plan)}`)
      // The rows of each token are read newest first under a Limit: at most a window of entries per token.
      const reads = plan.filter((x) => x['Node Type'] === 'Limit' && x.Plans?.[0]?.['Scan Direction'] === 'Backward'
        && x.Plans[0]['Relation Name'] === 'search_postings')
      assert.ok(reads.length > 0, `${q}: no bounded backwards read: ${show(plan)}`)
      for (const r of reads) assert.ok(r.Plans![0]!['Actual Rows']! <= W, `${q}: ${r.Plans![0]!['Actual Rows']} entries read per token`)
    }
    assert.ok(phrases > 0, 'the phrase terms are left to the walk and the GIN index')
  })

  it('answers exactly what the window rule (storage/search-window.ts) computed over every headline answers', async () => {
    const store = openPostgresStore(planUrl)
    try {
      const cases = [['w1x', 'en', 20], ['w2y', 'en', 50], ['report w1', 'en', 20], ['w1', 'es', 40], ['工場7号', 'ja', 30],
        ['nothingatall', 'en', 20], ['report informe', 'es', 20], ['w1xy w2yz', 'en', 20], ['東京 w5', 'ja', 10], ['report 19999', 'en', 5]] as const
      let cut = 0
      for (const [q, lang, limit] of cases) {
        const { terms } = parseSearchTerms(q, lang)
        const got = (await store.searchStories({ terms, limit, lang })).map((r) => r.id)
        // Each term's W-th newest matching row, by reading every row: the lowest one is the floor.
        const floors: number[] = []
        for (const tq of termQueries(q, lang)) {
          const { rows } = await client.query<{ story_seq: string }>(`SELECT story_seq FROM story_texts
            WHERE lang IN ('en', $1) AND search @@ $2::tsquery ORDER BY story_seq DESC OFFSET $3 LIMIT 1`, [lang, tq, W - 1])
          floors.push(rows.length ? Number(rows[0]!.story_seq) : 0)
        }
        const floor = Math.min(...floors)
        if (floor > 0) cut++
        const { rows } = await client.query<{ id: string }>(`SELECT s.id FROM stories s WHERE s.seq >= $4 AND EXISTS (
            SELECT 1 FROM story_texts t WHERE t.story_id = s.id AND t.lang IN ('en', $1) AND t.search @@ $2::tsquery)
          ORDER BY s.seq DESC LIMIT $3`, [lang, toSearchQuery(terms), limit, floor])
        assert.deepEqual(got, rows.map((r) => r.id), q)
      }
      assert.ok(cut >= 2, 'some cases reach only part of the corpus')
    } finally {
      await store.close()
    }
  })

  it("answers the crawler's reads from indexes", async () => {
    const cases: Array<[keyof typeof CRAWL_SQL, unknown[], string]> = [
      ['claimDue', ['2026-11-20T10:00:00.000Z', 10, 'w', '2026-11-20T10:01:00.000Z'], 'feeds_due'],
      ['knownUrls', [['https://f0.example/a/1']], 'articles_canonical_url_key'],
      ['knownGuids', [['g1']], 'articles_guid_key_key'],
      ['knownHashes', [['h1']], 'articles_by_hash'],
      ['recentPage', ['2026-01-03T00:00:00.000Z', '', ''], 'articles_by_fetch'],
      ['storyArticles', ['x', 10], 'articles_by_story'],
      ['dueSummaries', ['2026-01-01T01:00:00.000Z', 10], 'story_summaries_due'],
    ]
    for (const [name, params, index] of cases) {
      const plan = await explain(CRAWL_SQL[name], params)
      noSeqScan(plan, ['feeds', 'articles', 'story_summaries'])
      uses(plan, /Index/, index)
    }
  })
})

describe('postgres answers exactly what sqlite answers (the sample edition)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-pg-parity-'))
  let sqlite: Store
  let postgres: Store
  const stories = fs.readFileSync(SAMPLE_EDITION_PATH, 'utf8').split('\n').filter(Boolean)
    .map((line) => StorySnapshot.parse(JSON.parse(line)))

  before(async () => {
    sqlite = openSqliteStore(path.join(dir, 'parity.db'))
    postgres = openPostgresStore(schemas.freshUrl())
    // Same stories, different batches and order: the sort keys still come out the same.
    await sqlite.upsertStories(stories)
    for (let i = stories.length; i > 0; i -= 40) await postgres.upsertStories(stories.slice(Math.max(0, i - 40), i))
  })
  after(async () => {
    await sqlite?.close()
    await postgres?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const same = async <T>(what: string, read: (store: Store) => Promise<T>) =>
    assert.deepEqual(await read(postgres), await read(sqlite), what)

  it('lists, topics, publishers, stamps, months and the export are identical', async () => {
    for (const lang of LANGUAGES) {
      await same(`list ${lang}`, (s) => s.listStories({ limit: 50, lang }))
      for (const topic of TOPICS) await same(`topic ${topic} ${lang}`, (s) => s.listStories({ topic, limit: 7, lang }))
      await same(`categories ${lang}`, (s) => s.listCategories(lang))
    }
    await same('sources', (s) => s.listSources({ limit: 1000 }))
    // Pages of two, each after the last of the one before: the same order and the same pages on both.
    await same('source pages', async (s) => {
      const pages: string[][] = []
      for (let after: string | undefined; ;) {
        const page = await s.listSources({ limit: 2, after })
        if (page.length === 0) return pages
        pages.push(page.map((x) => x.name))
        after = page[page.length - 1]!.id
      }
    })
    for (const source of await sqlite.listSources({ limit: 1000 })) {
      await same(`source ${source.name}`, (s) => s.listSourceStories({ sourceId: source.id, limit: 50, lang: 'fr' }))
    }
    const ids = async (s: Store) => (await s.listRecentStamps(500)).map((x) => [x.id, x.publishedAt])
    await same('stamps', ids)
    await same('months', async (s) => (await s.archiveMonths()).map((m) => [m.month, m.stories]))
    for (const m of await sqlite.archiveMonths()) {
      await same(`month ${m.month}`, async (s) => (await s.listMonthStamps({ month: m.month, offset: 3, limit: 20 })).map((x) => x.id))
    }
    // updatedAt is when each store wrote the story: the two imports ran at different moments.
    await same('story', async (s) => {
      const story = await s.getStory(stories[5]!.id, 'ja')
      assert.ok(story && !Number.isNaN(Date.parse(story.updatedAt)))
      return { ...story, updatedAt: undefined }
    })
    await same('latest', (s) => s.latestPublishedAt())
    const exported = async (s: Store) => {
      const lines: string[] = []
      for await (const snapshot of s.exportStories()) lines.push(serializeSnapshot(snapshot))
      return lines
    }
    await same('export', exported)
  })

  it('allocates the same sort keys when ids collide on a tiebreak slot, whatever the batches', async () => {
    // Two ids that prefer the same slot of a second (found by trying ids, birthday-style).
    const seen = new Map<number, string>()
    let pair: [string, string] | undefined
    for (let i = 0; !pair; i++) {
      const id = `f6000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
      const slot = preferredTiebreak(id)
      if (seen.has(slot)) pair = [seen.get(slot)!, id]
      else seen.set(slot, id)
    }
    const [a, b] = pair.map((id) => StorySnapshot.parse(makeStory({ id, published_at: '2026-11-25T10:00:00Z' })))
    const c = StorySnapshot.parse(makeStory({ published_at: '2026-11-25T10:00:00Z' }))
    const order = async (s: Store) => (await s.listStories({ limit: 5, lang: 'en' })).map((x) => x.id)
    for (const batch of [[b!], [a!, c], [b!, a!, b!], [{ ...a!, published_at: '2026-11-25T10:00:01Z' }, a!], [b!]]) {
      for (const s of [sqlite, postgres]) await s.upsertStories(batch)
      await same(`after ${batch.map((x) => x.id.slice(-4)).join(',')}`, order)
    }
    await same('counts', async (s) => (await s.archiveMonths()).map((m) => [m.month, m.stories]))
  })

  it('search finds the same stories for every word, prefix and pair of words of the headlines, in every language', async () => {
    const queries = new Set<string>()
    for (const story of stories.slice(0, 12)) {
      for (const headline of [story.headline, ...Object.values(story.translations).map((t) => t.headline ?? '')]) {
        const words = headline.split(/[\s,.:;!?"'“”‘’()«»、。・]+/u).filter((w) => w.length > 1)
        for (const w of words) {
          queries.add(w)
          queries.add(w.toUpperCase())
          queries.add([...w].slice(0, 3).join(''))
        }
        for (let i = 0; i + 1 < words.length; i += 2) queries.add(`${words[i]} ${words[i + 1]}`)
      }
    }
    let compared = 0
    for (const q of queries) {
      const { terms, keywords } = parseSearchTerms(q, 'en')
      if (terms.length === 0 || keywords > 16) continue
      for (const lang of ['en', 'es', 'ja', 'ko'] as Language[]) {
        await same(`search ${JSON.stringify(q)} ${lang}`, async (s) => (await s.searchStories({ terms, limit: 20, lang })).map((x) => x.id))
        compared++
      }
    }
    assert.ok(compared > 1000, `${compared} searches compared`)
  })
})
