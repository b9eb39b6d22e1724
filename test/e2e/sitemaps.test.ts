import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { Hono } from 'hono'
import pino from 'pino'
import { validateXML } from 'xmllint-wasm'
import { StorySnapshot, type StorySnapshotInput } from '../../src/domain/story.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { SITEMAP_MAX_URLS, createQueryService } from '../../src/query/query-service.ts'
import { createCachePolicy } from '../../src/surfaces/http/cache-policy.ts'
import { createResponder } from '../../src/surfaces/http/responder.ts'
import { createResponseCache } from '../../src/surfaces/http/response-cache.ts'
import { errorResponse } from '../../src/surfaces/http/error-response.ts'
import { createSitemapRoutes } from '../../src/surfaces/sitemaps/routes.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { ALL_SEARCH_STORIES, ALPHA, BETA, makeStory } from '../fixtures/stories.ts'
import { ROOT, tempDir } from '../helpers/cli.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'

const XSD_DIR = path.join(ROOT, 'test', 'fixtures', 'xsd')
const SCHEMAS = {
  urlset: { fileName: 'sitemap.xsd', contents: fs.readFileSync(path.join(XSD_DIR, 'sitemap.xsd'), 'utf8') },
  sitemapindex: { fileName: 'siteindex.xsd', contents: fs.readFileSync(path.join(XSD_DIR, 'siteindex.xsd'), 'utf8') },
}

/** Validates against the official sitemaps.org schema for the document's root (libxml2, compiled to wasm). */
async function assertValid(xml: string, root: keyof typeof SCHEMAS, name: string): Promise<void> {
  const result = await validateXML({ xml: { fileName: 'sitemap.xml', contents: xml }, schema: SCHEMAS[root] })
  assert.ok(result.valid, `${name} is not valid against ${SCHEMAS[root].fileName}:\n${result.errors.map((e) => e.rawMessage).join('\n')}`)
}

interface Entry { loc: string; lastmod?: string }

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap', parseTagValue: false })

