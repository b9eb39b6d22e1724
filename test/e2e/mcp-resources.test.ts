import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { sdkClients } from '../helpers/mcp-clients.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES } from '../fixtures/stories.ts'

/**
 * MCP resources (docs/decisions/0054-mcp-resources-and-subscriptions.md) through both SDK client generations over
 * real HTTP: the edition, topics and stories listed (paged), the templates, and a read that is byte for byte what the
 * site's `?format=md` and the REST API serve.
 */

type Listed = { resources: Array<{ uri: string; name: string; title?: string; mimeType?: string }>; nextCursor?: string }
type Read = { contents: Array<{ uri: string; mimeType?: string; text?: string }> }

interface ResourceClient {
  getServerCapabilities(): unknown
  listResources(params?: { cursor?: string }): Promise<unknown>
  listResourceTemplates(): Promise<unknown>
  readResource(params: { uri: string }): Promise<unknown>
  close(): Promise<void>
}

describe('MCP resources (POST /mcp)', () => {
  let server: FixtureServer
  let mcpUrl: string
  const { zurichLab } = SEARCH_STORIES

  before(async () => {
    server = await startFixtureServer([...ALL_SEARCH_STORIES])
    mcpUrl = `${server.serve.url}/mcp`
  })
  after(async () => { await server?.stop() })

  const CLIENTS = sdkClients<ResourceClient>(() => mcpUrl, 'newsdesk-resources')

  for (const [label, connect] of CLIENTS) {
    describe(label, () => {
      let client: ResourceClient
      before(async () => { client = await connect() })
      after(async () => { await client?.close() })

      it('declares resources', () => {
        const caps = client.getServerCapabilities() as { resources?: { listChanged?: boolean } }
        assert.equal(caps.resources?.listChanged, false)
      })

      it('lists the edition, the 13 topics and every story, newest first', async () => {
        const list = await client.listResources() as Listed
        const uris = list.resources.map((r) => r.uri)
        assert.equal(uris[0], `${SITE_URL}/`)
        assert.ok(uris.includes(`${SITE_URL}/c/finance`))
        assert.equal(uris.filter((u) => u.startsWith(`${SITE_URL}/c/`)).length, 13)
        const stories = list.resources.filter((r) => r.uri.includes('/s/'))
        assert.equal(stories.length, ALL_SEARCH_STORIES.length)
        const lab = stories.find((r) => r.uri === `${SITE_URL}/s/${zurichLab.id}`)
        assert.equal(lab?.mimeType, 'text/markdown')
        assert.equal(lab?.title, zurichLab.headline)
        assert.equal(list.nextCursor, undefined)
      })

      it('lists the templates: story page and REST URL, topic, search', async () => {
        const { resourceTemplates } = await client.listResourceTemplates() as { resourceTemplates: Array<{ uriTemplate: string; mimeType?: string }> }
        const byTemplate = Object.fromEntries(resourceTemplates.map((t) => [t.uriTemplate, t.mimeType]))
        assert.equal(byTemplate[`${SITE_URL}/s/{id}`], 'text/markdown')
        assert.equal(byTemplate[`${SITE_URL}/api/v1/stories/{id}`], 'application/json')
        assert.equal(byTemplate[`${SITE_URL}/c/{topic}`], 'text/markdown')
        assert.equal(byTemplate[`${SITE_URL}/search{?q}`], 'text/markdown')
      })

      it("reads a story as the page's Markdown, and as the REST JSON at its REST URL", async () => {
        const uri = `${SITE_URL}/s/${zurichLab.id}`
        const md = await client.readResource({ uri }) as Read
        const page = await request(`${server.serve.url}/s/${zurichLab.id}?format=md`)
        assert.deepEqual(md.contents, [{ uri, mimeType: 'text/markdown', text: page.text }])
        const jsonUri = `${SITE_URL}/api/v1/stories/${zurichLab.id}`
        const json = await client.readResource({ uri: jsonUri }) as Read
        const rest = await request(`${server.serve.url}/api/v1/stories/${zurichLab.id}`)
        assert.deepEqual(json.contents, [{ uri: jsonUri, mimeType: 'application/json', text: rest.text }])
        const french = await client.readResource({ uri: `${uri}?lang=fr` }) as Read
        assert.equal(french.contents[0]!.text, (await request(`${server.serve.url}/s/${zurichLab.id}?format=md&lang=fr`)).text)
      })

      it('get_story links the story\'s resource, and the link reads as the story', async () => {
        const result = await (client as unknown as { callTool(p: object): Promise<{ content: Array<{ type: string; uri?: string }> }> })
          .callTool({ name: 'get_story', arguments: { id: zurichLab.id } })
        const links = result.content.filter((c) => c.type === 'resource_link')
        assert.deepEqual(links.map((l) => l.uri), [`${SITE_URL}/s/${zurichLab.id}`])
        const read = await client.readResource({ uri: links[0]!.uri! }) as Read
        assert.equal(read.contents[0]!.text, (await request(`${server.serve.url}/s/${zurichLab.id}?format=md`)).text)
      })

      it('reads the edition, a topic and a search', async () => {
        const edition = await client.readResource({ uri: `${SITE_URL}/` }) as Read
        assert.equal(edition.contents[0]!.text, (await request(`${server.serve.url}/?format=md`)).text)
        const topic = await client.readResource({ uri: `${SITE_URL}/c/finance` }) as Read
        assert.equal(topic.contents[0]!.text, (await request(`${server.serve.url}/c/finance?format=md`)).text)
        const search = await client.readResource({ uri: `${SITE_URL}/search?q=semiconductor` }) as Read
        assert.match(search.contents[0]!.text!, new RegExp(zurichLab.id))
      })

      it('an unknown or ill-formed URI is a JSON-RPC error, never a crash', async () => {
        for (const uri of [`${SITE_URL}/s/not-a-uuid`, `${SITE_URL}/c/sports`, 'https://elsewhere.example/s/x', `${SITE_URL}/admin`, 'not a uri']) {
          await assert.rejects(client.readResource({ uri }), /Resource not found|Invalid/, uri)
        }
        await assert.rejects(client.readResource({ uri: `${SITE_URL}/s/00000000-0000-4000-8000-000000000000` }), /Resource not found/)
      })
    })
  }

  describe('HTTP', () => {
    const legacy = (body: unknown) => request(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
      body: JSON.stringify(body),
    })

    it('a missing resource is -32002 in the 2025 revisions (the 2026 one sends -32602), with HTTP 200', async () => {
      const uri = `${SITE_URL}/s/00000000-0000-4000-8000-000000000000`
      const res = await legacy({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } })
      assert.equal(res.status, 200)
      assert.equal(res.json.error.code, -32002)
      assert.equal(res.json.error.data.uri, uri)
      const unknown = await legacy({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: `${SITE_URL}/admin` } })
      assert.equal(unknown.json.error.code, -32002)
      assert.match(unknown.json.error.message, /resources\/templates\/list/)
    })

    it('resources/list pages by cursor; a bad cursor is -32602', async () => {
      const bad = await legacy({ jsonrpc: '2.0', id: 3, method: 'resources/list', params: { cursor: 'nope' } })
      assert.equal(bad.status, 200)
      assert.equal(bad.json.error.code, -32602)
    })
  })
})
