import { LRUCache } from 'lru-cache'
import { strongEtag } from './etag.ts'

export interface CachedBody {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
  contentType: string
  /** Headers computed from the body once (x-markdown-tokens, say), sent with it and with its 304s. */
  headers: Record<string, string>
}

/** What a renderer produces; the cache adds bytes and ETag. */
export interface Rendered {
  body: string
  contentType: string
  headers?: Record<string, string>
}

interface Entry extends CachedBody {
  version: string
}

/**
 * Serialized responses by normalized request: responses are identical for every caller, so the bytes and
 * their ETag are computed once per content version. Bounded by total bytes; a new content version makes
 * every older entry a miss (and LRU eviction reclaims it).
 */
export function createResponseCache(maxBytes: number) {
  const lru = maxBytes > 0
    ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => e.bytes.byteLength + 200 })
    : null
  let hits = 0
  let misses = 0

  return {
    /** The cached body for `key` at `version`, or the result of `render`, cached. */
    async get(key: string, version: string, render: () => Promise<Rendered>): Promise<CachedBody> {
      const cached = lru?.get(key)
      if (cached && cached.version === version) {
        hits++
        return cached
      }
      misses++
      const { body, contentType, headers = {} } = await render()
      const bytes = new TextEncoder().encode(body)
      const entry: Entry = { bytes, etag: strongEtag(bytes), contentType, headers, version }
      if (lru && bytes.byteLength < maxBytes) lru.set(key, entry)
      return entry
    },
    /** The last body cached for `key`, whatever its version: served when the store cannot say what is current. */
    stale: (key: string): CachedBody | undefined => lru?.get(key),
    stats: () => ({ hits, misses, entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 }),
    clear: () => lru?.clear(),
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
