import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { clusterArticle, type Assignment } from './assign-cluster.ts'
import { ClusterIndex, rebuildClusterIndex } from './cluster-state.ts'
import type { ClusterArticle } from './fingerprint.ts'
import { signatureToBytes } from './minhash.ts'
import { BASE_TIME, CORPUS, type CorpusArticle } from './testdata/corpus.ts'

const H = 3_600_000

/**
 * The corpus is one of the sets the bundled model was fitted on (bench/stories/fit-clustering.ts), so these tests
 * pin properties of the decision on it, not its quality: that is measured on held-out folds by the fit script and
 * on real news by `npm run eval:real`.
 */

type Result = Assignment & { clusterId: string, isNew: boolean }

function byTime<T extends ClusterArticle>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => Date.parse(a.publishedAt!) - Date.parse(b.publishedAt!))
}

/** Clusters the articles in time order, each new story taking its first article's id. */
function run(articles: readonly CorpusArticle[], index = new ClusterIndex()) {
  const results = new Map<string, Result>()
  for (const a of byTime(articles)) results.set(a.id, clusterArticle(a, a.id, a.id, { index, now: Date.parse(a.publishedAt!) }))
  // A later article may have merged the story an earlier one joined: every article ends in the survivor (the
  // store moves the articles the same way).
  for (const [id, r] of results) results.set(id, { ...r, clusterId: index.get(r.clusterId)?.id ?? r.clusterId })
  return { index, results }
}

function partition(results: Map<string, Result>): string[][] {
  const groups = new Map<string, string[]>()
  for (const [id, r] of results) groups.set(r.clusterId, [...(groups.get(r.clusterId) ?? []), id])
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!))
}

function pairwise(results: Map<string, Result>, articles: readonly CorpusArticle[], sameLanguageOnly = false) {
  let tp = 0
  let fp = 0
  let fn = 0
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const [a, b] = [articles[i]!, articles[j]!]
      if (sameLanguageOnly && a.language !== b.language) continue
      const gold = a.event !== null && a.event === b.event
      const got = results.get(a.id)!.clusterId === results.get(b.id)!.clusterId
      if (gold && got) tp++
      else if (got) fp++
      else if (gold) fn++
    }
  }
  return { tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn) }
}

