import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import { StorySnapshot } from '../../src/domain/story.ts'
import type { AgentCalls } from '../../src/front/agent-calls.ts'
import type { RunningServer } from '../../src/server/start-server.ts'
import type { Store } from '../../src/storage/store.ts'
import { SEARCH_STORIES as S, makeStory } from '../fixtures/stories.ts'
import { startFrontTwins, type FrontTwins } from '../helpers/front-twins.ts'

interface Raw {
  status: number
  /** Raw header lines in the order sent, without Date (the one header that differs by the second). */
  headers: string[]
  body: string
}

/** One POST over a fresh connection; `body` is sent as given, with a Content-Length unless `chunked`. */
function rawPost(port: number, url: string, headers: Record<string, string>, body: string, chunked = false): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = chunked ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const lines: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`)
        }
        resolve({ status: res.statusCode!, headers: lines, body: Buffer.concat(chunks).toString('utf8') })
      })
    })
    req.on('error', reject)
    if (chunked) req.write(body.slice(0, 5))
    req.end(chunked ? body.slice(5) : body)
  })
}

const LEGACY = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-http', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}
const modern = (method: string, name?: string) => ({
  ...LEGACY, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}),
})
const A2A_10 = { 'content-type': 'application/json', 'a2a-version': '1.0' }
const A2A_03 = { 'content-type': 'application/json' }

interface AgentCase {
  label: string
  url: string
  headers: Record<string, string>
  /** The request without its id. */
  request: Record<string, unknown>
}

const call = (name: string, args: Record<string, unknown>) => ({ method: 'tools/call', params: { name, arguments: args } })
const send10 = (text: string, extra: Record<string, unknown> = {}) => ({
  method: 'SendMessage', params: { message: { messageId: 'c1d2', role: 'ROLE_USER', parts: [{ text }], ...extra } },
})
const send03 = (part: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  method: 'message/send', params: { message: { kind: 'message', messageId: 'c1d3', role: 'user', parts: [part], ...extra } },
})

/** Every kind of agent request the answer cache holds: fixed MCP answers, each tool, both A2A wire versions. */
const CASES: AgentCase[] = [
  { label: 'MCP ping', url: '/mcp', headers: LEGACY, request: { method: 'ping' } },
  { label: 'MCP tools/list', url: '/mcp', headers: LEGACY, request: { method: 'tools/list' } },
  { label: 'MCP initialize', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, request: {
    method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  } },
  { label: 'MCP get_latest_stories', url: '/mcp', headers: LEGACY, request: call('get_latest_stories', {}) },
  { label: 'MCP get_latest_stories topic', url: '/mcp?any=query', headers: LEGACY, request: call('get_latest_stories', { topic: 'finance', limit: 3 }) },
  { label: 'MCP search_stories', url: '/mcp', headers: LEGACY, request: call('search_stories', { query: 'lab' }) },
  { label: 'MCP get_story', url: '/mcp', headers: LEGACY, request: call('get_story', { id: S.zurichLab.id, lang: 'de' }) },
  { label: 'MCP list_topics', url: '/mcp', headers: LEGACY, request: call('list_topics', { lang: 'ja' }) },
  { label: 'MCP list_sources', url: '/mcp', headers: LEGACY, request: call('list_sources', {}) },
  { label: 'MCP 2026 tools/call', url: '/mcp', headers: modern('tools/call', 'list_topics'), request: {
    method: 'tools/call', params: { name: 'list_topics', arguments: {}, _meta: MODERN_META },
  } },
  { label: 'MCP 2026 server/discover', url: '/mcp', headers: modern('server/discover'), request: { method: 'server/discover', params: { _meta: MODERN_META } } },
  { label: 'A2A SendMessage search', url: '/a2a', headers: A2A_10, request: send10('search lab') },
  { label: 'A2A SendMessage latest, a context', url: '/a2a', headers: { ...A2A_10, 'content-type': 'application/a2a+json' }, request: send10('latest finance news', { contextId: 'ctx-9' }) },
  { label: 'A2A SendMessage data part', url: '/a2a', headers: A2A_10, request: {
    method: 'SendMessage', params: { message: { messageId: 'c1d4', role: 'ROLE_USER', parts: [{ data: { skill: 'get_story', id: S.zurichLab.id } }] } },
  } },
  { label: 'A2A message/send search', url: '/a2a', headers: A2A_03, request: send03({ kind: 'text', text: 'search lab' }) },
  { label: 'A2A message/send, header 0.3', url: '/a2a', headers: { ...A2A_03, 'a2a-version': '0.3' }, request: send03({ kind: 'data', data: { skill: 'list_topics' } }) },
]

/**
 * Ids of every kind the endpoints answer, including strings that need escaping and the largest safe integers (null,
 * fractions and integers beyond 2^53 are refused alike: test/security/json-rpc-ids.test.ts).
 */
const IDS: Array<string | number> = [1, 0, -7, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 'abc', 'with "quotes", \\ and a\nnewline', 'ünïcødé ✓ 🚀 \u2028', '\ud800 lone surrogate', '']

/** A2A replies carry a new messageId (and contextId unless the sender gave one) each time: the rest must be equal. */
const sameExceptReplyIds = (body: string) => body.replace(/"(messageId|contextId)":"[0-9a-f-]{36}"/g, '"$1":"…"')

describe('agent front path: cached MCP and A2A answers before the framework, identical to it', () => {
  let store: Store
  let withFront: RunningServer
  let framework: RunningServer
  let agentFront: AgentCalls
  let twins: FrontTwins

  before(async () => {
    twins = await startFrontTwins()
    ;({ store, withFront, framework, agentFront } = twins)
  })
  after(async () => { await twins?.close() })

  it('answers every cacheable request with the framework\'s status, headers and bytes, the id spliced in', async () => {
    for (const c of CASES) {
      let firstFronted: string | undefined
      for (const id of IDS) {
        const label = `${c.label} id=${JSON.stringify(id)}`
        const body = JSON.stringify({ jsonrpc: '2.0', id, ...c.request })
        const miss = await rawPost(withFront.port, c.url, c.headers, body) // the framework answers (the first id) and caches
        const reference = await rawPost(framework.port, c.url, c.headers, body)
        const frameworkHit = await rawPost(framework.port, c.url, c.headers, body)
        const answeredBefore = agentFront.stats().answered
        const fronted = await rawPost(withFront.port, c.url, c.headers, body)
        assert.equal(agentFront.stats().answered, answeredBefore + 1, `${label}: answered by the front path`)
        assert.equal(reference.status, 200, `${label}: ${reference.body.slice(0, 300)}`)
        for (const [name, r] of [['front miss', miss], ['framework hit', frameworkHit], ['front path', fronted]] as const) {
          assert.equal(r.status, reference.status, `${label}: ${name} status`)
          assert.deepEqual(r.headers, reference.headers, `${label}: ${name} headers`)
          assert.equal(sameExceptReplyIds(r.body), sameExceptReplyIds(reference.body), `${label}: ${name} bytes`)
        }
        const parsed = JSON.parse(fronted.body) as { id: unknown; result?: unknown }
        assert.equal(parsed.id, JSON.parse(JSON.stringify(id)), `${label}: the id, as JSON.stringify writes it`)
        assert.ok(fronted.body.startsWith(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`), label)
        // Only the id differs between callers.
        const withoutId = sameExceptReplyIds(fronted.body.replace(`"id":${JSON.stringify(id)},`, '"id":…,'))
        firstFronted ??= withoutId
        assert.equal(withoutId, firstFronted, `${label}: the same answer as for the first id`)
      }
    }
  })

  it('writes a new reply messageId for every A2A answer and keeps the sender\'s contextId', async () => {
    const c = CASES.find((x) => x.label === 'A2A SendMessage latest, a context')!
    const body = JSON.stringify({ jsonrpc: '2.0', id: 3, ...c.request })
    await rawPost(withFront.port, c.url, c.headers, body)
    const answeredBefore = agentFront.stats().answered
    const [one, two] = [await rawPost(withFront.port, c.url, c.headers, body), await rawPost(withFront.port, c.url, c.headers, body)]
    assert.equal(agentFront.stats().answered, answeredBefore + 2)
    const message = (r: Raw) => (JSON.parse(r.body) as { result: { message: { messageId: string; contextId: string } } }).result.message
    assert.notEqual(message(one).messageId, message(two).messageId)
    assert.equal(message(one).contextId, 'ctx-9')
  })

  /** Requests the front path must leave to the framework: its answer (error or not) is the framework's own. */
  const LEFT_ALONE: Array<{ label: string; url: string; headers: Record<string, string>; body: string; chunked?: boolean }> = [
    { label: 'MCP batch', url: '/mcp', headers: LEGACY, body: '[{"jsonrpc":"2.0","id":1,"method":"ping"}]' },
    { label: 'MCP notification', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' },
    { label: 'MCP unknown method', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":"2.0","id":1,"method":"resources/list"}' },
    { label: 'MCP null id', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":"2.0","id":null,"method":"ping"}' },
    { label: 'MCP object id', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}' },
    { label: 'MCP bad arguments', url: '/mcp', headers: LEGACY, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call('get_latest_stories', { limit: 'x' }) }) },
    { label: 'MCP not JSON', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":' },
    { label: 'MCP bad protocol version', url: '/mcp', headers: { ...LEGACY, 'mcp-protocol-version': '1999-01-01' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
    { label: 'MCP foreign Origin', url: '/mcp', headers: { ...LEGACY, origin: 'https://evil.example' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
    { label: 'MCP text/plain', url: '/mcp', headers: { ...LEGACY, 'content-type': 'text/plain' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
    { label: 'MCP Accept without JSON', url: '/mcp', headers: { ...LEGACY, accept: 'text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
    { label: 'MCP chunked body', url: '/mcp', headers: LEGACY, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}', chunked: true },
    { label: 'MCP body over the cap', url: '/mcp', headers: LEGACY, body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x":"${'a'.repeat(70_000)}"}}}` },
    { label: 'A2A notification', url: '/a2a', headers: A2A_10, body: JSON.stringify({ jsonrpc: '2.0', ...send10('search lab') }) },
    { label: 'A2A null id', url: '/a2a', headers: A2A_10, body: JSON.stringify({ jsonrpc: '2.0', id: null, ...send10('search lab') }) },
    { label: 'A2A ListTasks', url: '/a2a', headers: A2A_10, body: '{"jsonrpc":"2.0","id":1,"method":"ListTasks","params":{}}' },
    { label: 'A2A taskId', url: '/a2a', headers: A2A_10, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...send10('search lab', { taskId: 't1' }) }) },
    { label: 'A2A bad version header', url: '/a2a', headers: { ...A2A_10, 'a2a-version': '2.0' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...send10('search lab') }) },
    { label: 'A2A version in the query', url: '/a2a?A2A-Version=9.9', headers: A2A_03, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...send10('search lab') }) },
    { label: 'A2A text/plain', url: '/a2a', headers: { ...A2A_10, 'content-type': 'text/plain' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...send10('search lab') }) },
    { label: 'A2A missing messageId', url: '/a2a', headers: A2A_10, body: '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","parts":[{"text":"search lab"}]}}}' },
  ]

  it('leaves everything else to the framework, which answers as it does without the front path', async () => {
    // Warm both caches with the valid requests these are variants of.
    for (const c of CASES) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, ...c.request })
      await rawPost(withFront.port, c.url, c.headers, body)
      await rawPost(framework.port, c.url, c.headers, body)
    }
    for (const c of LEFT_ALONE) {
      const before = agentFront.stats().answered
      const fronted = await rawPost(withFront.port, c.url, c.headers, c.body, c.chunked)
      const reference = await rawPost(framework.port, c.url, c.headers, c.body, c.chunked)
      assert.equal(agentFront.stats().answered, before, `${c.label}: not answered by the front path`)
      assert.equal(fronted.status, reference.status, `${c.label}: status`)
      assert.deepEqual(fronted.headers, reference.headers, `${c.label}: headers`)
      assert.equal(sameExceptReplyIds(fronted.body), sameExceptReplyIds(reference.body), `${c.label}: bytes`)
    }
  })

  it('leaves a request with a repeated header to the framework', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}'
    await rawPost(withFront.port, '/mcp', LEGACY, body)
    const before = agentFront.stats()
    const twice = (port: number) => new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent: false,
        headers: [...Object.entries(LEGACY).flat(), 'content-length', String(body.length), 'MCP-Protocol-Version', '2025-11-25'],
      }, (r) => {
        r.resume()
        resolve(r.statusCode!)
      })
      req.on('error', reject)
      req.end(body)
    })
    assert.equal(await twice(withFront.port), await twice(framework.port))
    assert.equal(agentFront.stats().answered, before.answered)
    assert.equal(agentFront.stats().handedOn, before.handedOn, 'not even read: the framework read it')
  })

  it('stops answering a tool call once the content version moves, and learns the new answer', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 5, ...call('get_latest_stories', { limit: 2 }) })
    await rawPost(withFront.port, '/mcp', LEGACY, body)
    await rawPost(withFront.port, '/mcp', LEGACY, body)
    const headline = 'Agent front path sees the newest story at once'
    await store.upsertStories([StorySnapshot.parse(makeStory({ published_at: '2026-11-30T12:00:00Z', headline }))])
    const before = agentFront.stats()
    const fresh = await rawPost(withFront.port, '/mcp', LEGACY, body)
    assert.equal(agentFront.stats().answered, before.answered, 'the old answer is not served')
    assert.match(fresh.body, new RegExp(headline))
    const again = await rawPost(withFront.port, '/mcp', LEGACY, body)
    assert.equal(agentFront.stats().answered, before.answered + 1)
    assert.equal(again.body, fresh.body)
    assert.equal(again.body, (await rawPost(framework.port, '/mcp', LEGACY, body)).body)
  })

  it('answers alike whatever the request headers outside the cache key say (the SDK renders the same answer)', async () => {
    // Each variant on a fresh application, so the SDK renders it rather than the answer cache.
    const rendered = async (headers: Record<string, string>, body: string) => {
      const server = await twins.freshFramework()
      try {
        return await rawPost(server.port, '/mcp', headers, body)
      } finally {
        await server.close()
      }
    }
    const variants: Array<Record<string, string>> = [
      { 'mcp-session-id': 'a-session-the-stateless-server-ignores' }, { 'last-event-id': '5' },
      { 'content-type': 'application/json; charset=utf-8' }, { origin: 'https://news.example.org' }, { 'user-agent': 'agent/1.0' },
    ]
    for (const request of [{ method: 'tools/list' }, call('search_stories', { query: 'lab' })]) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 4, ...request })
      const baseline = await rendered(LEGACY, body)
      assert.equal(baseline.status, 200)
      for (const extra of variants) {
        const r = await rendered({ ...LEGACY, ...extra }, body)
        assert.equal(r.status, baseline.status, JSON.stringify(extra))
        assert.deepEqual(r.headers, baseline.headers, JSON.stringify(extra))
        assert.equal(r.body, baseline.body, JSON.stringify(extra))
      }
    }
  })

  it('leaves GET, OPTIONS and other paths alone', async () => {
    const before = agentFront.stats()
    for (const method of ['GET', 'OPTIONS', 'DELETE']) {
      await new Promise<void>((resolve, reject) => {
        http.request({ host: '127.0.0.1', port: withFront.port, path: '/mcp', method, agent: false }, (r) => {
          r.resume()
          r.on('end', resolve)
        }).on('error', reject).end()
      })
    }
    const other = await rawPost(withFront.port, '/mcpx', LEGACY, '{"jsonrpc":"2.0","id":1,"method":"ping"}')
    assert.equal(other.status, 404)
    assert.deepEqual(agentFront.stats(), before)
  })
})
