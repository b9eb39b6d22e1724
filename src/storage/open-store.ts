import { openSqliteStore } from './sqlite/sqlite-store.ts'
import type { Store } from './store.ts'

/** Opens the store named by DATABASE_URL (`sqlite:PATH`), applying pending migrations. */
export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl.slice('sqlite:'.length))
  throw new Error(`storage: unsupported DATABASE_URL "${databaseUrl}" (expected sqlite:PATH)`)
}
