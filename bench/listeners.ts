import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import pg from 'pg'
import type { StorySnapshot } from '../src/domain/story.ts'
import { openStore } from '../src/storage/open-store.ts'
import type { Store } from '../src/storage/store.ts'
import { benchArgs } from './bench-args.ts'
import { percentile } from './latency.ts'
import { alternatingRounds, ratioOf } from './rounds.ts'
import { syntheticStories } from './synthetic.ts'

/**
 * npm run bench:listeners [-- --samples 40 --listeners 1000 --rounds 3 --duration 3 --postgres-url postgres://…]
 * MCP resource subscriptions (docs/decisions/0054-mcp-resources-and-subscriptions.md), measured on the service as
 * `serve` assembles it (bench/listener-server.ts, a process of its own, pinned to CPU 0 where taskset exists):
 *   1. notification latency, from a story write's commit (this process writes, as a crawl or an import in another
 *      process does) to `notifications/resources/updated` at an official SDK client, per era: SQLite with one
 *      instance, PostgreSQL with two instances sharing the schema (a listener on each); median and p99;
 *   2. load: --listeners idle listeners on one process (half `resources/subscribe`, half `subscriptions/listen`,
 *      over raw HTTP), the service's RSS before and with them, the time until every one of them has been told of
 *      one commit, and the cached REST ratio (service req/s over bare node:http serving the same bytes, in
 *      alternating rounds) without and with the listeners open.
 */
const { values } = benchArgs({
  options: {
    samples: { type: 'string', default: '40' },
    listeners: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    'postgres-url': { type: 'string', default: process.env.NEWSDESK_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const SAMPLES = Number(values.samples)
const LISTENERS = Number(values.listeners)
const SITE_URL = 'https://news.example.org'
const FINANCE = `${SITE_URL}/c/finance`
const EDITION = `${SITE_URL}/`
const ROOT = path.resolve(import.meta.dirname, '..')
const BASE_STORIES = 2000

const hasTaskset = fs.existsSync('/usr/bin/taskset')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Service { port: number; pid: number; child: ChildProcess; stop(): Promise<void> }

async function startService(databaseUrl: string): Promise<Service> {
  const args = ['--import', 'tsx', path.join(ROOT, 'bench', 'listener-server.ts')]
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args]
  const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, SITE_URL, NEWSDESK_SAMPLE: 'off', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the service exited (${code})`)))
  })
  return {
    port: Number(line), pid: child.pid!, child,
    stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM') }),
  }
}

/** The service's resident memory, from the kernel (the child of taskset keeps its pid: taskset execs). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
  return kb / 1024
}

/** A new finance story, published now: what a crawl pass commits for a listener of the topic to hear of. */
let serial = 0
function newStory(template: StorySnapshot): StorySnapshot {
  serial++
  const hex = (Date.now() * 1000 + serial).toString(16).padStart(12, '0').slice(-12)
  return {
    ...template,
    id: `b0000000-0000-4000-8000-${hex}`,
    original_url: `https://bench.example/story/${hex}`,
    published_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    category: 'finance',
  }
}

async function fill(store: Store): Promise<StorySnapshot> {
  const stories = [...syntheticStories(BASE_STORIES, 7)]
  await store.upsertStories(stories)
  return stories[0]!
}

/** An SDK client subscribed to FINANCE; `arrivals` gets the time of each update. */
async function sdkListener(url: string, era: 'legacy' | 'modern', onUpdate: (at: number) => void): Promise<() => Promise<void>> {
  if (era === 'legacy') {
    const client = new ClientV1({ name: 'bench-v1', version: '1' })
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { if (n.params.uri === FINANCE) onUpdate(performance.now()) })
    await client.connect(new TransportV1(new URL(url)))
    await client.subscribeResource({ uri: FINANCE })
    return () => client.close()
  }
  const client = new Client({ name: 'bench-v2', version: '2' }, { versionNegotiation: { mode: 'auto' } })
  client.setNotificationHandler('notifications/resources/updated', (n) => { if (n.params.uri === FINANCE) onUpdate(performance.now()) })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  const sub = await client.listen({ resourceSubscriptions: [FINANCE] })
  return async () => { await sub.close(); await client.close() }
}

/**
 * Commit-to-notification latency: `samples` story writes, each awaited until every listener has heard of it (or
 * 10 s passed: counted as a miss), spaced so one check never covers two writes.
 */
async function latency(store: Store, template: StorySnapshot, listeners: Array<{ label: string; url: string; era: 'legacy' | 'modern' }>) {
  const waits = listeners.map(() => null as null | ((at: number) => void))
  const closers = await Promise.all(listeners.map((l, i) => sdkListener(l.url, l.era, (at) => waits[i]?.(at))))
  const times = listeners.map(() => [] as number[])
  let missed = 0
  for (let s = 0; s < SAMPLES; s++) {
    const heard = listeners.map((_, i) => new Promise<number>((resolve) => { waits[i] = resolve }))
    await store.upsertStories([newStory(template)])
    const committed = performance.now()
    const got = await Promise.all(heard.map((p) => Promise.race([p, sleep(10_000).then(() => NaN)])))
    got.forEach((at, i) => { if (Number.isNaN(at)) missed++; else times[i]!.push(at - committed) })
    await sleep(300)
  }
  for (const close of closers) await close()
  return { times, missed }
}

const fmt = (xs: number[]) => `median ${percentile(xs, 50).toFixed(0)} ms, p99 ${percentile(xs, 99).toFixed(0)} ms (n=${xs.length})`

/** One idle listener over raw HTTP; `told` resolves at its first update. */
function rawListener(port: number, n: number): Promise<{ told: Promise<number>; close(): void }> {
  const modern = n % 2 === 1
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench-raw', version: '0' }, 'io.modelcontextprotocol/clientCapabilities': {} }
  const body = JSON.stringify(modern
    ? { jsonrpc: '2.0', id: `listen:${n}`, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: [EDITION] }, _meta: meta } }
    : { jsonrpc: '2.0', id: n, method: 'resources/subscribe', params: { uri: EDITION } })
  const headers: Record<string, string> = {
    'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': modern ? '2026-07-28' : '2025-11-25', ...(modern ? { 'Mcp-Method': 'subscriptions/listen' } : {}),
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`listener ${n}: HTTP ${res.statusCode}`))
      let buffered = ''
      let tell: (at: number) => void = () => {}
      const told = new Promise<number>((r) => { tell = r })
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffered += chunk
        if (buffered.includes('notifications/resources/updated')) tell(performance.now())
        if (buffered.length > 4096) buffered = buffered.slice(-1024)
      })
      res.on('error', () => {})
      resolve({ told, close: () => req.destroy() })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** GET `target` with no Accept-Encoding, as autocannon sends it: status, headers and the exact bytes. */
