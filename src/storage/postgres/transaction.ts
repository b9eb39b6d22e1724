import type pg from 'pg'
import { WRITE_STATEMENT_TIMEOUT_MS } from './connection.ts'

/**
 * Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back when it throws.
 * Statements inside get the write timeout instead of the read one. A connection whose rollback failed is
 * discarded rather than returned to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('BEGIN')
    await client.query(`SET LOCAL statement_timeout = ${WRITE_STATEMENT_TIMEOUT_MS}`)
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (err) {
    await client.query('ROLLBACK').catch(() => { broken = true })
    throw err
  } finally {
    client.release(broken)
  }
}

/**
 * Every transaction that writes stories starts here: it locks the content version row, so story writers (in this
 * process or any other instance) take turns, which keeps sort-key allocation and the month summary consistent.
 * The version itself is bumped by bumpContentVersion once the writes are done.
 */
export async function lockContent(client: pg.ClientBase): Promise<void> {
  await client.query(`SELECT value FROM meta WHERE key = 'content_version' FOR UPDATE`)
}

/**
 * Every transaction that inserts articles starts here: crawling workers (in this process or any other instance)
 * take turns from reading the articles committed since they last looked to committing their own, so that none
 * clusters against a stale view, and commit_seq follows commit order. Taken before lockContent, never after.
 */
export async function lockClustering(client: pg.ClientBase): Promise<void> {
  await client.query(`SELECT value FROM meta WHERE key = 'clustering' FOR UPDATE`)
}

/**
 * Moves the content version on and announces it: NOTIFY on the schema's channel (see content-version.ts), delivered
 * to every listening instance when the transaction commits, and not at all when it rolls back. Returns the new
 * version, which the caller hands to its own version cache once the transaction has committed.
 */
export async function bumpContentVersion(client: pg.ClientBase, channel: string): Promise<string> {
  const { rows } = await client.query<{ value: string }>(`WITH bumped AS (
      UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'content_version' RETURNING value)
    SELECT value, pg_notify($1, value) FROM bumped`, [channel])
  return rows[0]!.value
}
