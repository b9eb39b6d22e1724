import { LRUCache } from 'lru-cache'
import type { FetchResult } from '../../crawler/fetch/fetch-result.ts'
import { sniffImageType, type ImageType } from './image-type.ts'

export interface CoverImage {
  type: ImageType
  body: Buffer
}

export interface CoverProxyDeps {
  /** The crawler's fetch for images: SSRF guard on every hop, robots.txt, timeouts and a byte cap. */
  fetchImage(url: string): Promise<FetchResult>
  /** Bytes of images kept in memory (default 32 MiB); the least recently used go first. */
  cacheBytes?: number
  /** How long an image is kept before it is fetched again (default 1 day). */
  ttlMs?: number
  /** How long a failure is remembered, so a broken or hostile image host is not asked again on every view (10 min). */
  failureTtlMs?: number
}

export interface CoverProxy {
  /** The image at `url`, fetched once and cached; null when it cannot be fetched or is not an image we pass on. */
  get(url: string): Promise<CoverImage | null>
}

/**
 * Story cover images served from this site: a reader's browser loads /img/{story id}, and only the service contacts
 * the image's host (once per image and day, whoever reads), so no feed learns who reads what. Only the first bytes
 * decide what is passed on (JPEG, PNG, GIF, WebP, AVIF); anything else, including SVG and HTML, is refused.
 */
export function createCoverProxy(deps: CoverProxyDeps): CoverProxy {
  const ttl = deps.ttlMs ?? 86_400_000
  const failureTtl = deps.failureTtlMs ?? 600_000
  const cache = new LRUCache<string, { image: CoverImage | null }>({
    maxSize: deps.cacheBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.image?.body.length ?? 0),
    ttl,
  })
  const inFlight = new Map<string, Promise<CoverImage | null>>()

  async function fetchOnce(url: string): Promise<CoverImage | null> {
    const res = await deps.fetchImage(url)
    const type = res.status === 'ok' ? sniffImageType(res.body) : null
    const image = res.status === 'ok' && type ? { type, body: res.body } : null
    cache.set(url, { image }, image ? {} : { ttl: failureTtl })
    return image
  }

  return {
    async get(url) {
      const cached = cache.get(url)
      if (cached) return cached.image
      let pending = inFlight.get(url)
      if (!pending) {
        // Readers arriving while the image is on its way wait for the same fetch.
        pending = fetchOnce(url).finally(() => inFlight.delete(url))
        inFlight.set(url, pending)
      }
      return pending
    },
  }
}
