/**
 * Clustering alone, in process, on a labelled set: every article fingerprinted and assigned in publication order, as
 * the crawler would see them one pass a day. For fast iteration; `npm run eval:real` is the end-to-end measure.
 */
import { clusterArticle } from '../../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex } from '../../src/crawler/cluster/cluster-state.ts'
import type { ClusterArticle } from '../../src/crawler/cluster/fingerprint.ts'
import { bcubed, pairwise, type LabelledItem } from './metrics.ts'
import { findRealNewsDir, loadRealNews } from './real-news.ts'

export interface OfflineArticle { id: string; event: string; publishedAt: string; article: ClusterArticle }

export function clusterOffline(articles: OfflineArticle[]): LabelledItem[] {
  const index = new ClusterIndex()
  const sorted = [...articles].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id.localeCompare(b.id))
  const got = new Map<string, string>()
  const merged = new Map<string, string>()
  const resolve = (id: string) => { while (merged.has(id)) id = merged.get(id)!; return id }
  for (const a of sorted) {
    const now = Date.parse(a.publishedAt) + 3_600_000
    const r = clusterArticle(a.article, a.id, `c-${a.id}`, { index, now })
    for (const m of r.merged) merged.set(m, r.clusterId)
    got.set(a.id, r.clusterId)
  }
  return sorted.map((a) => ({ id: a.id, gold: a.event, got: resolve(got.get(a.id)!), lang: a.article.language ?? '' }))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = findRealNewsDir()
  if (!dir) throw new Error('real-news-dev not found')
  const news = loadRealNews(dir)
  const items = clusterOffline(news.articles.map((a) => ({
    id: a.id, event: a.event, publishedAt: a.publishedAt,
    article: { title: a.title, teaserText: a.paragraphs[0] ?? '', fullText: a.paragraphs.join('\n\n'), language: 'en', publishedAt: a.publishedAt, publisherId: a.outlet },
  })))
  const pw = pairwise(items)
  const b3 = bcubed(items)
  console.log(`pairwise P/R/F1 ${pw.precision.toFixed(3)} / ${pw.recall.toFixed(3)} / ${pw.f1.toFixed(3)}  B3 ${b3.precision.toFixed(3)} / ${b3.recall.toFixed(3)} / ${b3.f1.toFixed(3)}`)
}
