import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { CLI, ROOT, runCli, tempDir, testEnv } from '../helpers/cli.ts'

/** Runs `newsdesk ARGS | head -N` in a real shell pipe; returns newsdesk's own exit code, what head read and stderr. */
function pipedToHead(args: string[], lines: number, env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const quoted = [process.execPath, ...CLI, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
  return new Promise((resolve, reject) => {
    // PIPESTATUS[0]: newsdesk's status, not head's; its stderr goes to a file so the check sees all of it.
    const errFile = path.join(tempDir(), 'stderr')
    const child = spawn('bash', ['-c', `${quoted} 2>'${errFile}' | head -${lines}; echo "rc=\${PIPESTATUS[0]}" >&2`], { cwd: ROOT, env })
    const out: Buffer[] = []
    const status: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => status.push(d))
    child.on('error', reject)
    child.on('close', () => {
      const rc = /rc=(\d+)/.exec(Buffer.concat(status).toString())
      resolve({ code: rc ? Number(rc[1]) : -1, out: Buffer.concat(out).toString(), err: fs.readFileSync(errFile, 'utf8') })
    })
  })
}

describe('command line: closed pipes', () => {
  let env: Record<string, string>
  before(async () => {
    const dir = tempDir()
    env = testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'n.db')}`, DATA_DIR: dir })
    const imported = await runCli(['import', SAMPLE_EDITION_PATH], { env })
    assert.equal(imported.code, 0, imported.stderr)
  })

  for (const [name, args] of [['publishers export', ['publishers', 'export']], ['export', ['export']], ['publishers list', ['publishers', 'list']]] as const) {
    it(`newsdesk ${name} | head -1 ends quietly with exit code 0`, async () => {
      const result = await pipedToHead([...args], 1, env)
      assert.equal(result.out.split('\n').filter(Boolean).length, 1, 'head printed its one line')
      assert.equal(result.code, 0, `exit code; stderr: ${result.err}`)
      assert.doesNotMatch(result.err, /EPIPE|Error|at .*\(/, 'no EPIPE message or stack trace')
    })
  }
})

describe('command line: a crawl pass that cannot reach any feed', () => {
  let dir: string
  let closedPort: number
  let failing: http.Server
  let failingPort: number
  before(async () => {
    dir = tempDir()
    // A loopback port nothing listens on: every connection is refused at once (ECONNREFUSED), deterministically.
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
    closedPort = (probe.address() as net.AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    // A server that answers, with errors: a publisher problem, not a network one.
    failing = http.createServer((_req, res) => { res.writeHead(500); res.end('down') })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', () => resolve()))
    failingPort = (failing.address() as net.AddressInfo).port
  })
  after(async () => { await new Promise<void>((resolve) => failing.close(() => resolve())) })

  const directory = (port: number, n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({
    name: `Unreachable ${i}`, site_url: `http://127.0.0.1:${port}/`, feed_url: `http://127.0.0.1:${port}/feed-${i}.xml`, topic: 'business', lang: 'en',
  })))

  function crawlEnv(name: string, port: number): Record<string, string> {
    const file = path.join(dir, `${name}.json`)
    fs.writeFileSync(file, directory(port, 3))
    return testEnv({
      DATABASE_URL: `sqlite:${path.join(dir, `${name}.db`)}`, DATA_DIR: path.join(dir, name), NEWSDESK_PUBLISHERS: file,
      NEWSDESK_FETCH_ALLOW: '127.0.0.1', NEWSDESK_SAMPLE: 'off',
    })
  }

  it('says in one line that no feed could be fetched for network reasons, how to check, and exits 1', async () => {
    const result = await runCli(['crawl'], { env: crawlEnv('refused', closedPort) })
    assert.equal(result.code, 1, result.stderr)
    assert.match(result.stdout, /failed 3, 3 of them for network reasons/)
    const lines = result.stderr.split('\n').filter((l) => /no feed could be fetched/.test(l))
    assert.equal(lines.length, 1, result.stderr)
    assert.match(lines[0]!, /all 3 failed for network reasons.*newsdesk publishers list --failing/)
    // Progress (a pipe: one line per feed) shows each failure as it happens.
    assert.equal(result.stderr.split('\n').filter((l) => /failed \(network/.test(l)).length, 3, result.stderr)
  })

  it('feeds that answer with errors are the publishers\' problem: no network line, exit 0', async () => {
    const result = await runCli(['crawl'], { env: crawlEnv('failing', failingPort) })
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /failed 3\)/)
    assert.doesNotMatch(result.stderr, /no feed could be fetched/)
  })
})
