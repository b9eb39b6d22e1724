import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { extractArticle } from '../src/crawler/extract/extract-article.ts'
import { findBenchmarkDir, loadBenchmarkPages } from '../bench/extraction/benchmark-pages.ts'
import { pageCounts, score } from '../bench/extraction/shingle-score.ts'

describe('extraction benchmark scorer', () => {
  // Expected values computed with the benchmark's own evaluate.py on the same strings.
  it('counts word 4-gram shingles as the benchmark does, normalised per page', () => {
    const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`)
    const c = pageCounts('the cat sat on the mat today ok', 'the cat sat on the mat yesterday')
    near(c.tp, 0.5); near(c.fp, 1 / 6); near(c.fn, 1 / 3)
    const u = pageCounts('Ünïcode wörds über 12 and_under here', 'Ünïcode wörds über 12 and_under')
    near(u.tp, 2 / 3); near(u.fp, 0); near(u.fn, 1 / 3)
    assert.deepEqual(pageCounts('one two', 'one two'), { tp: 1, fp: 0, fn: 0 })
    assert.deepEqual(pageCounts('a b c d', ''), { tp: 0, fp: 0, fn: 1 })
  })

  it('averages precision over pages with a prediction and recall over all', () => {
    const s = score([{ tp: 0.5, fp: 0.25, fn: 0.25 }, { tp: 0, fp: 0, fn: 1 }, { tp: 1, fp: 0, fn: 0 }])
    assert.ok(Math.abs(s.precision - 0.8333333333333333) < 1e-9)
    assert.ok(Math.abs(s.recall - 0.5555555555555556) < 1e-9)
    assert.ok(Math.abs(s.f1 - 0.6666666666666667) < 1e-9)
  })
})

// The benchmark's pages live outside the repository (../shared/data/extraction-benchmark): without them there is
// nothing to measure, which is reported as a skip with its reason rather than as a pass.
const dir = findBenchmarkDir()
describe('extraction on the benchmark\'s real pages', { skip: dir === null ? 'extraction benchmark not found (NEWSDESK_EXTRACTION_BENCHMARK)' : false }, () => {
  it('reaches F1 0.975 on the held-out half and on all pages, with text for every page', () => {
    const pages = loadBenchmarkPages(dir!)
    const results = pages.map((p) => ({ p, r: extractArticle(p.html, 'text/html', p.url) }))
    assert.deepEqual(results.filter(({ r }) => !r.ok).map(({ p }) => p.id), [], 'every page gives text')
    const counts = (half?: string) => results.filter(({ p }) => half === undefined || p.half === half).map(({ p, r }) => pageCounts(p.truth, r.ok ? r.text : ''))
    const heldOut = score(counts('held-out'))
    const all = score(counts())
    assert.ok(heldOut.f1 >= 0.975, `held-out F1 ${heldOut.f1.toFixed(3)}`)
    assert.ok(all.f1 >= 0.975, `all-pages F1 ${all.f1.toFixed(3)}`)
  })
})
