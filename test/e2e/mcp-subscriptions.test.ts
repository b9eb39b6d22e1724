/**
 * MCP resource subscriptions end to end (docs/decisions/0054-mcp-resources-and-subscriptions.md): the official SDK
 * clients of both protocol eras subscribe to a topic and to the edition over real HTTP, `newsdesk crawl` (another
 * process) crawls a new article of a publisher on 127.0.0.1 into that topic, and every listener is told
 * `notifications/resources/updated` for the URI it subscribed to. On SQLite with one instance, and on PostgreSQL with
 * two instances sharing the database (each learns of the crawl's commit by NOTIFY). Waits are hang guards, never
 * latency limits (bench/listeners.ts measures the latency).
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { PublisherEntry } from '../../src/publishers/publisher.ts'
import { runCli } from '../helpers/cli.ts'
import { assertExit0, crawlEnv } from '../helpers/crawl-checks.ts'
import { request } from '../helpers/http.ts'
import { startInProcessServe, type InProcessService } from '../helpers/in-process-serve.ts'
import { useTestSchemas } from '../helpers/postgres.ts'

const SITE_URL = 'https://news.example.org'
const FINANCE = `${SITE_URL}/c/finance`
const EDITION = `${SITE_URL}/`
const HANG_GUARD_MS = 60_000

/** Made-up words from a seed: every article its own text, none close to another (no clustering together). */
function words(seed: number, count: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'va', 'sor', 'pel', 'dax', 'quin', 'bro', 'ste', 'mar', 'fen', 'lit']
  let x = seed * 7919 + 13
  const next = () => { x = (x * 48271) % 2147483647; return x }
  return Array.from({ length: count }, () => Array.from({ length: 2 + (next() % 3) }, () => syllables[next() % syllables.length]).join('')).join(' ')
}

