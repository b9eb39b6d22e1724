import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { runCli } from '../helpers/cli.ts'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { makeStory } from '../fixtures/stories.ts'

/**
 * A merged story's id over every surface, against a real `newsdesk serve`: the redirects are imported through the
 * CLI as `newsdesk export` writes them (plus a two-step chain and a loop, which a damaged or hand-made file could
 * hold), so what is tested is what a moved store serves.
 */
const SURVIVOR = makeStory({ id: 'e5000000-0000-4000-8000-000000000001', headline: 'Port of Calder strike enters second day' })
const OTHER = makeStory({ id: 'e5000000-0000-4000-8000-000000000002', headline: 'An unrelated story' })
const MERGED = 'e5000000-0000-4000-8000-000000000011'
/** MERGED_EARLIER → MERGED → SURVIVOR: a chain of two. */
const MERGED_EARLIER = 'e5000000-0000-4000-8000-000000000012'
/** LOOP_A → LOOP_B → LOOP_A: no story at the end. */
const [LOOP_A, LOOP_B] = ['e5000000-0000-4000-8000-000000000021', 'e5000000-0000-4000-8000-000000000022']
const MERGED_AT = '2026-11-20T09:00:00.000Z'

describe('merged story ids on every surface', () => {
  let server: FixtureServer
  before(async () => {
    server = await startFixtureServer([SURVIVOR, OTHER])
    const redirect = (from: string, to: string) => JSON.stringify({ newsdesk_record: 'redirect', from_id: from, to_id: to, merged_at: MERGED_AT })
    const file = path.join(server.dir, 'redirects.ndjson')
    fs.writeFileSync(file, [redirect(MERGED, SURVIVOR.id), redirect(MERGED_EARLIER, MERGED), redirect(LOOP_A, LOOP_B), redirect(LOOP_B, LOOP_A)].join('\n') + '\n')
    const result = await runCli(['import', file], { env: server.env })
    assert.equal(result.code, 0, result.stderr)
  })
  after(async () => { await server?.stop() })

  it('REST answers a merged id with the surviving story (200, its own id in the body), chains followed', async () => {
    for (const id of [MERGED, MERGED_EARLIER, MERGED.toUpperCase()]) {
      const res = await server.api(`/api/v1/stories/${id}`)
      assert.equal(res.status, 200, res.text)
      assert.equal(res.json.story.id, SURVIVOR.id)
      assert.equal(res.json.story.headline, SURVIVOR.headline)
    }
    assert.equal((await server.api(`/api/v1/stories/${OTHER.id}`)).json.story.id, OTHER.id, 'other stories unaffected')
  })

  it('a redirect loop or an unknown id is a 404, never a hang or a 500', async () => {
    for (const id of [LOOP_A, LOOP_B, 'e5000000-0000-4000-8000-000000000404']) {
      const res = await server.api(`/api/v1/stories/${id}`)
      assert.equal(res.status, 404, `${id}: ${res.text}`)
      assert.equal(res.json.error, 'not_found')
    }
  })

  it('the merged story\'s page is a 301 to the survivor\'s, keeping the format and language', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      [`/s/${MERGED}`, {}, `/s/${SURVIVOR.id}`],
      [`/s/${MERGED}.md`, {}, `/s/${SURVIVOR.id}.md`],
      [`/s/${MERGED}?lang=de&format=md&utm_source=x`, {}, `/s/${SURVIVOR.id}?lang=de&format=md`],
      [`/s/${MERGED_EARLIER}`, { Accept: 'text/markdown' }, `/s/${SURVIVOR.id}`],
    ]
    for (const [url, headers, location] of cases) {
      const res = await request(`${server.serve.url}${url}`, { headers })
      assert.equal(res.status, 301, `${url}: ${res.status}`)
      assert.equal(res.headers.get('location'), location, url)
    }
    const landed = await request(`${server.serve.url}/s/${SURVIVOR.id}.md?lang=de`)
    assert.equal(landed.status, 200)
    assert.ok(landed.text.includes(SURVIVOR.headline!), 'the survivor\'s page answers')
    assert.equal((await request(`${server.serve.url}/s/${LOOP_A}`)).status, 404)
  })

  it('MCP get_story (official client) answers a merged id with the survivor', async () => {
    const client = new Client({ name: 'newsdesk-merge-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.serve.url}/mcp`)))
    try {
      const result = await client.callTool({ name: 'get_story', arguments: { id: MERGED } }) as { structuredContent?: any; isError?: boolean }
      assert.notEqual(result.isError, true)
      assert.equal(result.structuredContent.story.id, SURVIVOR.id)
      const looped = await client.callTool({ name: 'get_story', arguments: { id: LOOP_A } }) as { isError?: boolean }
      assert.equal(looped.isError, true)
    } finally {
      await client.close()
    }
  })

  it('A2A get_story answers a merged id with the survivor', async () => {
    const res = await request(`${server.serve.url}/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill: 'get_story', id: MERGED_EARLIER } }] } } }),
    })
    assert.equal(res.status, 200, res.text)
    const data = res.json.result.message.parts.find((p: any) => p.data !== undefined).data
    assert.equal(data.result.story.id, SURVIVOR.id)
  })

  it('the merged ids are carried by export', async () => {
    const result = await runCli(['export'], { env: server.env })
    assert.equal(result.code, 0, result.stderr)
    const redirects = result.stdout.trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.newsdesk_record === 'redirect')
    assert.deepEqual(redirects.map((r) => [r.from_id, r.to_id]).sort(),
      [[MERGED, SURVIVOR.id], [MERGED_EARLIER, MERGED], [LOOP_A, LOOP_B], [LOOP_B, LOOP_A]].sort())
  })
})