function fetchExact(port: number, target: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: target, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && k !== 'content-length' && k !== 'connection' && k !== 'keep-alive') headers[k] = v
        resolve({ headers, body: Buffer.concat(chunks) })
      })
    }).on('error', reject)
  })
}

/** The cached REST ratio (bench/run.ts's "list newest 20"): the service against bare node:http sending its bytes. */
async function restRatio(service: Service): Promise<string> {
  const target = '/api/v1/stories'
  const { headers, body } = await fetchExact(service.port, target)
  const bareArgs = ['--import', 'tsx', path.join(ROOT, 'bench', 'bare-server.ts')]
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...bareArgs]] : [process.execPath, bareArgs]
  const bare = spawn(cmd, argv, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] })
  bare.stdin!.end(JSON.stringify({ [`${target}\n\n`]: { status: 200, headers, body: body.toString('base64') } }))
  const barePort = Number(await new Promise<string>((resolve) => readline.createInterface({ input: bare.stdout! }).once('line', resolve)))
  try {
    const connections = Number(values.connections)
    const runs = await alternatingRounds([
      { port: service.port, pid: service.pid, connections, requests: [{ path: target }] },
      { port: barePort, pid: bare.pid, connections, requests: [{ path: target }] },
    ], Number(values.rounds), Number(values.duration))
    const mean = (side: number) => Math.round(runs.map((r) => r[side]!.rps).reduce((a, b) => a + b) / runs.length)
    return `cached REST list (newest 20): service/bare req/s ${ratioOf(runs, 0, 1, (r) => r.rps).text}, `
      + `CPU per request bare/service ${ratioOf(runs, 1, 0, (r) => r.cpuUs).text}; service ${mean(0)} req/s, bare ${mean(1)}`
  } finally {
    bare.kill()
  }
}

