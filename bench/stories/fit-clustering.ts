/**
 * `npm run fit:clustering`: fits the clustering's match model (src/crawler/cluster/match-model.ts) on labelled
 * articles and reports it on folds it was not fitted on.
 *
 * 1. Samples. Each labelled set is replayed in time order into a clustering index that holds the TRUE stories
 *    (teacher forcing); for every article, each candidate story the index returns within the window gives one
 *    sample: its features (match-features.ts) and whether it is the article's true story. So the model is fitted on
 *    exactly the candidates and features it later decides on.
 * 2. Folds. The real-news set is cut into 4 blocks by time (its events' first article), so a fold is a later or
 *    earlier period the weights never saw; the hand-written sets into 4 folds of events (an event and its hard
 *    negatives stay together). For each fold: weights are fitted on the other folds (L2 logistic regression), the
 *    join threshold is chosen on the other folds by clustering them with those weights, and then the held-out fold
 *    is clustered for real (the model's own stories, not the true ones) and scored. The figures printed are those
 *    held-out runs, pooled.
 * 3. The model written to match-weights.ts is fitted on everything, with the median of the folds' thresholds.
 *
 * Options: --no-write (report only), --sets real,corpus,unit, --l2 N.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CLUSTER_WINDOW_MS, clusterArticle, scoreCandidates } from '../../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex } from '../../src/crawler/cluster/cluster-state.ts'
import { fingerprintArticle } from '../../src/crawler/cluster/fingerprint.ts'
import { FEATURES } from '../../src/crawler/cluster/match-features.ts'
import type { MatchModel } from '../../src/crawler/cluster/match-model.ts'
import { corpusSet, realSet, unitSet, type LabelledArticle, type LabelledSet } from './labelled-sets.ts'
import { fitLogistic, type Sample } from './logistic.ts'
import { bcubed, pairwise, type LabelledItem } from './metrics.ts'
import { findRealNewsDir, loadRealNews } from './real-news.ts'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const write = !args.includes('--no-write')
const L2 = Number(arg('l2') ?? 1)
const FOLDS = 4
const JOIN_GRID = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]
/** Stories the article does not join but comes this close to are listed as related (not fitted: no labels). */
const RELATED = 0.2
const MIN_PRECISION = 0.9

/** Samples need features only: the probabilities of this all-zero model are never read. */
const UNFITTED: MatchModel = { features: [...FEATURES], weights: FEATURES.map(() => 0), join: 1, merge: 1, related: 1 }

const goldOf = (a: LabelledArticle) => a.event ?? `solo:${a.id}`

/** Teacher-forced samples of a set's articles (the true stories in the index). */
export function samplesOf(articles: readonly LabelledArticle[]): { samples: Sample[]; positives: number; missed: number } {
  const index = new ClusterIndex()
  const samples: Sample[] = []
  let positives = 0
  let missed = 0
  const seen = new Map<string, number>()
  for (const a of [...articles].sort((x, y) => x.time - y.time || x.id.localeCompare(y.id))) {
    const now = a.time + 3_600_000
    index.evictBefore(now - CLUSTER_WINDOW_MS - 7 * 24 * 3_600_000)
    const fp = fingerprintArticle(a.article, now)
    const gold = goldOf(a)
    if (fp.indexable) {
      const { scored } = scoreCandidates(fp, index, CLUSTER_WINDOW_MS, UNFITTED)
      let found = false
      for (const s of scored) {
        const y = s.cluster.id === gold ? 1 : 0
        if (y) found = true
        samples.push({ x: s.features, y })
      }
      const last = seen.get(gold)
      if (last !== undefined && Math.abs(a.time - last) <= CLUSTER_WINDOW_MS) {
        positives++
        if (!found) missed++
      }
    }
    index.add(fp, a.id, gold)
    seen.set(gold, a.time)
  }
  return { samples, positives, missed }
}

/** Clusters a set's articles with `model` (its own stories) and labels the result for scoring. */
export function clusterWith(articles: readonly LabelledArticle[], model: MatchModel, prefix = ''): LabelledItem[] {
  const index = new ClusterIndex()
  const got = new Map<string, string>()
  for (const a of [...articles].sort((x, y) => x.time - y.time || x.id.localeCompare(y.id))) {
    const r = clusterArticle(a.article, a.id, `${prefix}${a.id}`, { index, now: a.time + 3_600_000, model })
    got.set(a.id, r.clusterId)
  }
  return articles.map((a) => ({ id: a.id, gold: goldOf(a), got: index.get(got.get(a.id)!)?.id ?? got.get(a.id)!, lang: a.article.language ?? '' }))
}

const modelOf = (weights: ArrayLike<number>, join: number): MatchModel => ({
  features: [...FEATURES], weights: [...Array.from(weights)], join, merge: Math.max(join, 0.8), related: Math.min(RELATED, join / 2),
})

/** The fold of each article: real news by time block of its event, the others by event group. */
function foldsOf(set: LabelledSet): Map<string, number> {
  const folds = new Map<string, number>()
  if (set.name === 'real') {
    const first = new Map<string, number>()
    for (const a of set.articles) first.set(a.group, Math.min(first.get(a.group) ?? Infinity, a.time))
    const order = [...first].sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0])).map(([g]) => g)
    order.forEach((g, i) => folds.set(g, Math.floor((i * FOLDS) / order.length)))
  } else {
    const groups = [...new Set(set.articles.map((a) => a.group))].sort()
    groups.forEach((g, i) => folds.set(g, i % FOLDS))
  }
  return new Map(set.articles.map((a) => [a.id, folds.get(a.group)!]))
}

