import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createSseRelay, type SseCloseReason } from './sse-relay.ts'

const frame = (n: number) => `event: message\ndata: {"n":${n},"pad":"${'x'.repeat(200)}"}\n\n`

describe('sse-relay: one bounded listener stream', () => {
  // The relay's timers never keep a process alive (unref), so the tests hold the event loop open themselves.
  let alive: NodeJS.Timeout
  before(() => { alive = setInterval(() => {}, 1000) })
  after(() => clearInterval(alive))

  it('drops a listener that does not read once its queue passes the cap, and writes nothing more', () => {
    const closed: SseCloseReason[] = []
    const relay = createSseRelay({ heartbeatMs: 0, idleMs: 60_000, maxQueuedBytes: 1024, onClose: (r) => closed.push(r) })
    let sent = 0
    while (relay.send(frame(sent))) sent++
    assert.ok(sent >= 3 && sent <= 5, `about 1 KiB of frames went in before the drop (${sent})`)
    assert.deepEqual(closed, ['backlog'])
    assert.equal(relay.closed, true)
    assert.equal(relay.send(frame(99)), false)
  })

  it('a reader that keeps up is never dropped, however many frames pass', async () => {
    const closed: SseCloseReason[] = []
    const relay = createSseRelay({ heartbeatMs: 0, idleMs: 60_000, maxQueuedBytes: 1024, onClose: (r) => closed.push(r) })
    const reader = relay.stream.getReader()
    let bytes = 0
    for (let n = 0; n < 200; n++) {
      assert.ok(relay.send(frame(n)))
      bytes += (await reader.read()).value!.byteLength
    }
    assert.ok(bytes > 40_000)
    assert.deepEqual(closed, [])
    relay.close()
    assert.equal((await reader.read()).done, true)
    assert.deepEqual(closed, ['server'])
  })

  it('ends an idle stream with its last frame, and sends heartbeats meanwhile', async () => {
    const closed: SseCloseReason[] = []
    const relay = createSseRelay({ heartbeatMs: 10, idleMs: 80, maxQueuedBytes: 4096, idleFrame: () => 'event: message\ndata: {"bye":true}\n\n', onClose: (r) => closed.push(r) })
    const text = await new Response(relay.stream).text()
    assert.match(text, /^: heartbeat\n\n/)
    assert.match(text, /data: \{"bye":true\}\n\n$/)
    assert.deepEqual(closed, ['idle'])
  })

  it('a client that goes away (the stream cancelled) is told once, as the client\'s close', async () => {
    const closed: SseCloseReason[] = []
    const relay = createSseRelay({ heartbeatMs: 0, idleMs: 60_000, maxQueuedBytes: 4096, onClose: (r) => closed.push(r) })
    await relay.stream.cancel()
    assert.equal(relay.send(frame(1)), false)
    relay.close()
    assert.deepEqual(closed, ['client'])
  })
})
