import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, describe, it } from 'node:test'
import { Worker } from 'node:worker_threads'
import Database from './driver.ts'
import { StorySnapshot } from '../../domain/story.ts'
import { parseSearchTerms } from '../../domain/search-terms.ts'
import { makeStory } from '../../../test/fixtures/stories.ts'
import { runStoreContract } from '../../../test/contracts/store.contract.ts'
import { runSearchContract } from '../../../test/contracts/search.contract.ts'
import { SEQ_END } from '../story-window.ts'
import { runCrawlStoreContract } from '../../../test/contracts/crawl-store.contract.ts'
import { runStoryRelationsContract } from '../../../test/contracts/story-relations.contract.ts'
import { SQL } from './queries.ts'
import { MIGRATION_VERSIONS } from './migrations.ts'
import { CRAWL_SQL } from './crawl-runs.ts'
import { openSqliteStore } from './sqlite-store.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-sqlite-'))
after(() => fs.rmSync(dir, { recursive: true, force: true }))
let n = 0
const freshFile = () => path.join(dir, `store-${++n}.db`)

runStoreContract('sqlite', async () => openSqliteStore(freshFile()))
runSearchContract('sqlite', async () => openSqliteStore(freshFile()))
runCrawlStoreContract('sqlite', async () => openSqliteStore(freshFile()))
runStoryRelationsContract('sqlite', async () => openSqliteStore(freshFile()))

