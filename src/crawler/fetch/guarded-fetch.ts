import { Agent, type Dispatcher } from 'undici'
import type { CrawlerKeyRing } from '../../signing/key-ring.ts'
import { createAddressPolicy } from './address-policy.ts'
import { createBotIdentity } from './bot-identity.ts'
import { failure, type FetchFailure, type FetchResult } from './fetch-result.ts'
import { BlockedAddressError, createGuardedConnector, type Resolver } from './guarded-connector.ts'
import type { HostLimiter } from './host-limiter.ts'
import { DecodeError, TooLargeError, decodeBody, readCapped } from './read-response-body.ts'
import { checkTarget } from './url-policy.ts'

export interface GuardedFetchOptions {
  /** SITE_URL: named in the User-Agent and, as Signature-Agent, where verifiers find our keys. */
  siteUrl: string
  keys: CrawlerKeyRing
  /** Hostnames or CIDRs exempt from the address guard (NEWSDESK_FETCH_ALLOW). */
  allow?: readonly string[]
  resolve?: Resolver
  /** Every hop, redirects included, runs inside `limiter.run(hostname, ...)`. */
  limiter?: HostLimiter
  timeouts?: { connectMs?: number; headersMs?: number; totalMs?: number }
  maxRedirects?: number
}

export interface FetchInit {
  /** Cap on the body, checked on the wire and again after decompression (feeds 5 MiB, articles 10 MiB). */
  maxBytes: number
  etag?: string | null
  lastModified?: string | null
  accept?: string
  /** Asked before each hop, e.g. robots.txt; a failure returned here ends the fetch with it. */
  beforeHop?: (url: URL) => Promise<FetchFailure | null>
  /**
   * Awaited by each hop once it holds its host's slot, just before it starts (the host's Crawl-delay). Spacing taken
   * there holds between the requests' actual starts: reserved earlier, requests that queued behind a slow one would
   * all find their slots passed when it ends and start together.
   */
  paceHop?: (url: URL) => Promise<void>
}

export type GuardedFetch = ((url: string | URL, init: FetchInit) => Promise<FetchResult>) & { close(): Promise<void> }

type HopResult = FetchResult | { status: 'redirect'; location: string }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The crawler's only way onto the network: SSRF guard on every connection, manual redirects (each hop re-checked and
 * re-signed), timeouts, size caps, conditional GET. Every outcome is a value; nothing here throws at the caller.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const policy = createAddressPolicy(options.allow)
  const identity = createBotIdentity(options.siteUrl, options.keys)
  const t = { connectMs: 10_000, headersMs: 10_000, totalMs: 20_000, ...options.timeouts }
  const maxRedirects = options.maxRedirects ?? 5
  const limiter: HostLimiter = options.limiter ?? {
    run: async (_host, task, whenHostSlot) => {
      if (whenHostSlot) await whenHostSlot()
      return task()
    },
    activeHosts: () => 0,
  }
  const agent = new Agent({
    connect: createGuardedConnector({ policy, resolve: options.resolve, connectTimeoutMs: t.connectMs }),
  })

  async function hop(url: URL, init: FetchInit, signal: AbortSignal): Promise<HopResult> {
    try {
      const headers: Record<string, string> = {
        ...(await identity.headersFor(url)),
        accept: init.accept ?? '*/*',
        'accept-encoding': 'gzip, deflate, br',
      }
      // Validators are opaque tokens: sent back exactly as received, quotes included.
      if (init.etag) headers['if-none-match'] = init.etag
      if (init.lastModified) headers['if-modified-since'] = init.lastModified
      const send = () => agent.request({
        origin: url.origin, path: url.pathname + url.search, method: 'GET', headers, signal,
        headersTimeout: t.headersMs, bodyTimeout: t.headersMs,
      })
      let res: Dispatcher.ResponseData
      try {
        res = await send()
      } catch (err) {
        // A kept-alive connection the server closed while it sat in the pool fails before any response byte ("other
        // side closed"), most often when a busy crawler reuses it just as the server's idle timeout ends it. A GET is
        // safe to send again, once, on a new connection; a server that closes every connection still fails.
        if ((err as { code?: string }).code !== 'UND_ERR_SOCKET' || signal.aborted) throw err
        res = await send()
      }
      return await respond(res, url, init, Boolean(init.etag || init.lastModified))
    } catch (err) {
      return classify(err, signal, url, t)
    }
  }

  const guardedFetch = async (input: string | URL, init: FetchInit): Promise<FetchResult> => {
    // The total timeout starts when the first hop gets its slot, not while it waits behind other fetches to the host.
    let deadline: AbortSignal | undefined
    let target = checkTarget(input, policy)
    for (let redirects = 0; ; redirects++) {
      if (!(target instanceof URL)) return target
      const url = target
      const refused = await init.beforeHop?.(url)
      if (refused) return refused
      const pace = init.paceHop
      const result = await limiter.run(url.hostname, () => hop(url, init, deadline ??= AbortSignal.timeout(t.totalMs)), pace && (() => pace(url)))
      if (result.status !== 'redirect') return result
      if (redirects >= maxRedirects) return failure('too-many-redirects', `fetch: more than ${maxRedirects} redirects from ${String(input)}`)
      target = checkTarget(result.location, policy, url)
    }
  }
  return Object.assign(guardedFetch, { close: () => agent.close() })
}

