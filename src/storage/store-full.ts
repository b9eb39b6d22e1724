/**
 * Whether an error says the store has no room left to write: SQLite's SQLITE_FULL ("database or disk is full"),
 * the file system's ENOSPC, PostgreSQL's 53100 (disk_full). Not a fault of one feed or one story: every write after
 * it fails the same way until an operator makes room, so the crawler stops its pass and says so once. Returns a
 * short reason for that one log line, or null. Causes are followed (an error wrapped with `{ cause }`).
 */
export function storeFullReason(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === 'SQLITE_FULL') return 'SQLITE_FULL: database or disk is full'
    if (code === 'ENOSPC') return 'ENOSPC: no space left on device'
    if (code === '53100') return 'PostgreSQL 53100: disk full'
  }
  return null
}
