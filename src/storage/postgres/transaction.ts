import type pg from 'pg'
import { QUERY_TIMEOUT_MARGIN_MS, WRITE_STATEMENT_TIMEOUT_MS } from './connection.ts'
import { isClientTimeout } from './reachability.ts'

/** The client's limit on one statement of a write transaction: the server's, plus the margin (see connection.ts). */
export const WRITE_QUERY_TIMEOUT_MS = WRITE_STATEMENT_TIMEOUT_MS + QUERY_TIMEOUT_MARGIN_MS

/**
 * Sets the client-side query timeout of one checked-out connection; returns the one it had. pg reads
 * `connectionParameters.query_timeout` at every query() and has no per-connection setter: this is the one place
 * that writes it, for the span of a transaction, always restoring it before the connection returns to the pool.
 */
function setQueryTimeout(client: pg.PoolClient, ms: number | undefined): number | undefined {
  const params = (client as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters
  const before = params.query_timeout
  params.query_timeout = ms
  return before
}

/**
 * Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back when it throws.
 * Statements inside get the write timeouts (server and client) instead of the read ones. A connection whose
 * rollback failed is discarded rather than returned to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  const readTimeout = setQueryTimeout(client, WRITE_QUERY_TIMEOUT_MS)
  try {
    await client.query('BEGIN')
    await client.query(`SET LOCAL statement_timeout = ${WRITE_STATEMENT_TIMEOUT_MS}`)
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (err) {
    // A server that did not answer will not answer ROLLBACK either: the connection is dropped instead, which rolls
    // the transaction back on the server (when it resumes) without holding this caller for another timeout.
    if (isClientTimeout(err)) broken = true
    else await client.query('ROLLBACK').catch(() => { broken = true })
    throw err
  } finally {
    setQueryTimeout(client, readTimeout)
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

/** Where a committed version bump is reported: the schema's NOTIFY channel, and this process's version cache. */
export interface ContentVersionHooks {
  /** The schema's NOTIFY channel, announced to on every version bump. */
  channel: string
  /** Called with the new content version once a transaction that bumped it has committed. */
  committed: (version: string) => void
}