/** Parses a sitemap or sitemap index with a real XML parser and returns its entries. */
function entries(xml: string, root: 'urlset' | 'sitemapindex'): Entry[] {
  const doc = parser.parse(xml) as Record<string, Record<string, unknown>>
  const node = doc[root]
  assert.ok(node, `root element is <${root}>`)
  assert.equal(node['@_xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9')
  return (node[root === 'urlset' ? 'url' : 'sitemap'] ?? []) as Entry[]
}

/** W3C datetime with seconds and a zone, as the service writes it. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const monthOf = (s: StorySnapshotInput) => (s.published_at ? s.published_at.slice(0, 7) : 'undated')

const ARCHIVE_STORIES: StorySnapshotInput[] = [
  ...ALL_SEARCH_STORIES,
  makeStory({ id: 'b2000000-0000-4000-8000-000000000001', published_at: '2026-10-31T23:59:59Z', source: BETA }),
  makeStory({ id: 'b2000000-0000-4000-8000-000000000002', published_at: '2026-10-01T00:00:00Z' }),
  makeStory({ id: 'b2000000-0000-4000-8000-000000000003', published_at: '2025-12-15T08:30:00+02:00' }),
]

describe('sitemaps over HTTP', () => {
  let srv: FixtureServer
  before(async () => { srv = await startFixtureServer(ARCHIVE_STORIES) })
  after(async () => srv.stop())

  const get = async (url: string, init?: RequestInit) => {
    assert.ok(url.startsWith(`${SITE_URL}/`), url)
    return srv.api(url.slice(SITE_URL.length), init)
  }

  /** Fetches a sitemap, checks status, media type and the XSD, and returns its entries. */
  async function validSitemap(path: string, root: 'urlset' | 'sitemapindex') {
    const res = await srv.api(path)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8')
    await assertValid(res.text, root, path)
    return entries(res.text, root)
  }

  it('/sitemap.xml lists home, topics, publishers, the publisher index and the static pages; no story (those are in the months)', async () => {
    const urls = await validSitemap('/sitemap.xml', 'urlset')
    for (const u of urls) assert.ok(u.loc.startsWith(`${SITE_URL}/`), u.loc)
    assert.equal(new Set(urls.map((u) => u.loc)).size, urls.length, 'no URL twice')

    const pages = [
      `${SITE_URL}/`,
      ...TOPICS.map((slug) => `${SITE_URL}/c/${slug}`),
      `${SITE_URL}/source/${ALPHA.id}`, `${SITE_URL}/source/${BETA.id}`,
      `${SITE_URL}/sources`, `${SITE_URL}/pricing`, `${SITE_URL}/legal/terms`, `${SITE_URL}/legal/privacy`, `${SITE_URL}/legal/refund`,
    ]
    assert.deepEqual(urls.slice(0, pages.length).map((u) => u.loc), pages)
    assert.ok(urls.slice(0, pages.length).every((u) => u.lastmod === undefined), 'pages carry no lastmod')

    assert.equal(urls.length, pages.length, 'nothing but the pages')
  })

  it('every URL is in exactly one sitemap of the index: each story once, in its month', async () => {
    const children = await validSitemap('/sitemaps/index.xml', 'sitemapindex')
    const seen = new Map<string, string>()
    for (const child of children) {
      for (const u of await validSitemap(child.loc.slice(SITE_URL.length), 'urlset')) {
        assert.ok(!seen.has(u.loc), `${u.loc} is in ${seen.get(u.loc)} and ${child.loc}`)
        seen.set(u.loc, child.loc)
      }
    }
    for (const s of ARCHIVE_STORIES) assert.match(seen.get(`${SITE_URL}/s/${s.id}`) ?? '', /\/sitemaps\/stories-/, s.id)
  })

  it('/sitemaps/index.xml has /sitemap.xml and one child per month of the archive, undated last', async () => {
    const children = await validSitemap('/sitemaps/index.xml', 'sitemapindex')
    assert.deepEqual(children.map((c) => c.loc), [
      `${SITE_URL}/sitemap.xml`,
      `${SITE_URL}/sitemaps/stories-2026-11.xml`,
      `${SITE_URL}/sitemaps/stories-2026-10.xml`,
      `${SITE_URL}/sitemaps/stories-2025-12.xml`,
      `${SITE_URL}/sitemaps/stories-undated.xml`,
    ])
    for (const c of children.slice(1)) assert.match(c.lastmod ?? '', W3C_DATETIME, c.loc)
  })

  it('every child of the index fetches 200, is valid, and a month lists exactly its stories, oldest first', async () => {
    const children = entries((await srv.api('/sitemaps/index.xml')).text, 'sitemapindex')
    for (const child of children) {
      const res = await get(child.loc)
      assert.equal(res.status, 200, child.loc)
      await assertValid(res.text, 'urlset', child.loc)
      const urls = entries(res.text, 'urlset')
      const month = /stories-(.+)\.xml$/.exec(child.loc)?.[1]
      if (!month) continue // /sitemap.xml, checked above
      const expected = ARCHIVE_STORIES.filter((s) => monthOf(s) === month)
        .sort((a, b) => Date.parse(a.published_at!) - Date.parse(b.published_at!))
      assert.deepEqual(urls.map((u) => u.loc), expected.map((s) => `${SITE_URL}/s/${s.id}`), child.loc)
      const newest = urls.map((u) => u.lastmod!).sort().at(-1)
      assert.equal(child.lastmod, newest, `${child.loc}: the index's lastmod is the newest change in the month`)
    }
    assert.ok(children.length > 1)
  })

  it('an unknown month or part is 404, a malformed one 400, other names under /sitemaps/ 404', async () => {
    for (const p of ['/sitemaps/stories-2026-09.xml', '/sitemaps/stories-2026-11-2.xml', '/sitemaps/stories-undated-2.xml']) {
      const res = await srv.api(p)
      assert.equal(res.status, 404, p)
      assert.equal(res.json.error, 'not_found', p)
    }
    for (const p of ['/sitemaps/stories-2026-13.xml', '/sitemaps/stories-1969-12.xml']) {
      const res = await srv.api(p)
      assert.equal(res.status, 400, p)
      assert.equal(res.json.error, 'invalid_parameter', p)
      assert.match(res.json.message, /^month: must be a month YYYY-MM/, p)
    }
    for (const p of ['/sitemaps/stories-2026-11-1.xml', '/sitemaps/stories-2026-11-02.xml', '/sitemaps/stories-26-11.xml',
      '/sitemaps/stories-2026-11.xml.gz', '/sitemaps/other.xml', '/sitemaps/']) {
      assert.equal((await srv.api(p)).status, 404, p)
    }
  })

  it('answers HEAD, and 304 to If-None-Match, with the cache headers', async () => {
    for (const p of ['/sitemap.xml', '/sitemaps/index.xml', '/sitemaps/stories-2026-11.xml']) {
      const first = await srv.api(p)
      const etag = first.headers.get('etag')
      assert.ok(etag, p)
      assert.match(first.headers.get('cache-control') ?? '', /public, max-age=\d+/, p)
      const again = await srv.api(p, { headers: { 'If-None-Match': etag } })
      assert.equal(again.status, 304, p)
      assert.equal(again.text, '')
      assert.equal(again.headers.get('etag'), etag)
      const head = await srv.api(p, { method: 'HEAD' })
      assert.equal(head.status, 200, p)
      assert.equal(head.text, '')
      assert.equal(head.headers.get('content-type'), 'application/xml; charset=utf-8')
    }
  })

  it('follows imports at once: a new month appears, a month emptied by a moved story disappears', async () => {
    const before = await srv.api('/sitemaps/index.xml')
    const moved = ARCHIVE_STORIES.find((s) => s.id === 'b2000000-0000-4000-8000-000000000003')!
    const added = makeStory({ id: 'b2000000-0000-4000-8000-000000000004', published_at: '2027-01-02T03:04:05Z' })
    await srv.importStories([{ ...moved, published_at: '2027-01-01T00:00:00Z' }, added])

    const after = await srv.api('/sitemaps/index.xml', { headers: { 'If-None-Match': before.headers.get('etag')! } })
    assert.equal(after.status, 200, 'the content version moved, so the cached index is not reused')
    const locs = entries(after.text, 'sitemapindex').map((c) => c.loc)
    assert.deepEqual(locs, [
      `${SITE_URL}/sitemap.xml`,
      `${SITE_URL}/sitemaps/stories-2027-01.xml`,
      `${SITE_URL}/sitemaps/stories-2026-11.xml`,
      `${SITE_URL}/sitemaps/stories-2026-10.xml`,
      `${SITE_URL}/sitemaps/stories-undated.xml`,
    ])
    assert.equal((await srv.api('/sitemaps/stories-2025-12.xml')).status, 404)
    const jan = entries((await srv.api('/sitemaps/stories-2027-01.xml')).text, 'urlset')
    assert.deepEqual(jan.map((u) => u.loc), [moved.id, added.id].map((id) => `${SITE_URL}/s/${id}`))
  })
})

