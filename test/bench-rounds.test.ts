import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { alternatingRounds, ratioOf, spread, type LoadSpec, type Run } from '../bench/rounds.ts'

const run = (rps: number, p99 = 1): Run => ({ rps, p50: p99 / 2, p99, requests: rps, bytes: 100, non2xx: 0, cpuUs: 1e6 / rps })

describe('alternating rounds for the bench ratios', () => {
  it('warms every side once, then alternates the order round by round', async () => {
    const calls: string[] = []
    const sides: LoadSpec[] = [1, 2, 3].map((port) => ({ port, connections: 1, requests: [] }))
    const runs = await alternatingRounds(sides, 3, 2, async (side, duration) => {
      calls.push(`${side.port}@${duration}`)
      return run(side.port * 100)
    })
    assert.deepEqual(calls, ['1@1', '2@1', '3@1', '1@2', '2@2', '3@2', '3@2', '2@2', '1@2', '1@2', '2@2', '3@2'])
    // Results are indexed by side, whatever order the round ran in.
    assert.deepEqual(runs.map((round) => round.map((r) => r.rps)), [[100, 200, 300], [100, 200, 300], [100, 200, 300]])
  })

  it('spread gives the median (mean of the middle two for an even count) and the range', () => {
    assert.deepEqual(spread([3, 1, 2]), { median: 2, min: 1, max: 3 })
    assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, min: 1, max: 4 })
    const xs = [5, 4]
    spread(xs)
    assert.deepEqual(xs, [5, 4], 'the sample is not sorted in place')
  })

  it('ratioOf takes each round\'s ratio, so one round\'s slow neighbour moves one ratio, not a side\'s mean', () => {
    // Round 2 is loaded: both sides halve, the ratio stays 0.9.
    const runs = [[run(1000), run(900)], [run(500), run(450)], [run(1000), run(900)]]
    const r = ratioOf(runs, 1, 0, (x) => x.rps)
    assert.equal(r.median.toFixed(2), '0.90')
    assert.equal(r.text, '0.90× [0.90–0.90]')
    const skewed = ratioOf([[run(1000), run(800)], [run(1000), run(1000)], [run(1000), run(900)]], 1, 0, (x) => x.rps)
    assert.equal(skewed.text, '0.90× [0.80–1.00]')
  })
})
