import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StorySnapshot } from '../../src/domain/story.ts'
import { ROOT } from '../helpers/cli.ts'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'

/**
 * Search as a reader types it, on the sample edition (the issue's examples), and the list filters (publisher, time,
 * cursor) over REST (answers checked against the OpenAPI document by the fixture server) and MCP (official client).
 */
const stories = fs.readFileSync(path.join(ROOT, 'sample', 'edition.ndjson'), 'utf8').split('\n').filter(Boolean)
  .map((l) => StorySnapshot.parse(JSON.parse(l)))

interface Listed { id: string; headline: string; published_at: string | null; source: { id: string } | null }
interface ListBody { stories: Listed[]; count: number; next_cursor: string | null }

describe('search and list filters over HTTP', () => {
  let srv: FixtureServer
  before(async () => { srv = await startFixtureServer(stories) })
  after(async () => srv.stop())

  const list = async (query: string): Promise<ListBody> => {
    const res = await srv.api(`/api/v1/stories?${query}`)
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.json)}`)
    return res.json as ListBody
  }
  const headlines = async (q: string) => (await list(`q=${encodeURIComponent(q)}&limit=50`)).stories.map((s) => s.headline)

  it('finds the other forms of a word: semiconductors, banks, grows', async () => {
    const singular = await headlines('semiconductor')
    assert.ok(singular.length >= 2, singular.join(' | '))
    assert.deepEqual(await headlines('semiconductors'), singular)
    const bank = await headlines('bank')
    assert.ok(bank.length >= 5)
    assert.deepEqual(await headlines('banks'), bank)
    assert.ok((await headlines('grow')).some((h) => /\bgrows\b/.test(h)))
    // The agent card's own example, "news about semiconductors in German": English headlines are the fallback.
    assert.ok((await list('q=semiconductors&lang=de')).count >= 2)
  })

  it('matches AI as a whole word, not Airlines or aimed', async () => {
    const ai = await headlines('AI')
    assert.ok(ai.length >= 5)
    for (const h of ai) assert.match(h, /\bAI\b/, h)
    assert.ok(!(await headlines('AI jets')).length, 'Skarv Airlines orders jets, but not AI')
  })

  it('says clearly when every keyword is a single letter or a function word', async () => {
    for (const q of ['e a i s t o n r h l d c u m f p', 'the of and']) {
      const res = await srv.api(`/api/v1/stories?q=${encodeURIComponent(q)}`)
      assert.equal(res.status, 400)
      assert.match(res.json.message, /^q: needs a keyword of two or more letters/)
    }
  })

  it('filters by publisher, in lists and in searches', async () => {
    const publisher = stories.find((s) => /Ostara Bank/.test(s.headline))!.source!.id
    const all = await list(`source=${publisher}&limit=50`)
    assert.ok(all.count >= 3)
    assert.ok(all.stories.every((s) => s.source?.id === publisher))
    const found = await list(`q=bank&source=${publisher.toUpperCase()}&limit=50`)
    assert.ok(found.count >= 1 && found.stories.every((s) => s.source?.id === publisher))
    assert.equal((await list('source=00000000-0000-4000-8000-000000000000')).count, 0)
    const bad = await srv.api('/api/v1/stories?source=ostara')
    assert.equal(bad.status, 400)
    assert.match(bad.json.message, /^source: must be a publisher id \(UUID\)/)
  })

  it('filters by publication time: since inclusive, until exclusive, both validated', async () => {
    const newest = (await list('limit=50')).stories
    const pivot = newest[10]!.published_at!
    const since = await list(`since=${pivot}&limit=50`)
    assert.ok(since.stories.every((s) => s.published_at! >= pivot) && since.stories.some((s) => s.published_at === pivot))
    const until = await list(`until=${pivot}&limit=50`)
    assert.ok(until.stories.every((s) => s.published_at! < pivot))
    for (const [query, message] of [['since=yesterday', /^since: must be an ISO 8601 date/], ['until=2026-02-31', /^until: must be an ISO 8601/],
      [`since=${pivot}&until=${pivot}`, /^until: must be later than since/]] as const) {
      const res = await srv.api(`/api/v1/stories?${query}`)
      assert.equal(res.status, 400, query)
      assert.match(res.json.message, message)
    }
  })

  it('pages through every story with the cursor: no story twice, none missed, newest first', async () => {
    const seen: Listed[] = []
    let cursor: string | null = null
    do {
      const page: ListBody = await list(`limit=50${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.stories)
      cursor = page.next_cursor
    } while (cursor)
    assert.equal(seen.length, stories.length)
    assert.equal(new Set(seen.map((s) => s.id)).size, stories.length)
    const bad = await srv.api('/api/v1/stories?cursor=not-a-cursor')
    assert.equal(bad.status, 400)
    assert.match(bad.json.message, /^cursor: must be the next_cursor of a previous answer/)
  })
})

