/**
 * A frozen PostgreSQL never hangs a client (issue 24, point 3). The red team stopped the database process (SIGSTOP):
 * health, MCP tool calls (cached ones too) and A2A requests on a kept-alive connection got nothing for 20 s.
 *
 * Here a private cluster (never the machine's shared server) is stopped with SIGSTOP under the service as `serve`
 * runs it, with requests on one kept-alive connection as the red team sent them:
 * - health answers 503 (`error`) within its deadline;
 * - REST, MCP and A2A answers cached before the freeze keep being served, from the content version known in memory;
 * - an answer not cached gets a prompt refusal: REST 503 with Retry-After, an MCP isError result, an A2A -32603;
 * - after SIGCONT the service recovers by itself: health 200, new answers, a write by another instance is seen.
 * Durations are printed; the only limits are hang guards.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { StorySnapshot } from '../../src/domain/story.ts'
import { openPostgresStore, type PostgresStore } from '../../src/storage/postgres/open-postgres-store.ts'
import { makeStory } from '../fixtures/stories.ts'
import { tempDir } from '../helpers/cli.ts'
import { startInProcessServe, type InProcessService } from '../helpers/in-process-serve.ts'
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts'

/** Long enough for any answer on a loaded machine, far shorter than a hang: a guard, not a latency limit. */
const HANG_GUARD_MS = 15_000

interface Answer { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number; reused: boolean }

const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
const A2A = { 'content-type': 'application/json', 'a2a-version': '1.0' }
const mcpCall = (args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_latest_stories', arguments: args } })
const a2aSend = (text: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'SendMessage', params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text }] } } })

