import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bestPerPair } from '../domain/story-relations.ts'
import { planRelations, type RelationRow } from './relation-plan.ts'

const T1 = '2026-11-20T10:00:00.000Z'
const T2 = '2026-11-21T10:00:00.000Z'
const row = (storyId: string, relatedId: string, score: number, recordedAt = T1): RelationRow => ({ storyId, relatedId, score, recordedAt })
/** Both stored directions of a pair. */
const pair = (a: string, b: string, score: number, recordedAt = T1) => [row(a, b, score, recordedAt), row(b, a, score, recordedAt)]
const sorted = <T>(list: T[]) => [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))

describe('planRelations: the writes that record related stories', () => {
  it('writes a new pair from both sides; a self-relation is no write', () => {
    const plan = planRelations([], [row('b', 'a', 0.5), row('c', 'c', 0.9)])
    assert.deepEqual(sorted(plan.upserts), sorted(pair('a', 'b', 0.5)))
    assert.deepEqual(plan.deletes, [])
  })

  it('keeps the best score and the first recording time of a pair', () => {
    const stored = pair('a', 'b', 0.6)
    assert.deepEqual(planRelations(stored, [row('b', 'a', 0.4, T2)]), { upserts: [], deletes: [] }, 'a weaker score changes nothing')
    assert.deepEqual(sorted(planRelations(stored, [row('a', 'b', 0.8, T2)]).upserts), sorted(pair('a', 'b', 0.8, T1)))
    assert.deepEqual(sorted(planRelations([], [row('a', 'b', 0.3, T2), row('b', 'a', 0.7, T1)]).upserts), sorted(pair('a', 'b', 0.7, T1)),
      'twice in one call: one pair')
  })

  it('clamps scores to 0..1 and drops one that is not a number', () => {
    assert.deepEqual(sorted(planRelations([], [row('a', 'b', 7), row('a', 'c', Number.NaN)]).upserts), sorted(pair('a', 'b', 1)))
  })

  it('keeps the best `kept` per story: the weakest pair gives way from both sides', () => {
    const stored = [...pair('a', 'x1', 0.9), ...pair('a', 'x2', 0.8), ...pair('a', 'x3', 0.3)]
    const plan = planRelations(stored, [row('a', 'y', 0.5)], 3)
    assert.deepEqual(sorted(plan.upserts), sorted(pair('a', 'y', 0.5)))
    assert.deepEqual(sorted(plan.deletes), sorted([{ storyId: 'a', relatedId: 'x3' }, { storyId: 'x3', relatedId: 'a' }]))
    assert.deepEqual(planRelations(stored, [row('a', 'z', 0.2)], 3), { upserts: [], deletes: [] }, 'weaker than every kept pair: no write')
  })

  it('a tie gives way to the smaller other id, whatever the order of arrival', () => {
    const stored = [...pair('a', 'm', 0.5), ...pair('a', 'n', 0.9)]
    assert.deepEqual(planRelations(stored, [row('a', 'k', 0.5)], 2).deletes.map((d) => d.relatedId).sort(), ['a', 'm'])
    assert.deepEqual(planRelations(stored, [row('a', 'z', 0.5)], 2), { upserts: [], deletes: [] })
  })

  it('the same additions in any order give the same writes', () => {
    const stored = [...pair('a', 'x', 0.4), ...pair('b', 'x', 0.6)]
    const additions = [row('a', 'b', 0.7), row('x', 'c', 0.5), row('a', 'c', 0.5), row('b', 'c', 0.2), row('c', 'd', 0.9)]
    const first = planRelations(stored, additions, 2)
    const again = planRelations(stored, [...additions].reverse(), 2)
    assert.deepEqual(sorted(again.upserts), sorted(first.upserts))
    assert.deepEqual(sorted(again.deletes), sorted(first.deletes))
  })
})

describe('bestPerPair', () => {
  it('one relation per pair, smaller id first, best score, best first', () => {
    assert.deepEqual(bestPerPair([
      { storyId: 'b', relatedId: 'a', score: 0.2 }, { storyId: 'a', relatedId: 'b', score: 0.4 },
      { storyId: 'c', relatedId: 'a', score: 0.9 }, { storyId: 'c', relatedId: 'c', score: 1 },
    ]), [{ storyId: 'a', relatedId: 'c', score: 0.9 }, { storyId: 'a', relatedId: 'b', score: 0.4 }])
  })
})
