import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import { TOPICS, TOPIC_NAMES } from '../../src/domain/topics.ts'
import { ROOT, tempDir } from '../helpers/cli.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import {
  INSPECTOR_EXIT_TOOL_ERROR, callTool, conformance, describeCheck, describeExec, inspector, judge, readBaseline, run,
  type InspectorResult, type ProtocolEra,
} from '../helpers/mcp-tools.ts'
import { ALL_SEARCH_STORIES, SEARCH_STORIES } from '../fixtures/stories.ts'
import { findNode22 } from '../helpers/node22.ts'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'

/**
 * Black-box checks of POST /mcp with the two tools the MCP project publishes: the MCP Inspector CLI (scripted tool
 * calls, in the 2025 "legacy" era and the 2026-07-28 "modern" era) and the conformance suite
 * (@modelcontextprotocol/conformance, under Node 22), restricted to the scenarios that apply to a read-only news server.
 * Checks that fail only because they need the reference "everything" server's fixtures are listed, one by one and
 * with the reason, in test/fixtures/mcp-conformance-baseline.yml.
 *
 * Per era the Inspector CLI runs three times: tools/list under --strict (its schema portability check), a successful
 * tools/call (exit 0, the result on stdout) and a tool error (exit 5, `tool_is_error` on stderr), each with the full
 * content assertions. The CLI prints whatever result the server sends, so the other calls of each era (search,
 * get_story, list_topics, the remaining error cases: what the server answers) go through the official SDK client
 * in this process, negotiating the same era, with the same assertions: each Inspector run costs a node start (~0.5
 * CPU-second), and 34 of them were most of this file's CPU.
 */

const BASELINE_FILE = path.join(ROOT, 'test', 'fixtures', 'mcp-conformance-baseline.yml')
const BASELINE = readBaseline(BASELINE_FILE)

const TOOL_NAMES = ['get_latest_stories', 'search_stories', 'get_story', 'list_topics', 'list_sources']
const READ_ONLY = { readOnlyHint: true, openWorldHint: false }
const { zurichLab, rates, exports } = SEARCH_STORIES
const storyUrl = (id: string) => `${SITE_URL}/s/${id}`

/**
 * Scenarios that apply to a stateless, anonymous, read-only news server, per protocol revision. The rest of the
 * suite (tools-call-*, resources-read-text/-binary, resources-templates-read, resources-subscribe/-unsubscribe,
 * prompts-get-*, completion-complete, logging, elicitation, sampling, MRTR input-required-result-*, tasks,
 * json-schema-2020-12, custom x-mcp-header tools) exercises the reference fixture's own tools, resources
 * (`test://static-text`, `test://watched-resource`, …) and prompts (`test_simple_prompt`, …) by name: against
 * Newsdesk they can only report "not found" (its own resources, subscriptions, prompts and completions are tested in
 * mcp-resources.test.ts, mcp-subscriptions.test.ts and mcp-prompts.test.ts). resources-list and prompts-list list
 * whatever the server has; caching checks the tools, prompts and resources list hints; sep-2164 the not-found error.
 * The conformance client negotiates 2025-11-25 on the wire for every 2025 run; --spec-version selects the scenarios.
 */
const SCENARIOS: Record<string, string[]> = {
  '2025-11-25': ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection', 'server-session-lifecycle'],
  '2026-07-28': [
    'server-stateless', 'http-header-validation', 'tools-list', 'resources-list', 'prompts-list', 'caching', 'dns-rebinding-protection',
    'server-sse-multiple-streams', 'sep-2164-resource-not-found', 'input-required-result-unsupported-methods',
  ],
}

/** dns-rebinding-protection only runs against a localhost URL (it then sends Host/Origin evil.example.com). */
const NEEDS_LOCALHOST = new Set(['dns-rebinding-protection'])

interface ToolResult {
  content: Array<{ type: string; text?: string }>
  structuredContent?: any
  isError?: boolean
}

/** The CallToolResult of a successful `--method tools/call`. */
function okCli(r: InspectorResult): ToolResult {
  assert.equal(r.code, 0, `the Inspector CLI succeeds\n${describeExec(r)}`)
  const result = r.json?.result as ToolResult | undefined
  assert.ok(result, `stdout holds {"result": ...}\n${describeExec(r)}`)
  assert.notEqual(result.isError, true, JSON.stringify(result))
  return result
}

