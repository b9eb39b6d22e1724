import type { Config } from '../config/config.ts'
import { KeyFileError } from '../signing/key-storage.ts'
import { openCrawlerKeyRing, type OpenedKeyRing } from '../signing/open-key-ring.ts'
import { openStore, storeLocation } from '../storage/open-store.ts'
import type { Store } from '../storage/store.ts'

/**
 * The setup `serve`, `crawl`, `export` and `import` share, once: the signing keys, and a store that is reachable,
 * migrated and not damaged. Each command says how a problem reaches the operator (serve: a fatal log line; the
 * others: standard error), so the wording of a problem is the same everywhere.
 */

/** How a command tells the operator about a problem that stops it. */
export type Report = (message: string, fields?: Record<string, unknown>) => void

/** The crawler's signing keys, or null once an unreadable or invalid key file was reported. */
export function openKeysOrReport(config: Readonly<Config>, report: Report): OpenedKeyRing | null {
  try {
    return openCrawlerKeyRing(config.dataDir, Date.now())
  } catch (err) {
    if (!(err instanceof KeyFileError)) throw err
    report(err.message)
    return null
  }
}

/**
 * The store, or null once the problem was reported (and the store closed). `ping` waits until it answers:
 * PostgreSQL connects and migrates in the background, and "started" must mean the schema is there. A damaged
 * file is refused, naming it: it would answer some reads wrongly, and writing into it makes it worse.
 */
export async function openCheckedStore(config: Readonly<Config>, report: Report, opts: { ping?: boolean } = {}): Promise<Store | null> {
  let store: Store
  try {
    store = openStore(config.databaseUrl)
  } catch (err) {
    report(err instanceof Error ? err.message : String(err))
    return null
  }
  if (opts.ping) {
    try {
      await store.ping()
    } catch (err) {
      report('the database is unreachable or could not be migrated', { err: err instanceof Error ? err.message : String(err) })
      await store.close().catch(() => {})
      return null
    }
  }
  const damage = await store.checkIntegrity()
  if (damage) {
    report(`${storeLocation(config.databaseUrl)} is damaged (integrity check failed); restore it from a backup or an export`, { problem: damage.detail })
    await store.close().catch(() => {})
    return null
  }
  return store
}

/** Runs `work` with the store open, and closes it whatever happens. */
export async function withStore<T>(config: Readonly<Config>, work: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore(config.databaseUrl)
  try {
    return await work(store)
  } finally {
    await store.close()
  }
}
