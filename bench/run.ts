import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import pg from 'pg'
import { TOPICS } from '../src/domain/topics.ts'
import { openStore } from '../src/storage/open-store.ts'
import type { Store } from '../src/storage/store.ts'
import { agentSizeReport } from './agent-sizes.ts'
import { cpuMsOf } from './process-cpu.ts'
import { alternatingRounds, loadRun, medianOf, ratioOf } from './rounds.ts'
import { bareKey, type BareResponse } from './bare-server.ts'
import { formatMissProfile, profileMiss } from './miss-profile.ts'
import { GENERATOR_VERSION, PLANTED, syntheticStories } from './synthetic.ts'
import { searchTable, timeSearches } from './search-adversarial.ts'
import { benchDataDir, postgresBenchSchema, sqliteBenchFile } from './store-names.ts'
import { benchArgs } from './bench-args.ts'
import { ensureBuilt } from '../test/helpers/cli.ts'

/**
 * npm run bench [-- --stories 1000000 --duration 5 --rounds 5 --connections 20 --rebuild --store sqlite|postgres|both --search-only
 *                   --agents-only
 *                   --postgres-url postgres://postgres@127.0.0.1:5432/test --rss-requests 1000000 --pg-schema name]
 * Builds (or reuses) a synthetic store — a SQLite file in the temporary directory, a PostgreSQL schema, or both,
 * named per story count, generator, schema version and checkout (bench/store-names.ts) —
 * each holding the same stories — starts the service on each (with and without its response cache) and a bare
 * node:http server holding the service's exact bytes, and measures them all in the same run, scenario by scenario.
 * With --store both it ends with the two stores side by side. Then it compares the agent surfaces with REST on the
 * cached service (MCP and A2A calls against the same REST search, tools/list and ping against a cached REST list,
 * in alternating rounds) and prints each tool's answer size in bytes and o200k tokens (bench/agent-sizes.ts).
 * --agents-only measures only the MCP and A2A scenarios and their REST counterparts, then the agent-vs-REST ratios.
 * The service is pinned to CPU 0, the load to CPU 1;
 * PostgreSQL's own processes are not pinned (it is a server of its own, shared with whatever else runs).
 */
