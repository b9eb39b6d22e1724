import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle } from './assign-cluster.ts'
import { ClusterIndex } from './cluster-state.ts'
import type { ClusterArticle } from './fingerprint.ts'
import { FEATURES } from './match-features.ts'
import type { MatchModel } from './match-model.ts'

/**
 * The mechanics of a bridge, under a model that decides by shared specific figures alone (σ(−6 + 12·log(1 + n))):
 * one shared figure is p = 0.91, none p = 0.002. So the outcome is known by construction and the test pins what the
 * assignment does with it, whatever the fitted weights are: a is the strike (2,340 dockers), b its cost ($48.5
 * million), and c states both, so it reaches both stories: they merge into the one first published, in any order.
 */
const FIGURES_ONLY: MatchModel = {
  features: [...FEATURES],
  weights: FEATURES.map((f) => (f === 'bias' ? -6 : f === 'specificFigures' ? 12 : 0)),
  join: 0.5,
  merge: 0.8,
  related: 0.2,
}

const T0 = Date.UTC(2026, 10, 20, 8)
const H = 3_600_000
const article = (hours: number, publisherId: string, title: string, teaserText: string): ClusterArticle & { id: string } => ({
  id: publisherId, title, teaserText, fullText: null, language: 'en', publishedAt: new Date(T0 + hours * H).toISOString(), publisherId,
})
const a = article(0, 'gazette', 'Dockers walk out at Port Calder', 'About 2,340 dockers stopped work at Port Calder on Monday over pay.')
const b = article(1, 'ledger', 'Port operator counts the cost of the stoppage', 'Calder Port Holdings said the stoppage would cost it $48.5 million.')
const c = article(2, 'wire', 'Strike by 2,340 dockers to cost Calder $48.5 million', 'The walkout by 2,340 dockers will cost the port operator $48.5 million, it said.')
const latest = T0 + 3 * H

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
    const model = { ...FIGURES_ONLY, merge: 0.95 }
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

  it('a story close to the article but below the join threshold is reported as related, never as a member', () => {
    const index = new ClusterIndex()
    // p = σ(−6 + 12·log 2) = 0.91 joins; a model shifted down by 3 gives 0.35: related (≥ 0.2), not joined.
    const model = { ...FIGURES_ONLY, weights: FIGURES_ONLY.weights.map((w, i) => (FEATURES[i] === 'bias' ? -9 : w)) }
    clusterArticle(a, a.id, 'story-gazette', { index, now: latest, model })
    const r = clusterArticle(c, c.id, 'story-wire', { index, now: latest, model })
    assert.equal(r.clusterId, 'story-wire')
    assert.equal(r.related.length, 1)
    assert.equal(r.related[0]!.clusterId, 'story-gazette')
    assert.ok(r.related[0]!.score >= model.related && r.related[0]!.score < model.join)
  })
})
