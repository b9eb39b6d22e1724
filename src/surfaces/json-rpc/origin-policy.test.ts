import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createOriginPolicy } from './origin-policy.ts'

describe('MCP origin policy', () => {
  const allows = createOriginPolicy('https://news.example.org', ['https://app.partner.example'])
  const cases: [string | undefined, boolean][] = [
    [undefined, true],
    ['', true],
    ['https://news.example.org', true],
    ['http://news.example.org', false],
    ['https://news.example.org:8443', false],
    ['https://evil.news.example.org', false],
    ['https://news.example.org.evil.example', false],
    ['https://app.partner.example', true],
    ['https://partner.example', false],
    ['http://localhost:6274', true],
    ['http://localhost', true],
    ['https://localhost:3000', true],
    ['http://127.0.0.1:5173', true],
    ['http://[::1]:8080', true],
    ['http://localhost.evil.example', false],
    ['http://127.0.0.2', false],
    ['null', false],
    ['file://', false],
    ['chrome-extension://abcdef', false],
    ['http://localhost:3000/path', false],
    ['not a url', false],
  ]
  for (const [origin, expected] of cases) {
    it(`${origin === undefined ? '(no Origin)' : JSON.stringify(origin)} → ${expected ? 'allowed' : '403'}`, () => {
      assert.equal(allows(origin), expected)
    })
  }
})
