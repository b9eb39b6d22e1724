import { LRUCache } from 'lru-cache'
import { compressVariants, isCompressible, type CompressedVariants } from './compress.ts'
import { strongEtag } from './etag.ts'

export interface CachedBody {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
  contentType: string
  /** Headers computed from the body once (x-markdown-tokens, say), sent with it and with its 304s. */
  headers: Record<string, string>
  /**
   * The br and gzip encodings of `bytes`, made once when the body was cached (with the cache off, made for each
   * answer to a client that takes them); absent for small bodies. Present means the response varies on
   * Accept-Encoding.
   */
  compressed?: CompressedVariants
  /**
   * Set on a body handed out while its variants are still being made (for a client that takes identity, see
   * get's `identity`): the response varies on Accept-Encoding as it will once `compressed` is there.
   */
  compressing?: true
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
  const inFlight = new Map<string, Flight>()
  /** Bodies whose variants are being made, by key (see fill): answerable to clients taking identity only. */
  const compressing = new Map<string, CacheEntry>()
  let hits = 0
  let misses = 0

  /** A render under way: the identity body as soon as it exists, and the entry with its variants, cached. */
  interface Flight {
    identity: Promise<CacheEntry>
    complete: Promise<CacheEntry>
  }

  function fill(key: string, version: string, render: () => Promise<Rendered>, compress: boolean, identityClient: boolean): Flight {
    const identity = render().then(({ body, contentType, headers = {} }): CacheEntry => {
      const bytes = encoder.encode(body)
      return { bytes, etag: strongEtag(bytes), contentType, headers, version }
    })
    // The variants are made off the identity answer's critical path. Until they are cached, the body is offered
    // (to the identity client, and to the front path for identity requests) marked `compressing`: it varies on
    // Accept-Encoding exactly as the cached entry will, so its bytes and headers are every later hit's.
    const early = identity.then((entry) => {
      if (!lru || !compress || entry.bytes.byteLength >= maxBytes || !isCompressible(entry.bytes.byteLength)) return null
      const pending: CacheEntry = { ...entry, compressing: true }
      compressing.set(key, pending)
      return pending
    })
    const complete = early.then(async (pending) => {
      const entry = await identity
      try {
        // With the cache off (RESPONSE_CACHE_MB=0) nothing is kept, but a client that takes br or gzip still gets it:
        // compression is the network's saving, not the cache's, so it is made for this answer alone.
        if (!lru) {
          if (compress && !identityClient) {
            const compressed = await compressVariants(entry.bytes)
            if (compressed) entry.compressed = compressed
          }
          return entry
        }
        if (entry.bytes.byteLength >= maxBytes) return entry
        const compressed = compress ? await compressVariants(entry.bytes) : undefined
        if (compressed) entry.compressed = compressed
        lru.set(key, entry)
        return entry
      } finally {
        if (pending && compressing.get(key) === pending) compressing.delete(key)
      }
    })
    const identityAnswer = early.then((pending) => pending ?? complete)
    // Waited for only by clients taking identity; a failed render still reaches every waiter through `complete`.
    identityAnswer.catch(() => {})
    return { complete, identity: identityAnswer }
  }

  return {
    /**
     * The cached body for `key` at `version`, or the result of `render`, cached. `compress: false` for bodies
     * never sent as they are (a JSON-RPC answer that gets its request id spliced in): no br/gzip variants.
     * `identity: true` for a client that takes the body as it is: a miss answers as soon as the body and its
     * ETag exist, while the br and gzip variants are still being made for the cache (marked `compressing`).
     */
    async get(key: string, version: string, render: () => Promise<Rendered>, opts: { compress?: boolean, identity?: boolean } = {}): Promise<CachedBody> {
      const cached = lru?.get(key)
      if (cached && cached.version === version) {
        hits++
        return cached
      }
      misses++
      const flightKey = `${version}\n${key}`
      let flight = inFlight.get(flightKey)
      if (!flight) {
        const started = fill(key, version, render, opts.compress ?? true, opts.identity === true)
        started.complete.then(() => inFlight.delete(flightKey), () => inFlight.delete(flightKey))
        inFlight.set(flightKey, started)
        flight = started
      }
      return opts.identity ? flight.identity : flight.complete
    },
    /**
     * The entry cached for `key` if it was made under `version` (the front path's lookup: no render on a miss),
     * or the body still `compressing` for it, which only a client taking identity may be sent.
     */
    lookup(key: string, version: string): CacheEntry | undefined {
      const cached = lru?.get(key)
      const entry = cached?.version === version ? cached : compressing.get(key)
      if (!entry || entry.version !== version) return undefined
      hits++
      return entry
    },
    /**
     * Whether anything is held for `key`, of any version (no recency update, no hit counted): lets the front path
     * skip reading the content version for a request form whose entry is gone (always, with the cache off).
     */
    holds: (key: string): boolean => lru?.has(key) === true || compressing.has(key),
    /** The last body cached for `key`, whatever its version: served when the store cannot say what is current. */
    stale: (key: string): CachedBody | undefined => lru?.get(key),
    stats: () => ({ hits, misses, entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 }),
    clear: () => lru?.clear(),
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
