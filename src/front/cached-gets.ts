import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { chooseEncoding, type EncodingChoice } from '../surfaces/http/accept-encoding.ts'
import type { CacheDeclaration, NodeRequestHead, ServedEntry } from '../surfaces/http/cache-declaration.ts'
import { revalidate } from '../surfaces/http/conditional.ts'
import type { CacheEntry, ResponseCache } from '../surfaces/http/response-cache.ts'
import { byCodeUnits, byFirstString } from '../util/order.ts'

/** Turns a request header a response varies on into the few values the routes distinguish. */
export type VaryClassifier = (value: string | undefined) => string

export interface CachedGetsDeps {
  cache: ResponseCache
  /** The content version if known without I/O, else null (the request then takes the framework path). */
  versionNow: () => string | null
  /** Request headers (lowercase) that routes may declare, with how to classify them; a route declaring another throws. */
  vary: Record<string, VaryClassifier>
  /** How many request forms are remembered (each maps onto a response cache entry). */
  maxEntries: number
}

/** Headers whose values depend on the encoding sent: filled in per encoding, never taken from the recorded response. */
const PER_ENCODING = new Set(['etag', 'content-length', 'content-encoding', 'content-type'])

/** A request form the framework answered with 200 from the response cache, and how to answer it again. */
interface FrontEntry {
  kind: 'answer'
  /** The response cache entry: its key and the content version it was made under. */
  key: string
  version: string
  /** The recorded response's headers minus the per-encoding ones, lowercase names in the framework's order. */
  base: Array<[string, string]>
  /** Its Last-Modified (settled when learnt: see revalidate), which If-Modified-Since is judged against. */
  lastModified: string | undefined
  /** Flat header lists (as node:http takes them) per encoding, built on first use for the body they were made for. */
  built: Map<string, { etag: string; ok: string[]; notModified: string[] }>
}

/** A URL whose route declared request headers: the answers are stored under the URL plus those headers' classes. */
interface VaryNode {
  kind: 'vary'
  names: readonly string[]
}

type Slot = FrontEntry | VaryNode

const paramName = (segment: string) => segment.split('=', 1)[0]!

/**
 * Query segments in name order, so `?b=1&a=2` and `?a=2&b=1` are one request form. The sort is stable and by name
 * only, so repeated names keep their order (never learnt anyway: see learn()).
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0 || url.indexOf('&', q) < 0) return url
  const parts = url.slice(q + 1).split('&')
  parts.sort((a, b) => byCodeUnits(paramName(a), paramName(b)))
  return `${url.slice(0, q + 1)}${parts.join('&')}`
}

/**
 * The response front's GETs (REST, pages, feeds, sitemaps, discovery): answers a GET whose response is in the
 * response cache before the framework sees it, writing the stored headers and bytes as the framework would have
 * (same status, same headers in the same order, same bytes; the e2e suite and test/e2e/front-path.test.ts compare
 * them), and deciding 304 by the responder's own function (revalidate). Routing, validation and rendering run only
 * when it cannot answer.
 *
 * It learns request forms from the responder: when the responder answers a GET with 200 from a cache entry, the
 * raw request form (path, query in name order, the classes of the headers the route declared) is remembered as
 * pointing at that entry. So nothing is answered here that the route did not validate first, a parameter the route
 * did not declare never adds a form, and the bodies stay where they were: a form holds a key and its header lists,
 * not a copy of the bytes. A form is answered only while its entry is current: same content version, still held.
 */
