import { clusterArticle, scoreCandidates } from '../../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex } from '../../src/crawler/cluster/cluster-state.ts'
import { fingerprintArticle } from '../../src/crawler/cluster/fingerprint.ts'
import { loadMatchModel } from '../../src/crawler/cluster/match-model.ts'
import { FEATURES } from '../../src/crawler/cluster/match-features.ts'
import { syntheticCorpus } from '../../src/crawler/cluster/testdata/synthetic.ts'
const model = loadMatchModel(process.argv[2]!)
const corpus = syntheticCorpus(20250317, Date.UTC(2025, 2, 17), 5000)
const index = new ClusterIndex()
let shown = 0
for (let i = 0; i < 6000; i++) {
  const a = corpus.article(i)
  const now = Date.parse(a.publishedAt!)
  const fp = fingerprintArticle(a, now)
  const { scored } = scoreCandidates(fp, index, 72 * 3600000, model)
  if (scored[0] && scored[0].probability > model.join && i > 3000 && shown++ < 5) {
    console.log(i, scored[0].probability.toFixed(3), 'size', scored[0].cluster.memberCount, FEATURES.map((f, k) => `${f}=${scored[0]!.features[k]!.toFixed(2)}`).filter((x) => !x.endsWith('=0.00')).join(' '))
  }
  clusterArticle(fp, `a${i}`, `a${i}`, { index, now, model })
}