describe('a frozen PostgreSQL (SIGSTOP) never hangs a client', { timeout: 180_000 }, () => {
  let pg: PrivatePostgres
  let service: InProcessService
  let writer: PostgresStore
  // One kept-alive connection for everything, as the red team's client had.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

  const send = (method: string, target: string, headers: Record<string, string> = {}, body?: string, useAgent: http.Agent | false = agent, retried = false): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now()
      const req = http.request(`${service.url}${target}`, { method, headers, agent: useAgent, signal: AbortSignal.timeout(HANG_GUARD_MS) }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => { text += d })
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, ms: performance.now() - started, reused: req.reusedSocket }))
      })
      // The kept-alive socket idles while a frozen case waits 6 s, past the server's 5 s keepAliveTimeout: the next request
      // may be written to it just as the server's close arrives (ECONNRESET on a reused socket, the race Node's
      // request.reusedSocket documents). Every request here is a read: such a one is sent again, once, on a new socket.
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) resolve(send(method, target, headers, body, useAgent, true))
        else reject(err)
      })
      req.end(body)
    })
  const get = (target: string) => send('GET', target)
  const mcp = (args: Record<string, unknown>) => send('POST', '/mcp', MCP, mcpCall(args))
  const a2a = (text: string) => send('POST', '/a2a', A2A, a2aSend(text))
  const a2aParts = (a: Answer) => JSON.stringify((JSON.parse(a.text) as { result?: { message?: { parts?: unknown } } }).result?.message?.parts)
  const diag: string[] = []
  const note = (line: string) => { diag.push(line); console.log(line) }

  before(async () => {
    pg = await startPrivatePostgres()
    const url = `${pg.url}?schema=frozen`
    const dir = tempDir('newsdesk-frozen-')
    service = await startInProcessServe({
      DATABASE_URL: url, SITE_URL: 'https://news.example.org', NEWSDESK_SAMPLE: 'off', DATA_DIR: path.join(dir, 'data'),
      HEALTH_MAX_STORY_AGE_MINUTES: '525600', LOG_LEVEL: 'silent',
    }, async (store) => {
      const now = Date.now()
      await store.upsertStories(Array.from({ length: 12 }, (_, i) => StorySnapshot.parse(makeStory({
        headline: `Harbour cranes story ${i}`, published_at: new Date(now - i * 60_000).toISOString(),
      }))))
    })
    writer = openPostgresStore(url)
    await writer.ready()
    // Listening: the content version is known in memory (LISTEN/NOTIFY), as in a serve that has run a while.
    const store = service.store as PostgresStore
    await store.contentVersion()
    for (const started = Date.now(); !store.versions.state().listening; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() - started > HANG_GUARD_MS) throw new Error('the store never listened')
    }
  })
  after(async () => {
    pg?.thaw()
    agent.destroy()
    await writer?.close().catch(() => {})
    await service?.stop().catch(() => {})
    await pg?.stop()
  })

  let cached: { rest: Answer; mcp: Answer; a2a: Answer }

  it('before: every answer is cached', async () => {
    assert.equal((await get('/api/v1/health')).status, 200)
    await get('/api/v1/stories?limit=5')
    await mcp({ limit: 3 })
    await a2a('latest news')
    cached = { rest: await get('/api/v1/stories?limit=5'), mcp: await mcp({ limit: 3 }), a2a: await a2a('latest news') }
    for (const a of Object.values(cached)) assert.equal(a.status, 200)
    assert.equal(cached.rest.reused, true, 'on the kept-alive connection')
  })

  it('frozen: health 503 within its deadline, cached answers served, the rest refused at once; then it recovers', async () => {
    const stopped = pg.freeze()
    note(`froze the private cluster: ${stopped.length} processes stopped`)
    try {
      const health = await get('/api/v1/health')
      note(`health while frozen: ${health.status} in ${health.ms.toFixed(0)} ms`)
      assert.equal(health.status, 503)
      assert.equal(JSON.parse(health.text).status, 'error')

      for (let round = 0; round < 3; round++) {
        const rest = await get('/api/v1/stories?limit=5')
        assert.equal(rest.status, 200)
        assert.equal(rest.text, cached.rest.text)
        assert.equal(rest.headers.etag, cached.rest.headers.etag)
        const tool = await mcp({ limit: 3 })
        assert.equal(tool.status, 200)
        assert.equal(tool.text, cached.mcp.text)
        const skill = await a2a('latest news')
        assert.equal(skill.status, 200)
        assert.equal(a2aParts(skill), a2aParts(cached.a2a))
        if (round === 0) note(`cached while frozen: REST ${rest.ms.toFixed(0)} ms, MCP ${tool.ms.toFixed(0)} ms, A2A ${skill.ms.toFixed(0)} ms`)
      }
      // A new connection is served the same (the front path answers before the framework).
      const fresh = await send('GET', '/api/v1/stories?limit=5', {}, undefined, false)
      assert.equal(fresh.status, 200)
      assert.equal(fresh.text, cached.rest.text)

      const uncached = await get('/api/v1/stories?limit=7')
      note(`uncached REST while frozen: ${uncached.status} in ${uncached.ms.toFixed(0)} ms`)
      assert.equal(uncached.status, 503)
      assert.equal(uncached.headers['retry-after'], '5')
      assert.equal(JSON.parse(uncached.text).error, 'unavailable')
      const page = await send('GET', '/c/finance', { accept: 'text/html' })
      assert.equal(page.status, 503)
      assert.equal(page.headers['retry-after'], '5')
      const tool = await mcp({ limit: 4 })
      note(`uncached MCP while frozen: ${tool.status} in ${tool.ms.toFixed(0)} ms`)
      const toolResult = (JSON.parse(tool.text) as { result: { isError?: boolean; content: Array<{ text: string }> } }).result
      assert.equal(toolResult.isError, true)
      assert.match(toolResult.content[0]!.text, /temporarily unavailable/)
      const skill = await a2a('search harbour cranes')
      note(`uncached A2A while frozen: ${skill.status} in ${skill.ms.toFixed(0)} ms`)
      const skillError = (JSON.parse(skill.text) as { error: { code: number; message: string } }).error
      assert.equal(skillError.code, -32603)
      assert.match(skillError.message, /temporarily unavailable/)
      // Once the service knows the store is silent, a refusal waits for nothing: it costs about what a cached answer
      // through the framework costs (an unknown parameter keeps the front path out), compared in alternation in the
      // same process as a ratio of medians.
      const refusals: number[] = []
      const hits: number[] = []
      for (let i = 0; i < 15; i++) {
        refusals.push((await get(`/api/v1/stories?limit=${10 + i}`)).ms)
        hits.push((await get('/api/v1/stories?limit=5&via=framework')).ms)
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
      const ratio = median(refusals) / median(hits)
      note(`refusal ${median(refusals).toFixed(1)} ms against a cached answer through the framework ${median(hits).toFixed(1)} ms (medians of 15): ${ratio.toFixed(2)}x`)
      // 20×: waiting for the store's deadline (health took about 1 s above) would read hundreds of times a cached
      // answer; a loaded CI leg measured 3.8× once the file really ran there (it had counted as passed unrun).
      assert.ok(ratio < 20, 'a refusal waits for nothing')
    } finally {
      pg.thaw()
    }

    // Recovery by itself: health comes back, new answers are made, another instance's write is seen.
    const thawed = performance.now()
    for (;;) {
      const health = await get('/api/v1/health')
      if (health.status === 200) break
      if (performance.now() - thawed > HANG_GUARD_MS) assert.fail(`health still ${health.status} after SIGCONT`)
      await new Promise((r) => setTimeout(r, 100))
    }
    note(`health 200 again ${(performance.now() - thawed).toFixed(0)} ms after SIGCONT`)
    assert.equal((await get('/api/v1/stories?limit=7')).status, 200)
    const tool = await mcp({ limit: 4 })
    assert.equal((JSON.parse(tool.text) as { result: { isError?: boolean } }).result.isError, undefined)
    const added = StorySnapshot.parse(makeStory({ headline: 'Written after the thaw', published_at: new Date().toISOString() }))
    await writer.upsertStories([added])
    for (const started = performance.now(); ;) {
      const list = await get('/api/v1/stories?limit=5')
      if (list.text.includes(added.id)) break
      if (performance.now() - started > HANG_GUARD_MS) assert.fail('the write after the thaw never showed')
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  it('requests already waiting when it stops, more than the pool holds, end with 503 by the client-side timeouts', async () => {
    // Nothing has marked the server yet: each request waits for its query (6 s) or for a pooled connection (5 s).
    const store = service.store as PostgresStore
    for (const started = performance.now(); !store.versions.state().listening; await new Promise((r) => setTimeout(r, 50))) {
      if (performance.now() - started > HANG_GUARD_MS) assert.fail('never listening again after the thaw')
    }
    pg.freeze()
    try {
      const started = performance.now()
      const answers = await Promise.all(Array.from({ length: 14 }, (_, i) =>
        send('GET', `/api/v1/stories?limit=${30 + i}`, {}, undefined, false)))
      note(`14 uncached requests in flight as it froze: ${answers.map((a) => a.status).join(' ')}, the last after ${(performance.now() - started).toFixed(0)} ms`)
      for (const a of answers) {
        assert.equal(a.status, 503)
        assert.equal(a.headers['retry-after'], '5')
      }
      // Marked now: the next refusal is immediate, and cached answers still come from memory.
      const next = await get('/api/v1/stories?limit=49')
      assert.equal(next.status, 503)
      note(`the next uncached request: 503 in ${next.ms.toFixed(0)} ms`)
      assert.equal((await get('/api/v1/stories?limit=5')).status, 200)
    } finally {
      pg.thaw()
    }
    for (const thawed = performance.now(); (await get('/api/v1/health')).status !== 200; await new Promise((r) => setTimeout(r, 100))) {
      if (performance.now() - thawed > HANG_GUARD_MS) assert.fail('health never 200 again')
    }
  })
})