export function createCachedGets({ cache, versionNow, vary, maxEntries }: CachedGetsDeps) {
  const slots = new LRUCache<string, Slot>({ max: maxEntries })
  let answered = 0
  let notModified = 0

  function varyKey(url: string, names: readonly string[], headers: NodeRequestHead['headers']): string {
    let key = url
    for (const n of names) {
      const raw = headers[n]
      key += `\n${vary[n]!(typeof raw === 'string' ? raw : undefined)}`
    }
    return key
  }

  /** The flat header lists for `coding` of `body`, built once per entry and encoding. */
  function headersFor(entry: FrontEntry, body: CacheEntry, coding: EncodingChoice) {
    const variant = coding === 'identity' || !body.compressed ? body : body.compressed[coding]
    const memo = entry.built.get(coding)
    if (memo && memo.etag === variant.etag) return memo
    const pairs: Array<[string, string]> = [...entry.base, ['etag', variant.etag]]
    const notModifiedPairs = pairs.slice().sort(byFirstString)
    pairs.push(['content-type', body.contentType], ['content-length', String(variant.bytes.byteLength)])
    if (coding !== 'identity') pairs.push(['content-encoding', coding])
    const built = { etag: variant.etag, ok: pairs.sort(byFirstString).flat(), notModified: notModifiedPairs.flat() }
    entry.built.set(coding, built)
    return built
  }

  /** Answers `req` if it can; false sends it on to the framework. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false
    const url = canonicalUrl(req.url ?? '')
    let slot = slots.get(url)
    if (slot?.kind === 'vary') slot = slots.get(varyKey(url, slot.names, req.headers))
    if (!slot || slot.kind !== 'answer') return false
    // Reading the content version costs a statement on SQLite: not for a form whose entry is no longer held.
    if (!cache.holds(slot.key)) return false
    const version = slot.version === 'static' ? 'static' : versionNow()
    if (version !== slot.version) return false
    const body = cache.lookup(slot.key, version)
    if (!body) return false
    const coding = body.compressed || body.compressing ? chooseEncoding(req.headers['accept-encoding']) : 'identity'
    // A body whose variants are still being made has none to send yet: a br or gzip request waits in the framework.
    if (body.compressing && coding !== 'identity') return false
    const built = headersFor(slot, body, coding)
    const validators = { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] }
    const answer = revalidate(validators, built.etag, slot.lastModified, Date.now())
    // A form is learnt only with a settled date, which stays settled: only a clock set back gets here.
    if (answer.lastModified !== slot.lastModified) return false
    if (answer.notModified) {
      notModified++
      res.writeHead(304, built.notModified)
      res.end()
      return true
    }
    answered++
    res.writeHead(200, built.ok)
    res.end(coding === 'identity' || !body.compressed ? body.bytes : body.compressed[coding].bytes)
    return true
  }

  /** Remembers the request form of a 200 the responder sent from a cache entry, within the route's declaration. */
  function learn(req: NodeRequestHead, { declaration, key, version, headers }: ServedEntry): void {
    if (req.method !== 'GET') return
    const raw = req.url ?? ''
    const q = raw.indexOf('?')
    // Each query name declared, and named once (an empty name never is).
    const names = q < 0 ? [] : raw.slice(q + 1).split('&').map(paramName)
    if (names.some((n, i) => !declaration.params.includes(n) || names.indexOf(n) !== i)) return
    const base: Array<[string, string]> = []
    let lastModified: string | undefined
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'set-cookie') return
      // A route whose answer varies on a header it did not declare is left to the framework.
      if (name === 'vary' && value.split(',').some((v) => !/^accept-encoding$/i.test(v.trim()) && !declaration.vary.includes(v.trim().toLowerCase()))) return
      if (name === 'last-modified') lastModified = value
      if (!PER_ENCODING.has(name)) base.push([name, value])
    }
    const url = canonicalUrl(raw)
    const entry: FrontEntry = { kind: 'answer', key, version, base, lastModified, built: new Map() }
    if (declaration.vary.length === 0) {
      slots.set(url, entry)
      return
    }
    slots.set(url, { kind: 'vary', names: declaration.vary })
    slots.set(varyKey(url, declaration.vary, req.headers), entry)
  }

  /** Refuses, when a route is built, a declared header the front cannot tell apart. */
  function declare(declaration: CacheDeclaration): void {
    const unknown = declaration.vary.filter((name) => !vary[name])
    if (unknown.length > 0) throw new Error(`cache declaration: no classifier for request header ${unknown.join(', ')}`)
  }

  return {
    serve,
    learn,
    declare,
    stats: () => ({ answered, notModified, forms: slots.size }),
  }
}

export type CachedGets = ReturnType<typeof createCachedGets>
