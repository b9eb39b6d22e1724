import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { sdkClients } from '../helpers/mcp-clients.ts'
import { ALL_SEARCH_STORIES, ALPHA, BETA, SEARCH_STORIES } from '../fixtures/stories.ts'

type Prompt = { name: string; title?: string; description?: string; arguments?: Array<{ name: string; required?: boolean }> }
type Messages = { messages: Array<{ role: string; content: { type: string; text?: string } }> }
type Completion = { completion: { values: string[]; total?: number; hasMore?: boolean } }

/** What both client generations give a test: prompts and completions over real HTTP. */
interface Session {
  capabilities: Record<string, unknown> | undefined
  listPrompts(): Promise<Prompt[]>
  getPrompt(name: string, args: Record<string, string>): Promise<Messages>
  complete(prompt: string, argument: string, value: string, context?: Record<string, string>): Promise<Completion>
  close(): Promise<void>
}

const ref = (name: string) => ({ type: 'ref/prompt' as const, name })

/** Both SDK generations' clients have these methods by the same names and shapes. */
interface PromptClient {
  getServerCapabilities(): unknown
  listPrompts(): Promise<{ prompts: unknown[] }>
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<unknown>
  complete(params: { ref: ReturnType<typeof ref>; argument: { name: string; value: string }; context?: { arguments: Record<string, string> } }): Promise<unknown>
  close(): Promise<void>
}

function sessionOf(client: PromptClient): Session {
  return {
    capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
    listPrompts: async () => (await client.listPrompts()).prompts as Prompt[],
    getPrompt: async (name, args) => await client.getPrompt({ name, arguments: args }) as Messages,
    complete: async (prompt, argument, value, context) => await client.complete({
      ref: ref(prompt), argument: { name: argument, value }, ...(context ? { context: { arguments: context } } : {}),
    }) as Completion,
    close: () => client.close(),
  }
}

const textOf = (result: Messages) => result.messages.map((m) => m.content.text ?? '').join('\n')

