import assert from 'node:assert/strict'
import net from 'node:net'
import { after, before, describe, it } from 'node:test'
import { defaultMaxConnections } from '../../src/server/fd-limit.ts'
import { startHarness, type Harness } from './harness.ts'
import { tempDir } from '../helpers/cli.ts'
import fs from 'node:fs'
import path from 'node:path'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Opens a socket and resolves once it is connected. */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
    socket.on('error', reject)
  })
}

/**
 * Waits until the server has no open connection (the attacking socket is the only one), up to `limitMs`. Watched
 * on the server's side: a reader that does not read would see the close only after draining its own buffers.
 */
async function serverDropsAll(h: Harness, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs
  while (Date.now() < end) {
    if (await h.openConnections() === 0) return true
    await sleep(100)
  }
  return false
}

describe('connection cap', () => {
  let h: Harness
  before(async () => { h = await startHarness({ maxConnections: 20 }) })
  after(async () => { await h.close() })

  it('connections over the cap get a 503 with Retry-After at once; room frees when connections close', async () => {
    const idle = await Promise.all(Array.from({ length: 20 }, () => connect(h.port)))
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${h.url}/api/v1/health`)
      assert.equal(res.status, 503)
      assert.equal(res.headers.get('retry-after'), '5')
      assert.deepEqual(await res.json(), { error: 'unavailable', message: 'Too many open connections. Retry in a few seconds.' })
    }
    for (const socket of idle) socket.destroy()
    let status = 0
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      await sleep(50)
      status = (await fetch(`${h.url}/api/v1/health`)).status
    }
    assert.equal(status, 200)
  })

  it('the default cap is below the open-files limit, read from /proc/self/limits', () => {
    const dir = tempDir()
    const limits = (n: number) => {
      const file = path.join(dir, `limits-${n}`)
      fs.writeFileSync(file, `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${n}                 ${n}                 files\n`)
      return file
    }
    assert.equal(defaultMaxConnections(limits(1024)), 819)
    assert.equal(defaultMaxConnections(limits(20_000)), 4096)
    assert.equal(defaultMaxConnections(path.join(dir, 'missing')), 4096)
  })
})

describe('send timeouts: a reader that stops reading is disconnected', () => {
  let h: Harness
  before(async () => { h = await startHarness({ sendTimeoutMs: 1_000, idleTimeoutMs: 1_000 }) })
  after(async () => { await h.close() })

  it('pipelined requests for large answers, never read: the server closes the socket', async () => {
    const socket = await connect(h.port)
    socket.pause()
    // ~300 × 50 stories: far more than the kernel buffers hold, so the server's writes stall.
    socket.write('GET /api/v1/stories?limit=50 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(300))
    await sleep(200)
    assert.equal(await h.openConnections(), 1)
    const dropped = await serverDropsAll(h, 20_000)
    socket.destroy()
    assert.ok(dropped, 'the stalled socket was still open after 20 s')
  })

  it('the issue\'s 30 clients that send the 100-call batch and never read hold no memory (it used to be 843 MB)', async () => {
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit: 50 } },
    })))
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit: 50 } } })
    const post = (body: string) => `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`
      + `MCP-Protocol-Version: 2025-06-18\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    global.gc?.()
    const before = process.memoryUsage().rss
    // 30 batch senders, and 30 more pipelining the largest single call 20 times: none of them reads.
    const sockets = await Promise.all([
      ...Array.from({ length: 30 }, () => connect(h.port).then((s) => { s.pause(); s.write(post(batch)); return s })),
      ...Array.from({ length: 30 }, () => connect(h.port).then((s) => { s.pause(); s.write(post(call).repeat(20)); return s })),
    ])
    await sleep(3_000)
    const grown = (process.memoryUsage().rss - before) / 1e6
    for (const socket of sockets) socket.destroy()
    console.log(`rss grew ${grown.toFixed(1)} MB with 60 non-reading JSON-RPC clients`)
    assert.ok(grown < 150, `rss grew ${grown.toFixed(0)} MB`)
  })

  it('normal clients are served meanwhile', async () => {
    assert.equal((await fetch(`${h.url}/api/v1/health`)).status, 200)
  })
})

describe('write-stall timeout: a reader that keeps reading, too slowly, is disconnected', () => {
  let h: Harness
  // The idle timeout is out of the way here: only the write-stall timeout can end this connection.
  before(async () => { h = await startHarness({ sendTimeoutMs: 1_000, idleTimeoutMs: 60_000 }) })
  after(async () => { await h.close() })

  it('a trickling reader (a little now and then, never idle) is cut off by the write-stall timeout', async () => {
    const socket = await connect(h.port)
    socket.pause()
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n'.repeat(300))
    // A read every 3 s takes what one socket read returned (64 KiB at most): the socket is never idle for a
    // minute, but once the kernel buffers are full the server's output waits longer than the 1 s stall limit.
    const reading = setInterval(() => socket.read(), 3_000)
    const dropped = await serverDropsAll(h, 30_000)
    clearInterval(reading)
    socket.destroy()
    assert.ok(dropped, 'the trickling socket was still open after 30 s')
  })
})
