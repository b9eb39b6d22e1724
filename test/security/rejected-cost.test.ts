import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import { startHarness, type Harness } from './harness.ts'

/**
 * Issue 24's rule for the JSON-RPC endpoints: a rejected request costs no more CPU than a normal one and answers at
 * most a few KB. Each hostile shape the red team sent (and its neighbours) is posted beside a normal call in the same
 * run, in alternation, and held to a ratio of the normal call's CPU (the whole process: server and client, so the
 * client's share dampens both sides alike) and to an absolute size of its answer. No time limit: a loaded machine
 * slows both sides of the ratio.
 */

const REQUESTS_PER_SAMPLE = 8
const ROUNDS = 5
/** The answer a refusal may send: a few sentences of JSON-RPC error. */
const MAX_REFUSAL_BYTES = 4 * 1024
/**
 * CPU of a refusal against a normal answered call. A refusal reads a body up to 64 KiB (the normal call's is 200
 * bytes), so it is allowed to cost a little more than the smallest answered call, never the hundreds of times the
 * unbounded paths cost (an 18,800-part message cost 300-700 ms).
 */
const MAX_CPU_RATIO = 3

interface Posted { status: number; bytes: number; body: string }

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function post(port: number, path: string, body: string, headers: Record<string, string>): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, bytes: bytes.byteLength, body: bytes.toString('utf8') })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' }
const A2A_HEADERS = { 'A2A-Version': '1.0' }

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const send10 = (parts: string, extra = '') =>
  `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":{"message":{"messageId":"m-1","role":"ROLE_USER","parts":${parts}${extra}}}}`
const send03 = (parts: string) =>
  `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{"kind":"message","messageId":"m-1","role":"user","parts":${parts}}}}`
