import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { TOPICS } from '../src/domain/topics.ts'
import { openSqliteStore } from '../src/storage/sqlite/sqlite-store.ts'
import { PLANTED, syntheticStories } from './synthetic.ts'

/**
 * npm run bench [-- --stories 1000000 --duration 5 --connections 50 --rebuild]
 * Builds (or reuses) a synthetic SQLite store, starts the service and a bare node:http server holding the
 * service's exact bytes, and measures both in the same run. The server is pinned to CPU 0, the load to CPU 1.
 */
const { values } = parseArgs({
  options: {
    stories: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rebuild: { type: 'boolean', default: false },
  },
})
const STORIES = Number(values.stories)
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const ROOT = path.resolve(import.meta.dirname, '..')
const hasTaskset = (() => { try { execFileSync('taskset', ['-V'], { stdio: 'ignore' }); return true } catch { return false } })()
const pinned = (cpu: number, cmd: string, args: string[]) => (hasTaskset ? ['taskset', ['-c', String(cpu), cmd, ...args]] as const : [cmd, args] as const)

async function buildStore(file: string): Promise<string[]> {
  const idsFile = `${file}.ids.json`
  if (!values.rebuild && fs.existsSync(file) && fs.existsSync(idsFile)) {
    console.log(`store: reusing ${file}`)
    return JSON.parse(fs.readFileSync(idsFile, 'utf8')) as string[]
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true })
  const store = openSqliteStore(file)
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
      if (n % 100000 === 0) console.log(`store: ${n} stories, ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
  }
  if (batch.length) await store.upsertStories(batch)
  await store.close()
  const secs = (Date.now() - started) / 1000
  console.log(`store: built ${STORIES} stories in ${secs.toFixed(1)} s (${Math.round(STORIES / secs)} stories/s), ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`)
  fs.writeFileSync(idsFile, JSON.stringify(ids))
  return ids
}

function startService(dbFile: string, extraEnv: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const [cmd, args] = pinned(0, process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'serve'])
  const child = spawn(cmd, [...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dbFile}`, NEWSDESK_SAMPLE: 'off', LOG_LEVEL: 'info', HEALTH_MAX_STORY_AGE_MINUTES: '525600', DATA_DIR: path.join(os.tmpdir(), 'newsdesk-bench-data'), ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)))
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('serve: listening')) resolve({ port: JSON.parse(line).port as number, child })
    })
  })
}

function startBare(table: Record<string, { headers: Record<string, string>; body: string }>): Promise<{ port: number; child: ChildProcess }> {
  const [cmd, args] = pinned(0, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')])
  const child = spawn(cmd, [...args], { stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin!.end(JSON.stringify(table))
  return new Promise((resolve) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve({ port: Number(line), child }))
  })
}

interface Measured { rps: number; p50: number; p99: number; bytes: number; non2xx: number }

async function measure(port: number, paths: string[]): Promise<Measured> {
  const run = (duration: number) => autocannon({
    url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration, pipelining: 1,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  })
  await run(1)
  const r = await run(DURATION)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bytes: r.throughput.average / Math.max(1, r.requests.average), non2xx: r.non2xx }
}

async function main() {
  const dbFile = path.join(os.tmpdir(), `newsdesk-bench-${STORIES}.db`)
  const ids = await buildStore(dbFile)
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' })

  const rotate = <T>(xs: T[], n: number) => Array.from({ length: n }, (_, i) => xs[i % xs.length]!)
  const scenarios: Array<{ name: string; paths: string[] }> = [
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
    { name: 'page: story HTML (rotating 200 ids)', paths: rotate(ids, 200).map((id) => `/s/${id}`) },
    { name: 'page: topic Markdown (13 rotating)', paths: TOPICS.map((t) => `/c/${t}?format=md`) },
  ]

  const cached = await startService(dbFile, {})
  const uncached = await startService(dbFile, { RESPONSE_CACHE_MB: '0' })
  const table: Record<string, { headers: Record<string, string>; body: string }> = {}
  for (const s of scenarios) {
    for (const p of s.paths) {
      const res = await fetch(`http://127.0.0.1:${cached.port}${p}`)
      const body = Buffer.from(await res.arrayBuffer())
      const headers: Record<string, string> = {}
      res.headers.forEach((v, k) => { if (!['date', 'connection', 'keep-alive'].includes(k)) headers[k] = v })
      table[p] = { headers, body: body.toString('base64') }
    }
  }
  const bare = await startBare(table)

  const rows: string[] = []
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(8)
  rows.push(`${'scenario'.padEnd(42)} ${'target'.padEnd(16)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)}  ratio vs bare`)
  for (const s of scenarios) {
    const b = await measure(bare.port, s.paths)
    const c = await measure(cached.port, s.paths)
    const u = await measure(uncached.port, s.paths)
    for (const [target, m] of [['bare node:http', b], ['newsdesk', c], ['newsdesk no-cache', u]] as const) {
      const ratio = target === 'bare node:http' ? '' : `  ${(m.rps / b.rps).toFixed(2)}× req/s, p99 ${(m.p99 / Math.max(b.p99, 1)).toFixed(2)}×`
      rows.push(`${s.name.padEnd(42)} ${target.padEnd(16)} ${fmt(m.rps)} ${fmt(m.p50, 1)} ${fmt(m.p99, 1)} ${fmt(m.bytes)}${ratio}${m.non2xx ? `  (${m.non2xx} non-2xx!)` : ''}`)
    }
    console.log(rows.slice(-3).join('\n'))
  }
  console.log(`\nNewsdesk benchmark: ${STORIES} stories, ${CONNECTIONS} connections, ${DURATION} s per run after 1 s warm-up, ` +
    `Node ${process.version}, ${os.cpus().length} CPUs${hasTaskset ? ', server on CPU 0, load on CPU 1' : ''}\n`)
  console.log(rows.join('\n'))
  for (const p of [cached, uncached, bare]) p.child.kill('SIGTERM')
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
