import type { StoreHealth } from '../store.ts'
import type { DamageRecord, StoreDamage } from '../store-damage.ts'
import type { PostgresAccess } from './access.ts'
import { withDeadline } from './reachability.ts'

/** Health's round trip: a server that does not answer within this is reported (and marked) as not answering. */
export const PING_TIMEOUT_MS = 1_000

/** SQLSTATE class XX codes for damaged data or indexes: permanent, unlike a lost connection. */
export function postgresDamage(err: unknown): StoreDamage | null {
  const code = (err as { code?: unknown } | null)?.code
  if (code !== 'XX001' && code !== 'XX002') return null
  return { summary: `The database reports damaged ${code === 'XX001' ? 'data' : 'indexes'} (${code}).`, detail: `${code}: ${(err as Error).message}` }
}

/** Health for PostgreSQL: a bounded round trip; the server checks its own pages. */
export function createPostgresHealth({ pool, query, reached }: PostgresAccess, damage: DamageRecord): StoreHealth {
  return {
    async ping() {
      // Health's probe answers within PING_TIMEOUT_MS whatever the pool is doing (a checkout may wait longer).
      await reached(() => withDeadline('the health ping', PING_TIMEOUT_MS, pool.query('SELECT 1')))
    },

    // PostgreSQL verifies its pages itself (and reports XX001/XX002 when it finds damage): the check is the round trip.
    async checkIntegrity() {
      await query('SELECT 1')
      return damage.current()
    },

    knownDamage: () => damage.current(),
  }
}