describe('sqlite store specifics', () => {
  it('uses WAL, foreign keys and the migration table', async () => {
    const file = freshFile()
    const store = openSqliteStore(file)
    await store.close()
    const db = new Database(file, { readonly: true })
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal')
    const versions = db.prepare('SELECT version FROM schema_migrations').all()
    assert.deepEqual(versions, MIGRATION_VERSIONS.map((version) => ({ version })))
    db.close()
    // Re-opening applies nothing twice.
    const again = openSqliteStore(file)
    await again.close()
  })

  it('instances opening one new file at the same moment each migrate it once, none failing', async () => {
    // Several `serve` processes started together on a fresh file (or a deploy's `migrate` beside a running serve):
    // each read the migrations to apply before any had applied one, so all but one then failed on "table meta
    // already exists"; and switching the new file to WAL answered "database is locked" at once, busy timeout or not
    // (one start in about 40). Four threads wait at a barrier and open the file at once; rounds, since it is a race.
    // The threads live through every round (a new thread per open cost ~1 CPU-second each, loading tsx and the store).
    const instances = 4
    const workers = Array.from({ length: instances }, () => new Worker(new URL('../../crawler/workers/ts-bootstrap.mjs', import.meta.url), {
      workerData: { entry: new URL('../../../test/fixtures/workers/open-sqlite-together.ts', import.meta.url).href, instances },
    }))
    /** The next message of one instance; its exit or error before that fails the round. */
    const nextMessage = (worker: Worker) => new Promise<{ ok?: boolean; error?: string; ready?: boolean }>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`an instance exited (${code}) without saying how its open went`))
      worker.once('message', (m) => {
        worker.off('exit', onExit).off('error', reject)
        resolve(m)
      }).once('error', reject).once('exit', onExit)
    })
    try {
      await Promise.all(workers.map(nextMessage)) // each has loaded the store and listens for rounds
      for (let round = 0; round < 6; round++) {
        const file = freshFile()
        const barrier = new SharedArrayBuffer(4)
        const outcomes = Promise.all(workers.map(nextMessage))
        for (const worker of workers) worker.postMessage({ file, barrier })
        assert.deepEqual((await outcomes).filter((o) => !o.ok), [], `round ${round}: every instance opened the file`)
        const db = new Database(file, { readonly: true })
        assert.deepEqual(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all(), MIGRATION_VERSIONS.map((version) => ({ version })))
        db.close()
      }
    } finally {
      await Promise.all(workers.map((w) => w.terminate()))
    }
  })

  it('migration 2 backfills the month summary from the stories already stored', async () => {
    const file = freshFile()
    const store = openSqliteStore(file)
    await store.upsertStories([
      ...Array.from({ length: 3 }, (_, i) => makeStory({ published_at: `2026-10-0${i + 1}T10:00:00Z` })),
      makeStory({ published_at: '2026-11-30T23:59:59.5Z' }),
      makeStory({ published_at: null }),
    ].map((s) => StorySnapshot.parse(s)))
    const expected = await store.archiveMonths()
    await store.close()
    // Back to schema version 1: no summary table (and none of the later crawler tables).
    const db = new Database(file)
    db.exec(`DROP TABLE archive_months; DROP TABLE feeds; DROP TABLE articles; DROP TABLE story_summaries;
      DROP TABLE story_redirects; DROP TABLE article_refetch; DROP TABLE story_relations; DROP TRIGGER source_topics_insert; DROP TRIGGER source_topics_delete; DROP TRIGGER source_topics_update; DROP TABLE source_topics; ALTER TABLE stories DROP COLUMN text_lang; ALTER TABLE stories DROP COLUMN quarantined;
      DELETE FROM schema_migrations WHERE version >= 2`)
    db.close()
    const again = openSqliteStore(file)
    try {
      assert.deepEqual(await again.archiveMonths(), expected)
      assert.deepEqual(expected.map((m) => [m.month, m.stories]), [['2026-11', 1], ['2026-10', 3], [null, 1]])
    } finally {
      await again.close()
    }
  })

  it('a store at version 6 without 5 (numbers are reserved per change) still gets migration 5', async () => {
    const file = freshFile()
    await openSqliteStore(file).close()
    const db = new Database(file)
    db.exec('DROP TABLE story_redirects; DELETE FROM schema_migrations WHERE version = 5')
    db.close()
    const again = openSqliteStore(file)
    try {
      assert.equal(await again.storyRedirect('anything'), null, 'the redirect table is back')
    } finally {
      await again.close()
    }
    const check = new Database(file)
    try {
      assert.deepEqual(check.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((r) => (r as { version: number }).version), MIGRATION_VERSIONS)
    } finally {
      check.close()
    }
  })

  it('migration 7 rebuilds the headline index with one-character prefixes, every headline indexed again (U.S. as US)', async () => {
    const file = freshFile()
    const economy = StorySnapshot.parse(makeStory({ headline: 'Economy grows', translations: { ja: { headline: '日本経済が成長' } } }))
    const business = StorySnapshot.parse(makeStory({ headline: 'Managers meet', translations: { ja: { headline: '経営者が会合' } } }))
    const other = StorySnapshot.parse(makeStory({ headline: 'Banks merge', translations: { ja: { headline: '銀行が合併' } } }))
    const dotted = StorySnapshot.parse(makeStory({ headline: 'U.S. tariffs hit steel' }))
    const store = openSqliteStore(file)
    await store.upsertStories([economy, business, other, dotted])
    await store.close()
    // Back to what version 6 left: the index without 1-character prefixes (left empty here, so only a rebuild
    // that reads every stored headline again can answer the searches below).
    const db = new Database(file)
    db.exec(`DROP TABLE story_search;
      CREATE VIRTUAL TABLE story_search USING fts5 (headline, content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8 9 10 11 12');
      DELETE FROM schema_migrations WHERE version = 7`)
    db.close()
    const again = openSqliteStore(file)
    try {
      const found = async (q: string, lang: 'en' | 'ja') =>
        (await again.searchStories({ terms: parseSearchTerms(q, lang).terms, limit: 10, lang, filter: {} })).map((s) => s.id).sort()
      assert.deepEqual(await found('経', 'ja'), [economy.id, business.id].sort(), 'one character finds every bigram it starts')
      assert.deepEqual(await found('経済', 'ja'), [economy.id])
      assert.deepEqual(await found('銀', 'ja'), [other.id])
      assert.deepEqual(await found('banking', 'en'), [other.id], 'stems are indexed again')
      assert.deepEqual(await found('US steel', 'en'), [dotted.id], 'a dotted abbreviation is indexed as one word')
    } finally {
      await again.close()
    }
    const check = new Database(file, { readonly: true })
    try {
      const ddl = (check.prepare(`SELECT sql FROM sqlite_master WHERE name = 'story_search'`).get() as { sql: string }).sql
      assert.match(ddl, /prefix = '1 2 3 4 5 6 7 8 9 10 11 12'/)
    } finally {
      check.close()
    }
  })

  it('migration 8 adds the article refetch queue to a store at version 7, keeping its articles', async () => {
    const file = freshFile()
    const store = openSqliteStore(file)
    await store.crawl.syncPublishers([], '2026-11-25T10:00:00.000Z')
    await store.close()
    // Back to what version 7 left: no queue.
    const db = new Database(file)
    db.exec('DROP TABLE article_refetch; DELETE FROM schema_migrations WHERE version = 8')
    db.close()
    const again = openSqliteStore(file)
    try {
      assert.deepEqual(await again.crawl.claimDueRefetches({ now: '2026-11-25T10:00:00.000Z', limit: 10, leaseSeconds: 60 }), [])
    } finally {
      await again.close()
    }
    const check = new Database(file, { readonly: true })
    try {
      assert.deepEqual(check.prepare(`SELECT name FROM sqlite_master WHERE tbl_name = 'article_refetch' AND type = 'index' AND sql IS NOT NULL`).pluck().all(), ['article_refetch_due'])
      assert.deepEqual(check.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all(), MIGRATION_VERSIONS)
    } finally {
      check.close()
    }
  })

  it('migration 9 adds the related stories to a store at version 8, keeping its stories', async () => {
    const file = freshFile()
    const store = openSqliteStore(file)
    const kept = StorySnapshot.parse(makeStory({ headline: 'Kept across the migration' }))
    await store.upsertStories([kept])
    await store.close()
    // Back to what version 8 left: no relations.
    const db = new Database(file)
    db.exec('DROP TABLE story_relations; DELETE FROM schema_migrations WHERE version = 9')
    db.close()
    const again = openSqliteStore(file)
    try {
      assert.deepEqual(await again.relatedStories(kept.id, 'en'), [])
      assert.equal((await again.getStory(kept.id, 'en'))!.en.headline, 'Kept across the migration')
    } finally {
      await again.close()
    }
    const check = new Database(file, { readonly: true })
    try {
      assert.deepEqual(check.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all(), MIGRATION_VERSIONS)
    } finally {
      check.close()
    }
  })

  it('answers list, topic list, search and get from indexes, never a scan or a sort', async () => {
    const file = freshFile()
    const store = openSqliteStore(file)
    await store.upsertStories(Array.from({ length: 50 }, (_, i) =>
      StorySnapshot.parse(makeStory({ published_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), headline: `Port volume ${i} rises` }))))
    await store.close()
    const db = new Database(file, { readonly: true })
    const plan = (sql: string, params: Record<string, unknown>) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ')
    const noSort = (p: string) => assert.doesNotMatch(p, /TEMP B-TREE/, p)

    for (const lang of ['en', 'es']) {
      const list = plan(SQL.list, { limit: 20, lang, lo: 0, hi: SEQ_END })
      noSort(list)
      assert.match(list, /^SEARCH s USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/, list)

      const topic = plan(SQL.listTopic, { topic: 'business', limit: 20, lang, lo: 0, hi: SEQ_END })
      noSort(topic)
      assert.match(topic, /^SEARCH s USING INDEX stories_by_category \(category=\? AND seq>\? AND seq<\?\)/, topic)

      const source = plan(SQL.listSource, { sourceId: 'x', limit: 20, lang, lo: 0, hi: SEQ_END })
      noSort(source)
      assert.match(source, /^SEARCH s USING INDEX stories_by_source \(source_id=\? AND seq>\? AND seq<\?\)/, source)

      const search = plan(SQL.searchTermRows, { match: '"port"*', langIndex: 1, rows: 200, lo: 0, hi: SEQ_END })
      noSort(search)
      assert.match(search, /^SCAN story_search VIRTUAL TABLE INDEX/, search)

      const candidates = plan(SQL.searchCandidates, { seqs: '[1,2]', lang })
      assert.match(candidates, /SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/, candidates)
      assert.doesNotMatch(candidates, /SCAN (s|t)\b/, candidates)

      const bySeqs = plan(SQL.bySeqs, { seqs: '[1,2]', lang })
      assert.match(bySeqs, /SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/, bySeqs)

      const get = plan(SQL.get, { id: 'x', lang })
      assert.match(get, /^SEARCH s USING INDEX sqlite_autoindex_stories_1 \(id=\?\)/, get)

      // A story's few relation rows (a primary-key range), each joined to its story by id; the sort is of those rows.
      const related = plan(SQL.related, { id: 'x', lang, limit: 5 })
      assert.match(related, /^SEARCH r USING PRIMARY KEY \(story_id=\?\) \| SEARCH s USING INDEX sqlite_autoindex_stories_1 \(id=\?\)/, related)
      assert.doesNotMatch(related, /SCAN/, related)
    }

    const recent = plan(SQL.recentStamps, { limit: 1000 })
    noSort(recent)
    assert.match(recent, /^SCAN stories$/, recent)

    // A month is a range of the integer primary key, walked in order; the summary is tiny and read whole.
    const month = plan(SQL.monthStamps, { lo: 0, hi: 10, undated: 0, offset: 0, limit: 50_000 })
    noSort(month)
    assert.match(month, /^SEARCH stories USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)$/, month)
    assert.match(plan(SQL.archiveMonths, {}), /^SCAN archive_months/)

    // The crawler's reads: index lookups and range walks, never a scan of articles or feeds.
    const crawlPlans: Array<[keyof typeof CRAWL_SQL, Record<string, unknown> | unknown[], RegExp]> = [
      ['dueFeeds', { now: '2026', limit: 10 }, /SEARCH feeds USING INDEX feeds_due \(active=\? AND next_fetch_at<\?\)/],
      ['knownUrls', ['[]'], /SEARCH articles USING (COVERING )?INDEX sqlite_autoindex_articles_2 \(canonical_url=\?\)/],
      ['knownGuids', ['[]'], /SEARCH articles USING (COVERING )?INDEX sqlite_autoindex_articles_3 \(guid_key=\?\)/],
      ['knownHashes', ['[]'], /SEARCH articles USING (COVERING )?INDEX articles_by_hash \(content_hash=\?\)/],
      ['recentPage', { since: '2026', at: '', id: '' }, /SEARCH articles USING INDEX articles_by_fetch \(fetched_at>\?\)/],
      ['storyArticles', ['x', 10], /SEARCH articles USING INDEX articles_by_story \(story_id=\?\)/],
      ['dueSummaries', ['2026', 10], /SEARCH story_summaries USING INDEX story_summaries_due \(retry_at>\? AND retry_at<\?\)/],
      ['dueRefetches', { now: '2026', limit: 10 }, /SEARCH r USING INDEX article_refetch_due \(retry_at<\?\).*SEARCH a USING INDEX sqlite_autoindex_articles_1 \(id=\?\)/],
    ]
    for (const [name, params, expected] of crawlPlans) {
      const p = (db.prepare(`EXPLAIN QUERY PLAN ${CRAWL_SQL[name]}`).all(params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ')
      assert.match(p, expected, `${name}: ${p}`)
      assert.doesNotMatch(p, /SCAN (articles|feeds)\b/, `${name}: ${p}`)
    }

    // No LIKE anywhere in the store's SQL (every file here): search goes through FTS5 only.
    const here = path.dirname(fileURLToPath(import.meta.url))
    for (const file of fs.readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      assert.doesNotMatch(fs.readFileSync(path.join(here, file), 'utf8'), /\bLIKE\b/i, file)
    }
    db.close()
  })
})
