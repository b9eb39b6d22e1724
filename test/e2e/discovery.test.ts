import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { CAPABILITIES } from '../../src/capabilities/catalog.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { SEARCH_STORIES } from '../fixtures/stories.ts'

// Our own schemas for documents that publish none: RFC 9264 §4.2 (linkset), Agent Skills Discovery v0.2.0, AI Catalog 1.0.
const LINK_TARGETS = { type: 'array', minItems: 1, items: { type: 'object', required: ['href'], properties: { href: { type: 'string', format: 'uri' }, type: { type: 'string' }, title: { type: 'string' } } } }
const LINKSET_SCHEMA = {
  type: 'object', required: ['linkset'], additionalProperties: false,
  properties: {
    linkset: {
      type: 'array', minItems: 1,
      items: { type: 'object', required: ['anchor'], properties: { anchor: { type: 'string', format: 'uri' } }, additionalProperties: LINK_TARGETS, minProperties: 2 },
    },
  },
}
const SKILLS_INDEX_SCHEMA = {
  type: 'object', required: ['$schema', 'skills'],
  properties: {
    $schema: { const: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json' },
    skills: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', required: ['name', 'type', 'description', 'url', 'digest'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          type: { enum: ['skill-md', 'archive'] },
          description: { type: 'string', minLength: 1, maxLength: 1024 },
          url: { type: 'string', format: 'uri-reference' },
          digest: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
        },
      },
    },
  },
}
const AI_CATALOG_SCHEMA = {
  type: 'object', required: ['specVersion', 'entries'],
  properties: {
    specVersion: { const: '1.0' },
    host: { type: 'object', required: ['displayName'] },
    entries: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', required: ['identifier', 'displayName', 'type', 'url'],
        properties: { identifier: { type: 'string', pattern: '^urn:air:' }, type: { type: 'string' }, mediaType: { type: 'string' }, url: { type: 'string', format: 'uri' } },
        not: { required: ['data'] },
      },
    },
  },
}

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
function validate(schema: object, data: unknown) {
  const check = ajv.compile(schema)
  assert.ok(check(data), JSON.stringify(check.errors, null, 2))
}

