import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { StoreNotAnsweringError, StoreTimeoutError, createReachability, isClientTimeout, withDeadline } from './reachability.ts'

describe('reachability: a silent PostgreSQL costs one timeout, then fails fast until it answers', () => {
  it("knows pg's client-side timeouts and ours, not errors the server answered with", () => {
    for (const message of ['Query read timeout', 'timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']) {
      assert.equal(isClientTimeout(new Error(message)), true, message)
    }
    assert.equal(isClientTimeout(new StoreTimeoutError('x', 1)), true)
    assert.equal(isClientTimeout(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })), false)
    assert.equal(isClientTimeout(new Error('connect ECONNREFUSED 127.0.0.1:5432')), false)
  })

  it('a timeout marks the server silent; checks fail at once; the first answering probe clears it', async () => {
    let answers = false
    let probes = 0
    const reach = createReachability(async () => {
      probes++
      if (!answers) throw new Error('still silent')
    }, { intervalMs: 20 })
    reach.check()
    reach.failed(new Error('relation "x" does not exist'))
    assert.equal(reach.unanswering(), false, 'an answer, even an error, is not silence')
    reach.failed(new Error('Query read timeout'))
    assert.equal(reach.unanswering(), true)
    assert.throws(() => reach.check(), StoreNotAnsweringError)
    // It keeps probing while the server stays silent (waited for, not timed: timers slip on a loaded machine).
    for (const started = Date.now(); probes < 2; await new Promise((r) => setTimeout(r, 5))) {
      assert.ok(Date.now() - started < 5_000, `${probes} probes`)
    }
    assert.equal(reach.unanswering(), true)
    answers = true
    for (const started = Date.now(); reach.unanswering(); await new Promise((r) => setTimeout(r, 5))) {
      assert.ok(Date.now() - started < 5_000, 'cleared by the probe')
    }
    reach.check()
    reach.close()
  })

  it('withDeadline: the answer when it comes in time, a StoreTimeoutError when it does not', async () => {
    // The deadline's timer does not hold the process open (unref); this one does, as a server's socket would, so a
    // test file run alone does not end while the deadline is pending.
    const keepAlive = setInterval(() => {}, 1_000)
    try {
      assert.equal(await withDeadline('fast', 1_000, Promise.resolve(1)), 1)
      await assert.rejects(withDeadline('slow', 20, new Promise(() => {})), StoreTimeoutError)
      await assert.rejects(withDeadline('failing', 1_000, Promise.reject(new Error('boom'))), /boom/)
    } finally {
      clearInterval(keepAlive)
    }
  })
})
