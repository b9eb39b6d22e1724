/**
 * Cost as the window grows: 25,000 synthetic unrelated articles (testdata/synthetic.ts) are clustered one by one,
 * and 1,000 more are measured when the index holds 2,500 and when it holds 25,000: the work per article (candidate
 * clusters compared, index entries read) must not grow with ten times the corpus. Times are printed as diagnostics
 * only; `npm run bench:clustering` measures them properly (10k vs 100k in the window). Takes 10–35 s by the machine:
 * it was 5,000 against 50,000, which cost every CI leg over a minute of CPU for the same tenfold step.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle } from './assign-cluster.ts'
import { ClusterIndex, MAX_COMPARED_STORIES, MAX_QUERIED_FIGURES, MAX_QUERIED_NAMES, MAX_QUERIED_TITLE_TERMS } from './cluster-state.ts'
import { LSH_PARAMS } from './lsh-index.ts'
import { syntheticCorpus } from './testdata/synthetic.ts'

const N = 25_000
const PROBES = 1_000
const WINDOW_MS = 72 * 3_600_000
/** All 25,000 + probes fall inside one 72 h window: nothing is evicted, the index really holds them all. */
const STEP_MS = Math.floor((70 * 3_600_000) / (N + 2 * PROBES))

interface Cost {
  existing: number
  usPerArticle: number
  candidates: number
  maxCandidates: number
  maxCompared: number
  entriesRead: number
  maxEntriesRead: number
  merges: number
}

describe('clustering cost as the corpus grows', () => {
  it('stays bounded per article between 2,500 and 25,000 existing stories', { timeout: 300_000 }, (t) => {
    const corpus = syntheticCorpus(20250317, Date.UTC(2025, 2, 17), STEP_MS)
    const index = new ClusterIndex()
    let next = 0
    let merges = 0
    const add = (i: number) => {
      const a = corpus.article(i)
      const r = clusterArticle(a, `a${i}`, `a${i}`, { index, now: Date.parse(a.publishedAt!), window: WINDOW_MS })
      return r
    }
    const fill = (until: number) => {
      for (; next < until; next++) if (!add(next).isNew) merges++
    }
    const measure = (): Cost => {
      const existing = index.clusterCount
      const articles = Array.from({ length: PROBES }, (_, k) => next + k)
      let candidates = 0
      let maxCandidates = 0
      let maxCompared = 0
      let entriesRead = 0
      let maxEntriesRead = 0
      let probeMerges = 0
      const start = performance.now()
      for (const i of articles) {
        const r = add(i)
        candidates += r.candidates
        maxCandidates = Math.max(maxCandidates, r.candidates)
        maxCompared = Math.max(maxCompared, r.compared)
        entriesRead += r.entriesRead
        maxEntriesRead = Math.max(maxEntriesRead, r.entriesRead)
        if (!r.isNew) probeMerges++
      }
      const usPerArticle = ((performance.now() - start) * 1000) / PROBES
      next += PROBES
      return { existing, usPerArticle, candidates: candidates / PROBES, maxCandidates, maxCompared, entriesRead: entriesRead / PROBES, maxEntriesRead, merges: probeMerges }
    }

    fill(N / 10)
    const atTenth = measure()
    fill(N + PROBES)
    const atFull = measure()
    const line = (c: Cost) => `${c.existing} existing: ${c.usPerArticle.toFixed(0)} µs/article (${(1e6 / c.usPerArticle).toFixed(0)} articles/s), ` +
      `${c.candidates.toFixed(1)} candidate clusters (max ${c.maxCandidates}, at most ${c.maxCompared} compared), ${c.entriesRead.toFixed(1)} index entries read (max ${c.maxEntriesRead})`
    t.diagnostic(line(atTenth))
    t.diagnostic(line(atFull))
    t.diagnostic(`heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB with ${index.clusterCount} stories in the window`)

    assert.ok(atFull.existing >= N, `the index holds ${N} stories`)
    assert.equal(merges + atTenth.merges + atFull.merges, 0, 'unrelated articles never merge')
    // By construction at most bands × bandCap entries from the signature's bands and nameCap from each queried name,
    // figure and rare title term are read per article.
    const bound = LSH_PARAMS.bands * LSH_PARAMS.bandCap + (MAX_QUERIED_NAMES + MAX_QUERIED_FIGURES + MAX_QUERIED_TITLE_TERMS) * LSH_PARAMS.nameCap
    assert.ok(atFull.maxEntriesRead <= bound, `${atFull.maxEntriesRead} entries read, bound ${bound}`)
    // The average grows while buckets fill up to their caps, then stops: ten times the stories must not mean anywhere
    // near ten times the candidates (O(corpus) would), and it stays a small part of the bound.
    const growth = atFull.candidates / atTenth.candidates
    assert.ok(growth < 5, `${atTenth.candidates} → ${atFull.candidates} candidates (${growth.toFixed(1)}×) for 10× the stories`)
    assert.ok(atFull.candidates <= bound / 4, `${atFull.candidates} candidates on average, bound ${bound}`)
    // However many stories share a key with it, an article is compared with at most the eight sharing the most.
    assert.ok(atFull.maxCandidates > MAX_COMPARED_STORIES, `${atFull.maxCandidates} candidates at most: the cap is reached`)
    assert.equal(atFull.maxCompared, MAX_COMPARED_STORIES, 'stories compared, at most the cap')
  })
})
