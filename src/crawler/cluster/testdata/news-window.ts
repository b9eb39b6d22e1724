/**
 * A window of other news for decision tests: the clustering unit corpus (corpus.ts) moved to the two days before
 * `t0`, clustered in its own order. Evidence is weighed by how rare it is in the window, and a window of a case's
 * three articles alone, all naming the same company, would make that company's name worthless.
 */
import { clusterArticle } from '../assign-cluster.ts'
import { ClusterIndex } from '../cluster-state.ts'
import { BASE_TIME, CORPUS } from './corpus.ts'

const H = 3_600_000

export function windowOfOtherNews(t0: number): ClusterIndex {
  const index = new ClusterIndex()
  for (const a of [...CORPUS].sort((x, y) => Date.parse(x.publishedAt!) - Date.parse(y.publishedAt!))) {
    const time = t0 - 48 * H + (Date.parse(a.publishedAt!) - BASE_TIME)
    clusterArticle({ ...a, publishedAt: new Date(time).toISOString() }, `bg-${a.id}`, `bg-${a.id}`, { index, now: time + H })
  }
  return index
}
