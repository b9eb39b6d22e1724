import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { mulberry32 } from '../../src/crawler/cluster/testdata/seeded-random.ts'
import { JSON_RPC_MAX_ANSWER_BYTES } from '../../src/surfaces/json-rpc/guards.ts'
import { generateRequest, type FuzzRequest } from './fuzz-inputs.ts'
import { SITE_URL, startHarness, type Harness } from './harness.ts'
import { rawRequest } from './raw-http.ts'

const REQUESTS = 5_200
const CONCURRENCY = 6
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
/** The largest legitimate answer: a JSON-RPC answer at its cap (pages and REST lists are far smaller). */
const MAX_BYTES = JSON_RPC_MAX_ANSWER_BYTES

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

async function send(h: Harness, req: FuzzRequest): Promise<Answer> {
  if (req.raw) {
    return rawRequest(h.port, `${req.method} ${req.target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`)
  }
  const res = await fetch(`${h.url}${req.target}`, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual' })
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }
}

/** Everything wrong with one answer, as messages (empty: clean). */
function problems(req: FuzzRequest, res: Answer): string[] {
  const out: string[] = []
  const type = res.headers['content-type'] ?? ''
  const path = req.target.split('?')[0]!
  if (res.status >= 500) out.push(`status ${res.status}`)
  if (Buffer.byteLength(res.body) > MAX_BYTES) out.push(`body of ${Buffer.byteLength(res.body)} bytes`)
  if (/\bat [\w.<>]+ \(.*:\d+:\d+\)|\.ts:\d+|node:internal/.test(res.body)) out.push('stack trace in the body')
  for (const [name, value] of Object.entries(res.headers)) {
    if (/[^\x20-\x7e\t]/.test(value)) out.push(`header ${name} carries a non-ASCII or control character`)
  }
  if (res.headers.link) {
    for (const uri of res.headers.link.matchAll(/<([^>]*)>/g)) if (!uri[1]!.startsWith(`${SITE_URL}/`)) out.push(`Link to ${uri[1]}`)
  }
  if ('set-cookie' in res.headers) out.push('Set-Cookie')
  if (req.method === 'HEAD' || res.status === 204 || res.status === 304 || res.status === 202) return out
  if (/^application\/(json|[\w.+-]*\+json)/.test(type)) {
    let json: any
    try {
      json = JSON.parse(res.body)
    } catch {
      out.push('JSON content type, body not JSON')
      return out
    }
    const jsonRpc = path === '/mcp' || path === '/a2a'
    if (jsonRpc && req.method === 'POST' || json?.jsonrpc !== undefined) {
      if (json?.jsonrpc !== '2.0') out.push('JSON-RPC answer without jsonrpc 2.0')
      if (res.status >= 400 || json?.error !== undefined) {
        if (typeof json?.error?.code !== 'number' || typeof json?.error?.message !== 'string') out.push('JSON-RPC error without code and message')
        if (!('id' in json)) out.push('JSON-RPC error without id')
      }
    } else if (res.status >= 400) {
      const keys = Object.keys(json ?? {}).sort().join(',')
      if (keys !== 'error,message' && keys !== 'error') out.push(`error body keys ${keys}`)
      if (typeof json?.error !== 'string') out.push('error body without a string error')
    }
  } else if (res.status >= 400) {
    if (/^text\/html/.test(type)) {
      if (!res.body.startsWith('<!doctype html>')) out.push('HTML error not a page')
    } else if (/^text\/markdown/.test(type)) {
      if (!res.body.startsWith('# ')) out.push('Markdown error without a title')
    } else {
      out.push(`error in content type "${type}"`)
    }
  }
  return out
}

describe(`fuzz: ${REQUESTS} generated requests across every route, parameter and JSON-RPC body shape (seed ${SEED})`, () => {
  let h: Harness
  let patterns: string[]
  before(async () => {
    h = await startHarness()
    patterns = [...new Set(h.app.routes.filter((r) => r.method === 'GET' && !r.path.includes('*')).map((r) => r.path))]
  })
  after(async () => { await h.close() })

  it('no 5xx, clean error shapes, bounded sizes, no unsafe header, nothing logged as an error', async () => {
    const random = mulberry32(SEED)
    const requests = Array.from({ length: REQUESTS }, () => generateRequest(random, patterns, { storyId: h.storyIds[0]!, sourceId: h.sourceIds[0]! }))
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let next = 0
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++]!
        let res: Answer
        try {
          res = await send(h, req)
        } catch (err) {
          failures.push(`${req.method} ${req.target}: no answer (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message})`)
          continue
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        for (const p of problems(req, res)) failures.push(`${req.method} ${JSON.stringify(req.target.slice(0, 120))} ${JSON.stringify(req.headers)} ${req.body?.slice(0, 120) ?? ''}: ${p} (${res.status} ${res.body.slice(0, 160)})`)
      }
    }))
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} problems`)
    // The run reached the surfaces it claims to cover: successes, client errors and refusals of each kind.
    for (const status of [200, 204, 400, 404, 405]) assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} in ${JSON.stringify([...statuses])}`)
    assert.deepEqual(h.logs.filter((l) => l.level >= 50).map((l) => `${l.msg} ${JSON.stringify(l.err ?? '').slice(0, 300)}`), [])
  })
})
