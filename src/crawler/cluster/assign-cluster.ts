/**
 * Clustering stage: which existing cluster (story) does a new article belong to, if any?
 *
 * Only the candidates of the index are looked at, never the corpus: a bounded number of clusters, each through at
 * most 6 of its articles (cluster-state.ts). A candidate counts only if its latest article is within `window` of the
 * new article's time. The pair rules are in similarity.ts; the best-scoring accepted cluster wins, ties going to the
 * cluster that shares most index keys. A match through an article of the same publisher is allowed (a publisher's
 * own update or follow-up belongs to the story) and flagged `samePublisher`, so the caller can decide whether it
 * changes `covered_by` (it does not add a source).
 *
 * The story id is the caller's: `clusterArticle` gives a new article either the matched cluster's id (never changed
 * by later coverage) or `newClusterId`, and records it in the index.
 *
 * Order must not decide the result: an article accepted by two or more clusters (each by the same pair rules)
 * bridges them, so they merge. The survivor is the oldest story, the one whose first article was published first
 * (ties: the smaller id), so a story's id only ever changes towards the one readers and search engines saw first;
 * the others are listed in `merged`, and the caller redirects their ids to the survivor.
 */
import { fingerprintArticle, type ClusterArticle, type Fingerprint } from './fingerprint.ts'
import type { ClusterIndex, ClusterRecord } from './cluster-state.ts'
import { comparePair, mayMatch, type MatchRule, type PairDecision } from './similarity.ts'

/**
 * Default time window: an article joins a story whose articles were published within 72 h of its own publication
 * time (either way), measured between the articles, never against the clock.
 */
export const CLUSTER_WINDOW_MS = 72 * 3_600_000

/**
 * How old an article the crawler still takes (its MAX_ARTICLE_AGE_MS): a first crawl of a backlog reads articles up
 * to a week old, and they must find each other. So the index keeps what was published up to a window before the
 * oldest article that may still arrive, not a window before now.
 */
export const MAX_BACKLOG_MS = 7 * 24 * 3_600_000

/** What the index keeps: articles published within this long before now. */
export function clusterHorizon(window = CLUSTER_WINDOW_MS): number {
  return window + MAX_BACKLOG_MS
}

export interface AssignDeps {
  index: ClusterIndex
  /** Epoch ms: the fetch time, used for articles without a publication date. */
  now: number
  /** Milliseconds; CLUSTER_WINDOW_MS by default. */
  window?: number
}

export interface RelatedCluster {
  clusterId: string
  /** How close, 0..1 (the clustering's probability that the article belongs to it). */
  score: number
}

export interface Assignment {
  clusterId: string | null
  /** Other clusters the article matched too: they merge into `clusterId` (the oldest of all), in this order. */
  merged: string[]
  /**
   * Clusters close to the article but not the same event (the next step of a storyline: a bill's vote after its
   * delay, a lawsuit after a launch): the caller records them as related stories of the article's story, never as
   * members. Best first; never one of `clusterId` or `merged`.
   */
  related: RelatedCluster[]
  /** The winning pair's score (J + 0.05 per shared name), or the best rejected one's; 0 without candidates. */
  score: number
  rule: MatchRule | null
  /** One line for logs and diagnostics. */
  reason: string
  /** The matched article, when there is one. */
  matchedArticleId: string | null
  samePublisher: boolean
  /** Candidate clusters returned by the index / within the window and compared / article pairs compared. */
  candidates: number
  compared: number
  pairs: number
  entriesRead: number
  fingerprint: Fingerprint
}

function describe(d: PairDecision): string {
  return `J=${d.jaccard.toFixed(3)} names=${d.shared}/${d.sharedAll} title=${d.titleShared}${d.conflict ? ' conflict' : ''}`
}

export function assignCluster(article: ClusterArticle | Fingerprint, deps: AssignDeps): Assignment {
  const fp = 'signature' in article ? article : fingerprintArticle(article, deps.now)
  const window = deps.window ?? CLUSTER_WINDOW_MS
  const base = { fingerprint: fp, samePublisher: false, matchedArticleId: null, rule: null, clusterId: null, merged: [], related: [] }
  if (!fp.indexable) return { ...base, score: 0, reason: 'no significant token', candidates: 0, compared: 0, pairs: 0, entriesRead: 0 }

  const { clusters, entriesRead } = deps.index.candidates(fp)
  let best: { clusterId: string, articleId: string, d: PairDecision, samePublisher: boolean } | null = null
  /** Every cluster that accepted the article (by any of its compared members). */
  const accepted: ClusterRecord[] = []
  let bestRejected: PairDecision | null = null
  let compared = 0
  let pairs = 0
  for (const cluster of clusters) {
    if (Math.abs(fp.time - cluster.latestTime) > window) continue
    compared++
    for (const member of [cluster.first, ...cluster.recent]) {
      if (Math.abs(fp.time - member.fingerprint.time) > window) continue
      pairs++
      if (!mayMatch(fp, member.fingerprint)) continue
      const d = comparePair(fp, member.fingerprint, deps.index.names.isCommon)
      if (d.rule === null) {
        if (!bestRejected || d.score > bestRejected.score) bestRejected = d
        continue
      }
      if (accepted[accepted.length - 1] !== cluster) accepted.push(cluster)
      if (!best || d.score > best.d.score) {
        best = { clusterId: cluster.id, articleId: member.articleId, d, samePublisher: member.fingerprint.publisherId === fp.publisherId }
      }
    }
  }
  const counts = { candidates: clusters.length, compared, pairs, entriesRead }
  if (best) {
    const update = best.samePublisher ? ' (same publisher: an update)' : ''
    const [survivor, ...merged] = accepted.sort(olderFirst)
    const merging = merged.length > 0 ? `; merges ${merged.map((c) => c.id).join(', ')} into ${survivor!.id}` : ''
    return {
      ...base, ...counts,
      clusterId: survivor!.id, merged: merged.map((c) => c.id),
      score: best.d.score, rule: best.d.rule, matchedArticleId: best.articleId, samePublisher: best.samePublisher,
      reason: `${best.d.rule} with ${best.articleId}: ${describe(best.d)}${update}${merging}`,
    }
  }
  if (clusters.length === 0) return { ...base, ...counts, score: 0, reason: 'no candidate' }
  if (compared === 0) return { ...base, ...counts, score: 0, reason: `${clusters.length} candidate(s), all outside the window` }
  return { ...base, ...counts, score: bestRejected?.score ?? 0, reason: `no match among ${compared} cluster(s); best ${bestRejected ? describe(bestRejected) : '-'}` }
}

/** The oldest story first: the earliest first article, then the smaller id (so the order never depends on arrival). */
function olderFirst(a: ClusterRecord, b: ClusterRecord): number {
  return a.firstTime - b.firstTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * Assigns and records one article: the matched cluster's id, or `newClusterId` (the new story's id). Evicts what can
 * no longer be in any new article's window first (published before now − backlog − window): within that horizon,
 * the window is measured between publication times, so a backlog read at once clusters as if read as it appeared.
 */
export function clusterArticle(article: ClusterArticle | Fingerprint, articleId: string, newClusterId: string, deps: AssignDeps): Assignment & { clusterId: string, isNew: boolean } {
  deps.index.evictBefore(deps.now - clusterHorizon(deps.window))
  const a = assignCluster(article, deps)
  for (const from of a.merged) deps.index.merge(from, a.clusterId!)
  const clusterId = a.clusterId ?? newClusterId
  deps.index.add(a.fingerprint, articleId, clusterId)
  return { ...a, clusterId, isNew: a.clusterId === null }
}