const { values } = benchArgs({
  options: {
    stories: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    // Alternating rounds of --duration each for the issue-15 ratios (bench/rounds.ts).
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    'rss-requests': { type: 'string', default: '1000000' },
    // Separate benches sharing one PostgreSQL server (branches with other schema versions) keep apart by name.
    'pg-schema': { type: 'string' },
    // Builds (or checks) the stores and stops: the 1M-story stores take minutes, so they can be made ahead.
    'build-only': { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    store: { type: 'string', default: 'sqlite' },
    // Only the adversarial search set (bench/search-adversarial.ts), without the load scenarios.
    'search-only': { type: 'boolean', default: false },
    'search-rounds': { type: 'string', default: '50' },
    'agents-only': { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: process.env.NEWSDESK_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const STORIES = Number(values.stories)
const DURATION = Number(values.duration)
const ROUNDS = Number(values.rounds)
const CONNECTIONS = Number(values.connections)
const RSS_REQUESTS = Number(values['rss-requests'])
const RSS_SMALL = 10_000
if (!['sqlite', 'postgres', 'both'].includes(values.store)) {
  console.error(`bench: --store must be sqlite, postgres or both (got "${values.store}")`)
  process.exit(2)
}
const ROOT = path.resolve(import.meta.dirname, '..')
ensureBuilt()
const hasTaskset = (() => { try { execFileSync('taskset', ['-V'], { stdio: 'ignore' }); return true } catch { return false } })()
const pinned = (cpu: number, cmd: string, args: string[]) => (hasTaskset ? ['taskset', ['-c', String(cpu), cmd, ...args]] as const : [cmd, args] as const)

/** One store under test: how the service reaches it, and how the bench builds it. */
interface Backend {
  label: 'SQLite' | 'PostgreSQL'
  databaseUrl: string
  /** Builds the synthetic store, or reuses the one a previous run built; returns the sampled story ids. */
  prepare(): Promise<string[]>
}

/** The ids a build sampled (every STORIES/1000th story), with the generator that made them. */
interface IdsFile { generator: number; stories: number; ids: string[] }

function readIds(file: string): string[] | null {
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as IdsFile
    return saved.generator === GENERATOR_VERSION && saved.stories === STORIES ? saved.ids : null
  } catch {
    return null // missing, or written by an older bench (a bare array of random ids)
  }
}

/** Writes the synthetic stories into `store` in batches of 5000 and returns the sampled ids. */
async function fill(store: Store, label: string): Promise<string[]> {
  const started = Date.now()
  const ids: string[] = []
  let batch = []
  let n = 0
  for (const s of syntheticStories(STORIES)) {
    batch.push(s)
    if (++n % Math.max(1, Math.floor(STORIES / 1000)) === 0) ids.push(s.id)
    if (batch.length === 5000) {
      await store.upsertStories(batch)
      batch = []
      if (n % 100000 === 0) console.log(`${label}: ${n} stories, ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
  }
  if (batch.length) await store.upsertStories(batch)
  const secs = (Date.now() - started) / 1000
  console.log(`${label}: wrote ${STORIES} stories in ${secs.toFixed(1)} s (${Math.round(STORIES / secs)} stories/s)`)
  return ids
}

function sqliteBackend(): Backend {
  const file = path.join(os.tmpdir(), sqliteBenchFile(STORIES))
  const idsFile = `${file}.ids.json`
  return {
    label: 'SQLite',
    databaseUrl: `sqlite:${file}`,
    async prepare() {
      const saved = values.rebuild || !fs.existsSync(file) ? null : readIds(idsFile)
      if (saved) {
        console.log(`SQLite: reusing ${file}`)
        return saved
      }
      for (const f of [file, `${file}-wal`, `${file}-shm`, idsFile]) fs.rmSync(f, { force: true })
      const store = openStore(`sqlite:${file}`)
      const ids = await fill(store, 'SQLite')
      await store.close()
      console.log(`SQLite: ${file}, ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`)
      fs.writeFileSync(idsFile, JSON.stringify({ generator: GENERATOR_VERSION, stories: STORIES, ids } satisfies IdsFile))
      return ids
    },
  }
}

function postgresBackend(serverUrl: string): Backend {
  const schema = values['pg-schema'] ?? postgresBenchSchema(STORIES)
  const url = new URL(serverUrl)
  url.searchParams.set('schema', schema)
  const databaseUrl = url.toString()
  const idsFile = path.join(os.tmpdir(), `${schema}.${url.hostname}-${url.port || 5432}${url.pathname.replaceAll('/', '-')}.pg.ids.json`)
  const admin = async <T>(work: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl, application_name: 'newsdesk-bench' })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  return {
    label: 'PostgreSQL',
    databaseUrl,
    async prepare() {
      const saved = values.rebuild ? null : readIds(idsFile)
      if (saved) {
        const stored = await admin(async (c) => {
          const exists = (await c.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [schema, 'stories'])).rowCount
          return exists ? Number((await c.query(`SELECT count(*) AS n FROM "${schema}".stories`)).rows[0].n) : 0
        })
        if (stored === STORIES) {
          console.log(`PostgreSQL: reusing schema ${schema}`)
          return saved
        }
      }
      fs.rmSync(idsFile, { force: true })
      await admin((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`))
      const store = openStore(databaseUrl)
      const ids = await fill(store, 'PostgreSQL')
      await store.close()
      // A freshly loaded table has no statistics and an unset visibility map until autovacuum gets to it; a
      // service running for a while has both, so measure that state. Only this schema's tables.
      const started = Date.now()
      const size = await admin(async (c) => {
        const tables = (await c.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = $1', [schema])).rows
        for (const t of tables) await c.query(`VACUUM (ANALYZE) "${schema}"."${t.tablename}"`)
        return Number((await c.query(`SELECT sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)) AS bytes
          FROM pg_tables WHERE schemaname = $1`, [schema])).rows[0].bytes)
      })
      console.log(`PostgreSQL: VACUUM ANALYZE in ${((Date.now() - started) / 1000).toFixed(1)} s; schema ${schema}, ${(size / 1e6).toFixed(0)} MB with indexes`)
      fs.writeFileSync(idsFile, JSON.stringify({ generator: GENERATOR_VERSION, stories: STORIES, ids } satisfies IdsFile))
      return ids
    },
  }
}

/** One search asked three ways, so the agent surfaces can be compared with REST in the same run. */
const SAME_SEARCH = {
  rest: `REST search "${PLANTED.medium}"`,
  mcp: `MCP tools/call search_stories "${PLANTED.medium}"`,
  a2a: `A2A SendMessage "search ${PLANTED.medium}"`,
}

/** Agent requests paired with the REST request each is compared with. */
const AGENT_PAIRS: Array<[string, string]> = [
  [SAME_SEARCH.mcp, SAME_SEARCH.rest],
  [SAME_SEARCH.a2a, SAME_SEARCH.rest],
  ['MCP tools/call get_latest_stories 20', 'list newest 20'],
  ['MCP tools/list', 'list newest 20'],
  ['MCP ping', 'list newest 20'],
]

/** Every server this run started, stopped when it ends, also on a failure. */
const children: ChildProcess[] = []
process.on('exit', () => { for (const c of children) c.kill('SIGTERM') })

function startService(databaseUrl: string, extraEnv: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  // The compiled CLI users run (bin/newsdesk.js on dist/), not tsx's transform of the sources: tsx wraps every closure
  // it creates in a defineProperty call and compiles some Unicode patterns per call (bench-log, 2026-11-30).
  const [cmd, args] = pinned(0, process.execPath, [path.join(ROOT, 'bin/newsdesk.js'), 'serve'])
  const child = spawn(cmd, [...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, NEWSDESK_SAMPLE: 'off', NEWSDESK_CRAWL_INTERVAL: 'off', LOG_LEVEL: 'info', HEALTH_MAX_STORY_AGE_MINUTES: '525600', DATA_DIR: path.join(os.tmpdir(), benchDataDir), ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)))
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('serve: listening')) resolve({ port: JSON.parse(line).port as number, child })
    })
  })
}

