import assert from 'node:assert/strict'
import net from 'node:net'
import { after, describe, it } from 'node:test'
import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'
import { percentile, timeGet } from '../../bench/latency.ts'
import { startServe, startTogether, testEnv, type ServeProcess } from '../helpers/cli.ts'

/**
 * Serving p99 of a cheap GET on a `newsdesk serve` under attack, against the p99 of a quiet twin (the same serve on
 * the same sample edition) asked in turn with it, request by request, while the attack runs: whatever else the
 * machine does at that moment (a neighbour, the attacker's own CPU, the test process's collector) lands on both
 * sides alike, and what differs is only the attack inside one server.
 *
 * It used to measure one in-process server in alternating rounds, quiet then attacked. Its p99 was the test
 * process's own scavenges (5-20 ms each, 40-odd per run, shared by client and server), so the ratio was the count
 * of pauses that fell on either side: 0.6-1.4 alone on a quiet machine, 2.18 beside another test run and 2.11 in a
 * CI leg, above the limit with nothing changed in the server.
 */
const PAIRS = 3_000
const MAX_RATIO = 2
const CHEAP_GET = '/api/v1/categories'

interface Attack {
  start(): Promise<void>
  stop(): Promise<void>
}

/** One cheap GET, which must succeed: its time in ms. */
async function timeCheapGet(url: string): Promise<number> {
  const { ms, status } = await timeGet(`${url}${CHEAP_GET}`)
  assert.equal(status, 200, 'every request measured is served')
  return ms
}

async function compare(target: ServeProcess, twin: ServeProcess, attack: Attack): Promise<{ attacked: number; quiet: number; ratio: number }> {
  // Warm-up of both: JIT, response cache, keep-alive pool.
  for (let i = 0; i < 200; i++) {
    await timeCheapGet(target.url)
    await timeCheapGet(twin.url)
  }
  const attacked: number[] = []
  const quiet: number[] = []
  await attack.start()
  try {
    for (let i = 0; i < PAIRS; i++) {
      // Which one goes first alternates too, so neither is always the one asked right after the other.
      if (i % 2 === 0) {
        attacked.push(await timeCheapGet(target.url))
        quiet.push(await timeCheapGet(twin.url))
      } else {
        quiet.push(await timeCheapGet(twin.url))
        attacked.push(await timeCheapGet(target.url))
      }
    }
  } finally {
    await attack.stop()
  }
  const p99 = { attacked: percentile(attacked, 99), quiet: percentile(quiet, 99) }
  return { ...p99, ratio: p99.attacked / p99.quiet }
}

/** The batch: 100 × get_latest_stories limit 50, an 11 kB request that used to be a 16.7 MB answer. */
const BATCH = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({
  jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit: 50 } },
})))

/**
 * `clients` keep-alive connections from a child process, each sending the batch to /mcp every `intervalMs`
 * whatever the answers (an open loop: a fixed, bounded rate), written as raw bytes so the attacker's own work is
 * small. The process is started before the attack is switched on, so its start-up is never measured.
 * It counts the answers by status.
 */