/** How good a clustering of the training folds is: pairwise F1, less a penalty below the precision floor. */
function objective(items: LabelledItem[]): number {
  const pw = pairwise(items)
  return pw.f1 - 2 * Math.max(0, MIN_PRECISION - pw.precision)
}

function fitOn(sets: Array<{ set: LabelledSet; articles: LabelledArticle[] }>): { weights: Float64Array; join: number } {
  const samples = sets.flatMap(({ articles }) => samplesOf(articles).samples)
  const weights = fitLogistic(samples, L2)
  let best = { join: 0.5, score: -Infinity }
  for (const join of JOIN_GRID) {
    const model = modelOf(weights, join)
    const score = sets.reduce((sum, { articles }) => sum + objective(clusterWith(articles, model)), 0) / sets.length
    if (score > best.score) best = { join, score }
  }
  return { weights, join: best.join }
}

const f3 = (n: number) => n.toFixed(3)

function main(): void {
  const wanted = (arg('sets') ?? 'real,corpus,unit').split(',')
  const sets: LabelledSet[] = []
  if (wanted.includes('real')) {
    const dir = findRealNewsDir()
    if (!dir) throw new Error('real-news set not found: set NEWSDESK_REAL_NEWS or place it at ../shared/data/real-news-dev')
    sets.push(realSet(loadRealNews(dir)))
  }
  if (wanted.includes('corpus')) sets.push(corpusSet())
  if (wanted.includes('unit')) sets.push(unitSet())
  const folds = new Map(sets.map((s) => [s.name, foldsOf(s)]))

  for (const s of sets) {
    const { samples, positives, missed } = samplesOf(s.articles)
    console.log(`${s.name}: ${s.articles.length} articles, ${samples.length} samples (${samples.filter((x) => x.y).length} positive); the index found the true story for ${positives - missed} of ${positives} articles joining one`)
  }

  const heldOut = new Map<string, LabelledItem[]>(sets.map((s) => [s.name, []]))
  const joins: number[] = []
  for (let k = 0; k < FOLDS; k++) {
    const training = sets.map((set) => ({ set, articles: set.articles.filter((a) => folds.get(set.name)!.get(a.id) !== k) }))
    const { weights, join } = fitOn(training)
    joins.push(join)
    const model = modelOf(weights, join)
    const line: string[] = []
    for (const set of sets) {
      const test = set.articles.filter((a) => folds.get(set.name)!.get(a.id) === k)
      const items = clusterWith(test, model, `f${k}:`).map((it) => ({ ...it, got: `f${k}:${it.got}` }))
      heldOut.get(set.name)!.push(...items)
      const pw = pairwise(items)
      line.push(`${set.name} P/R/F1 ${f3(pw.precision)}/${f3(pw.recall)}/${f3(pw.f1)}`)
    }
    console.log(`fold ${k + 1} (join ${join}): ${line.join('   ')}`)
  }
  console.log('\nheld-out (each fold clustered with weights and threshold fitted on the other folds):')
  for (const set of sets) {
    const items = heldOut.get(set.name)!
    const pw = pairwise(items)
    const b3 = bcubed(items)
    console.log(`  ${set.name.padEnd(6)} pairwise P/R/F1 ${f3(pw.precision)} / ${f3(pw.recall)} / ${f3(pw.f1)}   B-cubed ${f3(b3.precision)} / ${f3(b3.recall)} / ${f3(b3.f1)}`)
    if (args.includes('--verbose')) {
      const title = new Map(set.articles.map((a) => [a.id, a.article.title]))
      const members = new Map<string, LabelledItem[]>()
      for (const it of items) members.set(it.got, [...(members.get(it.got) ?? []), it])
      for (const group of members.values()) {
        if (new Set(group.map((g) => g.gold)).size > 1) console.log(`    merged: ${group.map((g) => `${g.gold}: ${title.get(g.id)}`).join(' | ')}`)
      }
    }
  }

  const all = sets.map((set) => ({ set, articles: set.articles }))
  const weights = fitLogistic(all.flatMap(({ articles }) => samplesOf(articles).samples), L2)
  const join = [...joins].sort((a, b) => a - b)[Math.floor(joins.length / 2)]!
  const model = modelOf(weights, join)
  console.log(`\nfinal model (all sets, join ${join}):`)
  for (let i = 0; i < FEATURES.length; i++) console.log(`  ${FEATURES[i]!.padEnd(22)} ${weights[i]!.toFixed(3)}`)
  if (write) {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'crawler', 'cluster', 'match-weights.ts')
    const round = (n: number) => Number(n.toFixed(4))
    fs.writeFileSync(file, `// Written by \`npm run fit:clustering\` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: ${sets.map((s) => `${s.name} (${s.articles.length} articles)`).join(', ')}.
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: [${FEATURES.map((f) => `'${f}'`).join(', ')}],
  weights: [${Array.from(weights, round).join(', ')}],
  join: ${model.join},
  merge: ${model.merge},
  related: ${model.related},
}
`)
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()
