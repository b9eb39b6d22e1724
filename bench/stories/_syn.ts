import { clusterArticle } from '../../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex } from '../../src/crawler/cluster/cluster-state.ts'
import { loadMatchModel } from '../../src/crawler/cluster/match-model.ts'
import { syntheticCorpus } from '../../src/crawler/cluster/testdata/synthetic.ts'
const model = loadMatchModel(process.argv[2]!)
const corpus = syntheticCorpus(20250317, Date.UTC(2025, 2, 17), 5000)
const index = new ClusterIndex()
let joins = 0
const ps: number[] = []
for (let i = 0; i < 6000; i++) {
  const a = corpus.article(i)
  const r = clusterArticle(a, `a${i}`, `a${i}`, { index, now: Date.parse(a.publishedAt!), model })
  ps.push(r.score)
  if (!r.isNew) joins++
}
ps.sort((x, y) => y - x)
console.log('joins', joins, 'top p', ps.slice(0, 8).map((p) => p.toFixed(3)).join(' '), 'related', model.related)
