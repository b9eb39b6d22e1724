// Teacher-forced replay of the real set: is the true story among the candidates?
import { CLUSTER_WINDOW_MS } from '../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex, MAX_COMPARED_STORIES } from '../src/crawler/cluster/cluster-state.ts'
import { fingerprintArticle } from '../src/crawler/cluster/fingerprint.ts'
import { realSet } from '../bench/stories/labelled-sets.ts'
import { findRealNewsDir, loadRealNews } from '../bench/stories/real-news.ts'
const set = realSet(loadRealNews(findRealNewsDir()!))
const arts = [...set.articles].sort((a, b) => a.time - b.time)
const index = new ClusterIndex()
let arrivals = 0, missing = 0, beyondCap = 0, cand = 0
for (const a of arts) {
  const fp = fingerprintArticle(a.article, a.time)
  const gold = a.event ?? `solo:${a.id}`
  index.evictBefore(a.time - 2 * CLUSTER_WINDOW_MS)
  const truth = index.get(gold)
  if (truth && Math.abs(fp.time - truth.latestTime) <= CLUSTER_WINDOW_MS) {
    arrivals++
    const { clusters } = index.candidates(fp)
    const inWindow = clusters.filter((c) => Math.abs(fp.time - c.latestTime) <= CLUSTER_WINDOW_MS || Math.abs(fp.time - c.firstTime) <= CLUSTER_WINDOW_MS)
    cand += inWindow.length
    const rank = inWindow.indexOf(truth)
    if (rank < 0) { missing++; if (process.argv[2] === '-v') console.log('MISS', a.article.title, '| story:', truth.first.fingerprint.titleTerms.join(' ')) }
    else if (rank >= MAX_COMPARED_STORIES) beyondCap++
  }
  index.add(fp, a.id, gold)
}
console.log(`arrivals ${arrivals}, true story not a candidate ${missing}, beyond the cap ${beyondCap}, candidates in window per arrival ${(cand / arrivals).toFixed(1)}`)
