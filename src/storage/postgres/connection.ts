import pg from 'pg'

/** How the store connects: everything pg needs, plus the schema its tables live in. */
export interface PostgresConnection {
  /** The DATABASE_URL without the `schema` and `options` parameters (they are folded into `options`). */
  connectionString: string
  /** Startup options: the caller's `options` parameter plus `-c search_path=<schema>`. */
  options: string
  /** Every table, index and the migration history live in this schema (created when missing). */
  schema: string
}

export interface PostgresPoolOptions {
  /** Connections in the pool (default 10). */
  max?: number
  /** Longest a read may run, in milliseconds (default 5 s); write transactions raise it for themselves. */
  statementTimeoutMs?: number
  /** Sent as application_name (default "newsdesk"), shown in pg_stat_activity. */
  applicationName?: string
  /**
   * The client's own limit on one query (default: the statement timeout plus QUERY_TIMEOUT_MARGIN_MS); null for
   * none (migrations: index builds and lock waits may take long). The server's statement_timeout cancels a slow
   * query cleanly; this one ends the wait for a server that does not answer at all (stopped, partitioned).
   */
  queryTimeoutMs?: number | null
  /** How long connecting (and, for a pool, waiting for a free connection) may take (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

export const DEFAULT_POOL_MAX = 10
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000
/** Write transactions (an import batch, a feed run) get this much per statement. */
export const WRITE_STATEMENT_TIMEOUT_MS = 60_000
/** A transaction left open this long (a stuck or killed caller) is ended by the server, releasing its locks. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000
/** The client waits this much longer than the server's statement timeout, so the server's own cancel comes first. */
export const QUERY_TIMEOUT_MARGIN_MS = 1_000
/**
 * Connecting, or waiting for a pooled connection: a server that accepts the TCP connection but never answers (a
 * stopped process: the kernel still completes the handshake) fails here instead of holding the caller.
 */
export const CONNECT_TIMEOUT_MS = 5_000

/** True for the URLs this store handles: `postgres://…` and `postgresql://…`. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

/**
 * Reads a DATABASE_URL. The schema comes from `?schema=NAME`, else from a `search_path` in `?options=-c
 * search_path=NAME`, else `public`. Schema names are plain identifiers (letters, digits, underscore).
 */
export function parsePostgresUrl(databaseUrl: string): PostgresConnection {
  let url: URL
  try {
    url = new URL(databaseUrl)
  } catch {
    throw new Error('storage: DATABASE_URL is not a valid postgres:// URL')
  }
  const userOptions = url.searchParams.get('options') ?? ''
  const fromOptions = /(?:^|\s)(?:-c\s*|--)search_path=([^\s,]+)/.exec(userOptions)?.[1]
  const schema = url.searchParams.get('schema') ?? fromOptions?.replace(/^"(.*)"$/, '$1') ?? 'public'
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`storage: schema "${schema}" in DATABASE_URL must be a plain identifier (letters, digits, _)`)
  }
  url.searchParams.delete('schema')
  url.searchParams.delete('options')
  const options = [userOptions, fromOptions ? '' : `-c search_path=${schema}`].filter(Boolean).join(' ')
  return { connectionString: url.toString(), options, schema }
}

/** Quotes an identifier that parsePostgresUrl validated. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

// bigint (int8) comes back as a string by default; every bigint here (sort keys, counts) is below 2^53.
const INT8_OID = 20
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

/** The client settings shared by the pool, the listening connection and the migration connection. */
export function clientConfig(conn: PostgresConnection, opts: PostgresPoolOptions = {}): pg.ClientConfig {
  const statementTimeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS
  const queryTimeout = opts.queryTimeoutMs === undefined ? statementTimeout + QUERY_TIMEOUT_MARGIN_MS : opts.queryTimeoutMs
  return {
    connectionString: conn.connectionString,
    options: conn.options,
    application_name: opts.applicationName ?? 'newsdesk',
    statement_timeout: statementTimeout,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    ...(queryTimeout === null ? {} : { query_timeout: queryTimeout }),
    types,
  }
}

/**
 * A pool with sane limits: at most `max` connections, idle ones closed after 30 s, every query and every checkout
 * bounded in time (clientConfig): a query that times out on the client takes its connection out of the pool.
 */
export function createPool(conn: PostgresConnection, opts: PostgresPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    ...clientConfig(conn, opts), max: opts.max ?? DEFAULT_POOL_MAX, idleTimeoutMillis: 30_000,
    // Idle connections do not keep a finished CLI command alive.
    allowExitOnIdle: true,
  })
  // An idle connection the server dropped (restart, failover) is discarded by the pool; without a listener the
  // 'error' event would end the process. The next query opens a new connection or fails with its own error.
  pool.on('error', () => {})
  return pool
}