function startBare(table: Record<string, BareResponse>): Promise<{ port: number; child: ChildProcess }> {
  const [cmd, args] = pinned(0, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')])
  const child = spawn(cmd, [...args], { stdio: ['pipe', 'pipe', 'inherit'] })
  children.push(child)
  child.stdin!.end(JSON.stringify(table))
  return new Promise((resolve) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve({ port: Number(line), child }))
  })
}

interface Measured { rps: number; p50: number; p99: number; bytes: number; non2xx: number }

/**
 * A scenario's requests: GETs of `paths` (with `headers`), or one POST of a JSON-RPC body to every path (MCP, A2A).
 * `notModified`: the answers are 304s, by design.
 */
interface Scenario { name: string; paths: string[]; headers?: Record<string, string>; notModified?: boolean; post?: { body: string; headers: Record<string, string> } }

const requestsOf = (s: Scenario) => s.paths.map((p) => (s.post
  ? { method: 'POST', path: p, body: s.post.body, headers: s.post.headers }
  : { method: 'GET', path: p, headers: s.headers ?? {} }))

async function measure(port: number, s: Scenario): Promise<Measured> {
  const spec = { port, connections: CONNECTIONS, requests: requestsOf(s) }
  await loadRun(spec, 1)
  const r = await loadRun(spec, DURATION)
  return { rps: r.rps, p50: r.p50, p99: r.p99, bytes: r.bytes, non2xx: s.notModified ? 0 : r.non2xx }
}

/** One request as sent on the wire: status, headers and the raw (possibly compressed) bytes. */
function rawRequest(port: number, method: string, p: string, headers: Record<string, string>, body?: string): Promise<BareResponse & { bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const out: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) out[k] = Array.isArray(v) ? v.join(', ') : v
        }
        const bytes = Buffer.concat(chunks)
        resolve({ status: res.statusCode!, headers: out, body: bytes.toString('base64'), bytes })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Resident set size of a process in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : NaN
}

