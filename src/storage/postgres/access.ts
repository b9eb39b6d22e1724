import pg from 'pg'
import type { StoryValues } from '../story-rows.ts'
import { clientConfig, createPool, type PostgresConnection, type PostgresPoolOptions } from './connection.ts'
import { migratePostgres } from './migrations.ts'
import { createReachability, type Reachability } from './reachability.ts'
import { inTransaction } from './transaction.ts'

type Rows = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>
type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>

/**
 * How the crawl state (crawl-feeds.ts, crawl-runs.ts, its export and restore) reaches the database: after the
 * migration, without the reachability check.
 */
export interface CrawlAccess {
  query: <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<pg.QueryResult<R>>
  transaction: Transaction
}

/** One PostgreSQL store's pool, as its parts use it. */
export interface PostgresAccess {
  readonly pool: pg.Pool
  readonly reach: Reachability
  /** Resolves once the schema is migrated (every other method waits for it too); rejects when that failed. */
  ready(): Promise<void>
  /** Runs `work` after the migration; fails at once while the server is known not to answer (see reachability.ts). */
  reached<T>(work: () => Promise<T>): Promise<T>
  query: Rows
  /** Story rows as arrays in STORY_COLUMNS order (see story-columns.ts): no keyed object per row. */
  storyRows(sql: string, params: unknown[]): Promise<StoryValues[]>
  transaction: Transaction
  crawl: CrawlAccess
  /** Stops the probe, waits for the migration and ends the pool; reports a migration failure. */
  close(): Promise<void>
}

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

/**
 * The pool, with migrations started at once: every call waits for them, and a failed start (the server was down)
 * is retried by the next call.
 */
export function createPostgresAccess(conn: PostgresConnection, opts: PostgresPoolOptions = {}): PostgresAccess {
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

  return {
    pool,
    reach,
    ready,
    reached,
    query: (sql, params = []) => reached(async () => (await pool.query(sql, params)).rows),
    storyRows: (sql, params) => reached(async () => (await pool.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows),
    transaction: (work) => reached(() => inTransaction(pool, work)),
    crawl: {
      query: async (sql, params = []) => {
        await ready()
        return pool.query(sql, params)
      },
      transaction: async (work) => {
        await ready()
        return inTransaction(pool, work)
      },
    },
    async close() {
      reach.close()
      try {
        await migrated
      } finally {
        await pool.end()
      }
    },
  }
}