describe('discovery files', () => {
  let server: FixtureServer
  /** Fetches a URL the service advertises under SITE_URL from the test server instead. */
  const local = (url: string) => url.replace(SITE_URL, server.serve.url)
  const get = (p: string, init: RequestInit = {}) => request(`${server.serve.url}${p}`, init)
  /** The MCP and A2A endpoints take POST only; a GET proves they exist by answering 405 with Allow: POST. */
  const POST_ONLY = new Set([`${SITE_URL}/mcp`, `${SITE_URL}/a2a`])
  async function resolves(url: string) {
    assert.ok(url.startsWith(`${SITE_URL}/`), `${url} is under SITE_URL`)
    const res = await request(local(url))
    if (POST_ONLY.has(url)) {
      assert.equal(res.status, 405, `${url} answers GET with 405`)
      assert.equal(res.headers.get('allow'), 'POST', `${url} allows POST`)
      return
    }
    assert.equal(res.status, 200, `${url} answers 200`)
  }

  before(async () => { server = await startFixtureServer(Object.values(SEARCH_STORIES)) })
  after(async () => { await server?.stop() })

  const FILES = [
    ['/llms.txt', 'text/markdown; charset=utf-8'],
    ['/auth.md', 'text/markdown; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/.well-known/api-catalog', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    ['/.well-known/ai-catalog.json', 'application/ai-catalog+json'],
    ['/.well-known/agent-skills/index.json', 'application/json; charset=utf-8'],
  ] as const

  for (const [path, type] of FILES) {
    it(`${path}: GET and HEAD, media type, CORS, cacheable`, async () => {
      const res = await get(path)
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('content-type'), type)
      assert.equal(res.headers.get('access-control-allow-origin'), '*')
      assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=\d+/)
      const etag = res.headers.get('etag')!
      assert.ok(etag)
      assert.equal((await get(path, { headers: { 'If-None-Match': etag } })).status, 304)
      const head = await get(path, { method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal(head.text, '')
      assert.equal(head.headers.get('etag'), etag)
      assert.equal(head.headers.get('content-type'), type)
    })
  }

  it('llms.txt follows llmstxt.org, names every capability, and every link works', async () => {
    const { text } = await get('/llms.txt')
    const lines = text.split('\n')
    assert.equal(lines[0], '# Newsdesk')
    assert.equal(lines[1], '')
    assert.match(lines[2]!, /^> .+/)
    assert.equal(text.match(/^# /gm)?.length, 1, 'one H1')
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])
    assert.deepEqual(sections, ['Capabilities', 'Agent interfaces', 'Topics', 'Docs', 'Feeds', 'Optional'])
    // Below the first section every non-empty line is a list entry "- [name](url): notes".
    const body = text.slice(text.indexOf('\n## '))
    for (const line of body.split('\n').filter((l) => l && !l.startsWith('## '))) {
      assert.match(line, /^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/, line)
    }
    for (const c of CAPABILITIES) assert.ok(text.includes(`\`${c.name}\``), `llms.txt names ${c.name}`)
    assert.match(text, /cite the publisher/i)
    const links = [...body.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1]!)
    assert.ok(links.length > 20)
    for (const url of new Set(links)) await resolves(url)
  })

  it('the API catalog is an RFC 9727 linkset whose links work, advertised by Link headers', async () => {
    const res = await get('/.well-known/api-catalog')
    validate(LINKSET_SCHEMA, res.json)
    const self = `${SITE_URL}/.well-known/api-catalog`
    assert.equal(res.headers.get('link'), `<${self}>; rel="api-catalog"`)
    assert.equal((await get('/.well-known/api-catalog', { method: 'HEAD' })).headers.get('link'), `<${self}>; rel="api-catalog"`)
    const contexts = res.json.linkset as Record<string, any>[]
    assert.deepEqual(contexts[0]!.anchor, self)
    assert.deepEqual(contexts[0]!.item.map((i: any) => i.href), [`${SITE_URL}/api/v1`, `${SITE_URL}/mcp`, `${SITE_URL}/a2a`, `${SITE_URL}/feeds/latest.atom`])
    const rest = contexts.find((c) => c.anchor === `${SITE_URL}/api/v1`)!
    assert.equal(rest['service-desc'][0].href, `${SITE_URL}/openapi.json`)
    assert.equal(rest.status[0].href, `${SITE_URL}/api/v1/health`)
    const mcp = contexts.find((c) => c.anchor === `${SITE_URL}/mcp`)!
    assert.deepEqual(mcp['service-desc'][0], { href: `${SITE_URL}/.well-known/mcp/server-card.json`, type: 'application/mcp-server-card+json', title: 'MCP server card' })
    const a2a = contexts.find((c) => c.anchor === `${SITE_URL}/a2a`)!
    assert.equal(a2a['service-desc'][0].href, `${SITE_URL}/.well-known/agent-card.json`)
    for (const context of contexts) {
      for (const [rel, targets] of Object.entries(context)) {
        if (rel === 'anchor' || rel === 'item') continue
        for (const t of targets as { href: string }[]) await resolves(t.href)
      }
    }
    const home = await get('/')
    assert.ok(home.headers.get('link')?.includes(`<${self}>; rel="api-catalog"`))
  })

  it('the AI catalog lists documents that exist', async () => {
    const { json } = await get('/.well-known/ai-catalog.json')
    validate(AI_CATALOG_SCHEMA, json)
    const types = json.entries.map((e: any) => e.type)
    assert.ok(types.includes('application/agent-skills+json'))
    assert.ok(types.includes('application/linkset+json'))
    assert.ok(types.includes('application/mcp-server-card+json'))
    assert.ok(types.includes('application/a2a-agent-card+json'))
    for (const e of json.entries) {
      assert.equal(e.mediaType, e.type, 'the pre-2026 field name carries the same value')
      await resolves(e.url)
    }
    assert.equal(new Set(json.entries.map((e: any) => e.identifier)).size, json.entries.length, 'identifiers are unique')
  })

  it('the agent skills index points at a SKILL.md whose digest matches the bytes served', async () => {
    const index = await get('/.well-known/agent-skills/index.json')
    validate(SKILLS_INDEX_SCHEMA, index.json)
    for (const skill of index.json.skills) {
      const url = new URL(skill.url, `${SITE_URL}/.well-known/agent-skills/index.json`).href
      const res = await fetch(local(url))
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8')
      const bytes = Buffer.from(await res.arrayBuffer())
      assert.equal(skill.digest, `sha256:${createHash('sha256').update(bytes).digest('hex')}`)
      const text = bytes.toString('utf8')
      const front = /^---\nname: ([^\n]+)\ndescription: ([^\n]+)\n---\n/.exec(text)
      assert.ok(front, 'YAML front matter with name and description comes first')
      assert.equal(front[1], skill.name)
      assert.equal(JSON.parse(front[2]!), skill.description)
      for (const c of CAPABILITIES) {
        assert.ok(text.includes(`(\`${c.name}\`)`), `SKILL.md teaches ${c.name}`)
        assert.ok(text.includes(`${SITE_URL}${c.rest.split(' ')[1]}`), `SKILL.md gives the REST call of ${c.name}`)
      }
      assert.match(text, /cite the publisher/i)
    }
  })

  it('auth.md states anonymous, read-only access with no credentials', async () => {
    const { text } = await get('/auth.md')
    assert.match(text, /^# auth\.md — news\.example\.org\n/)
    for (const statement of [
      '| anonymous | none | unauthenticated HTTPS requests |',
      'There is no registration, provisioning endpoint or key request.',
      'Delegated (OAuth) access is not offered',
      'are ignored and not stored',
      'Identify your client in the `User-Agent` header',
      'Responses are the same for every caller.',
      `GET ${SITE_URL}/api/v1/*`,
      `${SITE_URL}/.well-known/http-message-signatures-directory`,
    ]) assert.ok(text.includes(statement), statement)
  })

  it('robots.txt allows everyone, signals content use and lists both sitemaps', async () => {
    const { text } = await get('/robots.txt')
    const directives = text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(/:\s*/, 2) as [string, string])
    assert.deepEqual(directives.slice(0, 3), [['User-agent', '*'], ['Content-Signal', 'search=yes, ai-input=yes, ai-train=no'], ['Allow', '/']])
    const sitemaps = text.split('\n').filter((l) => l.startsWith('Sitemap: ')).map((l) => l.slice('Sitemap: '.length))
    assert.deepEqual(sitemaps, [`${SITE_URL}/sitemap.xml`, `${SITE_URL}/sitemaps/index.xml`])
    for (const url of sitemaps) await resolves(url)
  })
})
