import { getRequestListener } from '@hono/node-server'
import pino from 'pino'
import { loadConfig } from '../src/config/config.ts'
import { createQueryService } from '../src/query/query-service.ts'
import { createApp } from '../src/server/create-app.ts'
import { newKeyFile } from '../src/signing/key-file.ts'
import { createKeyRing } from '../src/signing/key-ring.ts'
import { openStore } from '../src/storage/open-store.ts'
import { strongEtag } from '../src/surfaces/http/etag.ts'
import { createResponseCache } from '../src/surfaces/http/response-cache.ts'
import Database from '../src/storage/sqlite/driver.ts'
import { SQL as SQLITE_SQL } from '../src/storage/sqlite/queries.ts'
import { SEQ_END } from '../src/storage/story-window.ts'
import { servedRequest } from './served-request.ts'

/**
 * Mean microseconds per call of each stage: the process's CPU time (user + system, every thread) and the wall
 * time. The stages take turns in rounds of 50 calls, so a load change on a shared machine hits all of them alike;
 * even so, at a load average of 6-10 on two cores the wall times of one unchanged tree moved by ±30% between runs,
 * and the CPU times by a few per cent, so on SQLite (all of the work in this process) the stages are reported in
 * CPU time; on PostgreSQL, whose server does its part elsewhere, in wall time.
 */
async function timeStages<K extends string>(n: number, stages: Record<K, () => unknown>): Promise<{ wall: Record<K, number>, cpu: Record<K, number> }> {
  const names = Object.keys(stages) as K[]
  const wall = Object.fromEntries(names.map((k) => [k, 0n])) as Record<K, bigint>
  const cpu = Object.fromEntries(names.map((k) => [k, 0])) as Record<K, number>
  const ROUND = 50
  for (const k of names) for (let i = 0; i < 200; i++) await stages[k]()
  for (let done = 0; done < n; done += ROUND) {
    for (const k of names) {
      const started = process.hrtime.bigint()
      const startedCpu = process.cpuUsage()
      for (let i = 0; i < ROUND; i++) await stages[k]()
      const used = process.cpuUsage(startedCpu)
      wall[k] += process.hrtime.bigint() - started
      cpu[k] += used.user + used.system
    }
  }
  const rounds = Math.ceil(n / ROUND) * ROUND
  return {
    wall: Object.fromEntries(names.map((k) => [k, Number(wall[k]) / 1e3 / rounds])) as Record<K, number>,
    cpu: Object.fromEntries(names.map((k) => [k, cpu[k] / rounds])) as Record<K, number>,
  }
}

export interface MissProfile {
  /** How the stages below were timed: this process's CPU time (SQLite), or wall time (PostgreSQL's server works elsewhere). */
  clock: 'cpu' | 'wall'
  /** The store's list call: the SQL, the driver's values and the mapping to records. */
  sqlUs: number
  /** SQLite only: the same list statement run through the driver alone, rows as arrays (the least any store can do). */
  statementUs?: number
  /** The query service: the store's query, validation and building the views. */
  queryUs: number
  stringifyUs: number
  /** UTF-8 encoding plus the SHA-256 ETag. */
  encodeHashUs: number
  /** A whole uncached GET /api/v1/stories?limit=20 through the framework, in process (no socket, body not copied). */
  missUs: number
  /**
   * The same miss over a store that hands back copies of the same records at once (and a fixed content version):
   * everything a miss does but the store's work. missUs - missWithoutStoreUs is what the store call costs inside a
   * miss, which on SQLite is well above sqlUs: the request's other work (allocation above all) leaves the CPU caches
   * cold for SQLite's pages and the driver's row reading.
   */
  missWithoutStoreUs: number
  /**
   * The same miss as `newsdesk serve` handles it (bench/served-request.ts: node:http request and response objects,
   * the front path, the Node adapter, the front path's recording), without a socket.
   */
  servedMissUs: number
  /**
   * The framework alone: the same request as served, answered by the framework from a response-cache entry (the
   * front path told not to answer it), so routing, the query schema, the responder, the content version and the
   * `Response` without the store call, JSON or hashing.
   */
  frameworkUs: number
  /**
   * Of missUs, the `new Request()` the miss stage makes: under the adapter's global that is a full undici Request
   * (URL parse, headers), which the node:http listener does not build (its request object is lighter).
   */
  requestUs: number
  /**
   * With the response cache on, a miss also makes the br and gzip variants for later requests: the wait from the
   * rendered body to the answer, for a client taking identity (not waiting for them) and one taking br.
   */
  fillIdentityUs: number
  fillBrUs: number
}

/**
 * Where an uncached list request's time goes, measured in this process on `databaseUrl`: each stage alone, then
 * the whole request through the app with its response cache off (every request a miss).
 */
