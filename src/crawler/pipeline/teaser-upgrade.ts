import type { Logger } from 'pino'
import type { Publisher, RefetchClaim, RefetchOutcome } from '../../domain/crawl-records.ts'
import type { CrawlStore } from '../../storage/crawl-store.ts'
import { storeFullReason } from '../../storage/store-full.ts'
import { detectLanguage } from '../extract/detect-language.ts'
import type { CrawlerFetcher } from '../fetch/crawler-fetcher.ts'
import type { PipelineStages } from '../workers/worker-pool.ts'
import { MAX_ARTICLE_AGE_MS, publishableImage } from './process-feed.ts'
import { confirmedBrief } from './brief-page.ts'
import { isTransient, refetchRetryAt, type KeptTeaser } from './refetch-policy.ts'

/** Article pages fetched again per pass, at most: a pass after an outage must not become a burst of page fetches. */
export const REFETCHES_PER_PASS = 20

export interface TeaserUpgradeDeps {
  crawl: CrawlStore
  /** The crawl's own fetcher: robots.txt, Crawl-delay, host limits and signing apply to refetches too. */
  fetcher: CrawlerFetcher
  stages: PipelineStages
  publishers: Map<string, Publisher>
  now: () => Date
  log: Logger
  /** How long a claimed row stays this worker's: the crawl's feed lease. */
  leaseSeconds: number
}

export interface TeaserUpgrades {
  /** Articles whose text was upgraded. */
  upgraded: number
  /** Their stories, marked for rewriting in the store: for the story rewrite queue. */
  stories: string[]
  /** Set when the store was full (storeFullReason): reported once by the pass, not per page. */
  full: string | null
}

/**
 * The upgrade pass: articles stored with their feed teaser after a passing failure (process-feed.ts queued them)
 * get their page fetched and extracted again. A longer text replaces the teaser and the story is marked for
 * rewriting (its summary is then built from the full text); the clustering signature stays as it was, so the
 * article keeps its story. Another passing failure backs off (refetch-policy.ts); a permanent one or spent attempts
 * drop the row. Rows of articles past the crawler's age limit are deleted by the claim itself, never fetched.
 */
export async function upgradeTeasers(deps: TeaserUpgradeDeps): Promise<TeaserUpgrades> {
  const now = deps.now()
  const claims = await deps.crawl.claimDueRefetches({
    now: now.toISOString(), limit: REFETCHES_PER_PASS, leaseSeconds: deps.leaseSeconds,
    publishedSince: new Date(now.getTime() - MAX_ARTICLE_AGE_MS).toISOString(),
  })
  let full: string | null = null
  const settled = await Promise.all(claims.map(async (claim) => {
    try {
      const { outcome, fields } = await upgradeOne(claim, deps)
      const storyId = await deps.crawl.settleRefetch(outcome)
      // One line per outcome, for an operator wondering why a summary changed (or did not).
      deps.log.info({ url: claim.url, outcome: outcome.kind, attempts: claim.attempts, ...fields, ...(outcome.kind === 'upgraded' ? { story: storyId } : {}) },
        'crawler: article page fetched again')
      return outcome.kind === 'upgraded' && storyId !== null ? storyId : null
    } catch (err) {
      // A store fault: the claim runs out and a later pass takes the row again. A full store is the pass's to report.
      full ??= storeFullReason(err)
      if (full === null) deps.log.error({ err, url: claim.url }, 'crawler: article refetch failed')
      return null
    }
  }))
  const stories = settled.filter((s) => s !== null)
  return { upgraded: stories.length, stories: [...new Set(stories)], full }
}

/** What became of one claimed row, and why (for the log line). */
async function upgradeOne(claim: RefetchClaim, deps: TeaserUpgradeDeps): Promise<{ outcome: RefetchOutcome; fields: Record<string, unknown> }> {
  const a = claim.article
  const settle = { articleId: claim.articleId, claimedUntil: claim.retryAt }
  const dropped = (fields: Record<string, unknown>) => ({ outcome: { ...settle, kind: 'dropped' as const }, fields })
  const page = await deps.fetcher.fetchArticle(claim.url)
  if (page.status !== 'ok') {
    const kept: KeptTeaser = { why: 'fetch', page }
    const reason = page.status === 'failed' ? page.reason : page.status
    const status = page.status === 'failed' ? page.httpStatus : undefined
    const retryAt = refetchRetryAt(kept, claim.attempts + 1, deps.now())
    if (retryAt === null) return dropped({ reason, status, transient: isTransient(kept) })
    return { outcome: { ...settle, kind: 'retry', attempts: claim.attempts + 1, retryAt }, fields: { reason, status, retry_at: retryAt } }
  }
  const extracted = await deps.stages.extract(page.body, page.headers['content-type'] ?? null, page.finalUrl)
  // A brief too short to extract on its own counts when the stored teaser opens it (brief-page.ts).
  const text = extracted.ok ? extracted.text : confirmedBrief(extracted, a.text)
  if (!extracted.ok && text === null) return dropped({ reason: extracted.reason })
  if (text === null || text.length <= a.text.length) return dropped({ reason: 'not-longer' })
  const whole = extracted.ok ? extracted : null
  const declared = whole?.lang ?? a.lang ?? deps.publishers.get(a.publisherId)?.lang ?? null
  const lang = detectLanguage({ declared, title: a.title, text }).lang ?? a.lang
  return {
    outcome: { ...settle, kind: 'upgraded', text, lang, author: whole?.byline ?? null, imageUrl: whole ? publishableImage(whole.imageUrl, claim.url, deps) : null, markedAt: deps.now().toISOString() },
    fields: { chars: text.length, teaser_chars: a.text.length },
  }
}
