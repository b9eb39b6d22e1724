import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle } from './assign-cluster.ts'
import { ClusterIndex } from './cluster-state.ts'
import { fingerprintArticle } from './fingerprint.ts'
import { FEATURES } from './match-features.ts'
import { BRIDGE, BRIDGE_T0, COST, FIGURES_ONLY, STRIKE } from './testdata/bridge.ts'

/** What assignment does with a bridge (testdata/bridge.ts: the outcome is known by construction). */
const [a, b, c] = [STRIKE, COST, BRIDGE].map((x) => ({ ...x, id: x.publisherId })) as [typeof STRIKE, typeof STRIKE, typeof STRIKE]
const latest = BRIDGE_T0 + 3 * 3_600_000

function feed(order: Array<typeof a>, index = new ClusterIndex()) {
  const results = order.map((x) => ({ id: x.id, ...clusterArticle(x, x.id, `story-${x.id}`, { index, now: latest, model: FIGURES_ONLY }) }))
  const finalOf = (id: string) => index.get(results.find((r) => r.id === id)!.clusterId)!.id
  return { index, results, finalOf }
}

describe('story merges', () => {
  it('the two stories stay apart without the bridge', () => {
    const { finalOf, results } = feed([a, b])
    assert.notEqual(finalOf('gazette'), finalOf('ledger'))
    assert.deepEqual(results[1]!.merged, [])
  })

  it('an article reaching two stories merges them into the older one', () => {
    const { index, results, finalOf } = feed([a, b, c])
    const bridge = results[2]!
    assert.equal(bridge.clusterId, 'story-gazette', 'the bridge joins the older story')
    assert.deepEqual(bridge.merged, ['story-ledger'])
    assert.match(bridge.reason, /merges story-ledger into story-gazette/)
    for (const id of ['gazette', 'ledger', 'wire']) assert.equal(finalOf(id), 'story-gazette')
    const survivor = index.get('story-gazette')!
    assert.equal(survivor.memberCount, 3)
    assert.equal(survivor.publishers.size, 3)
    assert.equal(survivor.profile.size, 3, 'the survivor\'s profile holds every member')
    assert.equal(index.get('story-ledger'), survivor, 'the merged id resolves to the survivor')
    assert.equal(index.clusterCount, 1)
  })

  it('a bridge below the merge threshold joins one story and merges none', () => {
    const index = new ClusterIndex()
    const model = { ...FIGURES_ONLY, merge: 0.9995 }
    for (const x of [a, b]) clusterArticle(x, x.id, `story-${x.id}`, { index, now: latest, model })
    const r = clusterArticle(c, c.id, 'story-wire', { index, now: latest, model })
    assert.equal(r.clusterId, 'story-gazette')
    assert.deepEqual(r.merged, [])
    assert.equal(index.clusterCount, 2)
  })

  it('the survivor is the story first published, not the one that arrived first', () => {
    const { results } = feed([b, a, c])
    assert.equal(results[2]!.clusterId, 'story-gazette')
    assert.deepEqual(results[2]!.merged, ['story-ledger'])
  })

  it('order does not decide the result: every arrival order gives one story of three', () => {
    const orders = [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]
    for (const order of orders) {
      const { finalOf, index } = feed(order)
      assert.equal(new Set(['gazette', 'ledger', 'wire'].map(finalOf)).size, 1, order.map((x) => x.id).join(' → '))
      assert.equal(index.clusterCount, 1)
    }
  })

  it('later coverage like the merged story\'s article finds the survivor (its index entries carry the merged id)', () => {
    const { index } = feed([a, b, c])
    const late = clusterArticle({ ...b, publisherId: 'another' }, 'late', 'story-late', { index, now: latest, model: FIGURES_ONLY })
    assert.equal(late.clusterId, 'story-gazette')
    assert.deepEqual(late.merged, [])
  })

  it('a merge replayed from another worker folds the clusters the same way, and chains resolve', () => {
    const index = new ClusterIndex()
    feed([a], index)
    feed([b], index)
    index.merge('story-ledger', 'story-gazette')
    index.merge('story-gazette', 'story-x')
    assert.equal(index.get('story-ledger')!.id, 'story-x')
    assert.equal(index.get('story-x')!.memberCount, 2)
    assert.equal(index.clusterCount, 1)
  })

  it('index entries of merged stories lead to the survivor, through a chain, and to nothing once it left the window', () => {
    const index = new ClusterIndex()
    feed([a], index)
    feed([b], index)
    index.merge('story-ledger', 'story-gazette')
    index.merge('story-gazette', 'story-x') // unknown here: the survivor's record is made anew
    const ledgerWords = fingerprintArticle(b, latest) // the ledger article's own keys find its entries
    assert.deepEqual(index.candidates(ledgerWords).clusters.map((c) => c.id), ['story-x'])
    index.evictBefore(latest + 30 * 24 * 3_600_000)
    assert.equal(index.clusterCount, 0)
    assert.deepEqual(index.candidates(ledgerWords).clusters, [])
  })

  it('a story close to the article but below the join threshold is reported as related, never as a member', () => {
    const index = new ClusterIndex()
    // p = σ(−6 + 12·ln 3) = 0.9992 joins; with the bias at −13.9 it is σ(−0.72) = 0.33: related (≥ 0.2), not joined.
    const model = { ...FIGURES_ONLY, weights: FIGURES_ONLY.weights.map((w, i) => (FEATURES[i] === 'bias' ? -13.9 : w)) }
    clusterArticle(a, a.id, 'story-gazette', { index, now: latest, model })
    const r = clusterArticle(c, c.id, 'story-wire', { index, now: latest, model })
    assert.equal(r.clusterId, 'story-wire')
    assert.equal(r.related.length, 1)
    assert.equal(r.related[0]!.clusterId, 'story-gazette')
    assert.ok(r.related[0]!.score >= model.related && r.related[0]!.score < model.join)
  })
})
