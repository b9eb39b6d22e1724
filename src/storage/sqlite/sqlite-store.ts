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

/** The database file, opened and migrated; a file that is not a sound SQLite database is named in the error. */
function openDatabase(file: string): Connection {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const db = new Database(file)
  try {
    // First, so that everything below waits its turn behind another instance opening the same file.
    db.pragma('busy_timeout = 5000')
    // WAL: readers never block the writer; NORMAL: durable across process crashes, and the content is
    // re-creatable from publishers and exports if a power loss takes the last commits.
    db.pragma('journal_mode = WAL')
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