/** Sends exactly `amount` requests of `s` (20 connections), for the memory check. */
async function send(port: number, s: Scenario, amount: number): Promise<void> {
  await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, amount, pipelining: 1, requests: requestsOf(s) })
}


/**
 * Mean req/s of `a` and `b` over `rounds` rounds of 1 s runs each (alternatingRounds: one warm-up run each, the
 * order reversed every other round), and the service's
 * CPU time per request for each (µs): on a shared machine req/s moves with the neighbours' load, the CPU the
 * service spends on one request much less.
 */
async function alternate(port: number, pid: number, a: Scenario, b: Scenario, rounds: number): Promise<{ a: number; b: number; cpuA: number; cpuB: number }> {
  const side = (s: Scenario) => ({ port, pid, connections: CONNECTIONS, requests: requestsOf(s) })
  const runs = await alternatingRounds([side(a), side(b)], rounds, 1)
  const mean = (k: number) => runs.reduce((sum, round) => sum + round[k]!.rps, 0) / rounds
  // CPU per request over all of a side's rounds: their CPU time (µs per request × requests) over their requests.
  const cpu = (k: number) => runs.reduce((sum, round) => sum + round[k]!.cpuUs * round[k]!.requests, 0)
    / Math.max(1, runs.reduce((sum, round) => sum + round[k]!.requests, 0))
  return { a: mean(0), b: mean(1), cpuA: cpu(0), cpuB: cpu(1) }
}

