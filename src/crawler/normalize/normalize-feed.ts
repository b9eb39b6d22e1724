/**
 * Stage 2 for one parsed feed: normalize every item, then drop duplicates within the feed (and against keys the caller
 * already knows). Pure; the pipeline decides what to write.
 */
import type { ParsedFeed } from '../parse/types.ts'
import { dedupeArticles, type DedupeResult, type SeenKeys } from './dedupe.ts'
import { normalizeItem, type NormalizedArticle } from './normalize-item.ts'

export interface NormalizeFeedResult {
  articles: NormalizedArticle[]
  /** Items that could not become articles, with why (no http(s) link, no title and no text). */
  rejected: { index: number, reason: 'no-url' | 'empty', detail: string }[]
  duplicates: DedupeResult<NormalizedArticle>['duplicates']
}

export function normalizeFeed(feed: ParsedFeed, feedUrl: string, fetchedAt: Date | string, seen: SeenKeys = {}): NormalizeFeedResult {
  const ctx = { feedUrl, feedLanguage: feed.language, fetchedAt }
  const normalized: NormalizedArticle[] = []
  const rejected: NormalizeFeedResult['rejected'] = []
  feed.items.forEach((item, index) => {
    const r = normalizeItem(item, ctx)
    if (r.ok) normalized.push(r.article)
    else rejected.push({ index, reason: r.reason, detail: r.detail })
  })
  const { unique, duplicates } = dedupeArticles(normalized, seen)
  return { articles: unique, rejected, duplicates }
}
