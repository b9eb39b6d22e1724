import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { chooseEncoding } from './accept-encoding.ts'

describe('chooseEncoding', () => {
  const cases: Array<[string | undefined, string]> = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.9', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0, *', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['deflate, identity', 'identity'],
    ['br ; q = 0.8 , gzip ; q = 0.9', 'gzip'],
    ['gzip;q=banana', 'gzip'],
  ]
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${expected}`, () => assert.equal(chooseEncoding(header), expected))
  }
})
