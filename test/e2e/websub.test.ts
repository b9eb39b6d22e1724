/**
 * WebSub pings end to end (docs/decisions/0053-websub-pings.md): the real CLI (`newsdesk crawl`, `newsdesk serve`)
 * crawling two publishers on 127.0.0.1 with WEBSUB_HUB_URL set to a loopback hub that implements the publisher side
 * of W3C WebSub (test/helpers/websub-hub.ts). Which feeds must be pinged is read back from the store the crawl
 * wrote: the home feed, and the topic and publisher feeds of the stories the pass wrote, in every language and
 * format.
 *
 *   1. a first crawl pings exactly those feeds, each topic once, with valid publish requests, and each pinged
 *      address is a feed of the service naming itself and the hub;
 *   2. a pass that changed nothing pings nothing;
 *   3. one new article: only the home feed and the new story's topic and publisher feeds are pinged, and a hub
 *      answering 503 first gets the ping again;
 *   4. `serve` crawling in its thread pings too, and counts the pings in /metrics.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { LANGUAGES } from '../../src/domain/languages.ts'
import { mulberry32 } from '../../src/crawler/cluster/testdata/seeded-random.ts'
import { openStore } from '../../src/storage/open-store.ts'
import type { PublisherEntry } from '../../src/publishers/publisher.ts'
import type { StoryRecord } from '../../src/storage/store.ts'
import { runCli, startServe, type ServeProcess } from '../helpers/cli.ts'
import { assertExit0, crawlEnv } from '../helpers/crawl-checks.ts'
import { request } from '../helpers/http.ts'
import { startInProcessServe } from '../helpers/in-process-serve.ts'
import { startLoopbackHub, type LoopbackHub } from '../helpers/websub-hub.ts'

const SITE_URL = 'https://news.example.org'
const FORMATS = ['rss', 'atom', 'json'] as const

/** A sentence of made-up words from a seeded generator: each article its own, none close to another. */
function sentences(seed: number, count: number): string {
  const random = mulberry32(seed)
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'va', 'sor', 'pel', 'dax', 'quin', 'bro', 'ste', 'mar', 'fen', 'lit']
  const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join('')
  return Array.from({ length: count }, () => `${Array.from({ length: 12 }, word).join(' ').replace(/^./, (c) => c.toUpperCase())}.`).join(' ')
}

