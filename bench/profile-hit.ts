import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { loadRun } from './rounds.ts'
import { benchDataDir, sqliteBenchFile } from './store-names.ts'
import { benchArgs } from './bench-args.ts'

/**
 * node --import tsx bench/profile-hit.ts [--stories 1000000] [--seconds 10] [--connections 20] [--path /api/v1/stories?limit=20]
 * Where a cached service spends its CPU on cache hits: starts `newsdesk serve` on the bench's SQLite store (built
 * by `npm run bench`) with --cpu-prof, pinned to CPU 0, loads it with one cached GET from CPU 1 and prints the
 * profile's self time per function over the load window only (startup and shutdown left out; V8's sample times
 * and this process's hrtime share the monotonic clock), the req/s it reached and the service's RSS. Run it at two
 * store sizes to see whether a hit costs more on a bigger store.
 */
const { values } = benchArgs({
  options: {
    stories: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    path: { type: 'string', default: '/api/v1/stories?limit=20' },
    top: { type: 'string', default: '25' },
  },
})
const STORIES = Number(values.stories)
const SECONDS = Number(values.seconds)
const ROOT = path.resolve(import.meta.dirname, '..')
const file = path.join(os.tmpdir(), sqliteBenchFile(STORIES))
if (!fs.existsSync(file)) {
  console.error(`profile-hit: no store at ${file}; build it with npm run bench -- --stories ${STORIES} --build-only`)
  process.exit(2)
}
const hasTaskset = (() => { try { execFileSync('taskset', ['-V'], { stdio: 'ignore' }); return true } catch { return false } })()

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-profile-hit-'))
  const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'serve']
  const [cmd, args] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs]
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${file}`, NEWSDESK_SAMPLE: 'off', NEWSDESK_CRAWL_INTERVAL: 'off', LOG_LEVEL: 'info', HEALTH_MAX_STORY_AGE_MINUTES: '525600', DATA_DIR: path.join(os.tmpdir(), benchDataDir) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)))
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('serve: listening')) resolve(JSON.parse(line).port as number)
    })
  })
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' })
  const spec = { port, connections: Number(values.connections), requests: [{ method: 'GET', path: values.path }] }
  await loadRun(spec, 2) // fills the cache and teaches the front path the request form
  const from = process.hrtime.bigint() / 1000n
  const run = await loadRun(spec, SECONDS)
  const to = process.hrtime.bigint() / 1000n
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
  child.removeAllListeners('exit')
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
  const profileFile = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!profileFile) throw new Error(`profile-hit: the service wrote no profile in ${dir}`)
  const profile = JSON.parse(fs.readFileSync(path.join(dir, profileFile), 'utf8')) as Profile

  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  let t = profile.startTime
  let inWindow = 0
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!
    if (t < from || t > to) continue
    const delta = profile.timeDeltas[i + 1] ?? 0 // a sample stands for the time until the next one
    const n = byId.get(profile.samples[i]!)!
    const f = n.callFrame
    const where = f.url ? `${f.url.replace(`file://${ROOT}/`, '').replace(/^.*node_modules\//, 'nm/')}:${f.lineNumber + 1}` : ''
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim()
    self.set(key, (self.get(key) ?? 0) + delta)
    inWindow += delta
  }
  const windowUs = Number(to - from)
  // V8 marks the time the main thread waits in the event loop's poll as (idle): the rest is the work of the hits.
  const busyUs = inWindow - (self.get('(idle)') ?? 0)
  console.log(`profile-hit: ${STORIES} stories, GET ${values.path}, ${values.connections} connections, ${SECONDS} s: ` +
    `${run.rps.toFixed(0)} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms, service RSS ${rss.toFixed(0)} MB; ` +
    `main thread busy ${(busyUs / 1000).toFixed(0)} ms = ${(busyUs / Math.max(run.requests, 1)).toFixed(1)} µs per request; ` +
    `samples cover ${(inWindow / 1000).toFixed(0)} ms of the ${(windowUs / 1000).toFixed(0)} ms window; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))
  for (const [k, us] of rows) console.log(`${((100 * us) / inWindow).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
  console.log(`profile: ${path.join(dir, profileFile)}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
