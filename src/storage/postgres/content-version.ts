import { createHash } from 'node:crypto'
import pg from 'pg'
import { clientConfig, quoteIdent, type PostgresConnection } from './connection.ts'
import { SQL } from './queries.ts'
import { withDeadline } from './reachability.ts'

/**
 * The content version without a round trip per request. Every HTTP response cache lookup asks for it, so on
 * PostgreSQL it is kept in memory and kept current three ways:
 *
 * - writes by this process: the transaction that bumps `meta.content_version` returns the new value, which is taken
 *   as soon as the transaction has committed (the store contract: a write is seen by the next read);
 * - writes by any other process (another `serve`, a crawl worker, `newsdesk import`): the same transaction sends
 *   NOTIFY on a channel of the schema with the new value as payload, delivered on commit to a dedicated connection
 *   that LISTENs (started by the first contentVersion() call, so short CLI commands never open it). While it
 *   listens, contentVersion() answers from memory: a cache hit costs no round trip. The listening connection re-reads
 *   the version every heartbeat (5 s; proof that it is alive, and a catch-all for a version changed by hand); when it
 *   fails or a heartbeat gets no answer within 2 s it is dropped and reopened with backoff (250 ms doubling to 10 s);
 * - while the listener is not connected (starting, reconnecting): the version is read from the store at most once
 *   once a second (pollMs); callers within that second get the value read last;
 * - while the server is known not to answer (reachability.ts: a timeout, no answer since), the last value is the
 *   version: nothing can commit on a stopped server, so cached answers stay current and keep being served, and no
 *   caller waits for a read that cannot come back. A heartbeat or connection timeout here marks the server so.
 *
 * Versions only move forward (they are bigint counters): a notification or a local write never lowers the value,
 * and a read lowers it only when nothing newer was learnt while it ran (so a read that raced a notification cannot
 * undo it, but a store restored to an older state is followed).
 */
export interface ContentVersionCache {
  /** The current version: from memory while listening, else read (at most once per poll interval). */
  current(): Promise<string>
  /** The current version if it is known without I/O (listening for notifications), else null. */
  known(): string | null
  /** A version this process committed (or learnt otherwise): taken when newer than the one known. */
  advance(value: string): void
  close(): Promise<void>
  /** For tests and diagnostics. */
  state(): { listening: boolean; reads: number; listenerPid: number | null; value: string | null }
}

export interface ContentVersionOptions {
  /** The longest a value read from the store is trusted while not listening (default 1000 ms). */
  pollMs?: number
  /** How often the listening connection re-reads the version and proves itself alive (default 5000 ms). */
  heartbeatMs?: number
}

export const DEFAULT_VERSION_POLL_MS = 1_000
export const DEFAULT_VERSION_HEARTBEAT_MS = 5_000
const HEARTBEAT_TIMEOUT_MS = 2_000
const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 10_000
const CHANNEL_PREFIX = 'newsdesk_content_'
/** PostgreSQL truncates identifiers to 63 bytes; pg_notify refuses longer channel names. */
const MAX_CHANNEL = 63

/** The NOTIFY channel of a schema: every store of that schema, in any process, listens to the same one. */
export function contentChannel(schema: string): string {
  const plain = `${CHANNEL_PREFIX}${schema}`
  return Buffer.byteLength(plain) <= MAX_CHANNEL ? plain
    : `${CHANNEL_PREFIX}${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`
}

/** pg.Client has ref()/unref() (for its socket), missing from its type declarations. */
function refSocket(client: pg.Client, on: boolean): void {
  const c = client as unknown as { ref(): void; unref(): void }
  if (on) c.ref()
  else c.unref()
}

/** Ends a listening connection; its socket is ref'd again so the process waits for the goodbye. */
async function endClient(client: pg.Client): Promise<void> {
  try {
    refSocket(client, true)
  } catch {
    // never connected
  }
  await client.end().catch(() => {})
}

function newer(candidate: string, known: string | null): boolean {
  if (known === null) return true
  try {
    return BigInt(candidate) > BigInt(known)
  } catch {
    return candidate !== known
  }
}

