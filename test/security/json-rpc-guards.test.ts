import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Hono } from 'hono'
import { createCachePolicy } from '../../src/surfaces/http/cache-policy.ts'
import { createResponder } from '../../src/surfaces/http/responder.ts'
import { createResponseCache } from '../../src/surfaces/http/response-cache.ts'
import { createA2aRoutes } from '../../src/surfaces/a2a/routes.ts'
import { createSourceNames } from '../../src/surfaces/a2a/source-names.ts'
import { createMcpServerFactory } from '../../src/surfaces/mcp/mcp-server.ts'
import { createAnswerCache } from '../../src/surfaces/json-rpc/answer-cache.ts'
import { createMcpRoutes } from '../../src/surfaces/mcp/routes.ts'
import { loadConfig } from '../../src/config/config.ts'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { SITE_URL, startHarness, type Harness } from './harness.ts'

const MCP_VERSIONS = [undefined, '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'not-a-version']
const A2A_VERSIONS = [undefined, '1.0', '0.3', '9.9']

const call = (id: number, limit = 50) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit } } })
const BATCHES: Array<[string, string]> = [
  ['empty', '[]'],
  ['one call', JSON.stringify([call(1)])],
  ['the issue\'s 100 × get_latest_stories limit 50', JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i + 1)))],
  ['led by whitespace', ` \r\n\t${JSON.stringify([call(1), call(2)])}`],
  ['initialize in a batch', JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }])],
  ['notifications only', JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/initialized' }])],
]

describe('JSON-RPC batches are refused on every MCP and A2A path', () => {
  let h: Harness
  before(async () => { h = await startHarness() })
  after(async () => { await h.close() })

  it('POST /mcp: 400 with -32600 and id null, under every protocol version header or none', async () => {
    for (const version of MCP_VERSIONS) {
      for (const [what, body] of BATCHES) {
        const res = await fetch(`${h.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(version ? { 'MCP-Protocol-Version': version } : {}) },
          body,
        })
        const text = await res.text()
        assert.equal(res.status, 400, `${version} ${what}: ${text.slice(0, 200)}`)
        assert.deepEqual(JSON.parse(text), {
          jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: batch requests are not supported; send one JSON-RPC request object per HTTP request' },
        })
        assert.equal(res.headers.get('cache-control'), 'no-store')
      }
    }
  })

  it('POST /a2a: 400 with -32600 and id null, under every A2A-Version header or none', async () => {
    const send = (id: number) => ({ jsonrpc: '2.0', id, method: 'SendMessage', params: { message: { messageId: `m${id}`, role: 'ROLE_USER', parts: [{ text: 'latest news' }] } } })
    for (const version of A2A_VERSIONS) {
      for (const body of ['[]', JSON.stringify([send(1)]), JSON.stringify(Array.from({ length: 100 }, (_, i) => send(i)))]) {
        const res = await fetch(`${h.url}/a2a`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(version ? { 'A2A-Version': version } : {}) }, body })
        const json = await res.json() as { id: unknown; error: { code: number; message: string } }
        assert.equal(res.status, 400, `${version}`)
        assert.equal(json.id, null)
        assert.equal(json.error.code, -32600)
        assert.match(json.error.message, /batch requests are not supported/)
      }
    }
  })

  it('single calls still work with the official MCP SDKs of both generations (limit 50 is within the answer cap)', async () => {
    const v2 = new Client({ name: 'guard-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
    await v2.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`)))
    const modern = await v2.callTool({ name: 'get_latest_stories', arguments: { limit: 50 } })
    assert.equal((modern.structuredContent as { stories: unknown[] }).stories.length, 50)
    await v2.close()
    const v1 = new ClientV1({ name: 'guard-test-v1', version: '1.0.0' })
    await v1.connect(new TransportV1(new URL(`${h.url}/mcp`)))
    const legacy = await v1.callTool({ name: 'get_latest_stories', arguments: { limit: 50 } })
    assert.equal((legacy.structuredContent as { stories: unknown[] }).stories.length, 50)
    await v1.close()
  })
})

