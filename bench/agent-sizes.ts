import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import pino from 'pino'
import { loadConfig } from '../src/config/config.ts'
import { SAMPLE_EDITION_PATH } from '../src/config/paths.ts'
import { createQueryService } from '../src/query/query-service.ts'
import { loadSampleEdition } from '../src/sample/load-sample.ts'
import { createApp } from '../src/server/create-app.ts'
import { createKeyRing } from '../src/signing/key-ring.ts'
import { newKeyFile } from '../src/signing/key-file.ts'
import { openSqliteStore } from '../src/storage/sqlite/sqlite-store.ts'

/**
 * What an agent pays in bytes and o200k tokens for each tool, against the REST JSON of the same request. Measured
 * on the bundled sample edition (real-length headlines and summaries; the synthetic bench corpus has neither),
 * in process with `app.request()`: sizes do not depend on the network. `node --import tsx bench/agent-sizes.ts`
 * prints the table alone; `npm run bench` prints it after the throughput tables.
 */

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }

interface Case { tool: string; args: Record<string, unknown>; rest: string }

export async function agentSizeReport(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-agent-sizes-'))
  const store = openSqliteStore(path.join(dir, 'sample.db'))
  try {
    await loadSampleEdition(store, SAMPLE_EDITION_PATH)
    const config = loadConfig({ SITE_URL: 'https://news.example.org' })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '1', healthMaxStoryAgeMinutes: 60 })
    const { app } = createApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) })
    const post = async (route: string, headers: Record<string, string>, body: object) => {
      const res = await app.request(route, { method: 'POST', headers, body: JSON.stringify(body) })
      return (await res.json() as { result: Record<string, any> }).result
    }
    const anyStory = (await (await app.request('/api/v1/stories?limit=1')).json() as { stories: { id: string }[] }).stories[0]!.id
    const cases: Case[] = [
      { tool: 'get_latest_stories', args: {}, rest: '/api/v1/stories' },
      { tool: 'get_latest_stories', args: { topic: 'data-ai', limit: 5, lang: 'es' }, rest: '/api/v1/stories?topic=data-ai&limit=5&lang=es' },
      { tool: 'search_stories', args: { query: 'revenue' }, rest: '/api/v1/stories?q=revenue' },
      { tool: 'get_story', args: { id: anyStory }, rest: `/api/v1/stories/${anyStory}` },
      { tool: 'list_topics', args: {}, rest: '/api/v1/categories' },
    ]
    const size = (text: string) => ({ bytes: Buffer.byteLength(text), tokens: countTokens(text) })
    const cell = (s: { bytes: number; tokens: number }) => `${String(s.bytes).padStart(7)} B ${String(s.tokens).padStart(6)} t`
    const lines = [
      `Agent answer sizes on the sample edition (${(await query.listStories({ limit: 50 })).count}+ stories), o200k tokens (t):`,
      `${'tool and arguments'.padEnd(58)} ${'REST JSON'.padStart(16)} ${'MCP Markdown'.padStart(16)} ${'MCP result'.padStart(16)} ${'A2A result'.padStart(16)}  Markdown/REST tokens`,
    ]
    for (const c of cases) {
      const rest = size(await (await app.request(c.rest)).text())
      const mcp = await post('/mcp', MCP_HEADERS, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: c.tool, arguments: c.args } })
      const markdown = size((mcp.content as { text: string }[]).map((p) => p.text).join('\n'))
      const a2a = await post('/a2a', { 'content-type': 'application/json', 'a2a-version': '1.0' }, {
        jsonrpc: '2.0', id: 1, method: 'SendMessage',
        params: { message: { messageId: '9229e770-767c-417b-a0b0-f0741243c589', role: 'ROLE_USER', parts: [{ data: { skill: c.tool, ...c.args } }] } },
      })
      const label = `${c.tool} ${JSON.stringify(c.args).replace(anyStory, '…')}`
      lines.push(`${label.padEnd(58)} ${cell(rest)} ${cell(markdown)} ${cell(size(JSON.stringify(mcp)))} ${cell(size(JSON.stringify(a2a)))}  ${(markdown.tokens / rest.tokens).toFixed(2)}×`)
    }
    const tools = size(JSON.stringify(await post('/mcp', MCP_HEADERS, { jsonrpc: '2.0', id: 1, method: 'tools/list' })))
    lines.push(`MCP tools/list result: ${tools.bytes} bytes, ${tools.tokens} tokens`)
    return lines
  } finally {
    await store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await agentSizeReport()) console.log(line)
}
