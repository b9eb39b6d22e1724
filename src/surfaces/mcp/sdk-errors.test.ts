import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import { INTERNAL_ERROR_MESSAGE, rewordSdkErrors } from './sdk-errors.ts'

const sdkAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

function recordingLog() {
  const lines: string[] = []
  return { log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }), lines }
}

describe('rewordSdkErrors: the SDK\'s own JSON-RPC errors in this surface\'s words', () => {
  it('-32603 (a handler threw; the SDK would send the thrown text) becomes a generic message; the text goes to the log', async () => {
    const { log, lines } = recordingLog()
    const raw = { jsonrpc: '2.0', id: 4, error: { code: -32603, message: 'Cannot read properties of undefined at /srv/newsdesk/src/x.ts:12', data: { stack: 'secret' } } }
    const out = await rewordSdkErrors({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, sdkAnswer(raw), log)
    assert.deepEqual(await out.json(), { jsonrpc: '2.0', id: 4, error: { code: -32603, message: INTERNAL_ERROR_MESSAGE } })
    assert.equal(out.status, 200)
    assert.ok(lines.some((l) => l.includes('mcp: internal error') && l.includes('/srv/newsdesk/src/x.ts')), 'the raw text is logged')
  })

  it('a request param the SDK\'s own zod check refused (its issue list as a -32603) is the client\'s -32602, not logged', async () => {
    const { log, lines } = recordingLog()
    const zodDump = JSON.stringify([{ expected: 'string', code: 'invalid_type', path: ['params', 'protocolVersion'], message: 'Invalid input: expected string, received number' }], null, 2)
    const out = await rewordSdkErrors({ jsonrpc: '2.0', id: 3, method: 'initialize' }, sdkAnswer({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: zodDump } }), log)
    assert.deepEqual(await out.json(), { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid params: params.protocolVersion: expected string, received number' } })
    assert.deepEqual(lines, [])
  })

  it('an unknown tool (-32602) names the tools; other -32602s and successes pass unchanged', async () => {
    const { log } = recordingLog()
    const call = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } }
    const unknown = await rewordSdkErrors(call, sdkAnswer({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Tool nope not found' } }), log)
    assert.match((await unknown.json() as { error: { message: string } }).error.message, /^Unknown tool "nope"\. The tools are .*search_stories/)
    const other = { jsonrpc: '2.0', id: 6, error: { code: -32602, message: 'Invalid _meta envelope' } }
    assert.deepEqual(await (await rewordSdkErrors(call, sdkAnswer(other), log)).json(), other)
    const success = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'the word "error":{ inside a story' }] } }
    assert.deepEqual(await (await rewordSdkErrors(call, sdkAnswer(success), log)).json(), success)
  })

  it('a prompt\'s bad arguments read one sentence per argument, though a rule holds commas', async () => {
    const { log } = recordingLog()
    const get = { jsonrpc: '2.0', id: 8, method: 'prompts/get', params: { name: 'briefing', arguments: { topic: 'x', lang: 'y' } } }
    const raw = { jsonrpc: '2.0', id: 8, error: { code: -32602, message: 'Invalid arguments for prompt briefing: topic: must be one of a, b, lang: must be one of en, es' } }
    const out = await rewordSdkErrors(get, sdkAnswer(raw), log)
    assert.deepEqual(await out.json(), { jsonrpc: '2.0', id: 8, error: { code: -32602,
      message: 'Invalid arguments for prompt briefing: `topic` must be one of a, b. `lang` must be one of en, es.' } })
  })
})