describe('archive months split into parts (limit lowered to 2 URLs per sitemap)', () => {
  const LIMIT = 2
  let store: Store
  let app: Hono
  const november = Array.from({ length: 5 }, (_, i) =>
    makeStory({ published_at: `2026-11-${String(i + 1).padStart(2, '0')}T12:00:00Z`, headline: `Story ${i}` }))
  const october = [makeStory({ published_at: '2026-10-10T10:00:00Z' })]
  const undated = Array.from({ length: 3 }, () => makeStory({ published_at: null }))

  before(async () => {
    store = openSqliteStore(path.join(tempDir(), 'split.db'))
    await store.upsertStories([...november, ...october, ...undated].map((s) => StorySnapshot.parse(s)))
    const query = createQueryService({
      store, siteUrl: SITE_URL, version: 'test', healthMaxStoryAgeMinutes: 60, sitemaps: { maxUrls: LIMIT },
    })
    const cacheConfig = { maxAgeSeconds: 60, edgeMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 300, staleIfErrorSeconds: 86400, responseCacheBytes: 1 << 20 }
    const policy = createCachePolicy(cacheConfig)
    const respond = createResponder({ cache: createResponseCache(cacheConfig.responseCacheBytes), policy, contentVersion: () => query.contentVersion() })
    const log = pino({ level: 'silent' })
    app = new Hono()
    app.route('/', createSitemapRoutes({ query, respond, siteUrl: SITE_URL }))
    app.onError((err) => errorResponse(err, log, policy))
  })
  after(async () => store.close())

  const fetchXml = async (url: string) => {
    const res = await app.request(url.slice(SITE_URL.length))
    return { status: res.status, text: await res.text() }
  }

  it('lists ceil(count / limit) parts per month, part 1 without a number', async () => {
    const index = await fetchXml(`${SITE_URL}/sitemaps/index.xml`)
    await assertValid(index.text, 'sitemapindex', 'index')
    assert.deepEqual(entries(index.text, 'sitemapindex').map((c) => c.loc), [
      `${SITE_URL}/sitemap.xml`,
      `${SITE_URL}/sitemaps/stories-2026-11.xml`,
      `${SITE_URL}/sitemaps/stories-2026-11-2.xml`,
      `${SITE_URL}/sitemaps/stories-2026-11-3.xml`,
      `${SITE_URL}/sitemaps/stories-2026-10.xml`,
      `${SITE_URL}/sitemaps/stories-undated.xml`,
      `${SITE_URL}/sitemaps/stories-undated-2.xml`,
    ])
  })

  it('each part holds at most the limit, and the parts of a month hold each of its stories once, in order', async () => {
    const children = entries((await fetchXml(`${SITE_URL}/sitemaps/index.xml`)).text, 'sitemapindex').slice(1)
    const byMonth = new Map<string, string[]>()
    for (const child of children) {
      const res = await fetchXml(child.loc)
      assert.equal(res.status, 200, child.loc)
      await assertValid(res.text, 'urlset', child.loc)
      const locs = entries(res.text, 'urlset').map((u) => u.loc)
      assert.ok(locs.length >= 1 && locs.length <= LIMIT, `${child.loc} has ${locs.length} URLs`)
      const month = /stories-(\d{4}-\d{2}|undated)/.exec(child.loc)![1]!
      byMonth.set(month, [...(byMonth.get(month) ?? []), ...locs])
    }
    assert.deepEqual(byMonth.get('2026-11'), november.map((s) => `${SITE_URL}/s/${s.id}`))
    assert.deepEqual(byMonth.get('2026-10'), october.map((s) => `${SITE_URL}/s/${s.id}`))
    assert.deepEqual(new Set(byMonth.get('undated')), new Set(undated.map((s) => `${SITE_URL}/s/${s.id}`)))
    assert.equal(byMonth.get('undated')!.length, undated.length)
    assert.equal((await fetchXml(`${SITE_URL}/sitemaps/stories-2026-11-4.xml`)).status, 404, 'one part past the end')
  })
})

