import { LRUCache } from 'lru-cache'

/**
 * Serialized MCP and A2A answers by normalized request. A tool call or skill call answers every caller alike
 * for the same arguments and content version, so its JSON is rendered once and every later request only wraps
 * it in an envelope carrying its own JSON-RPC id (and, for A2A, fresh message ids). This is the agent surfaces'
 * equivalent of the HTTP response cache, kept apart from it because an answer is a fragment spliced into a
 * per-request envelope, not a whole response with an ETag. Bounded by size; a new content version turns every
 * older entry into a miss (and LRU eviction reclaims it).
 */

interface Entry extends StoredAnswer {
  version: string
}

export interface CachedAnswer {
  /** The serialized JSON value (an MCP `result`, an A2A message's `parts`). */
  json: string
  contentType: string
}

/** A cached answer as kept: also its UTF-8 bytes, made once, which the front path writes without encoding again. */
export interface StoredAnswer extends CachedAnswer {
  bytes: Buffer
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
    get(key: string, version: string): StoredAnswer | undefined {
      const entry = lru?.get(key)
      if (entry && entry.version === version) {
        hits++
        return entry
      }
      misses++
      return undefined
    },
    /**
     * The answer if held, counting only a hit: the front path asks first, and a miss there is counted once, by the
     * framework path that then answers.
     */
    peek(key: string, version: string): StoredAnswer | undefined {
      const entry = lru?.get(key)
      if (entry && entry.version === version) {
        hits++
        return entry
      }
      return undefined
    },
    set(key: string, version: string, answer: CachedAnswer): void {
      if (lru && 2 * answer.json.length < maxBytes) lru.set(key, { version, ...answer, bytes: Buffer.from(answer.json) })
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

/** Where the cached bytes go in an envelope: U+0000, which JSON.stringify always escapes, so no id can contain it. */
const HOLE = '\u0000'

/**
 * The text before and after the answer in `envelope(answer)`: the envelope is rendered around a hole, so the front
 * path can write the answer's stored bytes between the two without encoding or copying them, and the envelope is
 * exactly the one the framework renders.
 */
export function envelopeAround(envelope: (json: string) => string): { head: string; tail: string } {
  const whole = envelope(HOLE)
  const at = whole.indexOf(HOLE)
  return { head: whole.slice(0, at), tail: whole.slice(at + 1) }
}

/** A JSON-RPC success response around an already serialized result: the only per-request part is the id. */
export function jsonRpcResult(id: string | number | null, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`
}
