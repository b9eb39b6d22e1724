import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { AppError } from '../../src/domain/errors.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService, type QueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { makeStory } from '../fixtures/stories.ts'

/**
 * One mapping per surface: a bug (anything but a client-facing AppError) is a 500 on REST and pages and a generic
 * tool error on MCP (its SDK-level -32603 wording is unit-tested in sdk-errors.test.ts), logged with its cause, never shown; an unavailable store stays a 503.
 * In-process (createApp().request()): the mapping is the app's, a child process would prove nothing more.
 */
describe('error mapping per surface', () => {
  const SECRET = 'boom at /var/lib/newsdesk/secret.ts:42'
  const logged: string[] = []
  let store: Store
  let fault: 'bug' | 'unavailable' | null = null
  let app: ReturnType<typeof createApp>['app']

  before(async () => {
    store = openSqliteStore(':memory:')
    await store.upsertStories([StorySnapshot.parse(makeStory({ published_at: new Date().toISOString() }))])
    const config = loadConfig({ SITE_URL: 'https://news.example.org' })
    const real = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
    // The real query service, with listStories failing the way a bug, an outage or a wrong answer would.
    const query: QueryService = {
      ...real,
      async listStories(input) {
        if (fault === 'bug') throw new TypeError(SECRET)
        if (fault === 'unavailable') throw new AppError('unavailable', 'The story store is temporarily unavailable. Retry shortly.', { cause: new Error(SECRET) })
        return real.listStories(input)
      },
    }
    const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) })
    app = createApp({ config, query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) }).app
  })
  after(async () => {
    await store.close()
  })

  const get = (path: string, headers: Record<string, string> = {}) => app.request(`https://news.example.org${path}`, { headers })

  it('pages: a bug is a 500 in the page\'s format (HTML, Markdown, JSON), uncached, its cause only in the log', async () => {
    fault = 'bug'
    logged.length = 0
    try {
      for (const [path, headers, type] of [['/', { Accept: 'text/html' }, /text\/html/], ['/?format=md', {}, /text\/markdown/], ['/', { Accept: 'application/json' }, /application\/json/]] as const) {
        const res = await get(path, headers)
        const text = await res.text()
        assert.equal(res.status, 500, `${path} ${JSON.stringify(headers)}`)
        assert.match(res.headers.get('content-type') ?? '', type)
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.doesNotMatch(text, /boom|secret|TypeError/)
        assert.match(text, /Internal error/)
      }
      assert.ok(logged.some((l) => l.includes('pages: unhandled error') && l.includes('boom')), 'the cause is logged')
    } finally {
      fault = null
    }
  })

  it('pages: an unavailable store is still a 503 (retry later), not a 500', async () => {
    fault = 'unavailable'
    try {
      const res = await get('/', { Accept: 'text/html' })
      assert.equal(res.status, 503)
      assert.match(await res.text(), /Temporarily unavailable/)
    } finally {
      fault = null
    }
  })

  it('REST: a bug is a 500 {error: internal}, an outage a 503 {error: unavailable}', async () => {
    fault = 'bug'
    try {
      const res = await get('/api/v1/stories?limit=2')
      assert.equal(res.status, 500)
      assert.deepEqual(await res.json(), { error: 'internal', message: 'Internal error. It has been logged.' })
      fault = 'unavailable'
      const down = await get('/api/v1/stories?limit=2')
      assert.equal(down.status, 503)
      assert.equal((await down.json() as { error: string }).error, 'unavailable')
    } finally {
      fault = null
    }
  })

  const mcp = async (id: number, limit: number) => {
    const res = await app.request('https://news.example.org/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_latest_stories', arguments: { limit } } }),
    })
    return { status: res.status, json: await res.json() as { error?: { code: number; message: string; data?: unknown }; result?: { isError?: boolean; content: { text: string }[] } } }
  }

  it('MCP: a bug inside a tool is a tool error with a generic message', async () => {
    fault = 'bug'
    try {
      const { json } = await mcp(8, 3)
      assert.equal(json.result?.isError, true)
      assert.doesNotMatch(JSON.stringify(json), /boom|secret/)
      assert.match(json.result?.content[0]?.text ?? '', /Internal error while running the tool/)
    } finally {
      fault = null
    }
    const ok = await mcp(9, 3)
    assert.notEqual(ok.json.result?.isError, true, 'a healthy call answers normally')
  })
})
