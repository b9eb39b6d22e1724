import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { PreparedRun } from './commit-runs.ts'
import { HeldRuns } from './held-runs.ts'

/** A prepared run of `n` articles, named by its feed URL (only what HeldRuns reads). */
const run = (feedUrl: string, n: number) => ({ feed: { publisher: { feedUrl } }, articles: Array.from({ length: n }) }) as unknown as PreparedRun
const names = (batch: PreparedRun[]) => batch.map((r) => r.feed.publisher.feedUrl)

describe('held runs', () => {
  it('commits what is held as one batch when the pass flushes, and nothing twice', async () => {
    const batches: string[][] = []
    const held = new HeldRuns(async (runs) => { batches.push(names(runs)) }, { articles: 100, ms: 60_000 })
    held.hold(run('a', 3))
    held.hold(run('b', 2))
    assert.deepEqual(batches, [], 'nothing committed while under both limits')
    await held.flush()
    await held.flush()
    assert.deepEqual(batches, [['a', 'b']])
  })

  it('commits as soon as the held articles reach the limit, then holds the next ones', async () => {
    const batches: string[][] = []
    const held = new HeldRuns(async (runs) => { batches.push(names(runs)) }, { articles: 5, ms: 60_000 })
    held.hold(run('a', 3))
    held.hold(run('b', 2))
    held.hold(run('c', 1))
    await held.flush()
    assert.deepEqual(batches, [['a', 'b'], ['c']])
  })

  it('commits by itself before a held feed\'s deadline, without waiting for the pass', async () => {
    let committed: (runs: string[]) => void = () => {}
    const done = new Promise<string[]>((resolve) => { committed = resolve })
    const held = new HeldRuns(async (runs) => committed(names(runs)), { articles: 100, ms: 60_000 })
    held.hold(run('a', 1))
    // The hold's timer does not keep a process alive (a pass's lanes do): this test keeps it alive meanwhile.
    const alive = setInterval(() => {}, 1_000)
    held.hold(run('b', 1), Date.now() + 20)
    try {
      assert.deepEqual(await done, ['a', 'b'])
    } finally {
      clearInterval(alive)
    }
  })

  it('commits at once a run whose deadline has passed', async () => {
    const batches: string[][] = []
    const held = new HeldRuns(async (runs) => { batches.push(names(runs)) }, { articles: 100, ms: 60_000 })
    held.hold(run('late', 1), Date.now() - 1)
    await held.flush()
    assert.deepEqual(batches, [['late']])
  })
})
