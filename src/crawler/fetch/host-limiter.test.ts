import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createHostLimiter } from './host-limiter.ts'

/** A task that runs until released, recording when it started. */
function gate() {
  const started: string[] = []
  const releases = new Map<string, (v: string) => void>()
  const failures = new Map<string, (e: Error) => void>()
  const task = (name: string) => () => new Promise<string>((resolve, reject) => {
    started.push(name)
    releases.set(name, resolve)
    failures.set(name, reject)
  })
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    started, task, settle,
    release: async (name: string) => { releases.get(name)!(name); await settle() },
    fail: async (name: string) => { failures.get(name)!(new Error(`${name} failed`)); await settle() },
  }
}

describe('host limiter', () => {
  it('runs at most perHost tasks per host, in arrival order, host names in any case', async () => {
    const limiter = createHostLimiter({ perHost: 2, total: 10 })
    const g = gate()
    const results = ['a1', 'a2', 'a3', 'a4'].map((n, i) => limiter.run(i % 2 ? 'A.example' : 'a.example', g.task(n)))
    await g.settle()
    assert.deepEqual(g.started, ['a1', 'a2'])
    await g.release('a2')
    assert.deepEqual(g.started, ['a1', 'a2', 'a3'])
    await g.release('a1')
    assert.deepEqual(g.started, ['a1', 'a2', 'a3', 'a4'])
    await g.release('a3')
    await g.release('a4')
    assert.deepEqual(await Promise.all(results), ['a1', 'a2', 'a3', 'a4'])
  })

  it('runs at most total tasks overall; a waiting host holds no global slot', async () => {
    const limiter = createHostLimiter({ perHost: 1, total: 2 })
    const g = gate()
    const all = [['a', 'a1'], ['a', 'a2'], ['b', 'b1'], ['c', 'c1']].map(([host, n]) => limiter.run(`${host}.example`, g.task(n!)))
    await g.settle()
    // a2 waits for its host; b1 takes the second global slot; c1 waits for a global one.
    assert.deepEqual(g.started, ['a1', 'b1'])
    await g.release('b1')
    assert.deepEqual(g.started, ['a1', 'b1', 'c1'])
    await g.release('a1')
    assert.deepEqual(g.started, ['a1', 'b1', 'c1', 'a2'])
    await g.release('c1')
    await g.release('a2')
    await Promise.all(all)
  })

  it('a failing task rejects its caller and frees its slots', async () => {
    const limiter = createHostLimiter({ perHost: 1, total: 1 })
    const g = gate()
    const first = limiter.run('a.example', g.task('a1'))
    const firstFailure = assert.rejects(first, /a1 failed/)
    const second = limiter.run('a.example', g.task('a2'))
    await g.settle()
    await g.fail('a1')
    await firstFailure
    assert.deepEqual(g.started, ['a1', 'a2'])
    await g.release('a2')
    assert.equal(await second, 'a2')
    const thrown = limiter.run('b.example', () => { throw new Error('sync throw') })
    await assert.rejects(thrown, /sync throw/)
    assert.equal(await limiter.run('b.example', async () => 'after'), 'after', 'a synchronous throw frees the slot too')
  })

  it('forgets a host once nothing runs or waits for it', async () => {
    const limiter = createHostLimiter({ perHost: 1, total: 4 })
    const g = gate()
    const a = [limiter.run('a.example', g.task('a1')), limiter.run('a.example', g.task('a2'))]
    const b = limiter.run('b.example', g.task('b1'))
    await g.settle()
    assert.equal(limiter.activeHosts(), 2)
    await g.release('a1')
    assert.equal(limiter.activeHosts(), 2, 'a2 still runs')
    await g.release('a2')
    await Promise.all(a)
    assert.equal(limiter.activeHosts(), 1)
    await g.release('b1')
    await b
    assert.equal(limiter.activeHosts(), 0)
  })

  it('awaits whenHostSlot holding the host slot only: the host waits, other hosts keep the global slot', async () => {
    const limiter = createHostLimiter({ perHost: 1, total: 1 })
    const g = gate()
    let openPace!: () => void
    const paced = new Promise<void>((resolve) => { openPace = resolve })
    const pacing: string[] = []
    const a1 = limiter.run('a.example', g.task('a1'), async () => { pacing.push('a1'); await paced })
    const a2 = limiter.run('a.example', g.task('a2'), async () => { pacing.push('a2') })
    const b1 = limiter.run('b.example', g.task('b1'))
    await g.settle()
    // a1 holds a's only slot while it paces, so a2 has not even started pacing; b1 has the one global slot.
    assert.deepEqual(pacing, ['a1'])
    assert.deepEqual(g.started, ['b1'])
    openPace()
    await g.settle()
    assert.deepEqual(g.started, ['b1'], 'a1 paced, then waits for the global slot b1 holds')
    await g.release('b1')
    assert.deepEqual(g.started, ['b1', 'a1'])
    await g.release('a1')
    assert.deepEqual(pacing, ['a1', 'a2'], 'a2 paces only once it holds the host slot')
    assert.deepEqual(g.started, ['b1', 'a1', 'a2'])
    await g.release('a2')
    assert.deepEqual(await Promise.all([a1, a2, b1]), ['a1', 'a2', 'b1'])
  })
})
