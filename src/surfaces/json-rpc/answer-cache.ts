import { LRUCache } from 'lru-cache'

/**
 * Serialized MCP and A2A results by normalized call. A tool call or skill call answers every caller alike for the
 * same arguments and content version, so its result is serialized once, when it is made, and every later request
 * only wraps it in an envelope carrying its own JSON-RPC id (and, for A2A, fresh message ids). This is the agent
 * surfaces' equivalent of the HTTP response cache, kept apart from it because an answer is a fragment spliced into a
 * per-request envelope, not a whole response with an ETag. Bounded by size; a new content version turns every older
 * entry into a miss (and LRU eviction reclaims it).
 */

/** A kept result: its JSON (an MCP `result`, an A2A message's `parts`) and its UTF-8 bytes, made once. */
export interface StoredAnswer {
  json: string
  bytes: Buffer
}

interface Entry extends StoredAnswer {
  version: string
}

export function createAnswerCache(maxBytes: number) {
  // JavaScript strings are UTF-16 in memory: two bytes a character is the honest estimate.
  const lru = maxBytes > 0
    ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => 2 * (e.json.length + 100) + e.bytes.byteLength })
    : null
  let hits = 0
  let misses = 0
  return {
    /** Whether answers are kept at all (RESPONSE_CACHE_MB=0 turns this cache off with the HTTP one). */
    enabled: lru !== null,
    /** The answer if held. A miss of the front path is not counted: it is counted once, by the route that answers. */
    get(key: string, version: string, asker: 'route' | 'front' = 'route'): StoredAnswer | undefined {
      const entry = lru?.get(key)
      if (entry?.version === version) hits++
      else if (asker === 'route') misses++
      return entry?.version === version ? entry : undefined
    },
    set(key: string, version: string, json: string): void {
      if (lru && 2 * json.length < maxBytes) lru.set(key, { version, json, bytes: Buffer.from(json) })
    },
    stats: () => ({ hits, misses, entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 }),
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>

/** JSON with object keys sorted at every level: equal requests give equal cache keys whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>
    return `{${Object.keys(obj).sort().filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
