import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { serveApp } from '../../src/server/serve-app.ts'
import type { RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { ALL_SEARCH_STORIES } from '../fixtures/stories.ts'
import { tempDir } from '../helpers/cli.ts'

/**
 * The bounds on MCP subscription streams (docs/decisions/0054-mcp-resources-and-subscriptions.md), with limits
 * lowered so a test can reach them: the listener cap answers one more in-band, a stream carries heartbeats, and an
 * idle stream ends (gracefully for a 2026-07-28 listen, so the SDK client knows to listen again). A listener that
 * does not read is dropped by the relay (src/surfaces/mcp/sse-relay.test.ts) and by the server's write-stall timeout.
 */

const SITE_URL = 'https://news.example.org'
const FINANCE = `${SITE_URL}/c/finance`
const LEGACY = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' }

describe('MCP subscription streams are bounded', () => {
  let server: RunningServer
  let store: Store
  let url: string

  before(async () => {
    store = openSqliteStore(path.join(tempDir(), 'listener-bounds.db'))
    await store.upsertStories(ALL_SEARCH_STORIES.map((s) => StorySnapshot.parse(s)))
    const config = loadConfig({ SITE_URL })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 525600 })
    ;({ server } = await serveApp(
      { config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())), listenerLimits: { maxListeners: 2, heartbeatMs: 50, idleMs: 600 } },
      { port: 0, host: '127.0.0.1', maxConnections: 100 },
    ))
    url = `http://127.0.0.1:${server.port}/mcp`
  })
  after(async () => {
    await server?.close()
    await store?.close()
  })

  const subscribe = (id: number, signal?: AbortSignal) => fetch(url, {
    method: 'POST', headers: LEGACY, signal, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'resources/subscribe', params: { uri: FINANCE } }),
  })

  it('a 2025 subscribe is a stream: its result, then heartbeats; it ends when idle', async () => {
    const res = await subscribe(1)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'text/event-stream')
    assert.match(res.headers.get('mcp-session-id') ?? '', /^[0-9a-f-]{36}$/)
    const text = await res.text()
    assert.match(text, /^event: message\ndata: \{"jsonrpc":"2\.0","id":1,"result":\{\}\}\n\n/)
    assert.match(text, /\n: heartbeat\n\n/)
  })

  it('one stream more than the cap is refused in-band (-32603); a closed one frees its place', async () => {
    const first = new AbortController()
    const second = new AbortController()
    const open = [await subscribe(2, first.signal), await subscribe(3, second.signal)]
    for (const res of open) assert.equal(res.headers.get('content-type'), 'text/event-stream')
    const refused = await subscribe(4)
    assert.equal(refused.status, 200)
    const body = await refused.json() as { id: number; error: { code: number; message: string } }
    assert.equal(body.id, 4)
    assert.equal(body.error.code, -32603)
    assert.match(body.error.message, /Subscription limit reached/)
    first.abort()
    await open[0]!.body?.cancel().catch(() => {})
    let again: Response | undefined
    for (let i = 0; i < 100 && again?.headers.get('content-type') !== 'text/event-stream'; i++) {
      await again?.body?.cancel().catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, 20))
      again = await subscribe(5)
    }
    assert.equal(again?.headers.get('content-type'), 'text/event-stream')
    second.abort()
    await again!.body?.cancel()
  })

  it('an idle 2026-07-28 listen ends with the graceful result, which the SDK client reports', async () => {
    const client = new Client({ name: 'bounds', version: '1' }, { versionNegotiation: { mode: 'auto' } })
    await client.connect(new StreamableHTTPClientTransport(new URL(url)))
    try {
      const subscription = await client.listen({ resourceSubscriptions: [FINANCE] })
      assert.equal(await subscription.closed, 'graceful')
    } finally {
      await client.close()
    }
  })
})
