import type { CrawlStore } from '../storage/crawl-store.ts'
import { CLUSTER_WINDOW_MS } from './cluster/assign-cluster.ts'
import { ClusterIndex } from './cluster/cluster-state.ts'
import { fingerprintArticle } from './cluster/fingerprint.ts'
import { signatureFromBytes } from './cluster/minhash.ts'
import { clusterInputOf } from './pipeline/cluster-input.ts'

/**
 * The clustering index kept between crawl passes. The first pass reads the whole window from the store (72 h of
 * articles: about 0.3 ms each to index); later passes only read what was committed since, by this worker's earlier
 * passes or by other workers sharing the store. The read overlaps the previous one, because an article's
 * `fetched_at` is set when its feed is fetched and it becomes visible only when the feed commits.
 */
export class ClusterWindow {
  #index: ClusterIndex | undefined
  /** Articles already in the index, with their fetch time, so an overlapping read adds nothing twice. */
  readonly #indexed = new Map<string, number>()
  #readUntil = 0

  static readonly OVERLAP_MS = 20 * 60_000

  /** The index, brought up to date with the store. */
  async refresh(crawl: CrawlStore, now: Date): Promise<ClusterIndex> {
    const windowStart = now.getTime() - CLUSTER_WINDOW_MS
    const since = this.#index ? Math.max(windowStart, this.#readUntil - ClusterWindow.OVERLAP_MS) : windowStart
    const index = this.#index ?? new ClusterIndex()
    for await (const a of crawl.recentArticles(new Date(since).toISOString())) {
      if (this.#indexed.has(a.id)) continue
      const fetchedAt = Date.parse(a.fetchedAt)
      index.add(fingerprintArticle(clusterInputOf(a), fetchedAt, signatureFromBytes(a.signature)), a.id, a.storyId)
      this.#indexed.set(a.id, fetchedAt)
    }
    index.evictBefore(windowStart)
    for (const [id, at] of this.#indexed) if (at < windowStart - ClusterWindow.OVERLAP_MS) this.#indexed.delete(id)
    this.#index = index
    this.#readUntil = now.getTime()
    return index
  }

  /** Records an article the pipeline added to the index itself. */
  indexed(articleId: string, fetchedAt: number): void {
    this.#indexed.set(articleId, fetchedAt)
  }
}