describe('clustering the test corpus', () => {
  const { index, results } = run(CORPUS)

  it('has the shape the brief asks for: ≥ 15 events of 2–6 publishers, ≥ 30 unrelated articles, es/fr/de/ja', () => {
    const events = new Map<string, Set<string>>()
    for (const a of CORPUS) if (a.event) events.set(a.event, (events.get(a.event) ?? new Set()).add(a.publisherId))
    assert.ok(events.size >= 15)
    for (const publishers of events.values()) assert.ok(publishers.size >= 2 && publishers.size <= 6)
    assert.ok(CORPUS.filter((a) => a.event === null).length >= 30)
    for (const lang of ['es', 'fr', 'de', 'ja']) assert.ok(CORPUS.some((a) => a.language === lang), lang)
  })

  it('precision is 1.0: no hard negative joins anything, no cluster mixes two events', (t) => {
    const all = pairwise(results, CORPUS)
    const same = pairwise(results, CORPUS, true)
    t.diagnostic(`pairwise precision ${all.precision.toFixed(3)} recall ${all.recall.toFixed(3)} (tp ${all.tp}, fp ${all.fp}, fn ${all.fn}); ` +
      `same-language pairs: recall ${same.recall.toFixed(3)} (tp ${same.tp}, fn ${same.fn})`)
    assert.equal(all.fp, 0)
    for (const a of CORPUS.filter((x) => x.event === null)) {
      const r = results.get(a.id)!
      assert.equal(r.clusterId, a.id, `${a.id} "${a.title}" joined ${r.clusterId}: ${r.reason}`)
      assert.equal(index.get(a.id)!.memberCount, 1, `${a.id} was joined by another article`)
    }
    assert.ok(all.recall >= 0.6 && same.recall >= 0.75, 'recall regressed')
  })

  it('one event in several wordings and languages is one story (Nvidia\'s GTC keynote: four English reports, Spanish, Japanese)', () => {
    const ids = ['e1-a', 'e1-b', 'e1-c', 'e1-d', 'e1-e']
    assert.equal(new Set(ids.map((id) => results.get(id)!.clusterId)).size, 1, ids.map((id) => `${id}: ${results.get(id)!.reason}`).join('\n'))
  })

  it('the story id is the first article\'s and never changes; publishers follow the cluster', () => {
    for (const group of partition(results).filter((g) => g.length > 1)) {
      const first = byTime(CORPUS.filter((a) => group.includes(a.id)))[0]!
      for (const id of group) assert.equal(results.get(id)!.clusterId, first.id)
      const cluster = index.get(first.id)!
      assert.equal(cluster.memberCount, group.length)
      assert.deepEqual([...cluster.publishers].sort(), [...new Set(CORPUS.filter((a) => group.includes(a.id)).map((a) => a.publisherId))].sort())
    }
    assert.equal(index.get('e1-a')!.publishers.size, 6)
  })

  it('a publisher\'s own update joins its story, flagged as such', () => {
    const update = results.get('e17-b')!
    assert.equal(update.clusterId, 'e17-a')
    assert.equal(update.samePublisher, true)
    assert.match(update.reason, /same publisher/)
    assert.equal(index.get('e17-a')!.publishers.size, 3, 'four articles, three publishers')
  })

  it('every decision looked only at index candidates: a handful of clusters per article', () => {
    const compared = [...results.values()].map((r) => r.compared)
    assert.ok(Math.max(...compared) <= 10, `max ${Math.max(...compared)}`)
  })

  it('is deterministic: the same input order gives the same clusters, scores and signatures', () => {
    const again = run(CORPUS)
    for (const [id, r] of results) {
      const s = again.results.get(id)!
      assert.equal(s.clusterId, r.clusterId)
      assert.equal(s.score, r.score)
      assert.deepEqual(s.fingerprint.signature, r.fingerprint.signature)
    }
  })

  it('an index rebuilt from the stored signatures decides like the incremental one', () => {
    const stored = byTime(CORPUS).map((a) => {
      const r = results.get(a.id)!
      return { articleId: a.id, clusterId: r.clusterId, article: a, signature: signatureToBytes(r.fingerprint.signature), fetchedAt: Date.parse(a.publishedAt!) }
    })
    const rebuilt = rebuildClusterIndex(stored)
    assert.equal(rebuilt.clusterCount, index.clusterCount)
    for (const group of partition(results)) {
      const [x, y] = [index.get(results.get(group[0]!)!.clusterId)!, rebuilt.get(results.get(group[0]!)!.clusterId)!]
      assert.deepEqual([y.memberCount, y.latestTime, [...y.publishers]], [x.memberCount, x.latestTime, [...x.publishers]])
    }
    const probes: ClusterArticle[] = [
      { title: 'Nvidia CEO Huang shows off Blackwell Ultra and Vera Rubin at GTC', teaserText: 'At the GTC conference in San Jose, Nvidia detailed Blackwell Ultra.', fullText: null, language: 'en', publishedAt: new Date(BASE_TIME + 23 * H).toISOString(), publisherId: 'late' },
      { title: 'Magnitude 6.2 earthquake hits Chile', teaserText: 'A magnitude 6.2 earthquake struck northern Chile on Monday.', fullText: null, language: 'en', publishedAt: new Date(BASE_TIME + 23 * H).toISOString(), publisherId: 'late' },
    ]
    const outcomes = probes.map((p) => {
      const deps = { now: BASE_TIME + 61 * H }
      const a = clusterArticle(p, 'probe', 'probe-story', { ...deps, index: rebuildClusterIndex(stored) })
      const b = clusterArticle(p, 'probe', 'probe-story', { ...deps, index: run(CORPUS).index })
      assert.deepEqual([a.clusterId, a.score, a.reason], [b.clusterId, b.score, b.reason])
      return a.clusterId
    })
    assert.deepEqual(outcomes, ['e1-a', 'probe-story'])
  })
})

describe('the time window', () => {
  const article = (hours: number, publisherId: string): ClusterArticle => ({
    title: 'Tesla recalls 46,096 Cybertrucks over loose panels', teaserText: 'Tesla is recalling 46,096 Cybertrucks because a stainless steel panel can detach, NHTSA said.',
    fullText: null, language: 'en', publishedAt: new Date(BASE_TIME + hours * H).toISOString(), publisherId,
  })
  const add = (index: ClusterIndex, hours: number, id: string) =>
    clusterArticle(article(hours, `pub-${id}`), id, id, { index, now: BASE_TIME + hours * H, window: 72 * H })

  it('the same headline two days later joins; five days later starts a new story', () => {
    const index = new ClusterIndex()
    add(index, 0, 'a')
    assert.equal(add(index, 48, 'b').clusterId, 'a')
    const late = add(index, 48 + 120, 'c')
    assert.equal(late.clusterId, 'c')
    assert.equal(late.isNew, true)
  })

  it('the window runs from the cluster\'s latest article, and old clusters are evicted', () => {
    const index = new ClusterIndex()
    add(index, 0, 'a')
    assert.equal(add(index, 60, 'b').clusterId, 'a')
    assert.equal(add(index, 120, 'c').clusterId, 'a', '120 h after the first article, 60 h after the latest')
    assert.equal(index.clusterCount, 1)
    add(index, 300, 'd')
    assert.ok(index.get('a'), 'kept while a backlog article (up to a week old) could still be within 72 h of it')
    add(index, 400, 'e')
    assert.equal(index.get('a'), undefined, 'evicted')
    assert.equal(index.clusterCount, 2)
  })

  it('an article without a significant token never joins anything', () => {
    const index = new ClusterIndex()
    const empty: ClusterArticle = { title: 'The', teaserText: '', fullText: null, language: 'en', publishedAt: null, publisherId: 'x' }
    assert.equal(clusterArticle(empty, 'e1', 'e1', { index, now: BASE_TIME }).isNew, true)
    const r = clusterArticle(empty, 'e2', 'e2', { index, now: BASE_TIME })
    assert.equal(r.isNew, true)
    assert.equal(r.reason, 'no significant token')
  })
})
