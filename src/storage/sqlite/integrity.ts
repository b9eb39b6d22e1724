import type Database from 'better-sqlite3'
import type { StoreHealth } from '../store.ts'
import type { DamageRecord, StoreDamage } from '../store-damage.ts'

/** SQLite result codes that mean the file itself is damaged (or not a database at all): no retry fixes them. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB', 'SQLITE_NOTADB'])

/** The damage an error from better-sqlite3 reveals, or null for any other error. */
export function sqliteDamage(err: unknown): StoreDamage | null {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !DAMAGE_CODES.has(code)) return null
  return { summary: `The database file is damaged (${code}).`, detail: `${code}: ${(err as Error).message}` }
}

/** Problems reported at most, so a badly damaged file does not produce an endless report. */
const MAX_PROBLEMS = 5

/**
 * SQLite's quick_check: every page and b-tree is read and checked for consistency (O(file size), but without the
 * index-versus-table cross check of integrity_check, which is what makes that one slow). Null when the file is sound.
 */
export function quickCheck(db: Database.Database): StoreDamage | null {
  let rows: Array<{ quick_check: string }>
  try {
    rows = db.pragma(`quick_check(${MAX_PROBLEMS})`) as Array<{ quick_check: string }>
  } catch (err) {
    // A damaged enough file makes the check itself fail with SQLITE_CORRUPT.
    const damage = sqliteDamage(err)
    if (damage) return damage
    throw err
  }
  const problems = rows.map((r) => r.quick_check).filter((m) => m !== 'ok')
  if (problems.length === 0) return null
  return { summary: 'The database file is damaged (quick_check found problems).', detail: problems.join('; ') }
}

/** Health for SQLite: a statement for the round trip, quick_check for the integrity check. */
export function createSqliteHealth(db: Database.Database, damage: DamageRecord): StoreHealth {
  const ping = db.prepare('SELECT 1')
  return {
    async ping() {
      ping.get()
    },
    async checkIntegrity() {
      const found = quickCheck(db)
      if (found) damage.note(found)
      return found
    },
    knownDamage: () => damage.current(),
  }
}