async function main() {
  const backends = [
    ...(values.store === 'postgres' ? [] : [sqliteBackend()]),
    ...(values.store === 'sqlite' ? [] : [postgresBackend(values['postgres-url'])]),
  ]
  let ids: string[] = []
  for (const b of backends) {
    const sampled = await b.prepare()
    if (ids.length && sampled.join() !== ids.join()) throw new Error('bench: the stores hold different synthetic stories; run with --rebuild')
    ids = sampled
  }
  if (values['build-only']) return
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' })

  const rotate = <T>(xs: T[], n: number) => Array.from({ length: n }, (_, i) => xs[i % xs.length]!)
  const jsonRpc = (headers: Record<string, string>, body: object) => ({
    body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers },
  })
  const LIST20 = '/api/v1/stories?limit=20'
  // The If-None-Match value is the list's identity ETag, read once the services run.
  const conditional: Scenario = { name: 'list ?limit=20, If-None-Match: 304', paths: [LIST20], headers: { 'if-none-match': '' }, notModified: true }
  const scenarios: Scenario[] = [
    { name: 'list ?limit=20', paths: [LIST20] },
    conditional,
    { name: 'list ?limit=20, br', paths: [LIST20], headers: { 'accept-encoding': 'br' } },
    { name: 'list ?limit=20, gzip', paths: [LIST20], headers: { 'accept-encoding': 'gzip' } },
    { name: 'list newest 20', paths: ['/api/v1/stories'] },
    { name: 'list topic (13 rotating)', paths: TOPICS.map((t) => `/api/v1/stories?topic=${t}`) },
    { name: `search rare "${PLANTED.rare}"`, paths: [`/api/v1/stories?q=${PLANTED.rare}`] },
    { name: 'search rotating rare/medium/common/multi', paths: [
      `/api/v1/stories?q=${PLANTED.rare}`, `/api/v1/stories?q=${PLANTED.medium}`, `/api/v1/stories?q=${PLANTED.common}`,
      `/api/v1/stories?q=${PLANTED.common}+market`, `/api/v1/stories?q=market+growth+deal`, '/api/v1/stories?q=rev',
      `/api/v1/stories?q=${PLANTED.medium}+${PLANTED.common}`, '/api/v1/stories?q=team+launch&lang=es',
    ] },
    { name: 'search common "inflation"', paths: [`/api/v1/stories?q=${PLANTED.common}`] },
    { name: 'get story (rotating 200 ids)', paths: rotate(ids, 200).map((id) => `/api/v1/stories/${id}`) },
    { name: 'page: home HTML', paths: ['/'] },
    { name: 'page: home HTML, browser (br)', paths: ['/'], headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd',
    } },
    { name: 'page: story HTML (rotating 200 ids)', paths: rotate(ids, 200).map((id) => `/s/${id}`) },
    { name: 'page: topic Markdown (13 rotating)', paths: TOPICS.map((t) => `/c/${t}?format=md`) },
    { name: 'feed: home Atom (50 full entries)', paths: ['/feeds/latest.atom'] },
    { name: 'feed: topic RSS (13 rotating)', paths: TOPICS.map((t) => `/feeds/topics/${t}.rss`) },
    // MCP and A2A answers come from the answer cache once rendered (the JSON-RPC id spliced in); the no-cache
    // service renders every one through the SDK and the capability.
    // Each POST scenario has its own path (the query string is ignored by the endpoints) so the bare server,
    // which replays by path, replays each one's own answer.
    { name: 'MCP tools/call get_latest_stories 20', paths: ['/mcp?bench=latest'], post: jsonRpc(
      { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit: 20 } } },
    ) },
    { name: SAME_SEARCH.rest, paths: [`/api/v1/stories?q=${PLANTED.medium}`] },
    { name: SAME_SEARCH.mcp, paths: ['/mcp?bench=search'], post: jsonRpc(
      { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_stories', arguments: { query: PLANTED.medium } } },
    ) },
    { name: SAME_SEARCH.a2a, paths: ['/a2a?bench=search'], post: jsonRpc({ 'a2a-version': '1.0' }, {
      jsonrpc: '2.0', id: 7, method: 'SendMessage',
      params: { message: { messageId: '6f1c2a9e-1b7d-4c55-9a51-3d0f6f7e2b10', role: 'ROLE_USER', parts: [{ text: `search ${PLANTED.medium}` }] } },
    }) },
    { name: 'MCP tools/list', paths: ['/mcp?bench=tools-list'], post: jsonRpc(
      { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      { jsonrpc: '2.0', id: 8, method: 'tools/list' },
    ) },
    { name: 'MCP ping', paths: ['/mcp?bench=ping'], post: jsonRpc(
      { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      { jsonrpc: '2.0', id: 9, method: 'ping' },
    ) },
    { name: 'A2A SendMessage "latest AI news in Spanish"', paths: ['/a2a?bench=latest'], post: jsonRpc({ 'a2a-version': '1.0' }, {
      jsonrpc: '2.0', id: 1, method: 'SendMessage',
      params: { message: { messageId: '9229e770-767c-417b-a0b0-f0741243c589', role: 'ROLE_USER', parts: [{ text: 'latest AI news in Spanish' }] } },
    }) },
  ]

  const agentsOnly = values['agents-only']
  if (agentsOnly) {
    const compared = new Set(AGENT_PAIRS.flat())
    scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => s.post || compared.has(s.name)))
  }

  type Target = { name: string; port: number; child: ChildProcess }
  const services: { backend: Backend; cached: Target; uncached: Target }[] = []
  for (const backend of backends) {
    const cached = await startService(backend.databaseUrl, {})
    const uncached = await startService(backend.databaseUrl, { RESPONSE_CACHE_MB: '0' })
    services.push({ backend, cached: { name: 'newsdesk', ...cached }, uncached: { name: 'newsdesk no-cache', ...uncached } })
  }

  const searchTables: string[] = []
  for (const s of agentsOnly ? [] : services) {
    searchTables.push(searchTable(s.backend.label, STORIES, await timeSearches(s.uncached.port, s.uncached.child.pid!, Number(values['search-rounds']))))
    console.log(searchTables.at(-1))
  }
  if (values['search-only']) {
    for (const c of children) c.kill('SIGTERM')
    return
  }

  conditional.headers!['if-none-match'] = (await rawRequest(services[0]!.cached.port, 'GET', LIST20, {})).headers.etag!

  /** Every request's response from a service, status, headers and raw bytes, as the bare server replays it. */
  const capture = async (port: number) => {
    const table: Record<string, BareResponse> = {}
    for (const s of scenarios) {
      for (const p of s.paths) {
        const headers = s.post?.headers ?? s.headers ?? {}
        const { bytes: _, ...res } = await rawRequest(port, s.post ? 'POST' : 'GET', p, headers, s.post?.body)
        table[bareKey(p, headers)] = res
      }
    }
    return table
  }
  const tables: Awaited<ReturnType<typeof capture>>[] = []
  for (const s of services) tables.push(await capture(s.cached.port))
  // Same stories, same service: every store must answer every request with the same bytes.
  let identical = ''
  if (tables.length === 2) {
    // An A2A reply carries a fresh messageId and contextId each time; everything else must match.
    const bytes = (t: (typeof tables)[number], p: string) => Buffer.from(t[p]!.body, 'base64').toString('utf8')
      .replace(/"(messageId|contextId)":"[^"]*"/g, '"$1":"…"')
    const differ = Object.keys(tables[0]!).filter((p) => bytes(tables[0]!, p) !== bytes(tables[1]!, p))
    identical = `responses: ${Object.keys(tables[0]!).length - differ.length} of ${Object.keys(tables[0]!).length} requests byte-identical between SQLite and PostgreSQL (A2A message and context ids aside)` +
      (differ.length ? `; differing: ${differ.slice(0, 5).join(', ')}${differ.length > 5 ? ', …' : ''}` : '')
    console.log(identical)
  }
  const bare = { name: 'bare node:http', ...(await startBare(tables[0]!)) }

  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(8)
  const header = `${'scenario'.padEnd(42)} ${'target'.padEnd(16)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)}  ratio vs bare`
  const rows = new Map(services.map((s) => [s.backend.label, [header]]))
  const sideBySide = [
    `${'scenario'.padEnd(42)} ${'target'.padEnd(18)} ${'bare req/s'.padStart(10)}   ${'SQLite req/s'.padStart(12)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   ${'PG req/s'.padStart(9)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   PG/SQLite req/s`,
  ]
  const line = (name: string, target: string, m: Measured, b: Measured) => {
    const ratio = target === 'bare node:http' ? '' : `  ${(m.rps / b.rps).toFixed(2)}× req/s, p99 ${(m.p99 / b.p99).toFixed(2)}×`
    return `${name.padEnd(42)} ${target.padEnd(16)} ${fmt(m.rps)} ${fmt(m.p50, 1)} ${fmt(m.p99, 1)} ${fmt(m.bytes)}${ratio}${m.non2xx ? `  (${m.non2xx} non-2xx!)` : ''}`
  }
  const results = new Map<string, { bare: Measured; byStore: Map<string, { cached: Measured; uncached: Measured }> }>()
  for (const sc of scenarios) {
    const b = await measure(bare.port, sc)
    const byStore = new Map<string, { cached: Measured; uncached: Measured }>()
    results.set(sc.name, { bare: b, byStore })
    for (const s of services) {
      const cached = await measure(s.cached.port, sc)
      const uncached = await measure(s.uncached.port, sc)
      byStore.set(s.backend.label, { cached, uncached })
      const out = rows.get(s.backend.label)!
      out.push(line(sc.name, 'bare node:http', b, b), line(sc.name, 'newsdesk', cached, b), line(sc.name, 'newsdesk no-cache', uncached, b))
      console.log(`[${s.backend.label}]\n${out.slice(-3).join('\n')}`)
    }
    const lite = byStore.get('SQLite')
    const post = byStore.get('PostgreSQL')
    if (lite && post) {
      for (const k of ['cached', 'uncached'] as const) {
        const l = lite[k]
        const p = post[k]
        const v = (n: number, w: number, d = 0) => n.toFixed(d).padStart(w)
        sideBySide.push(`${sc.name.padEnd(42)} ${(k === 'cached' ? 'newsdesk' : 'newsdesk no-cache').padEnd(18)} ${k === 'cached' ? v(b.rps, 10) : ' '.repeat(10)}   ${v(l.rps, 12)} ${v(l.p50, 6, 1)} ${v(l.p99, 6, 1)}   ${v(p.rps, 9)} ${v(p.p50, 6, 1)} ${v(p.p99, 6, 1)}   ${(p.rps / l.rps).toFixed(2)}×` +
          `${l.non2xx || p.non2xx ? `  (non-2xx: ${l.non2xx}/${p.non2xx}!)` : ''}`)
      }
    }
  }
  console.log(`\nNewsdesk benchmark: ${STORIES} stories, ${CONNECTIONS} connections, ${DURATION} s per run after 1 s warm-up, ` +
    `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB` +
    `${hasTaskset ? ', server on CPU 0, load on CPU 1' : ''}`)
  if (services.some((s) => s.backend.label === 'PostgreSQL')) {
    const version = await (async () => {
      const c = new pg.Client({ connectionString: values['postgres-url'], application_name: 'newsdesk-bench' })
      await c.connect()
      try {
        return (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v
      } finally {
        await c.end()
      }
    })()
    console.log(`PostgreSQL ${version} at ${new URL(values['postgres-url']).host} (not pinned), schema ${values['pg-schema'] ?? `newsdesk_bench_${STORIES}`}, pool of 10 per service`)
  }
  // The issue-15 targets, one block per store: every ratio from this run.
  const targets: string[] = []
  for (const [i, svc] of (agentsOnly ? [] : services).entries()) {
    const label = svc.backend.label
    // The three throughput ratios from alternating rounds of the same four runs (bench/rounds.ts): a 200 and a 304
    // of the list from the bare server and from the cached service.
    const list200 = { connections: CONNECTIONS, requests: requestsOf(scenarios[0]!) }
    const list304 = { connections: CONNECTIONS, requests: requestsOf(conditional) }
    const [BARE, CACHED, CACHED_304, BARE_304] = [0, 1, 2, 3]
    const runs = await alternatingRounds([
      { port: bare.port, pid: bare.child.pid, ...list200 }, { port: svc.cached.port, pid: svc.cached.child.pid, ...list200 },
      { port: svc.cached.port, pid: svc.cached.child.pid, ...list304 }, { port: bare.port, pid: bare.child.pid, ...list304 },
    ], ROUNDS, DURATION)
    const rps = (r: { rps: number }) => r.rps
    const p99 = (r: { p99: number }) => r.p99
    const vsBare = ratioOf(runs, CACHED, BARE, rps)
    const p99VsBare = ratioOf(runs, CACHED, BARE, p99)
    const cpu = (r: { cpuUs: number }) => r.cpuUs
    const size = (headers: Record<string, string>) => Buffer.from(tables[i]![bareKey(LIST20, headers)]!.body, 'base64').byteLength
    const identityBytes = size({})
    const brBytes = size({ 'accept-encoding': 'br' })
    const gzipBytes = size({ 'accept-encoding': 'gzip' })
    const miss = await profileMiss(svc.backend.databaseUrl)
    const rss = await rssCheck(svc.backend.databaseUrl)
    const x = (n: number) => `${n.toFixed(2)}×`
    targets.push(`\n${label}: issue 15 targets (${STORIES} stories, ${os.cpus().length} CPUs, ${CONNECTIONS} connections)`,
      `  (median of ${ROUNDS} alternating rounds of ${DURATION} s per side, [min–max] of the per-round ratios)`,
      `  cached GET ${LIST20} vs bare node:http: ${vsBare.text} req/s (${medianOf(runs, CACHED, rps).toFixed(0)} vs ${medianOf(runs, BARE, rps).toFixed(0)}; goal ≥ 0.9×), ` +
        `p99 ${p99VsBare.text} (${medianOf(runs, CACHED, p99).toFixed(2)} vs ${medianOf(runs, BARE, p99).toFixed(2)} ms; goal ≤ 1.5×); ` +
        `server CPU per request, bare / cached: ${ratioOf(runs, BARE, CACHED, cpu).text} (${medianOf(runs, CACHED, cpu).toFixed(1)} vs ${medianOf(runs, BARE, cpu).toFixed(1)} µs)`,
      `  304 vs 200 on the same URL: ${ratioOf(runs, CACHED_304, CACHED, rps).text} req/s (${medianOf(runs, CACHED_304, rps).toFixed(0)} vs ${medianOf(runs, CACHED, rps).toFixed(0)}; ` +
        `goal ≥ 1.1×; bare node:http ${ratioOf(runs, BARE_304, BARE, rps).text}); server CPU per request, 200 / 304: ${ratioOf(runs, CACHED, CACHED_304, cpu).text} ` +
        `(${medianOf(runs, CACHED, cpu).toFixed(1)} vs ${medianOf(runs, CACHED_304, cpu).toFixed(1)} µs)`,
      `  bytes of the 20-story list: ${identityBytes} B; br ${brBytes} B = ${x(brBytes / identityBytes)} (goal ≤ 0.25×), gzip ${gzipBytes} B = ${x(gzipBytes / identityBytes)}`,
      `  ${formatMissProfile('', miss).trim()}`,
      `  RSS of a fresh cached service: ${(rss.small / 2 ** 20).toFixed(1)} MB after ${RSS_SMALL} requests, ${(rss.large / 2 ** 20).toFixed(1)} MB after ${RSS_REQUESTS}: ` +
        `${x(rss.large / rss.small)} (goal ≤ 1.2×)`)
  }

  /** RSS of a new cached service after 10^4 cached requests and after RSS_REQUESTS (a mix of lists, stories and pages, br). */
  async function rssCheck(databaseUrl: string): Promise<{ small: number; large: number }> {
    const { port, child } = await startService(databaseUrl, {})
    const mix: Scenario = { name: 'rss mix', paths: [LIST20, '/', ...rotate(ids, 50).map((id) => `/api/v1/stories/${id}`), ...rotate(ids, 50).map((id) => `/s/${id}`)], headers: { 'accept-encoding': 'br' } }
    await send(port, mix, RSS_SMALL)
    const small = rssOf(child.pid!)
    await send(port, mix, Math.max(0, RSS_REQUESTS - RSS_SMALL))
    const large = rssOf(child.pid!)
    child.kill('SIGTERM')
    return { small, large }
  }

  if (identical) console.log(identical)
  for (const [label, out] of rows) console.log(`\n${label}\n${out.join('\n')}`)
  if (sideBySide.length > 1) console.log(`\nSQLite and PostgreSQL side by side (latencies in ms)\n${sideBySide.join('\n')}`)
  // The machine is shared: a scenario measured a minute after another can see a different load. So each agent
  // request and its REST counterpart are measured in alternation, in rounds, and compared by their totals.
  const ratioLines = ['Agent surfaces vs REST on the cached service, req/s ratio of alternating 1 s rounds (4 each),',
    'and the ratio of the service\'s CPU time per request (REST / agent: what req/s would be if the service alone were the limit):']
  const byName = new Map(scenarios.map((sc) => [sc.name, sc]))
  for (const s of services) {
    for (const [agent, rest] of AGENT_PAIRS) {
      const r = await alternate(s.cached.port, s.cached.child.pid!, byName.get(agent)!, byName.get(rest)!, 4)
      ratioLines.push(`[${s.backend.label}] ${agent.padEnd(44)} vs ${rest.padEnd(26)} ${(r.a / r.b).toFixed(2)}×  (${Math.round(r.a)} vs ${Math.round(r.b)} req/s)`
        + `  CPU ${(r.cpuB / r.cpuA).toFixed(2)}×  (${r.cpuA.toFixed(0)} vs ${r.cpuB.toFixed(0)} µs/request)`)
    }
  }
  console.log(`\n${ratioLines.join('\n')}`)
  console.log(targets.join('\n'))
  console.log(`\n${searchTables.join('\n\n')}`)
  for (const c of children) c.kill('SIGTERM')
  if (!agentsOnly) console.log(`\n${(await agentSizeReport()).join('\n')}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
