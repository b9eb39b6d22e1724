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
import { byCodeUnits } from '../../util/order.ts'
import { fingerprintArticle, type ClusterArticle, type Fingerprint } from './fingerprint.ts'
import { MAX_COMPARED_STORIES, type ClusterIndex, type ClusterRecord } from './cluster-state.ts'
import { acrossLanguagesWithoutRules, articleView, matchFeatures, withoutSharedContent, type WindowStats } from './match-features.ts'
import { defaultModel, matchProbability, type MatchModel } from './match-model.ts'

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
  /** The fitted decision; the fitted one by default (the fit script passes the one it is checking). */
  model?: MatchModel
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
  /** The article's probability for the story it joined, or the best rejected one's; 0 without candidates. */
  score: number
  /** 'model' when the article joined a story by the fitted model; null when it starts one. */
  rule: 'model' | null
  /** One line for logs and diagnostics. */
  reason: string
  /** The first article of the story joined, when there is one. */
  matchedArticleId: string | null
  samePublisher: boolean
  /** Candidate clusters returned by the index / within the window and compared / article pairs compared. */
  candidates: number
  compared: number
  pairs: number
  entriesRead: number
  fingerprint: Fingerprint
}

/** A candidate story and the article's fitted probability of belonging to it. */
export interface ScoredCandidate {
  cluster: ClusterRecord
  features: Float64Array
  probability: number
  /**
   * Whether the article may join the story at all: across languages only when the pair rules of similarity.ts
   * accept it through one of the story's members (shared names and figures in the title and the text). Words do not
   * cross languages, the labelled sets hold few such pairs to fit on, and one shared figure ("120 stores", "120
   * jobs") is not an event; the rules were written for exactly this, precision first. Within a language, never
   * without shared content (withoutSharedContent). A story the article may not join can still be a related story.
   */
  joinable: boolean
}

/** The window's statistics the features read, as of now (do not keep across adds). */
export function windowStats(index: ClusterIndex): WindowStats {
  return {
    termIdf: index.terms.idf,
    nameCountKey: (key) => index.names.countKey(key),
    articles: index.names.articles,
    isCommon: index.names.isCommon,
  }
}

/**
 * Every candidate story within the window, with the article's features and probability under `model`, best first.
 * The fit script uses this too, so the model is fitted on exactly what it later decides on.
 */
export function scoreCandidates(fp: Fingerprint, index: ClusterIndex, window: number, model: MatchModel = defaultModel()): { scored: ScoredCandidate[]; candidates: number; entriesRead: number } {
  const { clusters, entriesRead } = index.candidates(fp)
  const stats = windowStats(index)
  const view = articleView(fp, stats)
  const scored: ScoredCandidate[] = []
  for (const cluster of clusters) {
    if (Math.abs(fp.time - cluster.latestTime) > window && Math.abs(fp.time - cluster.firstTime) > window) continue
    // The stories sharing the most keys, within the window, are compared; the rest share a name by chance.
    if (scored.length >= MAX_COMPARED_STORIES) break
    const features = matchFeatures(view, cluster, stats)
    scored.push({ cluster, features, probability: matchProbability(model, features), joinable: !acrossLanguagesWithoutRules(features) && !withoutSharedContent(features) })
  }
  scored.sort((a, b) => b.probability - a.probability || olderFirst(a.cluster, b.cluster))
  return { scored, candidates: clusters.length, entriesRead }
}

/** Most related stories one assignment reports. */
export const MAX_RELATED = 5

export function assignCluster(article: ClusterArticle | Fingerprint, deps: AssignDeps): Assignment {
  const fp = 'signature' in article ? article : fingerprintArticle(article, deps.now)
  const window = deps.window ?? CLUSTER_WINDOW_MS
  const model = deps.model ?? defaultModel()
  const base = { fingerprint: fp, samePublisher: false, matchedArticleId: null, rule: null, clusterId: null, merged: [], related: [] }
  if (!fp.indexable) return { ...base, score: 0, reason: 'no significant token', candidates: 0, compared: 0, pairs: 0, entriesRead: 0 }

  const { scored, candidates, entriesRead } = scoreCandidates(fp, deps.index, window, model)
  const counts = { candidates, compared: scored.length, pairs: scored.length, entriesRead }
  const winners = scored.filter((s) => s.joinable && s.probability >= model.join)
  const best = winners[0]
  // A second story is merged only when the article belongs to it as surely as a bridge must: evidence about both.
  const bridged = best === undefined || best.probability < model.merge ? [] : winners.slice(1).filter((s) => s.probability >= model.merge)
  // Every other close story (not joined, not merged) is related: the next step of a storyline, or coverage too far
  // apart in wording to join.
  const related = scored.filter((s) => s !== best && !bridged.includes(s) && s.probability >= model.related)
    .slice(0, MAX_RELATED).map((s) => ({ clusterId: s.cluster.id, score: s.probability }))
  if (!best) {
    const top = scored[0]
    const reason = candidates === 0 ? 'no candidate' : scored.length === 0 ? `${candidates} candidate(s), all outside the window`
      : `no match among ${scored.length} stor${scored.length === 1 ? 'y' : 'ies'}; best p=${top!.probability.toFixed(3)}${whyNotJoinable(top!)}`
    return { ...base, ...counts, score: top?.probability ?? 0, reason, related }
  }
  const [survivor, ...merged] = [best.cluster, ...bridged.map((s) => s.cluster)].sort(olderFirst)
  const samePublisher = best.cluster.publishers.has(fp.publisherId)
  const merging = merged.length > 0 ? `; merges ${merged.map((c) => c.id).join(', ')} into ${survivor!.id}` : ''
  return {
    ...base, ...counts,
    clusterId: survivor!.id, merged: merged.map((c) => c.id),
    related,
    score: best.probability, rule: 'model', matchedArticleId: best.cluster.first.articleId, samePublisher,
    reason: `p=${best.probability.toFixed(3)} for ${best.cluster.id}${samePublisher ? ' (same publisher: an update)' : ''}${merging}`,
  }
}

/** Why a candidate may not be joined, for the log line: across languages without the rules, or nothing shared. */
function whyNotJoinable(s: ScoredCandidate): string {
  if (s.joinable) return ''
  return acrossLanguagesWithoutRules(s.features) ? ' (across languages, without the rules\' evidence)' : ' (no shared name, specific figure or alike text)'
}

/** The oldest story first: the earliest first article, then the smaller id (so the order never depends on arrival). */
function olderFirst(a: ClusterRecord, b: ClusterRecord): number {
  return a.firstTime - b.firstTime || byCodeUnits(a.id, b.id)
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
