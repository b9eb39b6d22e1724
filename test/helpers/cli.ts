import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
/**
 * The command line as users run it: the compiled CLI in dist/ (`bin/newsdesk.js`), not the sources through tsx, so the
 * end-to-end tests exercise what ships and each child starts in about 0.3 s instead of 0.7–2 s. dist/ is rebuilt
 * first whenever a source file is newer than it, so a test never runs yesterday's build.
 */
export const CLI: readonly string[] = [path.join(ROOT, 'bin', 'newsdesk.js')]
ensureBuilt()

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Builds dist/ (as `npm run build` does) when a source is newer than it: what the CLI and the benchmarks run. */
export function ensureBuilt(): void {
  const built = path.join(ROOT, 'dist', 'cli', 'main.js')
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
  if (builtAt >= newestMtime(path.join(ROOT, 'src'))) return
  // The same exact build as `npm run build` (no output of a removed source survives it).
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`tests: building dist/ failed:\n${result.stdout}${result.stderr}`)
}

/** A fresh temporary directory, removed when the process exits. */
export function tempDir(prefix = 'newsdesk-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The environment a test process gets: nothing from the developer's shell that could change behaviour. */
export function testEnv(extra: Record<string, string>): Record<string, string> {
  // No crawling unless a test asks for it: serve would otherwise fetch the real publishers of the bundled directory.
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', NEWSDESK_CRAWL_INTERVAL: 'off', ...extra }
}

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `newsdesk ARGS` as a child process, the way a user runs it. */
export function runCli(args: string[], opts: { env: Record<string, string>; input?: string | Buffer }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: opts.env })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => err.push(d))
    child.on('error', reject)
    child.on('close', (code) => resolve({
      code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
    }))
    child.stdin.end(opts.input ?? '')
  })
}

/**
 * Runs `newsdesk ARGS` inside this process through the same entry the binary calls (`main` of src/cli/main.ts), with
 * its own stdin, stdout and stderr streams and environment: the same output and exit code as runCli without starting
 * node (~0.3 s per run, more under load). For the commands that only write through their context (publishers, keys,
 * import, export, migrate, help and usage errors); exit codes, signals and serve stay with the child-process runCli.
 */
export async function runCliInProcess(args: string[], opts: { env: Record<string, string>; input?: string | Buffer }): Promise<CliResult> {
  const { main } = await import('../../src/cli/main.ts')
  const out: Buffer[] = []
  const err: Buffer[] = []
  const collect = (into: Buffer[]) => new Writable({
    write(chunk: Buffer | string, _encoding, done) { into.push(Buffer.from(chunk)); done() },
  })
  const code = await main(args, {
    env: opts.env,
    stdin: Readable.from(opts.input === undefined ? [] : [Buffer.from(opts.input)]),
    stdout: collect(out),
    stderr: collect(err),
  })
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }
}

export interface ServeProcess {
  /** `http://127.0.0.1:PORT` when the process serves HTTP. */
  url: string
  port: number
  /** Its JSON log lines so far (stdout). */
  logs: Array<Record<string, unknown>>
  child: ChildProcess
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>
}

/**
 * Starts `newsdesk ARGS` as a long-running child (JSON logs on stdout) and resolves once it logs `ready`; rejects
 * if it exits first or says nothing of the kind within `readyWithinMs` (a hang guard: one start-up takes ~1.5 s on
 * a quiet machine, three at once on one PostgreSQL schema ~3.7 s, as they take turns at the migrations).
 */
export function startCli(args: string[], env: Record<string, string>, ready: string, readyWithinMs = 20_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { PORT: '0', HOST: '127.0.0.1', ...env } })
    const logs: Array<Record<string, unknown>> = []
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString() })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${args.join(' ')}: no "${ready}" within ${readyWithinMs / 1000} s\n${stderr}`))
    }, readyWithinMs)
    const early = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer)
      // Its reason is in its log on stdout ("serve: table meta already exists"), not on stderr.
      const lastLogs = logs.slice(-3).map((entry) => JSON.stringify(entry)).join('\n')
      reject(new Error(`${args.join(' ')} exited with ${code ?? `signal ${signal}`}\n${lastLogs}\n${stderr}`))
    }
    // 'close', not 'exit': by then its stdout is read to the end, so the last log lines are in `logs`.
    child.on('close', early)
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line) as Record<string, unknown>
      } catch {
        return
      }
      logs.push(entry)
      if (entry.msg !== ready) return
      clearTimeout(timer)
      child.off('close', early)
      const port = typeof entry.port === 'number' ? entry.port : 0
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        logs,
        child,
        stop: () => new Promise((done) => {
          if (child.exitCode !== null) return done(child.exitCode)
          child.once('exit', (code) => done(code))
          child.kill('SIGTERM')
        }),
      })
    })
  })
}

/**
 * Starts `newsdesk serve` on an ephemeral port and resolves once it logs that it listens. DATA_DIR (where serve
 * creates the crawler's signing key) defaults to a fresh temporary directory and DATABASE_URL to a file in it, never
 * the repository's ./data: two serves a test starts together would otherwise share one database (and race to
 * create it), and one test would read what another left.
 */
export function startServe(env: Record<string, string>, readyWithinMs?: number): Promise<ServeProcess> {
  const dataDir = env.DATA_DIR ?? tempDir('newsdesk-data-')
  const own = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'newsdesk.db')}` }
  return startCli(['serve'], { ...own, ...env }, 'serve: listening', readyWithinMs)
}

/**
 * Starts processes together and records each one that started in `into` (where the file's after hooks stop them),
 * even when another fails: a process left out would keep the test file running after its tests end.
 */
export async function startTogether(starts: Array<() => Promise<ServeProcess>>, into: ServeProcess[]): Promise<ServeProcess[]> {
  const results = await Promise.allSettled(starts.map((start) => start()))
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  into.push(...started)
  const failed = results.find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
  return started
}
