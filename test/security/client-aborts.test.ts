import assert from 'node:assert/strict'
import net from 'node:net'
import { after, before, describe, it } from 'node:test'
import { startHarness, type Harness } from './harness.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('client aborts are info, without stacks', () => {
  let h: Harness
  before(async () => { h = await startHarness() })
  after(async () => { await h.close() })

  it('requests abandoned mid-body on /a2a and /mcp log one info line each and no error', async () => {
    for (const path of ['/a2a', '/mcp', '/a2a', '/mcp']) {
      const socket = net.connect(h.port, '127.0.0.1')
      await new Promise((r) => socket.once('connect', r))
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":"2.0",`)
      await sleep(100)
      socket.destroy()
    }
    let gone: typeof h.logs = []
    for (let i = 0; i < 50 && gone.length < 4; i++) {
      await sleep(50)
      gone = h.logs.filter((l) => /client went away/.test(l.msg))
    }
    assert.equal(gone.length, 4, JSON.stringify(h.logs))
    for (const line of gone) {
      assert.equal(line.level, 30)
      assert.equal(line.err, undefined, 'no error object, so no stack')
      assert.match(String(line.reason), /aborted|ECONNRESET/)
    }
    assert.deepEqual(h.logs.filter((l) => l.level >= 50).map((l) => l.msg), [])
  })
})
