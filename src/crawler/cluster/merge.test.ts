import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle } from './assign-cluster.ts'
import { ClusterIndex } from './cluster-state.ts'
import { CORPUS, type CorpusArticle } from './testdata/corpus.ts'

/**
 * e12-a and e12-b report one event in words too different to match each other (J = 0.07); e12-c matches both. So
 * e12-c bridges two stories, which must merge, whatever order the three arrive in.
 */
const [a, b, c] = ['e12-a', 'e12-b', 'e12-c'].map((id) => CORPUS.find((x) => x.id === id)!) as [CorpusArticle, CorpusArticle, CorpusArticle]
const latest = Math.max(...[a, b, c].map((x) => Date.parse(x.publishedAt!)))

function feed(order: CorpusArticle[], index = new ClusterIndex()) {
  const results = order.map((x) => ({ id: x.id, ...clusterArticle(x, x.id, `story-${x.id}`, { index, now: latest }) }))
  const finalOf = (id: string) => index.get(results.find((r) => r.id === id)!.clusterId)!.id
  return { index, results, finalOf }
}

describe('story merges', () => {
  it('the two stories stay apart without the bridge', () => {
    const { finalOf } = feed([a, b])
    assert.notEqual(finalOf('e12-a'), finalOf('e12-b'))
  })

  it('an article matching two stories merges them into the older one', () => {
    const { index, results, finalOf } = feed([a, b, c])
    const bridge = results[2]!
    assert.equal(bridge.clusterId, 'story-e12-a', 'the bridge joins the older story')
    assert.deepEqual(bridge.merged, ['story-e12-b'])
    assert.match(bridge.reason, /merges story-e12-b into story-e12-a/)
    for (const id of ['e12-a', 'e12-b', 'e12-c']) assert.equal(finalOf(id), 'story-e12-a')
    const survivor = index.get('story-e12-a')!
    assert.equal(survivor.memberCount, 3)
    assert.equal(survivor.publishers.size, new Set([a, b, c].map((x) => x.publisherId)).size)
    assert.equal(index.get('story-e12-b'), survivor, 'the merged id resolves to the survivor')
    assert.equal(index.clusterCount, 1)
  })

  it('the survivor is the story first published, not the one that arrived first', () => {
    // b arrives first and starts its story; a (published earlier) starts another; c bridges them: a's survives.
    const { results } = feed([b, a, c])
    assert.equal(results[2]!.clusterId, 'story-e12-a')
    assert.deepEqual(results[2]!.merged, ['story-e12-b'])
  })

  it('order does not decide the result: every arrival order gives one story of three', () => {
    const orders = [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]
    for (const order of orders) {
      const { finalOf, index } = feed(order)
      const ids = new Set(['e12-a', 'e12-b', 'e12-c'].map(finalOf))
      assert.equal(ids.size, 1, order.map((x) => x.id).join(' → '))
      assert.equal(index.clusterCount, 1)
    }
  })

  it('later coverage like the merged story’s article finds the survivor (its index entries carry the merged id)', () => {
    const { index } = feed([a, b, c])
    // A copy of b from another publisher: b's index entries are filed under the merged id, resolved to the survivor.
    const late = clusterArticle({ ...b, publisherId: 'another' }, 'late', 'story-late', { index, now: latest })
    assert.equal(late.clusterId, 'story-e12-a')
    assert.deepEqual(late.merged, [])
  })

  it('a merge replayed from another worker folds the clusters the same way, and chains resolve', () => {
    const index = new ClusterIndex()
    feed([a], index)
    feed([b], index)
    index.merge('story-e12-b', 'story-e12-a')
    index.merge('story-e12-a', 'story-x')
    assert.equal(index.get('story-e12-b')!.id, 'story-x')
    assert.equal(index.get('story-x')!.memberCount, 2)
    assert.equal(index.clusterCount, 1)
  })
})