/** The CallToolResult of a successful call through the SDK client. */
function ok(result: ToolResult): ToolResult {
  assert.ok(result, 'a CallToolResult')
  assert.notEqual(result.isError, true, JSON.stringify(result))
  return result
}

/**
 * The official SDK client in this process, negotiating what the Inspector's `--protocol-era` does: `legacy` the 2025
 * initialize handshake, `modern` 2026-07-28.
 */
async function sdkClient(url: string, era: ProtocolEra): Promise<Client> {
  const client = new Client({ name: `newsdesk-conformance-${era}`, version: '1.0.0' },
    { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  return client
}

/**
 * The answer for people and models is one Markdown text block; the JSON is structuredContent only (not repeated
 * as a text block, which would double what the model reads). get_story adds its story's resource link.
 */
function markdown(result: ToolResult): string {
  const [first, ...rest] = result.content
  assert.deepEqual(rest.map((b) => b.type), rest.length ? ['resource_link'] : [], 'one text block, then at most the story\'s resource link')
  assert.equal(first?.type, 'text')
  assert.match(first.text ?? '', /^# \S/, 'the first block is Markdown with an H1')
  assert.ok(result.structuredContent, 'the JSON is structuredContent')
  return first.text!
}

describe('MCP: Inspector CLI and the conformance suite against a real server', () => {
  let server: FixtureServer
  let url: string
  let localhostUrl: string

  before(async () => {
    server = await startFixtureServer(ALL_SEARCH_STORIES)
    url = `${server.serve.url}/mcp`
    localhostUrl = `http://localhost:${server.serve.port}/mcp`
  })
  after(async () => { await server?.stop() })

  for (const era of ['legacy', 'modern'] as const satisfies readonly ProtocolEra[]) {
    describe(`MCP Inspector CLI, ${era} era (${era === 'legacy' ? 'initialize, 2025-11-25' : '2026-07-28'})`, () => {
      let client: Client
      const sdkCall = async (name: string, args: Record<string, unknown>) => await client.callTool({ name, arguments: args }) as ToolResult
      before(async () => {
        client = await sdkClient(url, era)
        assert.equal(client.getNegotiatedProtocolVersion(), era === 'legacy' ? '2025-11-25' : '2026-07-28')
      })
      after(async () => { await client?.close() })

      it('tools/list: exactly the five tools, all read-only, with input and output schemas', async () => {
        // --strict exits 6 on an error-severity schema portability problem.
        const r = await inspector(url, era, ['--method', 'tools/list', '--strict'])
        assert.equal(r.code, 0, describeExec(r))
        const tools = r.json?.result?.tools as Array<Record<string, any>>
        assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort())
        for (const tool of tools) {
          assert.deepEqual({ ...tool.annotations, title: undefined }, { ...READ_ONLY, title: undefined }, `${tool.name} annotations`)
          assert.equal(typeof tool.annotations.title, 'string')
          assert.equal(tool.title, tool.annotations.title)
          assert.ok(tool.description.length > 40, `${tool.name} has a real description`)
          assert.equal(tool.inputSchema.type, 'object')
          assert.equal(tool.outputSchema.type, 'object')
        }
        const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
        assert.deepEqual(byName.search_stories!.inputSchema.required, ['query'])
        assert.deepEqual(byName.get_story!.inputSchema.required, ['id'])
        assert.equal(byName.get_latest_stories!.inputSchema.required, undefined)
        assert.deepEqual(byName.get_latest_stories!.inputSchema.properties.topic.enum, [...TOPICS])
      })

      it('prompts/list and prompts/get (this Inspector CLI has no completion method: mcp-prompts.test.ts tests those)', async () => {
        const [list, get] = await Promise.all([
          inspector(url, era, ['--method', 'prompts/list']),
          inspector(url, era, ['--method', 'prompts/get', '--prompt-name', 'briefing', '--prompt-args', 'topic=finance', 'lang=de']),
        ])
        assert.equal(list.code, 0, describeExec(list))
        assert.deepEqual(list.json?.result?.prompts?.map((p: { name: string }) => p.name), ['briefing', 'story_background', 'coverage_comparison'])
        assert.equal(get.code, 0, describeExec(get))
        const text = get.json?.result?.messages?.[0]?.content?.text as string
        assert.ok(text.includes('get_latest_stories {"topic":"finance","lang":"de","limit":20}'), text)
        assert.match(text, /original_url/)
      })

      it('resources/list, resources/templates/list and resources/read (a story as its page\'s Markdown)', async () => {
        const [list, templates, read] = await Promise.all([
          inspector(url, era, ['--method', 'resources/list']),
          inspector(url, era, ['--method', 'resources/templates/list']),
          inspector(url, era, ['--method', 'resources/read', '--uri', storyUrl(zurichLab.id)]),
        ])
        assert.equal(list.code, 0, describeExec(list))
        const uris = (list.json?.result?.resources as Array<{ uri: string }>).map((r) => r.uri)
        assert.equal(uris[0], `${SITE_URL}/`)
        assert.ok(uris.includes(storyUrl(zurichLab.id)))
        assert.equal(templates.code, 0, describeExec(templates))
        assert.ok((templates.json?.result?.resourceTemplates as Array<{ uriTemplate: string }>).some((t) => t.uriTemplate === storyUrl('{id}')))
        assert.equal(read.code, 0, describeExec(read))
        const contents = read.json?.result?.contents as Array<{ uri: string; mimeType: string; text: string }>
        assert.equal(contents[0]!.mimeType, 'text/markdown')
        assert.ok(contents[0]!.text.includes(zurichLab.headline))
      })

      it('get_latest_stories: newest first, with a limit and within a topic', async () => {
        const [latest, topic] = await Promise.all([
          callTool(url, era, 'get_latest_stories', { limit: 3 }),
          sdkCall('get_latest_stories', { topic: 'engineering' }),
        ])
        const all = okCli(latest)
        assert.deepEqual(all.structuredContent.stories.map((s: any) => [s.id, s.headline]),
          [zurichLab, rates, exports].map((s) => [s.id, s.headline]))
        assert.equal(all.structuredContent.count, 3)
        assert.equal(all.structuredContent.lang, 'en')
        const md = markdown(all)
        assert.match(md, /^# Latest stories\n/)
        for (const s of [zurichLab, rates, exports]) {
          assert.ok(md.includes(s.headline), `Markdown names "${s.headline}"`)
          assert.ok(md.includes(`id: \`${s.id}\``), 'Markdown names the story id')
          assert.ok(md.includes(`<${s.original_url}>`), 'Markdown links the original article')
        }
        assert.ok(md.includes(storyUrl('{id}')), 'Markdown says once where the story pages are')
        const engineering = ok(topic)
        assert.deepEqual(engineering.structuredContent.stories.map((s: any) => s.id), [zurichLab.id, exports.id])
        assert.ok(engineering.structuredContent.stories.every((s: any) => s.category.slug === 'engineering'))
        assert.match(markdown(engineering), /^# Latest stories in Engineering\n/)
      })

      it('search_stories: every keyword as a word prefix, accents ignored', async () => {
        const [semi, accent] = await Promise.all([
          sdkCall('search_stories', { query: 'semiconductor' }),
          sdkCall('search_stories', { query: 'zurich lab', limit: 5 }),
        ])
        const found = ok(semi)
        assert.deepEqual(found.structuredContent.stories.map((s: any) => [s.id, s.headline]),
          [zurichLab, exports].map((s) => [s.id, s.headline]))
        const md = markdown(found)
        assert.match(md, /^# Stories matching "semiconductor"/)
        assert.ok(md.includes(zurichLab.headline) && md.includes(exports.headline))
        assert.deepEqual(ok(accent).structuredContent.stories.map((s: any) => s.id), [zurichLab.id])
      })

      it('get_story: by the id get_latest_stories lists, by its story page URL, and in another language', async () => {
        const first = ok(await sdkCall('get_latest_stories', { limit: 1 })).structuredContent.stories[0]
        assert.equal(first.id, zurichLab.id)
        const [byId, byUrl, spanish] = await Promise.all([
          sdkCall('get_story', { id: first.id }),
          sdkCall('get_story', { id: `${SITE_URL}/s/${first.id}.md?lang=en` }),
          sdkCall('get_story', { id: first.id, lang: 'es' }),
        ])
        const story = ok(byId)
        assert.equal(story.structuredContent.story.id, zurichLab.id)
        assert.equal(story.structuredContent.story.headline, zurichLab.headline)
        assert.equal(story.structuredContent.story.url, storyUrl(zurichLab.id))
        assert.equal(story.structuredContent.story.original_url, zurichLab.original_url)
        assert.deepEqual(story.structuredContent.story.cards, zurichLab.cards)
        assert.deepEqual(story.structuredContent.story.covered_by, zurichLab.covered_by)
        const md = markdown(story)
        assert.ok(md.startsWith(`# ${zurichLab.headline}\n`), md.slice(0, 200))
        assert.ok(md.includes(zurichLab.original_url), 'Markdown links the original article')
        for (const card of zurichLab.cards!) assert.ok(md.includes(card.body!), `Markdown has the card "${card.heading}"`)

        const viaUrl = ok(byUrl)
        assert.deepEqual(viaUrl.structuredContent, story.structuredContent, 'a story page URL names the same story')

        const es = ok(spanish)
        assert.equal(es.structuredContent.story.lang, 'es')
        assert.equal(es.structuredContent.story.headline, zurichLab.translations!.es!.headline)
        assert.ok(markdown(es).startsWith(`# ${zurichLab.translations!.es!.headline}\n`))
      })

      it('list_topics: the thirteen topics in the requested language', async () => {
        const [en, es] = await Promise.all([
          sdkCall('list_topics', {}),
          sdkCall('list_topics', { lang: 'es' }),
        ])
        for (const [r, lang] of [[en, 'en'], [es, 'es']] as const) {
          const result = ok(r)
          assert.deepEqual(result.structuredContent.categories.map((c: any) => [c.slug, c.name, c.url]),
            TOPICS.map((slug) => [slug, TOPIC_NAMES[slug][lang], `${SITE_URL}/c/${slug}`]))
          const md = markdown(result)
          assert.match(md, /^# Topics\n/)
          for (const slug of TOPICS) assert.ok(md.includes(`\`${slug}\``), `Markdown lists ${slug}`)
        }
      })

      it(`bad arguments and unknown ids: an isError result (exit ${INSPECTOR_EXIT_TOOL_ERROR}) with a readable message`, async () => {
        const cases: Array<[string, object, RegExp]> = [
          ['search_stories', { query: 'x' }, /`query` must be 2 to 256 characters\./],
          ['get_latest_stories', { limit: 500 }, /`limit` must be an integer from 1 to 50\./],
          ['get_latest_stories', { topic: 'sport' }, /`topic` must be one of business, data-ai/],
          ['get_story', { id: 'yesterday' }, /`id` must be a story UUID or a story page URL such as https:\/\/news\.example\.org\/s\//],
          ['get_story', { id: `https://evil.example/s/${zurichLab.id}` }, /`id` must be a story UUID or a story page URL of this service, https:\/\/news\.example\.org\/s\/\{uuid\}/],
          ['get_story', { id: 'a1000000-0000-4000-8000-0000000000ff' },
            /No story with id a1000000-0000-4000-8000-0000000000ff\. Find story ids with search_stories or get_latest_stories\./],
        ]
        // The first case through the Inspector CLI (its exit code and stderr for a tool error), the rest through the
        // SDK client: the same isError result decides the CLI's exit code and stderr line.
        const [cli, ...sdk] = await Promise.all(cases.map(([tool, args], i) => (i === 0 ? callTool(url, era, tool, args) : sdkCall(tool, args as Record<string, unknown>))))
        const cliRun = cli as InspectorResult
        assert.equal(cliRun.code, INSPECTOR_EXIT_TOOL_ERROR, `${cases[0]![0]} ${JSON.stringify(cases[0]![1])}: exit code\n${describeExec(cliRun)}`)
        assert.match(cliRun.stderr, /"code":"tool_is_error"/, `${cases[0]![0]}: the CLI reports the tool error on stderr`)
        const results = [cliRun.json?.result as ToolResult, ...sdk as ToolResult[]]
        for (const [i, result] of results.entries()) {
          const [tool, args, message] = cases[i]!
          const label = `${tool} ${JSON.stringify(args)}`
          assert.equal(result?.isError, true, `${label}: isError\n${i === 0 ? cliRun.stdout : JSON.stringify(result)}`)
          assert.equal(result.structuredContent, undefined, `${label}: no structured content on an error`)
          const text = result.content.map((b) => b.text ?? '').join('\n')
          assert.match(text, message, `${label}: message`)
          assert.doesNotMatch(text, /ZodError|"code":|at .*\.ts:\d+/, `${label}: no raw validator dump or stack`)
        }
      })
    })
  }

  describe('conformance suite (@modelcontextprotocol/conformance, Node 22)', () => {
    let outRoot: string
    const rows: Array<{ version: string; scenario: string; passed: number; failed: number; baselined: number; other: number; ms: number; note: string }> = []

    /** The Node 22 binary, or null when none could be had (see `withoutNode22`). */
    let node22: string | null = null
    let missing = ''
    /** CI must run the suite for real, so there a missing Node 22 fails each scenario; a dev machine skips them. */
    const withoutNode22 = (t: TestContext) => {
      if (process.env.CI || process.env.NEWSDESK_CI) assert.fail(`the conformance suite needs Node 22: ${missing}`)
      t.skip(`no Node 22 for the conformance suite (${missing.split('\n')[0]})`)
    }

    before(async () => {
      const found = await findNode22()
      if ('unavailable' in found) {
        missing = found.unavailable
        return
      }
      const version = await run(found.path, ['--version'], 10_000)
      assert.match(version.stdout, /^v22\./, `the conformance suite needs Node 22 at ${found.path}\n${describeExec(version)}`)
      node22 = found.path
      outRoot = tempDir('newsdesk-mcp-conformance-')
    })

    it('the baseline only names checks of scenarios this test runs', () => {
      const ran = new Set(Object.values(SCENARIOS).flat())
      for (const entry of BASELINE) {
        assert.ok(entry.includes(':'), `${entry}: baseline single checks, never a whole scenario`)
        assert.ok(ran.has(entry.split(':')[0]!), `${entry}: scenario not run by this test`)
      }
    })

    for (const [version, scenarios] of Object.entries(SCENARIOS)) {
      for (const scenario of scenarios) {
        it(`${version} ${scenario}`, async (t) => {
          if (node22 === null) return withoutNode22(t)
          const target = NEEDS_LOCALHOST.has(scenario) ? localhostUrl : url
          const r = await conformance({ node: node22, url: target, scenario, specVersion: version, baseline: BASELINE_FILE, outRoot })
          const verdict = judge(scenario, r.checks, BASELINE)
          const other = r.checks.filter((c) => c.status === 'INFO' || c.status === 'SKIPPED')
          rows.push({
            version, scenario, passed: verdict.passed, failed: verdict.unexpected.length, baselined: verdict.baselined.length,
            other: other.length, ms: r.ms, note: r.checks.length === 0 ? 'no checks.json' : '',
          })
          t.diagnostic(`${version} ${scenario} (${target}): ${verdict.passed} passed, ${verdict.unexpected.length} failed, `
            + `${verdict.baselined.length} baselined, ${other.length} info/skipped, ${r.ms} ms`)
          for (const c of [...verdict.baselined, ...other]) t.diagnostic(`  ${c.status} ${c.id}${c.errorMessage ? `: ${c.errorMessage}` : ''}`)

          assert.ok(r.checks.length > 0, `${scenario}: the runner wrote no checks\n${describeExec(r)}`)
          if (verdict.unexpected.length > 0) {
            assert.fail(`${scenario} at ${version}: ${verdict.unexpected.length} check(s) failed that the baseline does not excuse `
              + `(results in ${r.resultDir}):\n${verdict.unexpected.map(describeCheck).join('\n')}`)
          }
          assert.deepEqual(verdict.stale, [], `${scenario}: these baselined checks pass now; remove them from ${BASELINE_FILE}`)
          assert.equal(r.code, 0, `the runner's own verdict agrees\n${describeExec(r)}`)
        })
      }
    }

    it('summary', (t) => {
      if (node22 === null) return withoutNode22(t)
      const header = ['revision', 'scenario', 'passed', 'failed', 'baselined', 'info/skipped', 'ms']
      const lines = rows.map((r) => [r.version, r.scenario, String(r.passed), String(r.failed), String(r.baselined), String(r.other), String(r.ms)])
      const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
      const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
      t.diagnostic(fmt(header))
      for (const line of lines) t.diagnostic(fmt(line))
      const total = rows.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, baselined: a.baselined + r.baselined }),
        { passed: 0, failed: 0, baselined: 0 })
      t.diagnostic(`total: ${rows.length} scenario runs, ${total.passed} checks passed, ${total.failed} failed, ${total.baselined} baselined`)
      assert.equal(rows.length, Object.values(SCENARIOS).flat().length, 'every scenario ran')
    })
  })
})
