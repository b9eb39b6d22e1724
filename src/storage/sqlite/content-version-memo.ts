import type { Database } from 'better-sqlite3'

/**
 * The SQLite content version from memory. Reading it costs a statement (about 3 µs), which is a tenth of a whole
 * cached answer at full speed, so it is re-validated at most once per event-loop turn: `data_version` moves when
 * another connection (a crawl worker, `newsdesk import` in another process) commits, and `total_changes()` when
 * this connection writes. Requests read in the same turn share one check; a request sent after a commit reaches
 * a later turn (or the same turn's check, which runs after the poll that delivered it), so it sees the commit.
 * Meant for requests read from a socket (the front path); code that writes and then reads in one turn must use
 * the store's contentVersion().
 */
export function createSqliteVersionMemo(db: Database, read: () => string): () => string {
  const probe = db.prepare('SELECT (SELECT data_version FROM pragma_data_version()) AS d, total_changes() AS t').raw()
  let dataVersion = -1
  let changes = -1
  let value = ''
  let checked = false
  const expire = () => { checked = false }
  return () => {
    if (checked) return value
    const [d, t] = probe.get() as [number, number]
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