async function main() {
  // The service and the bare server on CPU 0, the load (this process) on CPU 1, as bench/run.ts does.
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' })
  const lines: string[] = []
  const say = (line: string) => { console.log(line); lines.push(line) }
  say(`bench:listeners on ${os.cpus().length} CPUs, Node ${process.version}, ${SAMPLES} samples, ${LISTENERS} idle listeners`)

  // 1a. SQLite, one instance.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-listeners-'))
  const sqliteUrl = `sqlite:${path.join(dir, 'bench.db')}`
  const sqliteStore = openStore(sqliteUrl)
  const template = await fill(sqliteStore)
  const one = await startService(sqliteUrl)
  try {
    const url = `http://127.0.0.1:${one.port}/mcp`
    const r = await latency(sqliteStore, template, [{ label: '2025 (resources/subscribe)', url, era: 'legacy' }, { label: '2026-07-28 (subscriptions/listen)', url, era: 'modern' }])
    say(`SQLite, one instance: commit to notification, 2025 era: ${fmt(r.times[0]!)}; 2026-07-28: ${fmt(r.times[1]!)}; missed ${r.missed}`)

    // 2. Load on the same instance.
    say(`load: without listeners: ${await restRatio(one)}`)
    const rssBefore = rssMb(one.pid)
    const opened: Array<Awaited<ReturnType<typeof rawListener>>> = []
    // The 2025 half first, then the 2026-07-28 half, to see what each costs.
    const half = Math.floor(LISTENERS / 2)
    for (let n = 0; n < half; n++) opened.push(await rawListener(one.port, 2 * n))
    await sleep(2000)
    const rssLegacy = rssMb(one.pid)
    for (let n = 0; n < LISTENERS - half; n++) opened.push(await rawListener(one.port, 2 * n + 1))
    await sleep(2000)
    const rssWith = rssMb(one.pid)
    const per = (mb: number, count: number) => ((mb * 1024) / Math.max(1, count)).toFixed(1)
    say(`load: RSS ${rssBefore.toFixed(0)} MB before, ${rssWith.toFixed(0)} MB with ${opened.length} idle listeners open `
      + `(${per(rssWith - rssBefore, opened.length)} kB each: ${per(rssLegacy - rssBefore, half)} kB a 2025 stream, `
      + `${per(rssWith - rssLegacy, LISTENERS - half)} kB a 2026-07-28 one)`)
    await sqliteStore.upsertStories([newStory(template)])
    const committed = performance.now()
    const fanout = await Promise.all(opened.map((l) => Promise.race([l.told, sleep(15_000).then(() => NaN)])))
    const heard = fanout.filter((t) => !Number.isNaN(t)).map((t) => t - committed)
    say(`load: one commit told ${heard.length} of ${opened.length} listeners: ${fmt(heard)} (the last ${Math.max(...heard).toFixed(0)} ms)`)
    say(`load: with ${opened.length} listeners open: ${await restRatio(one)}`)
    say(`load: RSS after the REST runs ${rssMb(one.pid).toFixed(0)} MB`)
    for (const l of opened) l.close()
  } finally {
    await one.stop()
    await sqliteStore.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }

  // 1b. PostgreSQL, two instances sharing one schema.
  const schema = `newsdesk_bench_listeners_${process.pid}`
  const pgUrl = new URL(values['postgres-url'])
  pgUrl.searchParams.set('schema', schema)
  const pgStore = openStore(pgUrl.toString())
  try {
    const pgTemplate = await fill(pgStore)
    const a = await startService(pgUrl.toString())
    const b = await startService(pgUrl.toString())
    try {
      const r = await latency(pgStore, pgTemplate, [
        { label: 'instance A, 2025', url: `http://127.0.0.1:${a.port}/mcp`, era: 'legacy' },
        { label: 'instance B, 2026-07-28', url: `http://127.0.0.1:${b.port}/mcp`, era: 'modern' },
      ])
      say(`PostgreSQL, two instances: commit to notification, instance A (2025 era): ${fmt(r.times[0]!)}; instance B (2026-07-28): ${fmt(r.times[1]!)}; missed ${r.missed}`)
    } finally {
      await a.stop()
      await b.stop()
    }
  } finally {
    await pgStore.close()
    const admin = new pg.Client({ connectionString: values['postgres-url'] })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin.end()
  }
  console.log('\n' + lines.join('\n'))
}

await main()