describe('MCP prompts and completions (POST /mcp)', () => {
  let server: FixtureServer
  let mcpUrl: string

  before(async () => {
    server = await startFixtureServer([...ALL_SEARCH_STORIES])
    mcpUrl = `${server.serve.url}/mcp`
  })
  after(async () => { await server?.stop() })

  const CLIENTS = sdkClients<PromptClient>(() => mcpUrl, 'newsdesk-prompts')
    .map(([label, connect]): [string, () => Promise<Session>] => [label, async () => sessionOf(await connect())])

  for (const [label, connect] of CLIENTS) {
    describe(label, () => {
      let session: Session
      before(async () => { session = await connect() })
      after(async () => { await session?.close() })

      it('declares prompts and completions', () => {
        assert.deepEqual(session.capabilities?.prompts, { listChanged: false })
        assert.deepEqual(session.capabilities?.completions, {})
      })

      it('lists the three prompts with their arguments', async () => {
        const prompts = await session.listPrompts()
        assert.deepEqual(prompts.map((p) => p.name), ['briefing', 'story_background', 'coverage_comparison'])
        const args = Object.fromEntries(prompts.map((p) => [p.name, p.arguments?.map((a) => `${a.name}${a.required ? '' : '?'}`)]))
        assert.deepEqual(args, { briefing: ['topic', 'since?', 'lang?', 'source?'], story_background: ['story_id', 'lang?'], coverage_comparison: ['story_id', 'lang?'] })
        for (const prompt of prompts) assert.ok(prompt.title && prompt.description, prompt.name)
      })

      it('briefing names get_latest_stories with the arguments and asks to cite original_url', async () => {
        const text = textOf(await session.getPrompt('briefing', { topic: 'finance', since: '2026-11-23', lang: 'es' }))
        assert.match(text, /get_latest_stories \{"topic":"finance","since":"2026-11-23","lang":"es","limit":20\}/)
        assert.match(text, /get_story/)
        assert.match(text, /Spanish/)
        assert.match(text, /original_url/)
        const byPublisher = textOf(await session.getPrompt('briefing', { topic: 'finance', source: BETA.id.toUpperCase() }))
        assert.ok(byPublisher.includes(`get_latest_stories {"topic":"finance","source":"${BETA.id}","lang":"en","limit":20}`), byPublisher)
        const plain = textOf(await session.getPrompt('briefing', { topic: 'data-ai' }))
        assert.match(plain, /get_latest_stories \{"topic":"data-ai","lang":"en","limit":20\}/)
      })

      it('story_background and coverage_comparison name get_story (a page URL works too) and original_url', async () => {
        const { id } = SEARCH_STORIES.zurichLab
        const background = textOf(await session.getPrompt('story_background', { story_id: `${SITE_URL}/s/${id}` }))
        assert.ok(background.includes(`get_story {"id":"${id}"}`), background)
        assert.match(background, /related/)
        assert.match(background, /search_stories/)
        assert.match(background, /original_url/)
        const coverage = textOf(await session.getPrompt('coverage_comparison', { story_id: id.toUpperCase(), lang: 'fr' }))
        assert.ok(coverage.includes(`get_story {"id":"${id}","lang":"fr"}`), coverage)
        assert.match(coverage, /French/)
        assert.match(coverage, /covered_by/)
        assert.match(coverage, /original_url/)
      })

      it('bad prompt arguments are a JSON-RPC error naming the argument', async () => {
        await assert.rejects(session.getPrompt('briefing', { topic: 'sports' }), /topic|must be one of/)
        await assert.rejects(session.getPrompt('briefing', { topic: 'finance', since: 'yesterday' }), /since|ISO 8601/)
        await assert.rejects(session.getPrompt('briefing', { topic: 'finance', source: 'Beta Wire' }), /publisher id/)
        await assert.rejects(session.getPrompt('story_background', { story_id: 'not a story' }), /`story_id` must be a story id/)
        await assert.rejects(session.getPrompt('story_background', {}), /story_id/)
        await assert.rejects(session.getPrompt('no_such_prompt', {}), /Unknown prompt "no_such_prompt"/)
      })

      it('completes publisher names to ids (any word of the name, any case)', async () => {
        assert.deepEqual((await session.complete('briefing', 'source', 'bet')).completion.values, [BETA.id])
        assert.deepEqual((await session.complete('briefing', 'source', 'LEDG')).completion.values, [ALPHA.id])
        assert.deepEqual((await session.complete('briefing', 'source', 'b')).completion.values, [], 'one letter completes nothing')
      })

      it('completes topics, languages and story ids by headline words', async () => {
        assert.deepEqual((await session.complete('briefing', 'topic', 'fin')).completion.values, ['finance'])
        assert.deepEqual((await session.complete('briefing', 'topic', '')).completion.values.length, 13)
        assert.deepEqual((await session.complete('briefing', 'lang', 'e')).completion.values, ['en', 'es'])
        const stories = await session.complete('story_background', 'story_id', 'semicond')
        assert.deepEqual(stories.completion.values, [SEARCH_STORIES.zurichLab.id, SEARCH_STORIES.exports.id])
        const spanish = await session.complete('coverage_comparison', 'story_id', 'laboratorio', { lang: 'es' })
        assert.deepEqual(spanish.completion.values, [SEARCH_STORIES.zurichLab.id])
        assert.deepEqual((await session.complete('story_background', 'story_id', 'se')).completion.values, [], 'a short prefix searches nothing')
        assert.deepEqual((await session.complete('story_background', 'story_id', 'the of')).completion.values, [], 'only common words')
      })
    })
  }

  describe('HTTP', () => {
    const post = (body: unknown) => request(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
      body: JSON.stringify(body),
    })

    it('bad arguments are -32602 with HTTP 200, never a 500; story completions are at most 10', async () => {
      const bad = await post({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'briefing', arguments: { topic: 'sports', lang: 'xx' } } })
      assert.equal(bad.status, 200)
      assert.equal(bad.json.error.code, -32602)
      assert.equal(bad.json.error.message, 'Invalid arguments for prompt briefing: `topic` must be one of business, data-ai, finance, '
        + 'growth, people, entrepreneurship, leadership, operations, engineering, marketing, product, design, sales. '
        + '`lang` must be one of en, es, fr, de, it, pt, ja, ko, ar.')
      const unknown = await post({ jsonrpc: '2.0', id: 7, method: 'prompts/get', params: { name: 'brief_me' } })
      assert.equal(unknown.json.error.message, 'Unknown prompt "brief_me". The prompts are briefing, story_background, '
        + 'coverage_comparison; prompts/list describes them.')
      const wrongType = await post({ jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'briefing', arguments: { topic: 7 } } })
      assert.ok(wrongType.status < 500)
      assert.ok(wrongType.json.error.code === -32602, JSON.stringify(wrongType.json))
      const badRef = await post({ jsonrpc: '2.0', id: 3, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'topic', value: 'f' } } })
      assert.ok(badRef.status < 500)
      assert.equal(badRef.json.error.code, -32602)
      assert.match(badRef.json.error.message, /^Unknown prompt "nope"\./)
      const many = await post({ jsonrpc: '2.0', id: 4, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'story_background' }, argument: { name: 'story_id', value: 'semiconductor' } } })
      assert.equal(many.status, 200)
      assert.ok(many.json.result.completion.values.length <= 10)
    })

    it('a repeated prompts/get or completion (an answer-cache hit) carries its own id and the same result', async () => {
      const get = { method: 'prompts/get', params: { name: 'briefing', arguments: { topic: 'finance' } } }
      const complete = { method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'story_background' }, argument: { name: 'story_id', value: 'rates' } } }
      for (const call of [get, complete]) {
        const first = await post({ jsonrpc: '2.0', id: 'a', ...call })
        const second = await post({ jsonrpc: '2.0', id: 'b', ...call })
        assert.equal(first.json.id, 'a')
        assert.equal(second.json.id, 'b')
        assert.deepEqual(second.json.result, first.json.result)
      }
      const rates = await post({ jsonrpc: '2.0', id: 6, ...complete })
      assert.deepEqual(rates.json.result.completion.values, [SEARCH_STORIES.rates.id])
    })

    it('tools/list is unchanged: the five tools', async () => {
      const list = await post({ jsonrpc: '2.0', id: 5, method: 'tools/list' })
      assert.equal(list.json.result.tools.length, 5)
    })
  })
})