describe('search filters and list_sources over MCP (official client)', () => {
  let srv: FixtureServer
  let client: Client
  before(async () => {
    srv = await startFixtureServer(stories)
    client = new Client({ name: 'newsdesk-search-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.serve.url}/mcp`)))
  })
  after(async () => {
    await client?.close()
    await srv.stop()
  })

  type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> }
  const call = async (name: string, args: Record<string, unknown>) => await client.callTool({ name, arguments: args }) as ToolResult

  it('lists the publishers with the ids the story tools take as source', async () => {
    const sources = await call('list_sources', {})
    assert.ok(!sources.isError)
    const rest = (await srv.api('/api/v1/sources')).json
    assert.deepEqual(sources.structuredContent, rest)
    const id = (rest.sources as Array<{ id: string }>)[0]!.id
    const latest = await call('get_latest_stories', { source: id, limit: 50 })
    const listed = latest.structuredContent!.stories as Listed[]
    assert.ok(listed.length > 0 && listed.every((s) => s.source?.id === id))
  })

  it('pages the publishers like REST (cursor, next_cursor), over MCP and A2A', async () => {
    const all = (await srv.api('/api/v1/sources')).json as { sources: Array<{ id: string }>; next_cursor: string | null }
    assert.ok(all.sources.length >= 2)
    assert.equal(all.next_cursor, null)
    // MCP pages by cursor alone (pages of 1,000, REST's default): a cursor from a REST page of one continues there.
    const first = (await srv.api('/api/v1/sources?limit=1')).json as { next_cursor: string }
    const rest = (await srv.api(`/api/v1/sources?cursor=${first.next_cursor}`)).json
    const page = await call('list_sources', { cursor: first.next_cursor })
    assert.ok(!page.isError, page.content[0]?.text)
    assert.deepEqual(page.structuredContent, rest)
    assert.equal((rest as { sources: unknown[] }).sources.length, all.sources.length - 1)
    const bad = await call('list_sources', { cursor: 'djEuMTIz' })
    assert.equal(bad.isError, true)
    assert.match(bad.content[0]!.text!, /`cursor` must be the next_cursor of a previous answer/)
    assert.equal((await call('list_sources', { limit: 5 })).isError, true, 'an unknown argument')
    // A2A: the same capability from a data part, and "which publishers?" answers the first page (every publisher here).
    const a2a = async (part: Record<string, unknown>) => (await (await fetch(`${srv.serve.url}/a2a`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [part] } } }),
    })).json()) as { result: { message: { parts: Array<{ data?: Record<string, unknown> }> } } }
    const dataOf = (r: Awaited<ReturnType<typeof a2a>>) => r.result.message.parts.find((p) => p.data)!.data!.result
    assert.deepEqual(dataOf(await a2a({ data: { skill: 'list_sources', cursor: first.next_cursor } })), rest)
    assert.deepEqual(dataOf(await a2a({ text: 'Which publishers do you cover?' })), all)
  })

  it('searches with a time window and pages with next_cursor', async () => {
    const first = await call('search_stories', { query: 'bank', limit: 2 })
    const page = first.structuredContent as unknown as ListBody
    assert.equal(page.count, 2)
    assert.ok(page.next_cursor)
    assert.match(first.content[0]!.text!, /call again with the same arguments and `cursor`/)
    const next = (await call('search_stories', { query: 'bank', limit: 2, cursor: page.next_cursor })).structuredContent as unknown as ListBody
    assert.ok(next.stories.every((s) => !page.stories.some((p) => p.id === s.id)))
    const recent = (await call('search_stories', { query: 'bank', since: page.stories[1]!.published_at })).structuredContent as unknown as ListBody
    assert.deepEqual(recent.stories.map((s) => s.id), page.stories.map((s) => s.id))
  })

  it('refuses unknown arguments instead of dropping them', async () => {
    const result = await call('search_stories', { query: 'bank', publisher: 'Ostara' })
    assert.equal(result.isError, true)
    assert.match(result.content[0]!.text!, /publisher/)
  })
})
