import type { CrawlStore } from '../storage/crawl-store.ts'
import type { ArticleRecord, StoryMerge } from '../domain/crawl-records.ts'
import { clusterHorizon } from './cluster/assign-cluster.ts'
import { ClusterIndex } from './cluster/cluster-state.ts'
import { fingerprintArticle } from './cluster/fingerprint.ts'
import { signatureFromBytes } from './cluster/minhash.ts'
import type { MatchModel } from './cluster/match-model.ts'
import { clusterInputOf } from './pipeline/cluster-input.ts'

/**
 * The clustering index a worker keeps between crawl passes. It is loaded once from the store (the articles fetched
 * within the horizon of assign-cluster.ts, 72 h + the week of backlog a crawl takes, indexed once per process);
 * after that, every feed run that adds articles commits through
 * `CrawlStore.commitClusteredRun`, which hands over the articles committed since `lastSeq` — by other workers
 * sharing the store — under the store's clustering lock, so they are in the index before the run's own articles
 * are assigned. Two workers therefore never start two stories for one event.
 */
export class ClusterWindow {
  /** The clustering decision (the bundled fitted model unless NEWSDESK_CLUSTER_MODEL names another). */
  readonly model: MatchModel | undefined
  #index: ClusterIndex | undefined
  /** Articles in the index (id → fetch time), so an article read twice is not added twice. */
  readonly #indexed = new Map<string, number>()
  #lastSeq = 0

  constructor(model?: MatchModel) {
    this.model = model
  }

  /** The index, read from the store on first use; clusters older than the horizon (window + backlog) evicted. */
  async load(crawl: CrawlStore, now: Date): Promise<ClusterIndex> {
    const windowStart = now.getTime() - clusterHorizon()
    if (!this.#index) {
      const index = new ClusterIndex()
      for await (const a of crawl.recentArticles(new Date(windowStart).toISOString())) this.#add(index, a)
      this.#index = index
    }
    this.#index.evictBefore(windowStart)
    for (const [id, at] of this.#indexed) if (at < windowStart) this.#indexed.delete(id)
    return this.#index
  }

  /** The loaded index (load() first). */
  get index(): ClusterIndex {
    if (!this.#index) throw new Error('cluster window: load() before use')
    return this.#index
  }

  /** The highest commit sequence number this worker has seen: every article up to it is in the index. */
  get lastSeq(): number {
    return this.#lastSeq
  }

  /**
   * Adds articles other workers committed and replays the story merges they made (both read under the clustering
   * lock), so this worker never assigns an article to a story that was merged away.
   */
  absorb(articles: ArticleRecord[], merges: StoryMerge[] = []): void {
    for (const a of articles) this.#add(this.index, a)
    for (const m of merges) this.index.merge(m.from, m.into)
  }

  /** Records an article the pipeline assigned and added to the index itself. */
  indexed(articleId: string, fetchedAt: number): void {
    this.#indexed.set(articleId, fetchedAt)
  }

  /** After a clustered commit: everything up to `seq` is now in the index (the others' and this worker's own). */
  seen(seq: number): void {
    this.#lastSeq = Math.max(this.#lastSeq, seq)
  }

  #add(index: ClusterIndex, a: ArticleRecord): void {
    if (a.commitSeq !== undefined) this.seen(a.commitSeq)
    if (this.#indexed.has(a.id)) return
    const fetchedAt = Date.parse(a.fetchedAt)
    index.add(fingerprintArticle(clusterInputOf(a), fetchedAt, signatureFromBytes(a.signature)), a.id, a.storyId)
    this.#indexed.set(a.id, fetchedAt)
  }
}