/** Two publishers whose feeds carry full text; `add` puts one more article into a feed. */
async function startPublishers() {
  const items: Record<string, number[]> = { alpha: [1, 2, 3], beta: [11, 12] }
  const now = Date.now()
  const server = http.createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const m = /^\/(alpha|beta)\.xml$/.exec(req.url ?? '')
    if (!m) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    const entries = items[m[1]!]!.map((seed) => `<item><title>${sentences(seed, 1)}</title><link>${origin}/a/${seed}</link>`
      + `<guid>${origin}/a/${seed}</guid><pubDate>${new Date(now - (100 - seed) * 60_000).toUTCString()}</pubDate>`
      + `<description><![CDATA[${[1, 2, 3, 4].map((p) => `<p>${sentences(seed * 10 + p, 3)}</p>`).join('')}]]></description></item>`)
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(`<?xml version="1.0" encoding="utf-8"?>`
      + `<rss version="2.0"><channel><title>${m[1]}</title><link>${origin}/</link><language>en</language>${entries.join('')}</channel></rss>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const directory: PublisherEntry[] = [
    { name: 'Alpha Courier', site_url: `${origin}/`, feed_url: `${origin}/alpha.xml`, topic: 'finance', lang: 'en' },
    { name: 'Beta Gazette', site_url: `${origin}/`, feed_url: `${origin}/beta.xml`, topic: 'engineering', lang: 'en' },
  ]
  return {
    directory,
    add: (feed: 'alpha' | 'beta', seed: number) => { items[feed]!.push(seed) },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

/** The stories of a store, as the crawl left them. */
async function storiesOf(env: Record<string, string>): Promise<StoryRecord[]> {
  const store = openStore(env.DATABASE_URL!)
  try {
    return await store.listStories({ limit: 50, lang: 'en' })
  } finally {
    await store.close()
  }
}

/** A story as the store and the REST API both give it: where it is listed. */
type Listed = Pick<StoryRecord, 'id'> & { category: { slug: string }; source: { id: string } | null }

/** Every topic URL of the home feed and of these stories' topic and publisher feeds: each language, each format. */
function topicsFor(stories: Listed[]): Set<string> {
  const paths = new Set(['/feeds/latest'])
  for (const s of stories) {
    paths.add(`/feeds/topics/${s.category.slug}`)
    if (s.source) paths.add(`/feeds/sources/${s.source.id}`)
  }
  return new Set([...paths].flatMap((p) => LANGUAGES.flatMap((lang) => FORMATS.map((f) => `${SITE_URL}${p}.${f}${lang === 'en' ? '' : `?lang=${lang}`}`))))
}

const sorted = (s: Iterable<string>) => [...s].sort()

describe('WebSub pings after crawl passes, against a loopback hub', { timeout: 120_000 }, () => {
  let hub: LoopbackHub
  let site: Awaited<ReturnType<typeof startPublishers>>
  let env: Record<string, string>
  let serve: ServeProcess | undefined

  before(async () => {
    hub = await startLoopbackHub()
    site = await startPublishers()
    env = crawlEnv(SITE_URL, site.directory, { WEBSUB_HUB_URL: hub.url })
  })
  after(async () => {
    await serve?.stop()
    await site?.close()
    await hub?.close()
  })

  it('crawl: the home feed and the new stories\' topic and publisher feeds are pinged, every language and format, once each', async () => {
    const result = await runCli(['crawl'], { env })
    assertExit0(result, 'crawl')
    const stories = await storiesOf(env)
    assert.equal(stories.length, 5, result.stdout)
    assert.deepEqual(hub.refused, [], 'every request is a valid publish request')
    const expected = topicsFor(stories)
    assert.deepEqual(sorted(hub.accepted()), sorted(expected))
    assert.equal(hub.pings.length, expected.size, 'each topic once')
    assert.match(hub.pings[0]!.userAgent ?? '', /^NewsdeskBot\/\S+ \(\+https:\/\/news\.example\.org\/auth\.md\)$/)

    // Each pinged address is one of the service's feeds, naming itself and the hub: what a subscriber subscribed to.
    const service = await startInProcessServe(env)
    try {
      for (const topic of expected) {
        const res = await request(`${service.url}${topic.slice(SITE_URL.length)}`)
        assert.equal(res.status, 200, topic)
        assert.equal(res.headers.get('link'), `<${hub.url}>; rel="hub", <${topic}>; rel="self"`, topic)
      }
    } finally {
      await service.stop()
    }
  })

  it('a pass that changed nothing pings nothing', async () => {
    hub.reset()
    const result = await runCli(['crawl', '--force'], { env })
    assertExit0(result, 'crawl --force')
    assert.match(result.stdout, /stories: 0 created, 0 updated/)
    assert.deepEqual(hub.pings, [])
  })

  it('one new article pings only its feeds; a hub answering 503 gets the ping again', async () => {
    hub.reset()
    const before = new Set((await storiesOf(env)).map((s) => s.id))
    site.add('beta', 13)
    hub.failNext(1, 503)
    const result = await runCli(['crawl', '--force'], { env })
    assertExit0(result, 'crawl --force')
    const fresh = (await storiesOf(env)).filter((s) => !before.has(s.id))
    assert.equal(fresh.length, 1, result.stdout)
    assert.equal(fresh[0]!.source?.name, 'Beta Gazette')
    assert.deepEqual(sorted(hub.accepted()), sorted(topicsFor(fresh)))
    const [refused, ...rest] = hub.pings
    assert.equal(refused!.status, 503)
    const retry = rest.find((p) => p.topic === refused!.topic)
    assert.ok(retry && retry.status === 204, 'the refused topic was sent again and taken')
    assert.ok(retry.at - refused!.at >= 400, `after a backoff (${retry.at - refused!.at} ms)`)
    assert.equal(hub.pings.length, topicsFor(fresh).size + 1)
  })

  it('serve pings after the passes of its crawl thread, and counts them in /metrics', async () => {
    hub.reset()
    const own = crawlEnv(SITE_URL, site.directory, {
      WEBSUB_HUB_URL: hub.url, NEWSDESK_CRAWL_INTERVAL: '1h', METRICS_PORT: '0', METRICS_HOST: '127.0.0.1',
    })
    serve = await startServe(own)
    const deadline = Date.now() + 60_000
    while (!serve.logs.some((l) => l.msg === 'websub: hub told of the changed feeds') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const stories = (await request(`${serve.url}/api/v1/stories?limit=50`)).json.stories as Listed[]
    assert.equal(stories.length, 6)
    const expected = topicsFor(stories)
    assert.deepEqual(sorted(hub.accepted()), sorted(expected))
    const port = serve.logs.find((l) => l.msg === 'metrics: listening at /metrics')?.port
    const metrics = (await request(`http://127.0.0.1:${String(port)}/metrics`)).text
    assert.match(metrics, new RegExp(`^newsdesk_websub_pings_total\\{outcome="ok"\\} ${expected.size}$`, 'm'))
  })
})
