import { LRUCache } from 'lru-cache'
import { compressVariants, type CompressedVariants } from './compress.ts'
import { strongEtag } from './etag.ts'

export interface CachedBody {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
  contentType: string
  /** Headers computed from the body once (x-markdown-tokens, say), sent with it and with its 304s. */
  headers: Record<string, string>
  /**
   * The br and gzip encodings of `bytes`, made once when the body was cached; absent for small bodies and when
   * the cache is off (compression never happens per request). Present means the response varies on Accept-Encoding.
   */
  compressed?: CompressedVariants
}

/** What a renderer produces; the cache adds bytes and ETag. */
export interface Rendered {
  body: string
  contentType: string
  headers?: Record<string, string>
}

/** A cached body with the content version it was made under. */
export interface CacheEntry extends CachedBody {
  version: string
}

const encoder = new TextEncoder()

/**
 * Serialized responses by normalized request: responses are identical for every caller, so the bytes, their
 * compressed variants and their ETags are computed once per content version. Bounded by total bytes; a new
 * content version makes every older entry a miss (and LRU eviction reclaims it). Concurrent misses for one key
 * render once (a burst after a new content version does not run the same query twenty times).
 */
export function createResponseCache(maxBytes: number) {
  const lru = maxBytes > 0
    ? new LRUCache<string, CacheEntry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => e.bytes.byteLength + (e.compressed ? e.compressed.br.bytes.byteLength + e.compressed.gzip.bytes.byteLength : 0) + 200,
    })
    : null
  const inFlight = new Map<string, Promise<CacheEntry>>()
  let hits = 0
  let misses = 0

  async function fill(key: string, version: string, render: () => Promise<Rendered>, compress: boolean): Promise<CacheEntry> {
    const { body, contentType, headers = {} } = await render()
    const bytes = encoder.encode(body)
    const entry: CacheEntry = { bytes, etag: strongEtag(bytes), contentType, headers, version }
    if (!lru || bytes.byteLength >= maxBytes) return entry
    const compressed = compress ? await compressVariants(bytes) : undefined
    if (compressed) entry.compressed = compressed
    lru.set(key, entry)
    return entry
  }

  return {
    /**
     * The cached body for `key` at `version`, or the result of `render`, cached. `compress: false` for bodies
     * never sent as they are (a JSON-RPC answer that gets its request id spliced in): no br/gzip variants.
     */
    async get(key: string, version: string, render: () => Promise<Rendered>, opts: { compress?: boolean } = {}): Promise<CachedBody> {
      const cached = lru?.get(key)
      if (cached && cached.version === version) {
        hits++
        return cached
      }
      misses++
      const flightKey = `${version}\n${key}`
      let pending = inFlight.get(flightKey)
      if (!pending) {
        pending = fill(key, version, render, opts.compress ?? true).finally(() => inFlight.delete(flightKey))
        inFlight.set(flightKey, pending)
      }
      return pending
    },
    /** The entry cached for `key` if it was made under `version` (the front path's lookup: no render on a miss). */
    lookup(key: string, version: string): CacheEntry | undefined {
      const entry = lru?.get(key)
      if (!entry || entry.version !== version) return undefined
      hits++
      return entry
    },
    /** The last body cached for `key`, whatever its version: served when the store cannot say what is current. */
    stale: (key: string): CachedBody | undefined => lru?.get(key),
    stats: () => ({ hits, misses, entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 }),
    clear: () => lru?.clear(),
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
