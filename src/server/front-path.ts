import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { chooseEncoding, type EncodingChoice } from '../surfaces/http/accept-encoding.ts'
import { ifNoneMatchHits } from '../surfaces/http/etag.ts'
import { noteParams, takeFrontNote, type FrontNote } from '../surfaces/http/front-note.ts'
import type { CacheEntry, ResponseCache } from '../surfaces/http/response-cache.ts'

/** Turns a request header a response varies on into the few values the routes distinguish. */
export type VaryClassifier = (value: string | undefined) => string

export interface FrontPathDeps {
  cache: ResponseCache
  /** The content version if known without I/O, else null (the request then takes the framework path). */
  versionNow: () => string | null
  /** Request headers (lowercase) that responses may vary on, with how to classify them; others are never answered here. */
  vary: Record<string, VaryClassifier>
  /** How many request forms the front path remembers (each maps onto a response cache entry). */
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
  /** Flat header lists (as node:http takes them) per encoding, built on first use for the body they were made for. */
  built: Map<string, { etag: string; ok: string[]; notModified: string[] }>
}

/** A URL whose responses vary on request headers: the answers are stored under the URL plus those headers' classes. */
interface VaryNode {
  kind: 'vary'
  names: string[]
}

type Slot = FrontEntry | VaryNode

/**
 * Query segments in name order, so `?b=1&a=2` and `?a=2&b=1` are one request form. The sort is stable and by name
 * only, so repeated names keep their order (never recorded anyway: see record()).
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0 || url.indexOf('&', q) < 0) return url
  const parts = url.slice(q + 1).split('&')
  const name = (s: string) => {
    const eq = s.indexOf('=')
    return eq < 0 ? s : s.slice(0, eq)
  }
  parts.sort((a, b) => {
    const na = name(a)
    const nb = name(b)
    return na < nb ? -1 : na > nb ? 1 : 0
  })
  return `${url.slice(0, q + 1)}${parts.join('&')}`
}

/** The query parameter names of a URL, or null when one repeats or is empty (such requests are never recorded). */
function distinctParamNames(url: string): string[] | null {
  const q = url.indexOf('?')
  if (q < 0) return []
  const names: string[] = []
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=')
    const n = eq < 0 ? part : part.slice(0, eq)
    if (!n || names.includes(n)) return null
    names.push(n)
  }
  return names
}

/**
 * The front path: answers a GET whose response is in the response cache before the framework sees it, writing
 * the stored headers and bytes as the framework would have (same status, same headers in the same order, same
 * bytes; the e2e suite and test/e2e/front-path.test.ts compare them). Routing, validation and rendering run only
 * when it cannot answer.
 *
 * It learns request forms from the framework: when the framework answers a GET with 200 from a cache entry, the
 * raw request form (path, query in name order, the classes of the headers the response varies on) is remembered
 * as pointing at that entry. So nothing is answered here that the framework did not validate first, an unknown
 * or ignored parameter never adds a form (the form's parameter names must all be ones the entry's key was made
 * of), and the bodies stay where they were: a form holds a key and its header lists, not a copy of the bytes.
 * A form is answered only while its entry is current: same content version, still in the response cache.
 */
export function createFrontPath({ cache, versionNow, vary, maxEntries }: FrontPathDeps) {
  const slots = new LRUCache<string, Slot>({ max: maxEntries })
  let answered = 0
  let notModified = 0

  function varyKey(url: string, names: string[], headers: IncomingMessage['headers']): string {
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
    const notModifiedPairs = pairs.slice().sort(byName)
    pairs.push(['content-type', body.contentType], ['content-length', String(variant.bytes.byteLength)])
    if (coding !== 'identity') pairs.push(['content-encoding', coding])
    const built = { etag: variant.etag, ok: pairs.sort(byName).flat(), notModified: notModifiedPairs.flat() }
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
    const inm = req.headers['if-none-match']
    // A date-only revalidation (feed readers that send If-Modified-Since alone) is the framework's to judge.
    if (inm === undefined && req.headers['if-modified-since'] !== undefined) return false
    if (inm !== undefined && (inm === built.etag || ifNoneMatchHits(inm, built.etag))) {
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

  /** Remembers the request form of a 200 the framework served from a cache entry (see the note it left). */
  function record(req: IncomingMessage, response: Response, note: FrontNote): void {
    if (req.method !== 'GET' || response.status !== 200) return
    const raw = req.url ?? ''
    const names = distinctParamNames(raw)
    if (!names) return
    const params = noteParams(note)
    if (names.some((n) => !params.has(n))) return
    const base: Array<[string, string]> = []
    let varyOn: string[] = []
    // The responder's own header object when this is its response (what the adapter writes); else read them.
    const headers = note.response === response && note.headers ? Object.entries(note.headers) : response.headers
    for (const [name, value] of headers) {
      if (name === 'set-cookie') return
      if (name === 'vary') {
        varyOn = value.split(',').map((v) => v.trim().toLowerCase()).filter((v) => v && v !== 'accept-encoding')
        if (varyOn.some((v) => !vary[v])) return // a header without a classifier: left to the framework
      }
      if (!PER_ENCODING.has(name)) base.push([name, value])
    }
    const url = canonicalUrl(raw)
    const entry: FrontEntry = { kind: 'answer', key: note.key, version: note.version, base, built: new Map() }
    if (varyOn.length === 0) {
      slots.set(url, entry)
      return
    }
    slots.set(url, { kind: 'vary', names: varyOn })
    slots.set(varyKey(url, varyOn, req.headers), entry)
  }

  return {
    serve,
    /**
     * Wraps the framework's fetch (as @hono/node-server calls it, with the Node request in `env.incoming`): the
     * responder leaves a note on the request when it answered from the cache, and the response is recorded here.
     */
    wrapFetch<E extends { incoming: object }>(fetch: (request: Request, env: E) => Response | Promise<Response>) {
      return async (request: Request, env: E): Promise<Response> => {
        const response = await fetch(request, env)
        const note = takeFrontNote(env.incoming)
        // Only HTTP/1 servers take the front path; their requests are IncomingMessages.
        if (note) record(env.incoming as IncomingMessage, response, note)
        return response
      }
    },
    stats: () => ({ answered, notModified, forms: slots.size }),
  }
}

function byName(a: [string, string], b: [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0
}

export type FrontPath = ReturnType<typeof createFrontPath>