const mcp = (method: string, params: string) => `{"jsonrpc":"2.0","id":7,"method":"${method}","params":${params}}`
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`
const repeat = (item: string, n: number) => `[${Array.from({ length: n }, () => item).join(',')}]`

interface Shape { name: string; path: '/mcp' | '/a2a'; body: string }

/** The shapes of the red team's report, and their neighbours on the other endpoint and the other wire version. */
const REJECTED: Shape[] = [
  { name: 'A2A 1.0: 18,800 empty parts (56 KB)', path: '/a2a', body: send10(repeat('{}', 18_800)) },
  { name: 'A2A 1.0: 3,300 empty parts (10 KB)', path: '/a2a', body: send10(repeat('{}', 3_300)) },
  { name: 'A2A 1.0: 5,000 parts with a number for text', path: '/a2a', body: send10(repeat('{"text":1}', 5_000)) },
  { name: 'A2A 0.3: 18,000 parts of an unknown kind', path: '/a2a', body: send03(repeat('{"kind":"x"}', 5_000)) },
  { name: 'A2A 1.0: a 60 KB messageId', path: '/a2a', body: send10('[{"text":"latest news"}]').replace('"m-1"', JSON.stringify('m'.repeat(60_000))) },
  { name: 'A2A 1.0: a 60 KB text part', path: '/a2a', body: send10(`[{"text":${JSON.stringify('word '.repeat(12_000))}}]`) },
  { name: 'A2A 1.0: a data part with 5,000 unknown arguments', path: '/a2a', body: send10(`[{"data":${manyKeys(5_000)}}]`) },
  { name: 'A2A 1.0: parts nested 3,000 deep', path: '/a2a', body: send10(nested(3_000)) },
  { name: 'A2A 1.0: a data part nested 3,000 deep', path: '/a2a', body: send10(`[{"data":{"skill":${nested(3_000)}}}]`) },
  { name: 'MCP: ping with params nested 3,000 deep', path: '/mcp', body: mcp('ping', `{"x":${nested(3_000)}}`) },
  { name: 'MCP: tools/list with _meta nested 3,000 deep', path: '/mcp', body: mcp('tools/list', `{"_meta":{"x":${nested(3_000)}}}`) },
  { name: 'MCP: initialize nested 3,000 deep', path: '/mcp', body: mcp('initialize', `{"protocolVersion":"2025-11-25","capabilities":${nested(3_000)},"clientInfo":{"name":"x","version":"1"}}`) },
  { name: 'MCP: tools/call with arguments nested 3,000 deep', path: '/mcp', body: mcp('tools/call', `{"name":"search_stories","arguments":{"query":${nested(3_000)}}}`) },
  { name: 'MCP: tools/call with 5,000 unknown arguments', path: '/mcp', body: mcp('tools/call', `{"name":"get_latest_stories","arguments":${manyKeys(5_000)}}`) },
  { name: 'MCP: tools/call with a 60 KB query', path: '/mcp', body: mcp('tools/call', `{"name":"search_stories","arguments":{"query":${JSON.stringify('chip '.repeat(12_000))}}}`) },
  { name: 'MCP: tools/call with arguments an array of 18,000', path: '/mcp', body: mcp('tools/call', `{"name":"get_latest_stories","arguments":${repeat('1', 18_000)}}`) },
]

const NORMAL: Shape[] = [
  { name: 'A2A 1.0: "latest news"', path: '/a2a', body: send10('[{"text":"latest news"}]') },
  { name: 'MCP: get_latest_stories', path: '/mcp', body: mcp('tools/call', '{"name":"get_latest_stories","arguments":{"limit":5}}') },
]

describe('a rejected JSON-RPC request costs no more than a normal one (issue 24)', () => {
  let h: Harness
  const headersOf = (shape: Shape) => (shape.path === '/mcp' ? MCP_HEADERS : A2A_HEADERS)
  const send = (shape: Shape) => post(h.port, shape.path, shape.body, headersOf(shape))

  before(async () => { h = await startHarness() })
  after(async () => {
    agent.destroy()
    await h.close()
  })

  it('every rejected shape is a small JSON-RPC error, never a 5xx and never logged as an error', async () => {
    for (const shape of REJECTED) {
      const res = await send(shape)
      assert.ok(res.status < 500, `${shape.name}: HTTP ${res.status} ${res.body.slice(0, 200)}`)
      assert.ok(res.bytes <= MAX_REFUSAL_BYTES, `${shape.name}: a ${res.bytes}-byte answer to a ${shape.body.length}-byte request`)
      const json = JSON.parse(res.body) as { jsonrpc?: string; error?: { code: number; message: string }; result?: { isError?: boolean } }
      assert.equal(json.jsonrpc, '2.0', shape.name)
      const refused = json.error !== undefined || json.result?.isError === true
      assert.ok(refused, `${shape.name}: answered as if valid: ${res.body.slice(0, 200)}`)
    }
    assert.deepEqual(h.logs.filter((l) => l.level >= 50).map((l) => l.msg), [], 'no error-level log line')
  })

  it('the answers name the rule once, not once per element', async () => {
    const flood = JSON.parse((await send(REJECTED[2]!)).body) as { id: unknown; error: { code: number; message: string } }
    assert.equal(flood.error.code, -32600)
    assert.match(flood.error.message, /more than 64 items/)
    const res = await send({ name: '20 bad parts', path: '/a2a', body: send10(repeat('{"text":1}', 20)) })
    const json = JSON.parse(res.body) as { error: { message: string; data: Array<{ fieldViolations?: unknown[] }> } }
    assert.match(json.error.message, /at most 16 parts/)
    const violations = json.error.data.flatMap((d) => d.fieldViolations ?? [])
    assert.equal(violations.length, 1, 'the length is checked before the parts')
    const few = await send({ name: '3 bad parts', path: '/a2a', body: send10(repeat('{"text":1}', 3)) })
    const fewJson = JSON.parse(few.body) as { error: { message: string } }
    assert.match(fewJson.error.message, /message\.parts\[0\]\.text: must be a string \(and 2 more like it\)/)
  })

  it('CPU per request: every rejected shape within a small multiple of a normal answered call, measured alternately', async (t) => {
    for (const shape of NORMAL) assert.equal((await send(shape)).status, 200, shape.name)
    const shapes = [...NORMAL, ...REJECTED]
    const best = new Map(shapes.map((s) => [s.name, Infinity]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const shape of shapes) {
        const start = process.cpuUsage()
        for (let i = 0; i < REQUESTS_PER_SAMPLE; i++) await send(shape)
        const { user, system } = process.cpuUsage(start)
        best.set(shape.name, Math.min(best.get(shape.name)!, (user + system) / 1000 / REQUESTS_PER_SAMPLE))
      }
    }
    const normal = Math.max(...NORMAL.map((s) => best.get(s.name)!))
    const lines = REJECTED.map((s) => ({ name: s.name, ratio: best.get(s.name)! / normal }))
    const report = [`normal call ${normal.toFixed(3)} ms`, ...lines.map((l) => `${l.ratio.toFixed(2)}x ${l.name}`)].join('\n')
    for (const line of report.split('\n')) t.diagnostic(line)
    for (const line of lines) assert.ok(line.ratio <= MAX_CPU_RATIO, `${line.name}: ${line.ratio.toFixed(2)}x a normal call (${normal.toFixed(2)} ms)\n${report}`)
  })
})
