import type { CrawlerKeyRing } from '../../signing/key-ring.ts'
import { crawlerSignatureHeaders } from '../../signing/crawler-signature.ts'

/** The product token robots.txt groups are matched against. */
export const BOT_TOKEN = 'NewsdeskBot'

/** Short on purpose: a captured signature can be replayed against the same site until it expires. */
const SIGNATURE_LIFETIME_MS = 60_000

export interface BotIdentity {
  userAgent: string
  /** Headers for one request to `url`: User-Agent, Signature-Agent, Signature-Input, Signature (RFC 9421, tag web-bot-auth). */
  headersFor(url: URL, now?: number): Promise<Record<string, string>>
}

/** The User-Agent of everything this service sends on its own: the crawler's fetches and its WebSub pings. */
export function botUserAgent(siteUrl: string): string {
  return `${BOT_TOKEN}/1.0 (+${siteUrl.replace(/\/+$/, '')}/auth.md)`
}

/**
 * Who the crawler says it is. Each request (each redirect hop) is signed anew, because the signature covers
 * `@authority` and a hop to another host must carry a signature for that host.
 */
export function createBotIdentity(siteUrl: string, keys: CrawlerKeyRing): BotIdentity {
  const site = siteUrl.replace(/\/+$/, '')
  const userAgent = botUserAgent(site)
  // sf-string form of Signature-Agent (the form web-bot-auth 0.1.3 signs whole); the key directory lives at the origin.
  const signatureAgent = `"${new URL(site).origin}"`
  return {
    userAgent,
    async headersFor(url, now = Date.now()) {
      const base = { 'user-agent': userAgent, 'signature-agent': signatureAgent }
      const signed = await crawlerSignatureHeaders({ method: 'GET', url: url.href, headers: base }, keys, {
        created: new Date(now),
        expires: new Date(now + SIGNATURE_LIFETIME_MS),
      })
      return { ...base, 'signature-input': signed['Signature-Input'], signature: signed.Signature }
    },
  }
}
