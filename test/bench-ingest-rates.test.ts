import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readRates } from '../bench/ingest-rates.ts'

// Tables as printed by bench:ingest --corpus real: the current tree (with CPU columns) and the tree of 8b6956e.
const CURRENT = `
Ingest on real pages: 88 pages × 3 copies behind teaser feeds on loopback, every article fetched and extracted; best of 1 runs each

extraction runs       workers  articles  extracted  seconds  articles/s  vs calling thread  CPU ms/article  main thread
in calling thread           0       264        264     6.75        39.1              1.00×            30.8         24.4
worker pool                 1       264        264     5.08        52.0              1.33×            30.4         10.8
worker pool                 2       264        264     4.68        56.4              1.44×            32.5         10.0
load average at the end: 2.8 2.4 1.8 (rates are only meaningful when it is below the core count)
`
const OLDER = `
extraction runs       workers  articles  extracted  seconds  articles/s  vs calling thread
in calling thread           0       264        264     9.50        27.8              1.00×
worker pool                 1       264        264    10.28        25.7              0.92×
worker pool                 2       264        264     8.44        31.3              1.13×
`

describe('bench:ingest-vs reads the rates of either table format', () => {
  it('takes the calling-thread rate and the fastest row, naming its mode', () => {
    assert.deepEqual(readRates(CURRENT), { callingThread: 39.1, best: 56.4, bestMode: '2 workers' })
    assert.deepEqual(readRates(OLDER), { callingThread: 27.8, best: 31.3, bestMode: '2 workers' })
  })

  it('names one worker and the calling thread when they are fastest', () => {
    const oneWorker = CURRENT.replace('56.4', '50.0')
    assert.deepEqual(readRates(oneWorker), { callingThread: 39.1, best: 52.0, bestMode: '1 worker' })
    const calling = OLDER.replace('31.3', '20.0')
    assert.deepEqual(readRates(calling), { callingThread: 27.8, best: 27.8, bestMode: 'calling thread' })
  })

  it('gives null for output without a calling-thread row (a run that failed or printed something else)', () => {
    assert.equal(readRates('Real pages: extraction benchmark not found'), null)
    assert.equal(readRates(CURRENT.replace(/^in calling thread.*$/m, '')), null)
  })
})
