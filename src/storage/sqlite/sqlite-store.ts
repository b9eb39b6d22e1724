import fs from 'node:fs'
import path from 'node:path'
import Database, { type Connection } from './driver.ts'
import type { Store } from '../store.ts'
import { createDamageRecord, watchForDamage } from '../store-damage.ts'
import { createSqliteContentVersions } from './content-version.ts'
import { createSqliteCrawlFeeds } from './crawl-feeds.ts'
import { createSqliteCrawlRuns } from './crawl-runs.ts'
import { createSqliteHealth, sqliteDamage } from './integrity.ts'
import { migrate } from './migrations.ts'
import { createSqliteStoryMerges } from './story-merges.ts'
import { createSqliteStoryReads } from './story-reads.ts'
import { createSqliteStoryRelations } from './story-relations.ts'
import { createSqliteSearch } from './story-search.ts'
import { createSqliteStoryWrites } from './story-writes.ts'
import { createSqliteStateTransfer, createSqliteStoryExport } from './transfer.ts'

/** Opens (creating if needed) a SQLite database file, applies pending migrations and returns the Store. */
export function openSqliteStore(file: string): Store {
  const db = openDatabase(file)
  const relations = createSqliteStoryRelations(db)
  const writes = createSqliteStoryWrites(db, relations)
  const merges = createSqliteStoryMerges(db, writes.remove, relations)
  const damage = createDamageRecord()

  return watchForDamage<Store>({
    dialect: 'sqlite',
    crawl: {
      ...createSqliteCrawlFeeds(db),
      ...createSqliteCrawlRuns(db, writes.write, merges, relations),
      ...createSqliteStateTransfer(db, relations),
    },
    ...createSqliteStoryReads(db, merges),
    ...createSqliteSearch(db),
    ...createSqliteContentVersions(db),
    ...writes.writer,
    ...createSqliteStoryExport(db),
    ...createSqliteHealth(db, damage),
    async close() {
      if (db.open) db.close()
    },
  }, sqliteDamage, damage, ['contentVersionNow', 'knownDamage'])
}

/**
 * How long a statement waits for another connection's lock (SQLite's busy timeout), and so how long an instance
 * opening the file waits for another to finish switching it to WAL.
 */
const BUSY_TIMEOUT_MS = 5_000
const WAL_SWITCH_RETRY_MS = 10

/**
 * `PRAGMA journal_mode = WAL`, tried again while another connection holds the lock it needs. Switching a new file to
 * WAL takes an exclusive lock, and SQLite answers SQLITE_BUSY at once there, without the busy handler: of four
 * instances opening one new file together, one in about 40 such starts failed with "database is locked"
 * (sqlite-store.test.ts). Once any of them has switched the file, the mode is stored in it and the others' switch is
 * a no-op.
 */
function switchToWal(db: Connection): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      db.pragma('journal_mode = WAL')
      return
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err
      Atomics.wait(pause, 0, 0, WAL_SWITCH_RETRY_MS) // opening is synchronous (better-sqlite3): a blocking pause
    }
  }
}

/** The database file, opened and migrated; a file that is not a sound SQLite database is named in the error. */
function openDatabase(file: string): Connection {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const db = new Database(file)
  try {
    // First, so that everything below waits its turn behind another instance opening the same file.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    // WAL: readers never block the writer; NORMAL: durable across process crashes, and the content is
    // re-creatable from publishers and exports if a power loss takes the last commits.
    switchToWal(db)
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    migrate(db)
    return db
  } catch (err) {
    db.close()
    // A file that is not a database, or too damaged to read its schema: the operator needs to know which file.
    const damage = sqliteDamage(err)
    if (damage) throw new Error(`storage: the database file ${path.resolve(file)} is damaged or not a SQLite database (${damage.detail})`, { cause: err })
    throw err
  }
}
