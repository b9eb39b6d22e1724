/**
 * Cover images never track readers: story pages show them from this site (/img/{id}), the service fetches them with
 * the crawler's guarded fetch, passes on real images only (by their bytes), caches them, and the page CSP allows
 * images from 'self' only. NEWSDESK_COVER_IMAGES=off shows none.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { serveApp } from '../../src/server/serve-app.ts'
import { DEFAULT_IDLE_TIMEOUT_MS, startServer, type RunningServer } from '../../src/server/start-server.ts'
import { DEFAULT_IMAGE_WAIT_MS } from '../../src/surfaces/images/routes.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { sniffImageType } from '../../src/surfaces/images/image-type.ts'
import { makeStory } from '../fixtures/stories.ts'
import { tempDir } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>')
const HUGE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3 * 1024 * 1024)])

describe('image type sniffing', () => {
  it('knows JPEG, PNG, GIF, WebP and AVIF by their bytes, and nothing else', () => {
    assert.equal(sniffImageType(PNG), 'image/png')
    assert.equal(sniffImageType(HUGE_JPEG.subarray(0, 16)), 'image/jpeg')
    assert.equal(sniffImageType(Buffer.from('GIF89a....')), 'image/gif')
    assert.equal(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')), 'image/webp')
    assert.equal(sniffImageType(Buffer.from('\0\0\0\x1cftypavif')), 'image/avif')
    for (const other of [SVG, HTML, Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(0), Buffer.from([0x89, 0x50])]) {
      assert.equal(sniffImageType(other), null)
    }
  })
})

describe('cover image proxy', () => {
  let images: http.Server
  const hits = new Map<string, number>()
  let store: Store
  const servers: RunningServer[] = []
  let proxied: string
  let plain: string
  const at = (p: string) => `http://127.0.0.1:${(images.address() as AddressInfo).port}${p}`
  const story = (id: string, cover: string | null) => StorySnapshot.parse(makeStory({ id, cover_image_url: cover }))
  const ID = {
    png: 'c1000000-0000-4000-8000-000000000001', svg: 'c1000000-0000-4000-8000-000000000002',
    html: 'c1000000-0000-4000-8000-000000000003', huge: 'c1000000-0000-4000-8000-000000000004',
    private: 'c1000000-0000-4000-8000-000000000005', none: 'c1000000-0000-4000-8000-000000000006',
    trickle: 'c1000000-0000-4000-8000-000000000007',
  }
  const trickles = new Set<NodeJS.Timeout>()

  async function start(coverImages: 'proxy' | 'off'): Promise<string> {
    const config = loadConfig({ SITE_URL: 'https://news.example.org', NEWSDESK_FETCH_ALLOW: '127.0.0.1', NEWSDESK_COVER_IMAGES: coverImages })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
    const { app } = createApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) })
    const server = await startServer(app, { port: 0, host: '127.0.0.1' })
    servers.push(server)
    return `http://127.0.0.1:${server.port}`
  }

  before(async () => {
    images = http.createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
      const send = (type: string, body: Buffer) => res.writeHead(200, { 'content-type': type }).end(body)
      if (req.url === '/cat.png') return send('image/png', PNG)
      if (req.url === '/logo.png') return send('image/png', SVG) // an SVG that says it is a PNG
      if (req.url === '/page.jpg') return send('image/jpeg', HTML)
      if (req.url === '/huge.jpg') return send('image/jpeg', HUGE_JPEG)
      if (req.url === '/trickle.jpg') {
        // A byte every 300 ms: never idle long enough for the fetch's body timeout, never done within its 20 s.
        res.writeHead(200, { 'content-type': 'image/jpeg' }).write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))
        const timer = setInterval(() => res.write(Buffer.from([0])), 300)
        trickles.add(timer)
        res.on('close', () => { clearInterval(timer); trickles.delete(timer) })
        return
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    store = openSqliteStore(path.join(tempDir(), 'covers.db'))
    await store.upsertStories([
      story(ID.png, at('/cat.png')), story(ID.svg, at('/logo.png')), story(ID.html, at('/page.jpg')),
      story(ID.huge, at('/huge.jpg')), story(ID.private, 'http://10.0.0.1/cover.png'), story(ID.none, null),
      story(ID.trickle, at('/trickle.jpg')),
    ])
    proxied = await start('proxy')
    plain = await start('off')
  })
  after(async () => {
    for (const s of servers) await s.close()
    for (const timer of trickles) clearInterval(timer)
    images.closeAllConnections()
    await new Promise((resolve) => images.close(resolve))
    await store.close()
  })

  it('the story page shows the cover from this site, and its CSP allows images from this site only', async () => {
    const page = await request(`${proxied}/s/${ID.png}`, { headers: { accept: 'text/html' } })
    assert.equal(page.status, 200)
    assert.ok(page.text.includes(`<img src="/img/${ID.png}"`), 'the cover comes through the proxy')
    assert.ok(!page.text.includes('127.0.0.1'), 'the image host never appears in the page')
    const csp = page.headers.get('content-security-policy') ?? ''
    assert.match(csp, /img-src 'self';/)
    assert.doesNotMatch(csp, /https:/)
  })

  it('GET /img/{id} answers the image bytes with the sniffed type, fetched once for many readers', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => fetch(`${proxied}/img/${ID.png}`)))
    for (const res of results) {
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('content-type'), 'image/png')
      assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/)
      assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=\d+/)
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG)
    }
    assert.equal((await fetch(`${proxied}/img/${ID.png}`)).status, 200)
    assert.equal(hits.get('/cat.png'), 1, 'one upstream fetch, then the cache')
  })

  it('refuses what is not an image by its bytes (SVG, HTML), what is too large, and private addresses; failures are cached', async () => {
    for (const id of [ID.svg, ID.html, ID.huge, ID.private, ID.none]) {
      const res = await request(`${proxied}/img/${id}`)
      assert.equal(res.status, 404, `${id}: ${res.status}`)
      assert.equal(res.json.error, 'not_found')
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/)
    }
    await request(`${proxied}/img/${ID.svg}`)
    assert.equal(hits.get('/logo.png'), 1, 'a failed image is not fetched again at once')
  })

  it('is keyed by story: unknown and malformed ids are 404, and no URL can be passed in', async () => {
    assert.equal((await request(`${proxied}/img/c1000000-0000-4000-8000-0000000000ff`)).status, 404)
    assert.equal((await request(`${proxied}/img/not-a-uuid`)).status, 404)
    assert.equal((await request(`${proxied}/img/${ID.png}?url=${encodeURIComponent(at('/huge.jpg'))}`)).headers.get('content-type'), 'image/png')
    assert.equal(hits.get('/huge.jpg'), 1, 'only the story\'s own image was ever fetched')
  })

  it('an image host that trickles gets the reader a 504 before the server\'s idle timeout, not a dropped connection', async () => {
    // The server as serve runs it, with its idle timeout lowered: the reader's wait is derived from it (half).
    const idleTimeoutMs = 3_000
    const config = loadConfig({ SITE_URL: 'https://news.example.org', NEWSDESK_FETCH_ALLOW: '127.0.0.1' })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
    const { server } = await serveApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) },
      { port: 0, host: '127.0.0.1', idleTimeoutMs })
    servers.push(server)
    // Hang guard only: a dropped connection fails the fetch, an answer is what the test asserts.
    const res = await fetch(`http://127.0.0.1:${server.port}/img/${ID.trickle}`, { signal: AbortSignal.timeout(4 * idleTimeoutMs) })
    assert.equal(res.status, 504)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    assert.ok(Number(res.headers.get('retry-after')) > 0)
    const body = await res.json() as { error: string; message: string }
    assert.deepEqual(Object.keys(body), ['error', 'message'])
    assert.equal(body.error, 'upstream_timeout')
    assert.equal(hits.get('/trickle.jpg'), 1)
    // The default wait is below the default idle timeout by the same rule.
    assert.ok(DEFAULT_IMAGE_WAIT_MS < DEFAULT_IDLE_TIMEOUT_MS)
  })

  it('NEWSDESK_COVER_IMAGES=off: no cover on the page and no /img route', async () => {
    const page = await request(`${plain}/s/${ID.png}`, { headers: { accept: 'text/html' } })
    assert.equal(page.status, 200)
    assert.ok(!page.text.includes('<img'), 'no image at all')
    assert.equal((await request(`${plain}/img/${ID.png}`)).status, 404)
  })
})