describe('one answer is capped in bytes: a clear JSON-RPC error, never a truncated body', () => {
  const CAP = 16 * 1024
  let h: Harness
  let server: RunningServer
  let url: string

  before(async () => {
    h = await startHarness()
    const config = loadConfig({ SITE_URL })
    const policy = createCachePolicy(config.cache)
    const respond = createResponder({ cache: createResponseCache(1 << 20), policy, contentVersion: () => h.query.contentVersion() })
    const mcp = { title: 'Newsdesk', version: '9.9.9', description: 'test', instructions: 'test' }
    // The answer cache is on, as in the service: an answer over the cap must fail every time, never be kept.
    const answers = createAnswerCache(1 << 20)
    const app = new Hono()
    app.route('/', createMcpRoutes({
      createServer: createMcpServerFactory({
        query: h.query, siteUrl: SITE_URL, baseUrl: config.baseUrl, readLocal: async (path) => {
          const res = await app.request(path)
          return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text(), location: res.headers.get('location') }
        }, log: h.log, ...mcp,
      }),
      serverCard: {}, siteUrl: SITE_URL, allowedOrigins: [], log: h.log, respond, maxAnswerBytes: CAP,
      answers, contentVersion: () => h.query.contentVersion(),
    }).routes)
    app.route('/', createA2aRoutes({ query: h.query, siteUrl: SITE_URL, log: h.log, respond, operator: config.operator, version: '9.9.9', maxAnswerBytes: CAP, answers, sourceNames: createSourceNames(h.query) }).routes)
    server = await startServer(app, { port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${server.port}`
  })
  after(async () => {
    await server.close()
    await h.close()
  })

  it('MCP, both SDK generations: a call whose answer passes the cap fails with -32603 naming the cap; a small one succeeds', async () => {
    const v2 = new Client({ name: 'cap-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
    await v2.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
    await assert.rejects(v2.callTool({ name: 'get_latest_stories', arguments: { limit: 50 } }),
      (err: Error & { code?: number }) => err.code === -32603 && err.message.includes(`exceed ${CAP} bytes`))
    const small = await v2.callTool({ name: 'get_latest_stories', arguments: { limit: 1 } })
    assert.equal((small.structuredContent as { stories: unknown[] }).stories.length, 1)
    await v2.close()

    const v1 = new ClientV1({ name: 'cap-test-v1', version: '1.0.0' })
    await v1.connect(new TransportV1(new URL(`${url}/mcp`)))
    await assert.rejects(v1.callTool({ name: 'get_latest_stories', arguments: { limit: 50 } }),
      (err: Error & { code?: number }) => err.code === -32603 && err.message.includes(`exceed ${CAP} bytes`))
    await v1.close()
  })

  it('MCP over raw HTTP: the error keeps the request id and the body stays small', async () => {
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify(call(42)),
    })
    const text = await res.text()
    assert.ok(text.length < 1024, `${text.length} bytes`)
    const json = JSON.parse(text)
    assert.equal(json.id, 42)
    assert.equal(json.error.code, -32603)
  })

  it('A2A: a reply over the cap is -32603 with the request id, in the method\'s wire version', async () => {
    // SendMessage is answered in A2A 1.0 with or without the header, so its error carries the 1.0 ErrorInfo.
    for (const headers of [{ 'A2A-Version': '1.0' }, {}] as Record<string, string>[]) {
      const res = await fetch(`${url}/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'latest 50 stories' }] } } }),
      })
      const text = await res.text()
      assert.ok(text.length < 1024, `${text.length} bytes: ${text.slice(0, 300)}`)
      const json = JSON.parse(text)
      assert.equal(json.id, 7)
      assert.equal(json.error.code, -32603)
      assert.match(json.error.message, /Answer too large/)
      assert.equal(json.error.data?.[0]?.reason, 'INTERNAL_ERROR', JSON.stringify(headers))
    }
  })
})