describe('archive parts at the default size stay a few hundred kB', () => {
  let store: Store
  let app: Hono
  // One month with more stories than a part holds, under a long SITE_URL: the largest part the service can make.
  const site = `https://${'news-'.repeat(10)}example.org`
  const count = SITEMAP_MAX_URLS + 7

  before(async () => {
    store = openSqliteStore(path.join(tempDir(), 'full-month.db'))
    const stories = Array.from({ length: count }, (_, i) => StorySnapshot.parse(makeStory({
      published_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(), headline: `Story ${i}`,
    })))
    for (let i = 0; i < stories.length; i += 1000) await store.upsertStories(stories.slice(i, i + 1000))
    const query = createQueryService({ store, siteUrl: site, version: 'test', healthMaxStoryAgeMinutes: 60 })
    const cacheConfig = { maxAgeSeconds: 60, edgeMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 300, staleIfErrorSeconds: 86400, responseCacheBytes: 1 << 24 }
    const policy = createCachePolicy(cacheConfig)
    const respond = createResponder({ cache: createResponseCache(cacheConfig.responseCacheBytes), policy, contentVersion: () => query.contentVersion() })
    app = new Hono()
    app.route('/', createSitemapRoutes({ query, respond, siteUrl: site }))
  })
  after(async () => store.close())

  it(`splits a month of ${SITEMAP_MAX_URLS + 7} stories in two parts, the full one under 512 kB`, async () => {
    const full = await app.request('/sitemaps/stories-2026-11.xml')
    const text = await full.text()
    assert.equal(full.status, 200)
    assert.equal(entries(text, 'urlset').length, SITEMAP_MAX_URLS)
    const bytes = Buffer.byteLength(text)
    assert.ok(bytes < 512 * 1024, `${bytes} bytes`)
    console.log(`sitemap part of ${SITEMAP_MAX_URLS} URLs with a ${site.length}-character site: ${(bytes / 1024).toFixed(0)} kB`)
    const rest = await app.request('/sitemaps/stories-2026-11-2.xml')
    assert.equal(entries(await rest.text(), 'urlset').length, 7)
  })
})
