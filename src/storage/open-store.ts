import path from 'node:path'
import { isPostgresUrl } from './postgres/connection.ts'
import { openPostgresStore } from './postgres/open-postgres-store.ts'
import { openSqliteStore } from './sqlite/sqlite-store.ts'
import type { Store } from './store.ts'

/**
 * Opens the store named by DATABASE_URL (`sqlite:PATH`, or `postgres://…` / `postgresql://…`), applying pending
 * migrations. PostgreSQL connects and migrates in the background: every store method waits for it, and close()
 * reports a failed migration.
 */
export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl.slice('sqlite:'.length))
  if (isPostgresUrl(databaseUrl)) return openPostgresStore(databaseUrl)
  throw new Error(`storage: unsupported DATABASE_URL "${databaseUrl}" (expected sqlite:PATH or postgres://…)`)
}

/** Where the store lives, for operators' messages: the SQLite file's absolute path, or PostgreSQL's host and database (never the password). */
export function storeLocation(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return `the database file ${path.resolve(databaseUrl.slice('sqlite:'.length))}`
  try {
    const url = new URL(databaseUrl)
    return `the PostgreSQL database ${url.host}${url.pathname}`
  } catch {
    return 'the database'
  }
}
