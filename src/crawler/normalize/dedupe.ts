/**
 * Stage 2b: drops duplicates from a batch of normalized articles, first occurrence wins (feeds list newest first, and
 * the crawler processes feeds in a stable order). Three keys, any one of which marks a duplicate:
 *   - the canonical URL;
 *   - the GUID key (feed-scoped unless the GUID is a global URI, see NormalizedArticle.guidKey);
 *   - the content hash, but only for articles with enough text for the hash to mean something: two publishers'
 *     "Live updates" with no body must not collapse into one.
 * Pure and O(n). `seen` lets the caller carry keys across batches (e.g. preloaded from the store); it is not mutated.
 */
import type { NormalizedArticle } from './normalize-item.ts'

export type DuplicateKey = 'canonicalUrl' | 'guid' | 'contentHash'

export interface DedupeResult<T extends NormalizedArticle> {
  unique: T[]
  /** Each dropped article with the key that matched and the index (in `unique`) of the article it duplicates, or -1 when it matched `seen`. */
  duplicates: { article: T, key: DuplicateKey, of: number }[]
}

export interface SeenKeys {
  canonicalUrls?: Iterable<string>
  guidKeys?: Iterable<string>
  contentHashes?: Iterable<string>
}

/** Minimum plain-text length (teaser or full text) for the content hash to be used as a dedupe key. */
export const HASH_MIN_TEXT_CHARS = 80

export function hashIsMeaningful(a: NormalizedArticle): boolean {
  return (a.fullText?.length ?? 0) >= HASH_MIN_TEXT_CHARS || a.teaserText.length >= HASH_MIN_TEXT_CHARS
}

/** The keys under which an article is indexed for dedupe. */
export function dedupeKeys(a: NormalizedArticle): { key: DuplicateKey, value: string }[] {
  const keys: { key: DuplicateKey, value: string }[] = [{ key: 'canonicalUrl', value: a.canonicalUrl }]
  if (a.guidKey !== null) keys.push({ key: 'guid', value: a.guidKey })
  if (hashIsMeaningful(a)) keys.push({ key: 'contentHash', value: a.contentHash })
  return keys
}

export function dedupeArticles<T extends NormalizedArticle>(batch: readonly T[], seen: SeenKeys = {}): DedupeResult<T> {
  const index: Record<DuplicateKey, Map<string, number>> = {
    canonicalUrl: new Map([...(seen.canonicalUrls ?? [])].map((k) => [k, -1])),
    guid: new Map([...(seen.guidKeys ?? [])].map((k) => [k, -1])),
    contentHash: new Map([...(seen.contentHashes ?? [])].map((k) => [k, -1])),
  }
  const unique: T[] = []
  const duplicates: DedupeResult<T>['duplicates'] = []
  for (const article of batch) {
    const keys = dedupeKeys(article)
    const hit = keys.find(({ key, value }) => index[key].has(value))
    if (hit) {
      duplicates.push({ article, key: hit.key, of: index[hit.key].get(hit.value)! })
      continue
    }
    const position = unique.length
    unique.push(article)
    for (const { key, value } of keys) index[key].set(value, position)
  }
  return { unique, duplicates }
}
