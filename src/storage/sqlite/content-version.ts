import type { Database } from 'better-sqlite3'
import type { ContentVersions } from '../store.ts'

/** The content version of a SQLite store: a counter in `meta` that every write transaction bumps. */
export function createSqliteContentVersions(db: Database): ContentVersions {
  const version = db.prepare(`SELECT value FROM meta WHERE key = 'content_version'`).pluck()
  const read = () => version.get() as string
  return {
    async contentVersion() {
      return read()
    },
    contentVersionNow: createSqliteVersionMemo(db, read),
  }
}

/**
 * The SQLite content version from memory. Reading it costs a statement, a noticeable share of a whole cached
 * answer at full speed (decision 0026), so it is re-validated at most once per event-loop turn: `data_version` moves when
 * another connection (a crawl worker, `newsdesk import` in another process) commits, and `total_changes()` when
 * this connection writes. Requests read in the same turn share one check; a request sent after a commit reaches
 * a later turn (or the same turn's check, which runs after the poll that delivered it), so it sees the commit.
 * Meant for requests read from a socket (the front path); code that writes and then reads in one turn must use
 * the store's contentVersion().
 */
export function createSqliteVersionMemo(db: Database, read: () => string): () => string {
  // Two plain statements, not one SELECT over the pragma's table-valued function: the cheaper check of the two
  // (`node --import tsx bench/version-probe.ts` re-measures it; decision 0026).
  const dataVersionOf = db.prepare('PRAGMA data_version').pluck()
  const totalChangesOf = db.prepare('SELECT total_changes()').pluck()
  let dataVersion = -1
  let changes = -1
  let value = ''
  let checked = false
  const expire = () => { checked = false }
  return () => {
    if (checked) return value
    const d = dataVersionOf.get() as number
    const t = totalChangesOf.get() as number
    if (d !== dataVersion || t !== changes) {
      dataVersion = d
      changes = t
      value = read()
    }
    checked = true
    setImmediate(expire)
    return value
  }
}
