import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import pino from 'pino'
import { CAPABILITIES } from '../../src/capabilities/catalog.ts'
import { loadConfig } from '../../src/config/config.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES, makeStory } from '../fixtures/stories.ts'
import { tempDir } from '../helpers/cli.ts'
import { request, type HttpResult } from '../helpers/http.ts'

/**
 * The agent surfaces' answers: schemas a strict validator accepts, results that match them, a tool list small
 * enough to sit in every prompt, and repeated calls answered from the answer cache (the JSON-RPC id and the A2A
 * message ids spliced in, nothing else different) until the stories change.
 */

const SITE_URL = 'https://news.example.org'
const READS = ['listStories', 'searchStories', 'getStory', 'listCategories'] as const

/** A real SQLite store that counts the story reads it serves, so a test can see which answers came from a cache. */
function counting(store: Store) {
  const reads = { count: 0 }
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if ((READS as readonly PropertyKey[]).includes(prop)) reads.count++
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { store: proxy, reads }
}

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' }

describe('agent answers: schemas, sizes and the answer cache', () => {
  let server: RunningServer
  let url: string
  let store: Store
  let reads: { count: number }
  let mcp: Client

  const mcpPost = (body: object, headers: Record<string, string> = {}) =>
    request(`${url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) })
  const call = (id: string | number, name: string, args: object) =>
    mcpPost({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
  const a2a = (id: string | number, parts: object[], version: '1.0' | '0.3', contextId?: string) => request(`${url}/a2a`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(version === '1.0' ? { 'A2A-Version': '1.0' } : {}) },
    body: JSON.stringify({
      jsonrpc: '2.0', id, method: version === '1.0' ? 'SendMessage' : 'message/send',
      params: { message: { messageId: crypto.randomUUID(), role: version === '1.0' ? 'ROLE_USER' : 'user', parts, ...(contextId ? { contextId } : {}), ...(version === '0.3' ? { kind: 'message' } : {}) } },
    }),
  })
  /** The response text with the JSON-RPC id (and A2A message ids) blanked: what must be equal between callers. */
  const sameExceptIds = (res: HttpResult) => res.text
    .replace(/^\{"jsonrpc":"2\.0","id":(?:"[^"]*"|\d+),/, '{"jsonrpc":"2.0","id":_,')
    .replace(/"(messageId|contextId)":"[^"]*"/g, '"$1":_')

  before(async () => {
    const real = openSqliteStore(path.join(tempDir(), 'agent-answers.db'))
    await real.upsertStories(ALL_SEARCH_STORIES.map((s) => StorySnapshot.parse(s)))
    ;({ store, reads } = counting(real))
    const config = loadConfig({ SITE_URL })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 525600 })
    const log = pino({ level: 'silent' })
    server = await startServer(createApp({ config, query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) }).app, { port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${server.port}`
    mcp = new Client({ name: 'agent-answers', version: '1.0.0' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
  })
  after(async () => {
    await mcp?.close()
    await server?.close()
    await store?.close()
  })

  describe('schemas and descriptions', () => {
    it('tools/list is at most 5,200 bytes and every input and output schema compiles in ajv strict mode', async () => {
      const res = await mcpPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      assert.equal(res.status, 200)
      const bytes = Buffer.byteLength(JSON.stringify(res.json.result))
      // The budget of decision 0032: 5,000 until get_story's result named its related stories and list_sources
      // paged (its cursor argument and next_cursor result).
      assert.ok(bytes <= 5200, `tools/list result is ${bytes} bytes`)
      // Strict mode refuses unknown keywords (such as OpenAPI's `example`) and ill-typed schemas; union types
      // (["string", "null"]) are standard JSON Schema and allowed explicitly.
      const strict = new Ajv2020({ strict: true, allowUnionTypes: true })
      addFormats.default(strict)
      for (const tool of res.json.result.tools) {
        for (const which of ['inputSchema', 'outputSchema'] as const) {
          assert.doesNotThrow(() => strict.compile(tool[which]), `${tool.name} ${which}`)
        }
        assert.doesNotMatch(JSON.stringify(tool), /"pattern"|\{site_url\}|"example"/, `${tool.name}: no regex, placeholder or example keyword`)
      }
      const card = (await request(`${url}/.well-known/mcp/server-card.json`)).json
      for (const tool of card.tools) {
        for (const which of ['inputSchema', 'outputSchema'] as const) strict.compile(tool[which])
      }
    })

    it('descriptions say what each argument is, and mention no argument the tool lacks', async () => {
      const { tools } = await mcp.listTools()
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
      const props = (name: string) => byName[name]!.inputSchema.properties as Record<string, { description?: string }>
      assert.match(props('list_topics').lang!.description!, /topic names/)
      assert.match(props('get_latest_stories').lang!.description!, /headlines and summaries/)
      assert.doesNotMatch(JSON.stringify(byName.search_stories!.inputSchema), /topic/i, 'search_stories has no topic argument')
      for (const tool of tools) {
        const others = tools.filter((t) => t.name !== tool.name).map((t) => t.name)
        assert.ok(others.some((o) => tool.description!.includes(o)), `${tool.name} says when to use another tool instead`)
      }
    })

    it('every tool result validates against its advertised output schema', async () => {
      const { tools } = await mcp.listTools()
      const ajv = new Ajv2020({ strict: true, allowUnionTypes: true })
      addFormats.default(ajv)
      const calls: Array<[string, Record<string, unknown>]> = [
        ['get_latest_stories', {}], ['get_latest_stories', { topic: 'engineering', lang: 'ja', limit: 3 }],
        ['search_stories', { query: 'semicond', lang: 'es' }], ['search_stories', { query: 'nothing matches this' }],
        ['get_story', { id: SEARCH_STORIES.zurichLab.id, lang: 'fr' }], ['list_topics', { lang: 'ko' }],
      ]
      for (const [name, args] of calls) {
        const result = await mcp.callTool({ name, arguments: args }) as { structuredContent: unknown; content: unknown[]; isError?: boolean }
        assert.notEqual(result.isError, true, name)
        // get_story also links its story's resource (its page, in the language asked for); lists carry none.
        const link = name === 'get_story' ? [{ type: 'resource_link', uri: `${SITE_URL}/s/${SEARCH_STORIES.zurichLab.id}?lang=fr`,
          name: SEARCH_STORIES.zurichLab.id, title: (result.structuredContent as { story: { headline: string } }).story.headline, mimeType: 'text/markdown' }] : []
        assert.deepEqual(result.content.slice(1), link, `${name}: one Markdown block${link.length ? ' and the story\'s resource link' : ''}`)
        assert.equal((result.content[0] as { type: string }).type, 'text')
        const check = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!)
        assert.ok(check(result.structuredContent), `${name} ${JSON.stringify(args)}: ${JSON.stringify(check.errors)}`)
      }
    })

    it('every story in a list says the language of its text; the Markdown flags fallbacks', async () => {
      const result = await mcp.callTool({ name: 'get_latest_stories', arguments: { lang: 'es', limit: 2 } }) as any
      const [translated, fallback] = result.structuredContent.stories
      assert.equal(translated.lang, 'es')
      assert.equal(fallback.lang, 'en')
      const text: string = result.content[0].text
      assert.match(text, /in en \(no es text yet\)/)
      assert.equal(text.match(/no es text yet/g)!.length, 1, 'only the fallback is flagged')
    })
  })

  describe('the answer cache', () => {
    it('MCP: a repeated tool call is the same answer with its own id, without reading the store', async () => {
      const first = await call(1, 'search_stories', { query: 'semiconductor', lang: 'es' })
      const before = reads.count
      const second = await call('two', 'search_stories', { lang: 'es', query: 'semiconductor', limit: 20 })
      assert.equal(reads.count, before, 'normalized arguments hit the same entry; the store was not read')
      assert.equal(second.json.id, 'two')
      assert.equal(first.json.id, 1)
      assert.equal(sameExceptIds(second), sameExceptIds(first))
      assert.equal(second.headers.get('cache-control'), 'no-store')
      assert.equal(second.headers.get('content-type'), first.headers.get('content-type'))
    })

    it('MCP: tools/list and ping are answered alike for every caller', async () => {
      const a = await mcpPost({ jsonrpc: '2.0', id: 10, method: 'tools/list' })
      const b = await mcpPost({ jsonrpc: '2.0', id: 11, method: 'tools/list' })
      assert.equal(sameExceptIds(a), sameExceptIds(b))
      assert.equal(b.json.id, 11)
      const ping = await mcpPost({ jsonrpc: '2.0', id: 'p', method: 'ping' })
      assert.deepEqual(ping.json, { jsonrpc: '2.0', id: 'p', result: {} })
    })

    it('A2A: a repeated request gets the same parts in a new message, without reading the store', async () => {
      for (const version of ['1.0', '0.3'] as const) {
        const text = version === '0.3' ? { kind: 'text', text: 'latest engineering news' } : { text: 'latest engineering news' }
        const first = await a2a(1, [text], version)
        const before = reads.count
        const second = await a2a('again', [text], version, 'ctx-42')
        assert.equal(reads.count, before, `${version}: served from the answer cache`)
        assert.equal(second.json.id, 'again')
        assert.equal(sameExceptIds(second), sameExceptIds(first), `${version}: only the ids differ`)
        const message = version === '1.0' ? second.json.result.message : second.json.result
        const firstMessage = version === '1.0' ? first.json.result.message : first.json.result
        assert.notEqual(message.messageId, firstMessage.messageId, 'every reply is a new message')
        assert.equal(message.contextId, 'ctx-42', "the sender's context is echoed")
      }
    })

    it('a write to the store (a new content version) retires every cached answer', async () => {
      const fresh = makeStory({ id: 'a1000000-0000-4000-8000-0000000000aa', published_at: '2026-11-21T08:00:00Z', headline: 'Semiconductor fab opens in Dresden' })
      const before = await call(1, 'search_stories', { query: 'semiconductor', lang: 'es' })
      assert.ok(!before.text.includes(fresh.id))
      await store.upsertStories([StorySnapshot.parse(fresh)])
      const readsBefore = reads.count
      const after = await call(2, 'search_stories', { query: 'semiconductor', lang: 'es' })
      assert.ok(reads.count > readsBefore, 'the store was read again')
      assert.equal(after.json.result.structuredContent.stories[0].id, fresh.id)
      const viaA2a = await a2a(3, [{ data: { skill: 'search_stories', query: 'semiconductor', lang: 'es' } }], '1.0')
      assert.equal(viaA2a.json.result.message.parts[1].data.result.stories[0].id, fresh.id)
    })

    it('errors are answered, not cached: a bad argument explains itself every time', async () => {
      for (const id of [1, 2]) {
        const res = await call(id, 'get_latest_stories', { limit: 0 })
        assert.equal(res.json.id, id)
        assert.equal(res.json.result.isError, true)
        assert.equal(res.json.result.content[0].text, 'Invalid arguments for get_latest_stories: `limit` must be an integer from 1 to 50.')
      }
    })
  })

  describe('errors an agent can act on', () => {
    it('an unknown tool names the tools; arguments that are not an object show the shape of a call', async () => {
      const unknown = await call(3, 'get_weather', {})
      assert.equal(unknown.json.id, 3)
      assert.equal(unknown.json.error.code, -32602)
      const names = CAPABILITIES.map((c) => c.name)
      assert.equal(unknown.json.error.message, `Unknown tool "get_weather". The tools are ${names.slice(0, -1).join(', ')} `
        + `and ${names.at(-1)}; tools/list describes them.`)
      assert.ok(unknown.json.error.message.includes('get_latest_stories, search_stories'))
      const notObject = await mcpPost({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_story', arguments: 'x' } })
      assert.equal(notObject.json.error.code, -32602)
      assert.match(notObject.json.error.message, /^Invalid tools\/call request: `params.name` must be a tool name and `params.arguments` an object/)
      assert.doesNotMatch(notObject.text, /invalid_type|expected record/, 'no validator dump')
    })
  })

  describe('protocol version errors', () => {
    it('an unsupported MCP-Protocol-Version is a 400 naming the supported versions', async () => {
      const res = await mcpPost({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, { 'MCP-Protocol-Version': '2024-99-99' })
      assert.equal(res.status, 400)
      assert.equal(res.json.id, 5)
      assert.equal(res.json.error.code, -32000)
      assert.equal(res.json.error.message, 'Unsupported MCP-Protocol-Version "2024-99-99". This server supports 2026-07-28 '
        + '(stateless requests with _meta) and 2025-11-25, 2025-06-18, 2025-03-26 (after initialize): send one of them, '
        + 'or omit the header and start with initialize.')
      assert.deepEqual(res.json.error.data, { supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'], requested: '2024-99-99' })
    })
  })
})
