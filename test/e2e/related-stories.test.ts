import assert from 'node:assert/strict'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FeedRunCommit } from '../../src/domain/crawl-records.ts'
import { StorySnapshot, serializeSnapshot } from '../../src/domain/story.ts'
import { toPublisher } from '../../src/publishers/publisher.ts'
import { exportSnapshots } from '../../src/snapshots/export-snapshots.ts'
import { importSnapshots } from '../../src/snapshots/import-snapshots.ts'
import { openStore } from '../../src/storage/open-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { tempDir, testEnv } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'
import { startInProcessServe, type InProcessService } from '../helpers/in-process-serve.ts'
import { createOpenApiValidator } from '../helpers/openapi-validator.ts'
import { useTestSchemas } from '../helpers/postgres.ts'
import { makeStory } from '../fixtures/stories.ts'

/**
 * Related stories over every surface, on SQLite and on PostgreSQL: the service in this process on a real port, the
 * relations committed through the crawl store the way a feed run commits them (the clustering does not find any
 * yet), and every answer read over HTTP: REST (checked against the served OpenAPI document), the story page in HTML
 * and Markdown, MCP get_story with the official client and A2A get_story.
 */
const SITE_URL = 'https://news.example.org'
const id = (n: number) => `e6000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const EARLIER = makeStory({
  id: id(1), published_at: '2026-11-20T09:00:00Z', headline: 'Senate delays the vote on the harbour bill',
  translations: { es: { headline: 'El Senado aplaza la votación de la ley del puerto' } },
})
const MAIN = makeStory({ id: id(2), published_at: '2026-11-20T10:00:00Z', headline: 'Harbour bill heads back to committee' })
// Markdown-special characters: the link text must stay text.
const LATER = makeStory({ id: id(3), published_at: '2026-11-20T11:00:00Z', headline: 'Senate passes the [harbour] bill *at last*' })
const UNRELATED = makeStory({ id: id(4), published_at: '2026-11-20T12:00:00Z', headline: 'Bakery chain opens its hundredth shop' })

const publisher = toPublisher({ name: 'Harbour Desk', site_url: 'https://harbour.example', feed_url: 'https://harbour.example/feed.xml', topic: 'business', lang: 'en' })
const at = '2026-11-20T12:30:00.000Z'
const commit = (parts: Partial<FeedRunCommit>): FeedRunCommit => ({
  feed: { feedUrl: publisher.feedUrl, etag: null, lastModified: null, nextFetchAt: at, intervalSeconds: 900, consecutiveFailures: 0, lastStatus: 'ok', lastError: null, fetchedAt: at, succeededAt: at },
  articles: [], stories: [], summaries: [], ...parts,
})

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)

const schemas = useTestSchemas()

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`related stories on every surface (${dialect})`, () => {
    let service: InProcessService
    let validator: ReturnType<typeof createOpenApiValidator>
    let mcp: Client
    let dir: string
    const freshDatabase = () => (dialect === 'sqlite' ? `sqlite:${path.join(dir, `copy-${randomUUID()}.db`)}` : schemas.freshUrl())
    const api = async (p: string) => {
      const res = await request(`${service.url}${p}`)
      validator.check('GET', new URL(p, service.url).pathname, res.status, res.text)
      return res
    }
    const page = (p: string, headers: Record<string, string> = {}) => request(`${service.url}${p}`, { headers })
    const getStory = async (storyId: string, lang?: string) => await mcp.callTool({ name: 'get_story', arguments: { id: storyId, ...(lang ? { lang } : {}) } }) as {
      content: Array<{ type: string; text?: string }>; structuredContent?: any; isError?: boolean
    }
    const a2aStory = async (storyId: string) => {
      const res = await request(`${service.url}/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill: 'get_story', id: storyId } }] } } }),
      })
      assert.equal(res.status, 200, res.text)
      const parts = res.json.result.message.parts as any[]
      return { markdown: parts.find((p) => typeof p.text === 'string').text as string, data: parts.find((p) => p.data !== undefined).data }
    }

    before(async () => {
      dir = tempDir()
      const env = testEnv({
        DATABASE_URL: dialect === 'sqlite' ? `sqlite:${path.join(dir, 'newsdesk.db')}` : schemas.freshUrl(),
        DATA_DIR: path.join(dir, 'data'), SITE_URL, NEWSDESK_SAMPLE: 'off', HEALTH_MAX_STORY_AGE_MINUTES: '525600', LOG_LEVEL: 'warn',
      })
      service = await startInProcessServe(env, async (store) => {
        const ndjson = [EARLIER, MAIN, LATER, UNRELATED].map((s) => serializeSnapshot(StorySnapshot.parse(s))).join('\n') + '\n'
        assert.deepEqual((await importSnapshots(store, Readable.from([ndjson]))).bad, [])
        await store.crawl.syncPublishers([publisher], at)
      })
      validator = createOpenApiValidator((await request(`${service.url}/openapi.json`)).json)
      mcp = new Client({ name: 'newsdesk-related-test', version: '1.0.0' })
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`)))
    })
    after(async () => {
      await mcp?.close()
      await service?.stop()
    })

    it('a story without related stories answers as before: no field, no section (and each answer is now cached)', async () => {
      const rest = await api(`/api/v1/stories/${MAIN.id}`)
      assert.equal(rest.status, 200)
      assert.equal('related' in rest.json.story, false)
      assert.doesNotMatch((await page(`/s/${MAIN.id}`)).text, /Related stories|related-stories/)
      assert.doesNotMatch((await page(`/s/${MAIN.id}.md`)).text, /Related stories/)
      const tool = await getStory(MAIN.id)
      assert.equal('related' in tool.structuredContent.story, false)
      assert.doesNotMatch(tool.content[0]!.text!, /Related stories/)
      assert.equal('related' in (await a2aStory(MAIN.id)).data.result.story, false)
    })

    it('relations committed with a feed run show at once on every cached answer (the commit moves the content version)', async () => {
      const version = await service.store.contentVersion()
      await service.store.crawl.commitFeedRun(commit({
        relations: [
          { storyId: MAIN.id, relatedId: EARLIER.id, score: 0.6 },
          { storyId: LATER.id, relatedId: MAIN.id, score: 0.7 },
          { storyId: MAIN.id, relatedId: MAIN.id, score: 1 },
        ],
      }))
      assert.notEqual(await service.store.contentVersion(), version)
      const expected = [
        { id: LATER.id, headline: LATER.headline, url: `${SITE_URL}/s/${LATER.id}` },
        { id: EARLIER.id, headline: EARLIER.headline, url: `${SITE_URL}/s/${EARLIER.id}` },
      ]
      const rest = await api(`/api/v1/stories/${MAIN.id}`)
      assert.deepEqual(rest.json.story.related, expected, 'newest first; validated against /openapi.json')
      assert.deepEqual((await getStory(MAIN.id)).structuredContent.story.related, expected)
      assert.deepEqual((await a2aStory(MAIN.id)).data.result.story.related, expected)
      assert.match((await page(`/s/${MAIN.id}`)).text, /Related stories/)
    })

    it('REST: read from either side, headlines in the requested language with English fallback', async () => {
      assert.deepEqual((await api(`/api/v1/stories/${LATER.id}`)).json.story.related.map((r: any) => r.id), [MAIN.id])
      assert.deepEqual((await api(`/api/v1/stories/${EARLIER.id}`)).json.story.related.map((r: any) => r.id), [MAIN.id])
      assert.equal('related' in (await api(`/api/v1/stories/${UNRELATED.id}`)).json.story, false)
      const es = (await api(`/api/v1/stories/${MAIN.id}?lang=es`)).json.story.related
      assert.deepEqual(es.map((r: any) => r.headline), [LATER.headline, 'El Senado aplaza la votación de la ley del puerto'])
    })

    it('the story page links them in a "Related stories" section, in the reader\'s language', async () => {
      const html = (await page(`/s/${MAIN.id}`)).text
      const section = /<section class="related"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? ''
      assert.match(section, /<h2 id="related-stories">Related stories<\/h2>/)
      assert.deepEqual([...section.matchAll(/href="([^"]+)"/g)].map((m) => m[1]), [`/s/${LATER.id}`, `/s/${EARLIER.id}`])
      assert.ok(section.includes('Senate passes the [harbour] bill *at last*'), 'headline as text')
      const es = (await page(`/s/${MAIN.id}?lang=es`)).text
      assert.match(es, /<h2 id="related-stories">Noticias relacionadas<\/h2>/)
      assert.ok(es.includes(`href="/s/${EARLIER.id}?lang=es" dir="auto">El Senado aplaza`), es)
    })

    it('the Markdown view lists them, linking their Markdown pages', async () => {
      for (const res of [await page(`/s/${MAIN.id}.md`), await page(`/s/${MAIN.id}`, { Accept: 'text/markdown' })]) {
        assert.equal(res.status, 200)
        const related = res.text.split('## Related stories\n\n')[1]?.split('\n\n')[0]
        assert.equal(related, [
          `- [Senate passes the \\[harbour\\] bill \\*at last\\*](${SITE_URL}/s/${LATER.id}?format=md)`,
          `- [Senate delays the vote on the harbour bill](${SITE_URL}/s/${EARLIER.id}?format=md)`,
        ].join('\n'), res.text)
      }
      assert.match((await page(`/s/${MAIN.id}.md?lang=de`)).text, new RegExp(`## Verwandte Meldungen\\n\\n- \\[Senate passes[^\\n]+\\(${SITE_URL}/s/${LATER.id}\\?lang=de&format=md\\)`))
    })

    it('MCP get_story (official client): the Markdown lists them and structuredContent matches the advertised schema', async () => {
      const tool = (await mcp.listTools()).tools.find((t) => t.name === 'get_story')!
      assert.deepEqual((tool.outputSchema as any).properties.story.properties.related, { type: 'array', items: { type: 'object' } })
      const result = await getStory(`${SITE_URL}/s/${MAIN.id}`, 'es')
      assert.notEqual(result.isError, true)
      const check = ajv.compile(tool.outputSchema as object)
      const valid: boolean = check(result.structuredContent)
      assert.ok(valid, JSON.stringify(check.errors))
      assert.deepEqual(result.structuredContent.story.related.map((r: any) => r.id), [LATER.id, EARLIER.id])
      const text = result.content[0]!.text!
      assert.ok(text.endsWith([
        '## Related stories', '',
        `- [Senate passes the \\[harbour\\] bill \\*at last\\*](${SITE_URL}/s/${LATER.id})`,
        `- [El Senado aplaza la votación de la ley del puerto](${SITE_URL}/s/${EARLIER.id})`,
      ].join('\n')), text)
    })

    it('A2A get_story: the same list in its data part and its Markdown', async () => {
      const { markdown, data } = await a2aStory(MAIN.id)
      assert.deepEqual(data.result.story.related.map((r: any) => r.id), [LATER.id, EARLIER.id])
      assert.ok(markdown.includes(`## Related stories\n\n- [Senate passes the \\[harbour\\] bill \\*at last\\*](${SITE_URL}/s/${LATER.id})`), markdown)
    })

    it('`newsdesk export` carries them after the rest of the state, and an import into an empty store restores them exactly', async () => {
      const exported = async (store: Store) => {
        const out = new PassThrough()
        const chunks: Buffer[] = []
        out.on('data', (c: Buffer) => chunks.push(c))
        await exportSnapshots(store, out)
        return Buffer.concat(chunks).toString('utf8')
      }
      const ndjson = await exported(service.store)
      const lines = ndjson.trim().split('\n').map((l) => JSON.parse(l))
      assert.deepEqual(lines.filter((r) => r.newsdesk_record === 'relation'), [
        { newsdesk_record: 'relation', story_id: EARLIER.id, related_id: MAIN.id, score: 0.6, recorded_at: at },
        { newsdesk_record: 'relation', story_id: MAIN.id, related_id: LATER.id, score: 0.7, recorded_at: at },
      ], 'one line per pair, the smaller id first')
      assert.equal(lines.at(-1).newsdesk_record, 'relation')
      const copy = openStore(freshDatabase())
      try {
        const bad = JSON.stringify({ newsdesk_record: 'relation', story_id: MAIN.id, related_id: UNRELATED.id, score: 2, recorded_at: at })
        const report = await importSnapshots(copy, Readable.from([`${ndjson}${bad}\n`]))
        assert.deepEqual(report.bad.map((b) => b.line), [lines.length + 1], 'a score outside 0..1 is a bad line, reported and skipped')
        for (const story of [EARLIER, MAIN, LATER, UNRELATED]) {
          assert.deepEqual(await copy.relatedStories(story.id, 'es'), await service.store.relatedStories(story.id, 'es'), story.id)
        }
        assert.equal(await exported(copy), ndjson, 'export, import, export: the same bytes')
      } finally {
        await copy.close()
      }
    })

    it('a merged story\'s relations become the survivor\'s; its id answers with the survivor, never related to itself', async () => {
      await service.store.crawl.commitFeedRun(commit({ relations: [{ storyId: LATER.id, relatedId: UNRELATED.id, score: 0.5 }] }))
      await service.store.crawl.commitFeedRun(commit({ merges: [{ from: LATER.id, into: MAIN.id }] }))
      const merged = (await api(`/api/v1/stories/${LATER.id}`)).json.story
      assert.equal(merged.id, MAIN.id)
      assert.deepEqual(merged.related.map((r: any) => r.id), [UNRELATED.id, EARLIER.id])
      assert.deepEqual((await api(`/api/v1/stories/${UNRELATED.id}`)).json.story.related.map((r: any) => r.id), [MAIN.id])
      assert.deepEqual((await getStory(LATER.id)).structuredContent.story.related.map((r: any) => r.id), [UNRELATED.id, EARLIER.id])
    })

    it('a removed story leaves no related entry behind, and the answers change with it', async () => {
      assert.equal(await service.store.deleteStories([UNRELATED.id]), 1)
      assert.deepEqual((await api(`/api/v1/stories/${MAIN.id}`)).json.story.related.map((r: any) => r.id), [EARLIER.id])
      assert.deepEqual((await getStory(MAIN.id)).structuredContent.story.related.map((r: any) => r.id), [EARLIER.id])
      assert.doesNotMatch((await page(`/s/${MAIN.id}.md`)).text, /Bakery chain/)
      // Its last relation gone, a story answers without the field again.
      await service.store.deleteStories([EARLIER.id])
      assert.equal('related' in (await api(`/api/v1/stories/${MAIN.id}`)).json.story, false)
      assert.doesNotMatch((await page(`/s/${MAIN.id}`)).text, /related-stories/)
    })
  })
}
