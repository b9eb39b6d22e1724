import type { Store } from '../store.ts'
import { createDamageRecord, watchForDamage } from '../store-damage.ts'
import { createPostgresAccess } from './access.ts'
import { parsePostgresUrl, type PostgresPoolOptions } from './connection.ts'
import { contentChannel, createContentVersionCache, type ContentVersionCache, type ContentVersionOptions } from './content-version.ts'
import { createPostgresCrawlFeeds } from './crawl-feeds.ts'
import { createPostgresCrawlRuns } from './crawl-runs.ts'
import { createPostgresHealth, postgresDamage } from './integrity.ts'
import { SQL } from './queries.ts'
import { createPostgresStoryReads } from './story-reads.ts'
import { createPostgresSearch } from './story-search.ts'
import { createPostgresStoryWrites } from './story-writes.ts'
import { createPostgresStateTransfer, createPostgresStoryExport } from './transfer.ts'

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
  const db = createPostgresAccess(conn, opts)
  const versions = createContentVersionCache({
    conn, ready: db.ready, read: async () => (await db.query<{ value: string }>(SQL.version))[0]!.value,
    unanswering: () => db.reach.unanswering(),
    failed: (err) => db.reach.failed(err),
  }, opts)
  const hooks = { channel: contentChannel(conn.schema), committed: versions.advance }
  const damage = createDamageRecord()

  return watchForDamage<PostgresStore>({
    dialect: 'postgres',
    schema: conn.schema,
    ready: db.ready,
    versions,
    crawl: {
      ...createPostgresCrawlFeeds(db.crawl),
      ...createPostgresCrawlRuns(db.crawl, hooks),
      ...createPostgresStateTransfer(db.crawl, hooks),
    },
    ...createPostgresStoryReads(db),
    ...createPostgresSearch(db),
    contentVersion: () => versions.current(),
    contentVersionNow: () => versions.known(),
    ...createPostgresStoryWrites(db, hooks),
    ...createPostgresStoryExport(db),
    ...createPostgresHealth(db, damage),
    async close() {
      try {
        await versions.close()
      } finally {
        await db.close()
      }
    },
  }, postgresDamage, damage, ['contentVersionNow', 'knownDamage'])
}
