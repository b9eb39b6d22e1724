import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { percentile, timeSequentialGets } from '../bench/latency.ts'

describe('latency helpers shared by benches and ratio tests', () => {
  it('percentile is the nearest rank: a measured value, whatever the order of the samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i) // 100 … 1
    assert.equal(percentile(samples, 50), 50)
    assert.equal(percentile(samples, 99), 99)
    assert.equal(percentile(samples, 100), 100)
    assert.equal(percentile(samples, 0), 1)
    assert.equal(percentile([7], 99), 7)
    assert.equal(percentile([1, 2, 3], 50), 2)
    assert.deepEqual(samples.slice(0, 2), [100, 99], 'the samples are not sorted in place')
    assert.throws(() => percentile([], 50), /no samples/)
  })

  it('timeSequentialGets sends one request at a time and reports each status', async () => {
    let inFlight = 0
    let most = 0
    let served = 0
    const server = http.createServer((_req, res) => {
      inFlight++
      most = Math.max(most, inFlight)
      served++
      setImmediate(() => {
        inFlight--
        res.writeHead(served === 3 ? 503 : 200).end('x'.repeat(1000))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { times, statuses } = await timeSequentialGets(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, 5)
      assert.equal(times.length, 5)
      assert.ok(times.every((t) => t >= 0))
      assert.deepEqual(statuses, [200, 200, 503, 200, 200])
      assert.equal(most, 1, 'never two requests at once')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