function batchAttack(port: number, clients: number, intervalMs: number): Attack & { sent(): number; refused(): number; close(): Promise<void> } {
  let child: ChildProcess | undefined
  let refused = 0
  let written = 0
  const request = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`
    + `MCP-Protocol-Version: 2025-06-18\r\nContent-Length: ${Buffer.byteLength(BATCH)}\r\n\r\n${BATCH}`
  const code = `
    const net = require('node:net')
    const readline = require('node:readline')
    const { port, request, clients, intervalMs } = JSON.parse(process.argv[1])
    let statuses = {}, sent = 0, sockets = [], timer
    function connect() {
      const socket = net.connect(port, '127.0.0.1')
      let tail = ''
      socket.on('data', (d) => {
        const text = tail + d.toString('latin1')
        for (const m of text.matchAll(/HTTP\\/1\\.1 (\\d{3})/g)) statuses[m[1]] = (statuses[m[1]] || 0) + 1
        tail = /HTTP\\/1\\.1 \\d{3}/.test(text.slice(-16)) ? '' : text.slice(-16)
      })
      socket.on('error', () => {})
      return socket
    }
    readline.createInterface({ input: process.stdin }).on('line', (line) => {
      if (line === 'start') {
        sockets = Array.from({ length: clients }, connect)
        timer = setInterval(() => { for (const s of sockets) { s.write(request); sent++ } }, intervalMs)
        process.stdout.write('started\\n')
      } else if (line === 'stop') {
        clearInterval(timer)
        // Report and close once every batch sent has its answer (a few ms after the last write), or after 1 s with
        // what came back: a fixed 300 ms wait here was 3 s of every run.
        const stopped = Date.now()
        const report = () => {
          const answered = Object.values(statuses).reduce((a, b) => a + b, 0)
          if (answered < sent && Date.now() - stopped < 1000) return void setTimeout(report, 5)
          for (const s of sockets) s.destroy()
          process.stdout.write(JSON.stringify({ sent, statuses }) + '\\n')
          statuses = {}
          sent = 0
        }
        report()
      } else if (line === 'exit') {
        process.exit(0)
      }
    })
    process.stdout.write('ready\\n')
  `
  let lines: ReturnType<typeof readline.createInterface> | undefined
  const pending: Array<(line: string) => void> = []
  const nextLine = () => new Promise<string>((resolve) => pending.push(resolve))
  const ensureChild = async () => {
    if (child) return
    child = spawn(process.execPath, ['-e', code, JSON.stringify({ port, request, clients, intervalMs })], { stdio: ['pipe', 'pipe', 'inherit'] })
    lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => pending.shift()?.(line))
    assert.equal(await nextLine(), 'ready')
  }
  return {
    async start() {
      await ensureChild()
      child!.stdin!.write('start\n')
      assert.equal(await nextLine(), 'started')
      // Let the attack reach its pace before measuring.
      await new Promise((r) => setTimeout(r, 300))
    },
    async stop() {
      child!.stdin!.write('stop\n')
      const { sent, statuses } = JSON.parse(await nextLine()) as { sent: number; statuses: Record<string, number> }
      assert.deepEqual(Object.keys(statuses), ['400'], `every batch is refused: ${JSON.stringify(statuses)}`)
      refused += statuses['400'] ?? 0
      written += sent
    },
    async close() {
      child?.stdin!.write('exit\n')
      lines?.close()
    },
    sent: () => written,
    refused: () => refused,
  }
}

/**
 * `sockets` connections that each ask for `pipelined` of the largest answers (50 stories) and never read. Once
 * the server has written what the kernel takes, every socket sits stalled until the stall timeouts close it: the
 * steady state of the attack, which is what is measured. With one 61 kB answer each, the kernel takes it all, so
 * the server is left holding 500 idle connections; output held in the process is server-limits.test.ts's case.
 */
function slowReaderAttack(port: number, sockets: number, pipelined: number): Attack {
  let open: net.Socket[] = []
  const head = 'GET /api/v1/stories?limit=50 HTTP/1.1\r\nHost: x\r\n'
  const request = `${head}\r\n`.repeat(pipelined)
  return {
    async start() {
      open = await Promise.all(Array.from({ length: sockets }, () => new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.pause()
          socket.write(request)
          resolve(socket)
        })
        socket.on('error', reject)
      })))
      // The burst of answering them all is the cost of serving those requests at all, not of the attack's shape:
      // measuring starts once it is over. A last connection asks the same and reads its answer to the end; the
      // server accepts and answers connections in the order they came, so by then it has answered the rest (a
      // fixed second was not always enough on a loaded machine). The kernel takes a 61 kB answer whole, so after
      // the burst the server holds no output, only 500 open sockets.
      await new Promise<void>((resolve, reject) => {
        const sentinel = net.connect(port, '127.0.0.1', () => sentinel.end(`${head}Connection: close\r\n\r\n`))
        sentinel.on('error', reject).on('close', () => resolve()).resume()
      })
      await new Promise((r) => setTimeout(r, 200))
    },
    async stop() {
      for (const socket of open) socket.destroy()
      open = []
      await new Promise((r) => setTimeout(r, 200))
    },
  }
}

describe('serving p99 under attack stays within 2× of a quiet twin\'s, asked in turn with it', () => {
  // Each attack gets a fresh pair, so nothing one attack left in its target (a heap it grew) lands on the next.
  // Each loads the bundled sample edition (159 stories) into its own fresh SQLite file; neither crawls.
  const started: ServeProcess[] = []
  const startPair = async (): Promise<[ServeProcess, ServeProcess]> => {
    // One that started is stopped by `after` even when its twin failed: a serve left running kept this file's
    // process alive until the runner killed it, 600 s later.
    const start = () => startServe(testEnv({ SITE_URL: 'https://news.example.org' }))
    const [target, twin] = await startTogether([start, start], started)
    return [target!, twin!]
  }
  after(async () => { await Promise.all(started.map((serve) => serve.stop())) })

  it('batch attack: 4 clients sending the 100-call batch to /mcp, 40 batches a second in all', async () => {
    const [target, twin] = await startPair()
    const attack = batchAttack(target.port, 4, 100)
    const result = await compare(target, twin, attack).finally(() => attack.close())
    console.log(`batch attack: p99 ${result.attacked.toFixed(2)} ms attacked, ${result.quiet.toFixed(2)} ms quiet (${attack.sent()} batches sent, ${attack.refused()} refusals read back); ratio ${result.ratio.toFixed(2)}`)
    assert.ok(attack.refused() >= 100, `the attack ran (${attack.refused()} batches refused)`)
    assert.ok(result.ratio <= MAX_RATIO, `p99 ratio ${result.ratio.toFixed(2)} > ${MAX_RATIO}`)
  })

  it('slow-reader attack: 500 sockets asking for large answers and never reading', async () => {
    const [target, twin] = await startPair()
    const result = await compare(target, twin, slowReaderAttack(target.port, 500, 1))
    console.log(`slow-reader attack: p99 ${result.attacked.toFixed(2)} ms attacked, ${result.quiet.toFixed(2)} ms quiet; ratio ${result.ratio.toFixed(2)}`)
    assert.ok(result.ratio <= MAX_RATIO, `p99 ratio ${result.ratio.toFixed(2)} > ${MAX_RATIO}`)
  })
})
