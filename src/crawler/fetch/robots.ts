import { LRUCache } from 'lru-cache'
import robotsParserModule from 'robots-parser'
import { BOT_TOKEN } from './bot-identity.ts'
import type { FetchFailure } from './fetch-result.ts'
import type { GuardedFetch } from './guarded-fetch.ts'

export interface RobotsVerdict {
  allowed: boolean
  /** Crawl-delay for our token (or `*`) in seconds, for the scheduler; null when robots.txt sets none. */
  crawlDelaySeconds: number | null
  /** Why robots.txt could not be read when that is why `allowed` is false (RFC 9309 "unreachable"). */
  failure: FetchFailure | null
}

export interface RobotsPolicy {
  check(url: string | URL): Promise<RobotsVerdict>
  isAllowed(url: string | URL): Promise<boolean>
}

export interface RobotsOptions {
  fetch: GuardedFetch
  /** How long a fetched robots.txt (or a 4xx = allow all) is trusted; RFC 9309 §2.4 says at most 24 h. */
  ttlMs?: number
  /** How long an unreachable robots.txt (5xx, 429, network) means "disallow all" before we ask again. */
  unreachableTtlMs?: number
  /** RFC 9309 §2.5 asks parsers to handle at least 500 KiB. */
  maxBytes?: number
  now?: () => number
}

// The package is CommonJS (`module.exports = fn`) but its .d.ts declares an ES default export, which NodeNext types
// as `.default`; at run time the default import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default

interface Entry { expiresAt: number; rules: Promise<Rules> }
interface Rules { verdict(url: string): RobotsVerdict; ttlMs: number }

/** robots.txt per origin, fetched through the guarded fetch and cached; concurrent checks share one fetch. */
export function createRobotsPolicy(opts: RobotsOptions): RobotsPolicy {
  const { ttlMs = 86_400_000, unreachableTtlMs = 600_000, maxBytes = 512 * 1024, now = Date.now } = opts
  const cache = new LRUCache<string, Entry>({ max: 10_000 })

  async function load(origin: string): Promise<Rules> {
    const robotsUrl = `${origin}/robots.txt`
    const res = await opts.fetch(robotsUrl, { maxBytes, accept: 'text/plain' })
    if (res.status === 'ok') {
      const parsed = robotsParser(robotsUrl, res.body.toString('utf8'))
      const crawlDelaySeconds = parsed.getCrawlDelay(BOT_TOKEN) ?? null
      // isAllowed is undefined for another origin; rules are only ever asked about their own origin.
      return { ttlMs, verdict: (url) => ({ allowed: parsed.isAllowed(url, BOT_TOKEN) !== false, crawlDelaySeconds, failure: null }) }
    }
    // RFC 9309 §2.3.1.3: 4xx means there are no rules. 429 is the site asking us to slow down, so not that.
    const unavailable = res.status === 'failed' && (res.reason === 'too-many-redirects' ||
      (res.reason === 'http-error' && res.httpStatus !== 429 && res.httpStatus! >= 400 && res.httpStatus! < 500))
    if (unavailable) return { ttlMs, verdict: () => ({ allowed: true, crawlDelaySeconds: null, failure: null }) }
    // §2.3.1.4: unreachable (5xx, network, and here anything odd) means complete disallow, for a while.
    return unreachable(unreachableTtlMs, res.status === 'failed' ? res : new Error('robots: unexpected 304'))
  }

  const check = async (input: string | URL): Promise<RobotsVerdict> => {
    const url = new URL(input)
    let entry = cache.get(url.origin)
    if (!entry || entry.expiresAt <= now()) {
      const fresh: Entry = { expiresAt: Infinity, rules: load(url.origin).catch((err: Error) => unreachable(unreachableTtlMs, err)) }
      void fresh.rules.then((r) => { fresh.expiresAt = now() + r.ttlMs })
      cache.set(url.origin, fresh)
      entry = fresh
    }
    return (await entry.rules).verdict(url.href)
  }
  return { check, isAllowed: async (url) => (await check(url)).allowed }
}

function unreachable(ttlMs: number, why: FetchFailure | Error): Rules {
  const failure: FetchFailure = why instanceof Error ? { status: 'failed', reason: 'network', message: why.message } : why
  return { ttlMs, verdict: () => ({ allowed: false, crawlDelaySeconds: null, failure }) }
}
