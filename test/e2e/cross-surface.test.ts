import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { StorySnapshotInput } from '../../src/domain/story.ts'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES, makeStory } from '../fixtures/stories.ts'

/**
 * One question, four surfaces: REST, MCP, A2A and the Markdown pages must return the same stories in the same
 * order, because all of them call the same query functions. The corpus has more stories than the home page shows
 * and several with the same publication time, so both the limit and the tie-break order are exercised.
 */
function corpus(): StorySnapshotInput[] {
  const extra = Array.from({ length: 34 }, (_, i) => makeStory({
    id: `b2000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    // Pairs share a timestamp: the order inside a pair comes from the tie-break, not from the clock.
    published_at: new Date(Date.UTC(2026, 10, 18, 23 - Math.floor(i / 2))).toISOString().replace('.000', ''),
    category: i % 3 === 0 ? 'engineering' : 'business',
    headline: i % 4 === 0 ? `Semiconductor supply update number ${i}` : `Freight and logistics briefing ${i}`,
    translations: i % 5 === 0 ? { es: { headline: `Actualización ${i} sobre semiconductores` } } : {},
  }))
  return [...ALL_SEARCH_STORIES, ...extra]
}

const storyIds = (markdown: string) => [...markdown.matchAll(/^ {3}id: `([0-9a-f-]{36})`/gm)].map((m) => m[1])

describe('cross-surface equivalence: REST, MCP, A2A and Markdown pages answer alike', () => {
  let server: FixtureServer
  let mcp: Client

  before(async () => {
    server = await startFixtureServer(corpus())
    mcp = new Client({ name: 'cross-surface', version: '1.0.0' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.serve.url}/mcp`)))
  })
  after(async () => {
    await mcp?.close()
    await server?.stop()
  })

  async function rest(path: string) {
    const res = await server.api(path)
    assert.equal(res.status, 200, path)
    return res.json
  }
  async function tool(name: string, args: Record<string, unknown>) {
    const result = await mcp.callTool({ name, arguments: args }) as { structuredContent: any; isError?: boolean }
    assert.notEqual(result.isError, true, name)
    return result.structuredContent
  }
  async function agent(skill: string, args: Record<string, unknown>) {
    const res = await request(`${server.serve.url}/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0', id: 1, method: 'SendMessage',
        params: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill, ...args } }] } },
      }),
    })
    assert.equal(res.status, 200)
    assert.equal(res.json.error, undefined, JSON.stringify(res.json.error))
    const data = res.json.result.message.parts.find((p: { data?: unknown }) => p.data !== undefined).data
    return data.result
  }
  async function page(path: string) {
    const res = await request(`${server.serve.url}${path}`)
    assert.equal(res.status, 200, path)
    return storyIds(res.text)
  }

  const CASES: Array<{ what: string; rest: string; tool: [string, Record<string, unknown>]; page: string; expected: number }> = [
    { what: 'latest stories (the home page shows 30)', rest: '/api/v1/stories?limit=30', tool: ['get_latest_stories', { limit: 30 }], page: '/?format=md', expected: 30 },
    { what: 'latest in a topic, in Spanish', rest: '/api/v1/stories?topic=engineering&limit=50&lang=es', tool: ['get_latest_stories', { topic: 'engineering', limit: 50, lang: 'es' }], page: '/c/engineering?format=md&lang=es', expected: 14 },
    { what: 'keyword search, in Japanese', rest: '/api/v1/stories?q=semiconductor&limit=50&lang=ja', tool: ['search_stories', { query: 'semiconductor', limit: 50, lang: 'ja' }], page: '/search?q=semiconductor&format=md&lang=ja', expected: 11 },
  ]

  for (const c of CASES) {
    it(c.what, async () => {
      const viaRest = await rest(c.rest)
      const viaMcp = await tool(...c.tool)
      const viaA2a = await agent(...c.tool)
      const viaPage = await page(c.page)
      assert.equal(viaRest.stories.length, c.expected)
      assert.deepEqual(viaMcp, viaRest, 'MCP structuredContent is the REST body')
      assert.deepEqual(viaA2a, viaRest, 'the A2A data part carries the REST body')
      assert.deepEqual(viaPage, viaRest.stories.map((s: { id: string }) => s.id), 'the Markdown page lists the same ids in order')
    })
  }

  it('one story in full', async () => {
    const { id } = SEARCH_STORIES.zurichLab
    const viaRest = await rest(`/api/v1/stories/${id}?lang=es`)
    assert.deepEqual(await tool('get_story', { id, lang: 'es' }), viaRest)
    assert.deepEqual(await agent('get_story', { id, lang: 'es' }), viaRest)
    const md = await request(`${server.serve.url}/s/${id}?format=md&lang=es`)
    assert.ok(md.text.startsWith(`# ${viaRest.story.headline.replace(/[\\`*_[\]<>|~]/g, '\\$&')}\n`))
  })

  it('the topic list', async () => {
    const viaRest = await rest('/api/v1/categories?lang=de')
    assert.deepEqual(await tool('list_topics', { lang: 'de' }), viaRest)
    assert.deepEqual(await agent('list_topics', { lang: 'de' }), viaRest)
  })
})
