/**
 * JSON-RPC ids are answered exactly as sent or refused, the same way on POST /mcp and POST /a2a, cached or not: `id:
 * null` and numbers that parsing would change (beyond ±(2^53 − 1), `-0`, `1e3`, `1.5`) get HTTP 400, -32600 and `id:
 * null`; an integer within the range and any string come back byte for byte.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHarness, type Harness } from './harness.ts'
import { rawRequest } from './raw-http.ts'

const MCP_HEADERS = 'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n'
const A2A_HEADERS = 'Content-Type: application/json\r\nA2A-Version: 1.0\r\n'

const mcpCall = (idText: string) =>
  `{"jsonrpc":"2.0","id":${idText},"method":"tools/call","params":{"name":"list_topics","arguments":{}}}`
const a2aCall = (idText: string) =>
  `{"jsonrpc":"2.0","id":${idText},"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"what topics?"}]}}}`

const ENDPOINTS = [
  { path: '/mcp', headers: MCP_HEADERS, body: mcpCall },
  { path: '/a2a', headers: A2A_HEADERS, body: a2aCall },
] as const

const REFUSED = ['null', '9007199254740992', '9007199254740993', '12345678901234567890', '-9007199254740993', '-0', '1e3', '1.5', '1.0']
const KEPT = ['9007199254740991', '-9007199254740991', '0', '7', '"9007199254740993"', '"a string id"']

describe('JSON-RPC ids: answered exactly as sent, or refused alike on both endpoints', () => {
  let h: Harness
  before(async () => { h = await startHarness() })
  after(async () => { await h.close() })

  const post = (path: string, headers: string, body: string) =>
    rawRequest(h.port, `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`, body)

  it('refuses id null and numbers parsing would alter with 400, -32600 and id null, before and after the answer is cached', async () => {
    for (const { path, headers, body } of ENDPOINTS) {
      // Twice: the first may reach the framework, the second would find the answer cache filled by a good call.
      for (const round of [1, 2]) {
        assert.equal((await post(path, headers, body('1'))).status, 200, `${path} a good call`)
        for (const id of REFUSED) {
          const res = await post(path, headers, body(id))
          assert.equal(res.status, 400, `${path} id ${id} round ${round}: ${res.body.slice(0, 200)}`)
          const json = JSON.parse(res.body) as { id: unknown; error: { code: number; message: string } }
          assert.equal(json.id, null, `${path} id ${id}`)
          assert.equal(json.error.code, -32600, `${path} id ${id}`)
          assert.match(json.error.message, id === 'null' ? /"id" must not be null/ : /must be an integer from -9007199254740991 to 9007199254740991/)
        }
      }
    }
    assert.deepEqual(h.logs.filter((l) => l.level >= 50), [], 'nothing logged at error level')
  })

  it('answers integers within ±(2^53 − 1) and strings with the id byte for byte', async () => {
    for (const { path, headers, body } of ENDPOINTS) {
      for (const id of KEPT) {
        const res = await post(path, headers, body(id))
        assert.equal(res.status, 200, `${path} id ${id}: ${res.body.slice(0, 200)}`)
        assert.match(res.body, new RegExp(`"id":${id.replace(/[-"]/g, '\\$&')}[,}]`), `${path} id ${id}`)
      }
    }
  })
})