async function respond(res: Dispatcher.ResponseData, url: URL, init: FetchInit, conditional: boolean): Promise<HopResult> {
  const headers = flatHeaders(res.headers)
  const status = res.statusCode
  if (REDIRECTS.has(status) && headers.location) {
    await res.body.dump()
    return { status: 'redirect', location: headers.location }
  }
  if (status === 304 && conditional) {
    await res.body.dump()
    return { status: 'not-modified', finalUrl: url.href }
  }
  if (status < 200 || status > 299) {
    await res.body.dump()
    const extra = headers['retry-after'] ? { retryAfter: headers['retry-after'] } : {}
    return failure('http-error', `fetch: HTTP ${status} from ${url.href}`, { httpStatus: status, ...extra })
  }
  // A declared length over the cap is refused before reading a byte.
  if (Number(headers['content-length']) > init.maxBytes) {
    res.body.destroy()
    return failure('too-large', `fetch: content-length ${headers['content-length']} over ${init.maxBytes} bytes`)
  }
  const raw = await readCapped(res.body, init.maxBytes)
  const body = await decodeBody(raw, headers['content-encoding'], init.maxBytes)
  return {
    status: 'ok', body, headers, finalUrl: url.href,
    etag: headers.etag ?? null, lastModified: headers['last-modified'] ?? null,
  }
}

/** What each undici timeout means, in words an operator reads in the feed's status. */
const TIMEOUT_WORDS: Record<string, (t: Required<NonNullable<GuardedFetchOptions['timeouts']>>) => string> = {
  UND_ERR_CONNECT_TIMEOUT: (t) => `no connection within ${t.connectMs / 1000} s`,
  UND_ERR_HEADERS_TIMEOUT: (t) => `no response headers within ${t.headersMs / 1000} s`,
  UND_ERR_BODY_TIMEOUT: (t) => `the body stalled for ${t.headersMs / 1000} s`,
}

/** DNS answers that mean the name does not resolve (now): a network failure, said plainly. */
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL'])
/** Errors of a connection that was never made (as opposed to one that broke after the host answered). */
const NO_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'ETIMEDOUT', 'EADDRNOTAVAIL'])

function classify(err: unknown, signal: AbortSignal, url: URL, t: Required<NonNullable<GuardedFetchOptions['timeouts']>>): FetchFailure {
  const e = err as Error & { code?: string }
  if (e instanceof BlockedAddressError) return failure('blocked-address', e.message)
  if (e instanceof TooLargeError) return failure('too-large', e.message)
  if (e instanceof DecodeError) return failure('network', e.message)
  // The deadline's abort reason is a DOMException whose numeric legacy `code` (23) says nothing: name the limit.
  if (signal.aborted) return failure('timeout', `fetch: ${url.href} timed out: not complete within ${t.totalMs / 1000} s`)
  const words = TIMEOUT_WORDS[e.code ?? '']
  if (words) return failure('timeout', `fetch: ${url.href} timed out: ${words(t)}`, e.code === 'UND_ERR_CONNECT_TIMEOUT' ? { unreachable: true } : {})
  if (DNS_CODES.has(e.code ?? '')) return failure('network', `fetch: ${url.hostname} does not resolve (DNS ${e.code})`, { unreachable: true })
  return failure('network', `fetch: ${e.code ?? e.name}: ${e.message}`, NO_CONNECTION_CODES.has(e.code ?? '') ? { unreachable: true } : {})
}

function flatHeaders(raw: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
