import { randomUUID } from 'node:crypto'
import type { ArticleRecord, ArticleRefetch, FeedRecord, FeedRunCommit, FeedStateUpdate, StoryMerge, StoryRelation } from '../../domain/crawl-records.ts'
import { bestPerPair } from '../../domain/story-relations.ts'
import type { CrawlStore } from '../../storage/crawl-store.ts'
import { byCodeUnits, byNumber } from '../../util/order.ts'
import { clusterArticle } from '../cluster/assign-cluster.ts'
import { signatureToBytes } from '../cluster/minhash.ts'
import type { ClusterWindow } from '../cluster-window.ts'
import { clusterInputOf } from './cluster-input.ts'
import type { FeedReport } from './process-feed.ts'

/** An article ready for clustering: everything but its story and its fingerprint's signature. */
export type PreparedArticle = Omit<ArticleRecord, 'storyId' | 'signature'>

/**
 * A feed's run fetched, parsed and extracted, its new articles not yet clustered: held (crawl-run.ts) so that a pass
 * clusters the articles of all its feeds oldest first, as the clustering decision was fitted (decision 0007).
 */
export interface PreparedRun {
  feed: FeedRecord
  /** The feed's next state, as of the fetch. */
  state: FeedStateUpdate
  articles: PreparedArticle[]
  /** By article id: when to fetch again the page of an article that kept its teaser for a passing reason. */
  refetchAt: Map<string, string>
  fetchedAt: Date
}

/**
 * Clusters the articles of several prepared runs in publication order (fetch time when undated), whichever feed
 * they came from, and commits every run in one transaction under the store's clustering lock. An older article
 * that a slower feed brings is therefore judged against the stories as they stood at its time, not against younger
 * stories of the same storyline that a faster feed brought first. The runs' merges and relations are committed with
 * the last run, after all their articles are stored. One report per run, in the runs' order: the articles stored
 * (another worker's copy of the same item wins) and the stories they started or joined, marked for rewriting.
 */
export async function commitPreparedRuns(runs: readonly PreparedRun[], deps: { crawl: CrawlStore; window: ClusterWindow }): Promise<FeedReport[]> {
  const { window } = deps
  const reports: FeedReport[] = []
  const lastSeq = await deps.crawl.commitClusteredRun(window.lastSeq, (unseen, merged) => {
    window.absorb(unseen, merged)
    // Another worker may have stored one of these meanwhile, or another feed of this batch carries the same item:
    // the first copy is kept.
    const taken = new Set(unseen.flatMap(articleKeys))
    const merges: StoryMerge[] = []
    const related: StoryRelation[] = []
    const assigned = new Map<string, ArticleRecord>()
    for (const { article, run } of oldestFirst(runs)) {
      const keys = articleKeys(article)
      if (keys.some((k) => taken.has(k))) continue
      for (const k of keys) taken.add(k)
      assigned.set(article.id, assignStory(article, run.fetchedAt.getTime(), window, merges, related))
    }
    // An article assigned before a later one merged its story goes to the survivor.
    const survivor = survivorsOf(merges)
    const commits: FeedRunCommit[] = runs.map((run) => {
      const articles = run.articles.flatMap((a) => {
        const record = assigned.get(a.id)
        return record ? [{ ...record, storyId: survivor(record.storyId) }] : []
      })
      const touched = [...new Set(articles.map((a) => a.storyId))]
      reports.push({ feedUrl: run.feed.publisher.feedUrl, status: 'ok', articlesNew: articles.length, touched })
      const refetches: ArticleRefetch[] = articles.flatMap((a) => {
        const retryAt = run.refetchAt.get(a.id)
        return retryAt === undefined ? [] : [{ articleId: a.id, url: a.canonicalUrl, attempts: 0, retryAt }]
      })
      const summaries = touched.map((storyId) => ({ storyId, source: 'extractive' as const, attempts: 0, retryAt: run.state.fetchedAt }))
      return { feed: run.state, articles, stories: [], summaries, refetches }
    })
    const last = commits[commits.length - 1]!
    last.merges = merges
    last.relations = relationsAfter(related, survivor)
    return commits
  })
  window.seen(lastSeq)
  return reports
}

/** The URL, content and GUID keys an article is deduplicated by. */
const articleKeys = (a: Pick<ArticleRecord, 'canonicalUrl' | 'contentHash' | 'guidKey'>): string[] =>
  [`u:${a.canonicalUrl}`, `h:${a.contentHash}`, ...(a.guidKey ? [`g:${a.guidKey}`] : [])]

/** The runs' articles by publication time (fetch time when undated, an unreadable time last); ties by link. */
export function oldestFirst(runs: readonly PreparedRun[]): { article: PreparedArticle; run: PreparedRun }[] {
  const all = runs.flatMap((run) => run.articles.map((article) => {
    const at = Date.parse(article.publishedAt ?? article.fetchedAt)
    return { article, run, at: Number.isNaN(at) ? Infinity : at }
  }))
  // Articles published in the same second (feeds often round to the minute) are taken in the order of their links, not
  // of the feeds that answered first: otherwise two crawls of the same items could make different stories.
  return all.sort((a, b) => byNumber(a.at, b.at) || byCodeUnits(a.article.canonicalUrl, b.article.canonicalUrl))
}

/**
 * The story an article joins (or starts), added to the index at once so the next article sees it; the stories it
 * bridged are merged into the oldest, and the merges appended to `merges`; the stories close to it but not its
 * event are appended to `related` as relations of its story.
 */
function assignStory(article: PreparedArticle, now: number, window: ClusterWindow, merges: StoryMerge[], related: StoryRelation[]): ArticleRecord {
  const assigned = clusterArticle(clusterInputOf(article), article.id, randomUUID(), { index: window.index, now, model: window.model })
  for (const from of assigned.merged) merges.push({ from, into: assigned.clusterId })
  for (const r of assigned.related) related.push({ storyId: assigned.clusterId, relatedId: r.clusterId, score: r.score })
  window.indexed(article.id, now)
  return { ...article, storyId: assigned.clusterId, signature: signatureToBytes(assigned.fingerprint.signature) }
}

/** Maps a story id through a run's merges (in order; chains followed) to the story that survived. */
export function survivorsOf(merges: StoryMerge[]): (storyId: string) => string {
  const into = new Map<string, string>()
  for (const m of merges) {
    for (const [from, to] of into) if (to === m.from) into.set(from, m.into)
    into.set(m.from, m.into)
  }
  return (storyId) => into.get(storyId) ?? storyId
}

/**
 * A run's relations as committed: both ids mapped to the stories that survived the run's merges (a relation found
 * before a later article merged one of its stories), then one per pair with its best score; a story never relates to
 * itself, so a pair the merges joined is dropped.
 */
export function relationsAfter(found: readonly StoryRelation[], survivor: (storyId: string) => string): StoryRelation[] {
  return bestPerPair(found.map((r) => ({ storyId: survivor(r.storyId), relatedId: survivor(r.relatedId), score: r.score })))
}