/** One finance publisher on 127.0.0.1 whose RSS carries full text; `add` puts one more article in its feed. */
async function startPublisher() {
  const seeds = [1, 2]
  const now = Date.now()
  const server = http.createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (req.url !== '/feed.xml') return void res.writeHead(404).end()
    const items = seeds.map((seed) => `<item><title>${words(seed, 9)}</title><link>${origin}/a/${seed}</link><guid>${origin}/a/${seed}</guid>`
      + `<pubDate>${new Date(now - (100 - seed) * 60_000).toUTCString()}</pubDate><description><![CDATA[`
      + `${[1, 2, 3, 4].map((p) => `<p>${words(seed * 100 + p, 40)}.</p>`).join('')}]]></description></item>`)
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end('<?xml version="1.0" encoding="utf-8"?>'
      + `<rss version="2.0"><channel><title>Ledger</title><link>${origin}/</link><language>en</language>${items.join('')}</channel></rss>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const directory: PublisherEntry[] = [{ name: 'Ledger Daily', site_url: `${origin}/`, feed_url: `${origin}/feed.xml`, topic: 'finance', lang: 'en' }]
  return {
    directory,
    add: (seed: number) => { seeds.push(seed) },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

/** A subscribed client: the URIs it has been told changed, and a wait for one. */
interface Listener {
  label: string
  updates: string[]
  next(uri: string): Promise<void>
  close(): Promise<void>
}

function updatesOf(label: string, close: () => Promise<void>) {
  const updates: string[] = []
  const waiting: Array<{ uri: string; done: () => void }> = []
  const told = (uri: string) => {
    updates.push(uri)
    for (const w of waiting.filter((x) => x.uri === uri)) w.done()
  }
  const listener: Listener = {
    label,
    updates,
    next: (uri) => new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`${label}: no update of ${uri} (got ${JSON.stringify(updates)})`)), HANG_GUARD_MS)
      waiting.push({ uri, done: () => { clearTimeout(guard); resolve() } })
    }),
    close,
  }
  return { told, listener }
}

/** SDK v1 (2025-11-25): resources/subscribe, notifications on the stream it opens. */
async function legacyV1(url: string, uris: string[]): Promise<Listener> {
  const client = new ClientV1({ name: 'subscriber-v1', version: '1.0.0' })
  const { told, listener } = updatesOf('SDK v1 (2025)', () => client.close())
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { told(n.params.uri) })
  await client.connect(new TransportV1(new URL(url)))
  for (const uri of uris) await client.subscribeResource({ uri })
  return listener
}

/** SDK v2 in legacy mode: resources/subscribe as well. */
async function legacyV2(url: string, uris: string[]): Promise<Listener> {
  const client = new Client({ name: 'subscriber-v2-legacy', version: '2.0.0' }, { versionNegotiation: { mode: 'legacy' } })
  const { told, listener } = updatesOf('SDK v2 (2025)', () => client.close())
  client.setNotificationHandler('notifications/resources/updated', (n) => { told(n.params.uri) })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  for (const uri of uris) await client.subscribeResource({ uri })
  return listener
}

/** SDK v2 on 2026-07-28: one subscriptions/listen stream for all the URIs. */
async function modernV2(url: string, uris: string[]): Promise<Listener> {
  const client = new Client({ name: 'subscriber-v2', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
  let subscription: { close(): Promise<void> } | undefined
  const { told, listener } = updatesOf('SDK v2 (2026-07-28)', async () => { await subscription?.close(); await client.close() })
  client.setNotificationHandler('notifications/resources/updated', (n) => { told(n.params.uri) })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  const listening = await client.listen({ resourceSubscriptions: uris })
  subscription = listening
  assert.deepEqual(listening.honoredFilter.resourceSubscriptions, uris)
  return listener
}

/** Crawls once more with one new finance article; resolves when `newsdesk crawl` has committed and exited. */
async function crawlNewArticle(env: Record<string, string>, publisher: Awaited<ReturnType<typeof startPublisher>>, seed: number) {
  publisher.add(seed)
  const result = await runCli(['crawl', '--force'], { env })
  assertExit0(result, 'crawl --force')
  assert.match(result.stdout, /stories: 1 created/)
}

describe('MCP resource subscriptions: a crawled story reaches every listener', { timeout: 240_000 }, () => {
  let publisher: Awaited<ReturnType<typeof startPublisher>>
  before(async () => { publisher = await startPublisher() })
  after(async () => { await publisher?.close() })

  describe('SQLite, one instance', () => {
    let env: Record<string, string>
    let service: InProcessService
    const listeners: Listener[] = []
    before(async () => {
      env = crawlEnv(SITE_URL, publisher.directory)
      assertExit0(await runCli(['crawl'], { env }), 'crawl')
      service = await startInProcessServe(env)
    })
    after(async () => {
      for (const l of listeners) await l.close().catch(() => {})
      await service?.stop()
    })

    it('both eras subscribe to the finance topic, the edition and a search, and each is told when a matching story is crawled', async () => {
      const mcp = `${service.url}/mcp`
      // A word of the next article's headline: the search matches it once it is crawled.
      const search = `${SITE_URL}/search?q=${words(3, 9).split(' ')[0]}`
      listeners.push(await legacyV1(mcp, [FINANCE]), await legacyV2(mcp, [FINANCE, EDITION]), await modernV2(mcp, [FINANCE, EDITION, search]))
      const told = Promise.all([...listeners.map((l) => l.next(FINANCE)), listeners[1]!.next(EDITION), listeners[2]!.next(EDITION), listeners[2]!.next(search)])
      await crawlNewArticle(env, publisher, 3)
      await told
      for (const l of listeners) assert.ok(l.updates.every((u) => u === FINANCE || u === EDITION || u === search), `${l.label}: ${JSON.stringify(l.updates)}`)
    })

    it('subscribing to a URI that names no resource is an error in both eras', async () => {
      const mcp = `${service.url}/mcp`
      await assert.rejects(legacyV1(mcp, [`${SITE_URL}/c/sports`]), /Resource not found/)
      await assert.rejects(modernV2(mcp, [`${SITE_URL}/nowhere`]), /Resource not found/)
    })

    it('a 2025 unsubscribe of a URI no session of the caller watches is an empty result, as the revision has it', async () => {
      const res = await request(`${service.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'resources/unsubscribe', params: { uri: FINANCE } }),
      })
      assert.deepEqual(res.json, { jsonrpc: '2.0', id: 9, result: {} })
    })
  })

  describe('PostgreSQL, two instances sharing the database', () => {
    const schemas = useTestSchemas()
    let env: Record<string, string>
    const services: InProcessService[] = []
    const listeners: Listener[] = []
    before(async () => {
      env = crawlEnv(SITE_URL, publisher.directory, {})
      env.DATABASE_URL = schemas.freshUrl()
      assertExit0(await runCli(['crawl'], { env }), 'crawl')
      services.push(await startInProcessServe(env), await startInProcessServe(env))
    })
    after(async () => {
      for (const l of listeners) await l.close().catch(() => {})
      for (const s of services) await s.stop()
    })

    it('listeners on either instance are told of a story another process crawled', async () => {
      listeners.push(await legacyV1(`${services[0]!.url}/mcp`, [FINANCE]), await modernV2(`${services[1]!.url}/mcp`, [FINANCE]))
      const told = Promise.all(listeners.map((l) => l.next(FINANCE)))
      await crawlNewArticle(env, publisher, 4)
      await told
    })
  })
})