export function createContentVersionCache(deps: {
  conn: PostgresConnection
  /** Resolves once the schema is migrated. */
  ready: () => Promise<void>
  /** Reads the version through the pool. */
  read: () => Promise<string>
  /** Whether the server is known not to answer (see reachability.ts). */
  unanswering?: () => boolean
  /** Told of every failure here, so a timeout marks the server not answering. */
  failed?: (err: unknown) => void
}, opts: ContentVersionOptions = {}): ContentVersionCache {
  const pollMs = opts.pollMs ?? DEFAULT_VERSION_POLL_MS
  const heartbeatMs = opts.heartbeatMs ?? DEFAULT_VERSION_HEARTBEAT_MS
  const channel = contentChannel(deps.conn.schema)

  let value: string | null = null
  let readAt = 0
  /** Bumped whenever the value is set: a read that finds it moved on since it started may only raise it. */
  let generation = 0
  let reads = 0
  let polling: Promise<string> | null = null

  let started = false
  let closed = false
  let listening = false
  let listener: pg.Client | null = null
  let heartbeat: NodeJS.Timeout | undefined
  let reconnect: NodeJS.Timeout | undefined
  let backoff = RECONNECT_MIN_MS

  const advance = (v: string) => {
    if (!newer(v, value)) return
    value = v
    generation++
  }

  /** Applies a value read from the store by a read that started at generation `since`. */
  const applyRead = (v: string, since: number) => {
    if (generation === since) {
      if (v !== value) generation++
      value = v
    } else {
      advance(v)
    }
    readAt = Date.now()
  }

  const poll = (): Promise<string> => {
    polling ??= (async () => {
      const since = generation
      try {
        reads++
        applyRead(await deps.read(), since)
        return value!
      } finally {
        polling = null
      }
    })()
    return polling
  }

  const drop = (client: pg.Client) => {
    if (listener !== client) return
    listener = null
    listening = false
    clearInterval(heartbeat)
    void endClient(client)
    scheduleReconnect()
  }

  const scheduleReconnect = () => {
    if (closed || reconnect) return
    const wait = backoff
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS)
    reconnect = setTimeout(() => {
      reconnect = undefined
      void listen()
    }, wait)
    reconnect.unref()
  }

  async function listen(): Promise<void> {
    if (closed) return
    const client = new pg.Client({ ...clientConfig(deps.conn, { applicationName: 'newsdesk-listen' }), keepAlive: true })
    listener = client
    client.on('error', () => drop(client))
    client.on('end', () => drop(client))
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) advance(msg.payload)
    })
    try {
      await deps.ready()
      await client.connect()
      // The listener never keeps a process alive: close() ends it, and a process that is done may exit.
      refSocket(client, false)
      if (closed || listener !== client) {
        await endClient(client)
        return
      }
      await client.query(`LISTEN ${quoteIdent(channel)}`)
      // Every commit after LISTEN is notified; every one before it is in this read.
      const since = generation
      const { rows } = await client.query<{ value: string }>(SQL.version)
      applyRead(rows[0]!.value, since)
      if (listener !== client) return
      listening = true
      backoff = RECONNECT_MIN_MS
      heartbeat = setInterval(() => void beat(client), heartbeatMs)
      heartbeat.unref()
    } catch (err) {
      deps.failed?.(err)
      drop(client)
    }
  }

  /**
   * Re-reads the version on the listening connection; a failure, or no answer within HEARTBEAT_TIMEOUT_MS (a
   * connection that died without a word, notifications included), drops it: the callers poll until it is back.
   */
  let beating = false
  async function beat(client: pg.Client): Promise<void> {
    if (beating) return
    beating = true
    const since = generation
    try {
      const { rows } = await withDeadline('the content version heartbeat', Math.min(heartbeatMs, HEARTBEAT_TIMEOUT_MS),
        client.query<{ value: string }>(SQL.version))
      if (listener === client) applyRead(rows[0]!.value, since)
    } catch (err) {
      if (listener === client) deps.failed?.(err)
      drop(client)
    } finally {
      beating = false
    }
  }

  return {
    async current() {
      if (!started && !closed) {
        started = true
        void listen()
      }
      if (listening && value !== null) return value
      if (value !== null && (Date.now() - readAt < pollMs || deps.unanswering?.())) return value
      return poll()
    },
    known: () => (listening || deps.unanswering?.() ? value : null),
    advance,
    async close() {
      closed = true
      listening = false
      clearInterval(heartbeat)
      clearTimeout(reconnect)
      const client = listener
      listener = null
      if (client) await endClient(client)
    },
    state: () => ({ listening, reads, listenerPid: listener && listening ? (listener as unknown as { processID: number | null }).processID : null, value }),
  }
}
