import { Hono } from 'hono'
import { DIRECTORY_MEDIA_TYPE, DIRECTORY_PATH, signDirectory, type SignedDirectory } from '../../signing/directory-response.ts'
import type { CrawlerKeyRing } from '../../signing/key-ring.ts'

export interface SignaturesDirectoryDeps {
  keys: CrawlerKeyRing
  siteUrl: string
  /** Epoch ms; injectable for tests. */
  now?: () => number
}

/**
 * Signing once per hour: every response in that hour carries the same signatures, created at most an hour ago
 * and valid for 24 h. A client or cache keeps it for max-age (1 h), so any copy in circulation still has at least
 * 22 h of signature validity left: well inside, with room for clock skew and stale serving.
 */
const RESIGN_AFTER_MS = 60 * 60 * 1000
const CACHE_CONTROL = 'public, max-age=3600'

/**
 * GET and HEAD /.well-known/http-message-signatures-directory: the crawler's public keys as a JWKS, with the Web
 * Bot Auth proof of possession (see signDirectory). The signed authority is SITE_URL's, whatever Host the request
 * names (decision 0015), so the response is the same for every caller and needs no Vary.
 */
export function createSignaturesDirectoryRoutes({ keys, siteUrl, now = Date.now }: SignaturesDirectoryDeps): Hono {
  let cached: { keySet: string; signedAt: number; signed: Promise<SignedDirectory> } | null = null

  const current = (at: number): Promise<SignedDirectory> => {
    const published = keys.publishedKeys(at)
    const keySet = published.map((k) => k.jwk.kid).join(' ')
    if (!cached || cached.keySet !== keySet || at - cached.signedAt >= RESIGN_AFTER_MS || at < cached.signedAt) {
      const signed = signDirectory(published, siteUrl, at)
      cached = { keySet, signedAt: at, signed }
      // A failed signing must not stick: the next request tries again.
      signed.catch(() => { if (cached?.signed === signed) cached = null })
    }
    return cached.signed
  }

  const app = new Hono()
  app.get(DIRECTORY_PATH, async () => {
    const { body, headers } = await current(now())
    return new Response(body, {
      headers: {
        'Content-Type': DIRECTORY_MEDIA_TYPE,
        'Content-Length': String(new TextEncoder().encode(body).byteLength),
        'Cache-Control': CACHE_CONTROL,
        ...headers,
      },
    })
  })
  return app
}
