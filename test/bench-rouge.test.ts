import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { lcsLength, lead3, rouge, tokenize } from '../bench/stories/rouge.ts'

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`)

describe('ROUGE on tiny known examples', () => {
  it('tokenizes lower-case runs of letters and digits, no stemming', () => {
    assert.deepEqual(tokenize('The U.S. economy added 194,000 jobs — far fewer!'), ['the', 'u', 's', 'economy', 'added', '194', '000', 'jobs', 'far', 'fewer'])
    assert.deepEqual(tokenize('Ships rose'), ['ships', 'rose'])
  })

  it('identical texts score 1, disjoint ones 0', () => {
    const r = rouge('the cat sat on the mat', 'The cat sat on the mat.')
    for (const s of [r.rouge1, r.rouge2, r.rougeL]) assert.deepEqual(s, { precision: 1, recall: 1, f1: 1 })
    const z = rouge('dogs bark', 'the cat sat')
    for (const s of [z.rouge1, z.rouge2, z.rougeL]) assert.equal(s.f1, 0)
    assert.equal(rouge('', 'the cat').rouge1.f1, 0)
  })

  it('the classic example: "the cat was under the bed" against "the cat was found under the bed"', () => {
    const r = rouge('the cat was under the bed', 'the cat was found under the bed')
    // Unigrams: all 6 candidate tokens match (clipped counts: "the" twice in both) → P 6/6, R 6/7.
    close(r.rouge1.precision, 1)
    close(r.rouge1.recall, 6 / 7)
    close(r.rouge1.f1, (2 * 1 * (6 / 7)) / (1 + 6 / 7))
    // Bigrams: the cat, cat was, under the, the bed match (4 of 5 candidate, 4 of 6 reference).
    close(r.rouge2.precision, 4 / 5)
    close(r.rouge2.recall, 4 / 6)
    // LCS "the cat was under the bed" = 6.
    close(r.rougeL.precision, 1)
    close(r.rougeL.recall, 6 / 7)
  })

  it('clips repeated n-grams at the reference count', () => {
    const r = rouge('the the the the', 'the cat')
    close(r.rouge1.precision, 1 / 4)
    close(r.rouge1.recall, 1 / 2)
  })

  it('LCS is a subsequence, not a substring', () => {
    assert.equal(lcsLength(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'y', 'd']), 3)
    assert.equal(lcsLength([], ['a']), 0)
  })
})

describe('lead-3', () => {
  it('takes the first three sentences of the earliest article, whatever the order given', () => {
    const late = { text: 'Later report. It adds detail.', publishedAt: '2021-05-02T10:00:00Z' }
    const early = { text: 'Talks collapsed on Tuesday. About 2,300 dockworkers walked out.\n\nShips wait at anchor. The union wants 14%.', publishedAt: '2021-05-01T10:00:00Z' }
    assert.equal(lead3([late, early]), 'Talks collapsed on Tuesday. About 2,300 dockworkers walked out. Ships wait at anchor.')
    assert.equal(lead3([{ text: 'Undated first.', publishedAt: null }, late]), 'Later report. It adds detail.')
    assert.equal(lead3([]), '')
  })
})