export async function profileMiss(databaseUrl: string, n = 3000): Promise<MissProfile> {
  const store = openStore(databaseUrl)
  try {
    const config = loadConfig({ SITE_URL: 'https://news.example.org', RESPONSE_CACHE_MB: '0', HEALTH_MAX_STORY_AGE_MINUTES: '525600' })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: 'bench', healthMaxStoryAgeMinutes: 525600 })
    const log = pino({ level: 'silent' })
    const { app, front } = createApp({ config, query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) })
    const served = servedRequest(app, front)
    // With its response cache on, the framework answers from the entry; the response front, which would answer first,
    // is asked for another URL's form so that every request reaches the framework.
    const cached = createApp({ config: loadConfig({ SITE_URL: config.siteUrl, HEALTH_MAX_STORY_AGE_MINUTES: '525600' }), query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) })
    const noFront = { ...cached.front, serve: () => false }
    const framework = servedRequest(cached.app, noFront)
    const records = await store.listStories({ limit: 20, lang: 'en' })
    const instant: typeof store = Object.create(store, {
      listStories: { value: async () => records.map((r) => ({ ...r })) },
      contentVersion: { value: async () => 'fixed' },
    })
    const storeless = createApp({ config, query: createQueryService({ store: instant, siteUrl: config.siteUrl, version: 'bench', healthMaxStoryAgeMinutes: 525600 }), log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) }).app
    // The serving process runs with the Node adapter's lightweight Request and Response globals; so does this.
    getRequestListener(app.fetch)
    const list = await query.listStories({ limit: 20 })
    const json = JSON.stringify(list)
    const encoder = new TextEncoder()
    const file = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : null
    const db = file === null ? null : new Database(file, { readonly: true })
    const statement = db?.prepare(SQLITE_SQL.list).raw(true)
    // A fresh key per call: every call is a miss that encodes, hashes and (cache on) compresses the list's JSON.
    const responseCache = createResponseCache(64 << 20)
    const rendered = async () => ({ body: json, contentType: 'application/json; charset=utf-8' })
    let fresh = 0
    const stages: Record<string, () => unknown> = {
      ...(statement ? { statement: () => statement.all({ limit: 20, lang: 'en', lo: 0, hi: SEQ_END }) } : {}),
      sql: () => store.listStories({ limit: 20, lang: 'en' }),
      query: () => query.listStories({ limit: 20 }),
      stringify: () => JSON.stringify(list),
      encodeHash: () => strongEtag(encoder.encode(json)),
      // The adapter writes the body the responder made without reading it through a stream, so neither does this.
      miss: async () => (await app.fetch(new Request('http://127.0.0.1/api/v1/stories?limit=20'))).status,
      missWithoutStore: async () => (await storeless.fetch(new Request('http://127.0.0.1/api/v1/stories?limit=20'))).status,
      servedMiss: () => served('/api/v1/stories?limit=20'),
      framework: () => framework('/api/v1/stories?limit=20'),
      request: () => new Request('http://127.0.0.1/api/v1/stories?limit=20'),
      fillIdentity: () => responseCache.get(`k${fresh++}`, 'v', rendered, { identity: true }),
      fillBr: () => responseCache.get(`k${fresh++}`, 'v', rendered),
    }
    const { cpu, wall } = await timeStages(n, stages)
    // PostgreSQL does its part of the store call in its own processes, which this process's CPU time leaves out.
    const t = file === null ? wall : cpu
    db?.close()
    const [sqlUs, queryUs, stringifyUs, encodeHashUs, missUs] = [t.sql!, t.query!, t.stringify!, t.encodeHash!, t.miss!]
    const statementUs = t.statement
    // The fills wait for zlib in the threadpool: their wall time is the answer's latency, their CPU time is not.
    return { clock: file === null ? 'wall' : 'cpu', sqlUs, statementUs, queryUs, stringifyUs, encodeHashUs, missUs, missWithoutStoreUs: t.missWithoutStore!, servedMissUs: t.servedMiss!, frameworkUs: t.framework!, requestUs: t.request!, fillIdentityUs: wall.fillIdentity!, fillBrUs: wall.fillBr! }
  } finally {
    await store.close()
  }
}

export function formatMissProfile(label: string, p: MissProfile): string {
  const f = (n: number) => `${n.toFixed(0)} µs`
  const rest = p.missUs - p.queryUs - p.stringifyUs - p.encodeHashUs
  const sql = p.statementUs === undefined ? `SQL ${f(p.sqlUs)}` : `SQL ${f(p.sqlUs)} (statement ${f(p.statementUs)} + rows to records ${f(p.sqlUs - p.statementUs)})`
  const statementRatio = p.statementUs === undefined ? '' : `, miss/statement ${(p.missUs / p.statementUs).toFixed(2)}×`
  return `${label} cache miss, GET /api/v1/stories?limit=20 in process, ${p.clock === 'cpu' ? 'CPU time' : 'wall time'}: ${f(p.missUs)} = ${sql} + validation and views ${f(p.queryUs - p.sqlUs)}` +
    ` + JSON.stringify ${f(p.stringifyUs)} + encode and ETag ${f(p.encodeHashUs)} + routing, query-string validation and Response ${f(rest)} (of which the bench's Request ${f(p.requestUs)});` +
    ` miss/SQL ${(p.missUs / p.sqlUs).toFixed(2)}× (goal ≤ 2×)${statementRatio};` +
    ` the same miss without the store's work ${f(p.missWithoutStoreUs)}, so the store call costs ${f(p.missUs - p.missWithoutStoreUs)} inside a miss against ${f(p.sqlUs)} alone;` +
    ` as served (node:http objects, front path, adapter): ${f(p.servedMissUs)} = ${(p.servedMissUs / p.sqlUs).toFixed(2)}× SQL, of which the framework alone ${f(p.frameworkUs)} (the same request answered from the response cache through Hono);` +
    ` cache on, body to answer (wall time): ${f(p.fillIdentityUs)} for identity, ${f(p.fillBrUs)} for br (variants made after the identity answer)`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'sqlite:/tmp/newsdesk-bench-100000.db'
  console.log(formatMissProfile(url, await profileMiss(url)))
}
