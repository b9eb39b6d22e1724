import { randomBytes } from 'node:crypto'
import { after, before } from 'node:test'
import pg from 'pg'

/**
 * PostgreSQL for tests: the server on this machine (override with NEWSDESK_TEST_POSTGRES_URL). Every store a test
 * opens gets a schema of its own, named newsdesk_test_<creation time>_<random>; the schemas a test file created are
 * dropped when it ends, pass or fail, and any left behind by a run that was killed are swept once they are an hour
 * old (younger ones may belong to a run still going on in parallel).
 */
export const TEST_POSTGRES_URL = process.env.NEWSDESK_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export const TEST_SCHEMA_PREFIX = 'newsdesk_test_'
const STALE_AFTER_MS = 60 * 60 * 1000

/** The URL of `schema` on the test server. */
export function schemaUrl(schema: string): string {
  const url = new URL(TEST_POSTGRES_URL)
  url.searchParams.set('schema', schema)
  return url.toString()
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, application_name: 'newsdesk-tests' })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function dropSchemas(client: pg.Client, names: string[]): Promise<void> {
  for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)
}

/** Drops test schemas older than an hour (by the time in their name). */
export async function sweepStaleSchemas(now = Date.now()): Promise<string[]> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, [TEST_SCHEMA_PREFIX])
    const stale = rows.map((r) => r.nspname).filter((name) => {
      const created = parseInt(name.slice(TEST_SCHEMA_PREFIX.length).split('_')[0] ?? '', 36)
      return !(created > now - STALE_AFTER_MS)
    })
    await dropSchemas(client, stale)
    return stale
  })
}

export interface TestSchemas {
  /** A new, unused schema name (the store creates the schema when it first connects). */
  fresh(): string
  /** A DATABASE_URL for a new, unused schema. */
  freshUrl(): string
  /** Every schema handed out so far. */
  readonly created: readonly string[]
}

/**
 * Hands out schemas for one test file and registers an `after` hook that drops them all. Call it at the top level
 * of the test file.
 */
export function useTestSchemas(): TestSchemas {
  const created: string[] = []
  before(async () => {
    await sweepStaleSchemas()
  })
  after(async () => {
    await withAdmin((client) => dropSchemas(client, created))
  })
  const fresh = () => {
    const name = `${TEST_SCHEMA_PREFIX}${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`
    created.push(name)
    return name
  }
  return { fresh, freshUrl: () => schemaUrl(fresh()), created }
}

/** Runs `work` on a connection to the test server whose search_path is `schema`. */
export async function inSchema<T>(schema: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdmin(async (client) => {
    await client.query(`SET search_path TO "${schema}"`)
    return work(client)
  })
}
