/**
 * The candidates an article is compared with do not depend on the order the window's articles were indexed in: the
 * comparisons are capped (MAX_COMPARED_STORIES), so two workers sharing a store, which index the same articles in
 * different orders (their own as they come, the others' when they commit), must still compare the same stories.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ClusterIndex, MAX_COMPARED_STORIES } from './cluster-state.ts'
import { fingerprintArticle } from './fingerprint.ts'
import { syntheticCorpus } from './testdata/synthetic.ts'

describe('candidate stories', () => {
  it('come in the same order whatever order the window was indexed in', () => {
    const start = Date.UTC(2026, 10, 20)
    const corpus = syntheticCorpus(4242, start, 60_000)
    const now = start + 3_000 * 60_000
    const fps = Array.from({ length: 3_000 }, (_, i) => fingerprintArticle(corpus.article(i), now))
    const forward = new ClusterIndex()
    const backward = new ClusterIndex()
    fps.forEach((fp, i) => forward.add(fp, `a${i}`, `s${i % 1_500}`))
    for (let i = fps.length - 1; i >= 0; i--) backward.add(fps[i]!, `a${i}`, `s${i % 1_500}`)

    let beyondCap = 0
    for (let k = 0; k < 200; k++) {
      // Probes from the same vocabulary (names and words), so they share keys with many stories.
      const fp = fingerprintArticle(corpus.article(fps.length + k), now)
      const a = forward.candidates(fp).clusters.map((c) => c.id)
      const b = backward.candidates(fp).clusters.map((c) => c.id)
      assert.deepEqual(a, b, `probe ${k}`)
      if (a.length > MAX_COMPARED_STORIES) beyondCap++
    }
    // The test means something only if the cap has to choose.
    assert.ok(beyondCap > 20, `${beyondCap} of 200 probes had more candidates than the cap`)
  })
})
