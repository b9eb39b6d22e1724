import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, beforeEach, describe, it } from 'node:test'
import {
  completion, errorReply, jsonObjectOnly, reply, startFakeLlmServer, type FakeLlmServer,
} from '../../../test/helpers/fake-llm-server.ts'
import { createChatClient, type ChatRequest } from './chat-client.ts'
import { LLM_DEFAULTS, Secret, type LlmEnabledSettings } from '../../config/llm-config.ts'

const KEY = 'sk-test-key-0123456789'

function settings(baseUrl: string, extra: Partial<LlmEnabledSettings> = {}): LlmEnabledSettings {
  return { enabled: true, baseUrl, apiKey: new Secret(KEY), model: 'fake-model', temperature: undefined, ...LLM_DEFAULTS, timeoutMs: 30_000, ...extra }
}

const REQUEST: ChatRequest = {
  system: 'system text, mentions JSON',
  user: 'user text',
  schemaName: 'test_schema',
  jsonSchema: { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' } } },
}

describe('createChatClient against a loopback OpenAI-compatible server', () => {
  let server: FakeLlmServer
  before(async () => { server = await startFakeLlmServer() })
  after(() => server.close())
  beforeEach(() => {
    server.requests.length = 0
    server.setFallback(reply(completion({ a: 'ok' })))
  })

  it('posts an OpenAI chat completion request with json_schema, bearer auth, and returns the content and usage', async () => {
    const result = await createChatClient(settings(server.baseUrl)).complete(REQUEST)
    assert.deepEqual(result, { ok: true, content: '{"a":"ok"}', usage: { promptTokens: 100, completionTokens: 50, totalTokens: 150 } })
    const [req] = server.requests
    assert.equal(req!.method, 'POST')
    assert.equal(req!.path, '/v1/chat/completions')
    assert.equal(req!.headers.authorization, `Bearer ${KEY}`)
    assert.match(String(req!.headers['content-type']), /^application\/json/)
    assert.equal(req!.model, 'fake-model')
    assert.deepEqual(req!.body.messages, [{ role: 'system', content: REQUEST.system }, { role: 'user', content: REQUEST.user }])
    assert.deepEqual(req!.responseFormat, { type: 'json_schema', json_schema: { name: 'test_schema', schema: REQUEST.jsonSchema, strict: true } })
    assert.equal(req!.body.stream, false)
    assert.equal('temperature' in req!.body, false)
    assert.equal('max_tokens' in req!.body, false)
  })

  it('sends no Authorization header without a key, and the temperature when configured', async () => {
    await createChatClient(settings(server.baseUrl, { apiKey: undefined, temperature: 0.2 })).complete(REQUEST)
    assert.equal(server.requests[0]!.headers.authorization, undefined)
    assert.equal(server.requests[0]!.body.temperature, 0.2)
  })

  it('a 500 is an http-error, with the server message and the key redacted', async () => {
    server.enqueue(reply(errorReply(500, `upstream exploded for key ${KEY}`)))
    const result = await createChatClient(settings(server.baseUrl)).complete(REQUEST)
    assert.equal(result.ok, false)
    assert.ok(!result.ok)
    assert.equal(result.reason, 'http-error')
    assert.equal(result.httpStatus, 500)
    assert.match(result.detail, /HTTP 500: upstream exploded/)
    assert.doesNotMatch(result.detail, new RegExp(KEY))
  })

  it('a 429 is rate-limited, with Retry-After in seconds, as an HTTP-date, or retry-after-ms', async () => {
    const client = createChatClient(settings(server.baseUrl))
    server.enqueue(reply(errorReply(429, 'Rate limit reached', { 'retry-after': '7' })))
    const seconds = await client.complete(REQUEST)
    assert.ok(!seconds.ok)
    assert.equal(seconds.reason, 'rate-limited')
    assert.equal(seconds.retryAfterMs, 7000)

    server.enqueue(reply(errorReply(429, 'Rate limit reached', { 'retry-after': new Date(Date.now() + 120_000).toUTCString() })))
    const date = await client.complete(REQUEST)
    assert.ok(!date.ok)
    assert.equal(date.reason, 'rate-limited')
    assert.ok(date.retryAfterMs! > 115_000 && date.retryAfterMs! <= 120_000, String(date.retryAfterMs))

    server.enqueue(reply(errorReply(429, 'slow down', { 'retry-after': '20', 'retry-after-ms': '1500' })))
    const ms = await client.complete(REQUEST)
    assert.ok(!ms.ok)
    assert.equal(ms.retryAfterMs, 1500)

    server.enqueue(reply(errorReply(429, 'no header')))
    const none = await client.complete(REQUEST)
    assert.ok(!none.ok)
    assert.equal(none.reason, 'rate-limited')
    assert.equal(none.retryAfterMs, undefined)
  })

  it('a slow server is a timeout at the deadline', async () => {
    // The server would answer after 30 s: ending well before that shows the 150 ms deadline cut it short.
    server.enqueue(() => ({ ...completion({ a: 'ok' }), delayMs: 30_000 }))
    const started = Date.now()
    const result = await createChatClient(settings(server.baseUrl, { timeoutMs: 150 })).complete(REQUEST)
    assert.ok(!result.ok)
    assert.equal(result.reason, 'timeout')
    assert.ok(Date.now() - started < 15_000)
  })

  it('a refused connection is a network failure', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const result = await createChatClient(settings(`http://127.0.0.1:${port}/v1`)).complete(REQUEST)
    assert.ok(!result.ok)
    assert.equal(result.reason, 'network')
  })

  it('classifies broken and unsafe completions', async () => {
    const client = createChatClient(settings(server.baseUrl))
    const cases: [string, ReturnType<typeof reply>, string][] = [
      ['body not JSON', reply({ status: 200, body: '<html>gateway</html>' }), 'bad-response'],
      ['no choices', reply({ status: 200, body: { choices: [] } }), 'bad-response'],
      ['null content', reply(completion(null)), 'bad-response'],
      ['truncated', reply(completion('{"a": "o', { finishReason: 'length' })), 'bad-response'],
      ['refusal', reply(completion(null, { refusal: "I'm sorry, I can't help with that." })), 'refused'],
      ['content filter', reply(completion('', { finishReason: 'content_filter' })), 'refused'],
      ['tool call', reply(completion(null, { finishReason: 'tool_calls', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'fetch', arguments: '{}' } }] })), 'refused'],
    ]
    for (const [name, behaviour, reason] of cases) {
      server.enqueue(behaviour)
      const result = await client.complete(REQUEST)
      assert.ok(!result.ok, name)
      assert.equal(result.reason, reason, name)
    }
  })

  it('a 400 rejecting json_schema is retried once with json_object, and the client remembers', async () => {
    server.setFallback(jsonObjectOnly())
    const client = createChatClient(settings(server.baseUrl))
    const first = await client.complete({ ...REQUEST, system: 'Reply in JSON', user: '<<<SOURCE\n{"headline":"h","summary":"s","cards":[]}\nSOURCE>>>' })
    assert.equal(first.ok, true)
    assert.deepEqual(server.requests.map((r) => r.responseFormat.type), ['json_schema', 'json_object'])
    await client.complete({ ...REQUEST, user: '<<<SOURCE\n{"headline":"h","summary":"s","cards":[]}\nSOURCE>>>' })
    assert.deepEqual(server.requests.map((r) => r.responseFormat.type), ['json_schema', 'json_object', 'json_object'])
  })

  it('another 400 is an http-error, without a retry', async () => {
    server.enqueue(reply(errorReply(400, "The model 'nope' does not exist")))
    const result = await createChatClient(settings(server.baseUrl)).complete(REQUEST)
    assert.ok(!result.ok)
    assert.equal(result.reason, 'http-error')
    assert.equal(server.requests.length, 1)
  })

  it('keeps at most maxConcurrency requests in flight', async () => {
    const own = await startFakeLlmServer()
    try {
      own.setFallback(() => ({ ...completion({ a: 'ok' }), delayMs: 60 }))
      const client = createChatClient(settings(own.baseUrl, { maxConcurrency: 2 }))
      const results = await Promise.all(Array.from({ length: 6 }, () => client.complete(REQUEST)))
      assert.ok(results.every((r) => r.ok))
      assert.equal(own.requests.length, 6)
      assert.equal(own.maxInFlight, 2)
    } finally {
      await own.close()
    }
  })
})
