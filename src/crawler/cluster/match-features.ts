/**
 * Clustering stage: what is known about "does this article report this story's event", as numbers a fitted model
 * weighs (match-model.ts). Every feature compares the article with the story as a whole (its centroid, its names
 * and figures, all its members' times) or with the members the story is compared through (first + most recent),
 * taking the worst as well as the best, so an article that resembles one member only does not join.
 *
 * Evidence is weighted by how telling it is in the window: terms by their document frequency
 * (document-frequency.ts), on the new article's side (term-vector.ts says why), names by name-frequency.ts. Names
 * and figures survive translation; words do not.
 */
import type { ClusterRecord } from './cluster-state.ts'
import type { Fingerprint } from './fingerprint.ts'
import { comparePair, mayMatch } from './similarity.ts'
import { nameKey } from './name-frequency.ts'
import { topKeys, type NameCounts } from './story-profile.ts'
import { dotProduct, hasKey, queryVector, type TermVector } from './term-vector.ts'
import { estimateJaccard } from './minhash.ts'

export const FEATURES = [
  'bias',
  'centroidCosine',
  'titleCentroidCosine',
  'memberCosineMax',
  'memberCosineMin',
  'jaccardMax',
  'entityShare',
  'storyEntityCoverage',
  'specificFigures',
  'ruleMatch',
  'conflict',
  'hoursNearest',
  'hoursFirst',
  'crossLanguage',
  'crossEntities',
  'crossFigures',
  'storySize',
  'keyTermShare',
  'storyKeyTermShare',
  'titleNamesMissing',
  'samePublisher',
  'crossStorySize',
] as const

export type FeatureName = typeof FEATURES[number]

const CROSS_LANGUAGE = FEATURES.indexOf('crossLanguage')
const RULE_MATCH = FEATURES.indexOf('ruleMatch')
const MEMBER_COSINE_MAX = FEATURES.indexOf('memberCosineMax')
const ENTITY_SHARE = FEATURES.indexOf('entityShare')
const SPECIFIC_FIGURES = FEATURES.indexOf('specificFigures')

/** The article is in another language than the story, and no pair rule accepted it through a member. */
export const acrossLanguagesWithoutRules = (features: ArrayLike<number>): boolean => features[CROSS_LANGUAGE] === 1 && features[RULE_MATCH] === 0

/** Below this, two texts in one language are not alike enough to be one event on their words alone. */
const ALIKE_TEXT = 0.3

/**
 * No shared content at all: not one name, not one specific figure, no pair rule, and texts no closer than
 * ALIKE_TEXT. However the other features add up (two short teasers in one section, "earthquake hits Chile" and
 * "earthquake strikes Turkey"), such an article is at most related (docs/clustering.md: what the gate costs).
 */
export const withoutSharedContent = (features: ArrayLike<number>): boolean =>
  features[MEMBER_COSINE_MAX]! < ALIKE_TEXT && features[ENTITY_SHARE] === 0 && features[SPECIFIC_FIGURES] === 0 && features[RULE_MATCH] === 0

/** What the features need of the window. */
export interface WindowStats {
  termIdf: (key: number) => number
  /** Articles in the window naming the name or entity word whose nameKey (name-frequency.ts) this is. */
  nameCountKey: (key: number) => number
  articles: number
  isCommon: (name: string) => boolean
}

/** Per-article work done once for every candidate story. */
export interface ArticleView {
  fp: Fingerprint
  /** The whole text's vector, idf-weighted and unit (term-vector.ts queryVector). */
  terms: TermVector
  /** The title's. */
  title: TermVector
  /** The article's most telling terms (weight × idf). */
  keyTerms: number[]
  /** Their idf, read once here rather than once per candidate story. */
  keyTermIdf: number[]
  /** The idf of each of the article's entity words, beside fp.entityWordKeys. */
  entityIdf: Float64Array
  entityIdfSum: number
  /** The nameKeys of the headline's names that are words (not numbers) and their idf: what titleNamesMissing weighs. */
  titleWordNameKeys: number[]
  titleWordNameIdf: number[]
}

export function articleView(fp: Fingerprint, stats: WindowStats): ArticleView {
  const entityIdf = new Float64Array(fp.entityWordKeys.length)
  let entityIdfSum = 0
  for (let i = 0; i < entityIdf.length; i++) {
    entityIdf[i] = keyIdf(fp.entityWordKeys[i]!, stats)
    entityIdfSum += entityIdf[i]!
  }
  const terms = queryVector(fp.terms, stats.termIdf)
  const keyTerms = topKeys(terms.keys, (i) => terms.weights[i]!)
  const titleWordNameKeys = fp.titleNames.filter((name) => !/^\p{N}/u.test(name)).map(nameKey)
  return {
    fp, terms, title: queryVector(fp.titleVector, stats.termIdf), keyTerms, keyTermIdf: keyTerms.map(stats.termIdf),
    entityIdf, entityIdfSum, titleWordNameKeys, titleWordNameIdf: titleWordNameKeys.map((key) => keyIdf(key, stats)),
  }
}

function keyIdf(key: number, stats: WindowStats): number {
  return Math.log((stats.articles + 2) / (stats.nameCountKey(key) + 1))
}

const HOUR = 3_600_000

/** Stories larger than this count as this large (see storySize). */
const STORY_SIZE_CAP = 3

export function matchFeatures(view: ArticleView, cluster: ClusterRecord, stats: WindowStats): Float64Array {
  const { fp } = view
  const profile = cluster.profile
  const f = new Float64Array(FEATURES.length)
  const members = [cluster.first, ...cluster.recent]
  let cosMax = 0
  let cosMin = 1
  let jacMax = 0
  let closest = members[0]!
  for (const m of members) {
    const c = dotProduct(view.terms, m.fingerprint.terms)
    if (c > cosMax) [cosMax, closest] = [c, m]
    cosMin = Math.min(cosMin, c)
    jacMax = Math.max(jacMax, estimateJaccard(fp.signature, m.fingerprint.signature))
  }
  // The hand-set pair rules (similarity.ts) as one piece of evidence among the others, with their own contradiction
  // check; mayMatch skips the pairs none of them could accept (one comparison of 128 integers) before the costly part.
  let rules = 0
  let conflict = 0
  const ruled = members
  for (const m of ruled) {
    if (!mayMatch(fp, m.fingerprint)) continue
    const d = comparePair(fp, m.fingerprint, stats.isCommon)
    if (d.rule !== null) rules++
    if (d.conflict) conflict = 1
  }
  let shared = 0
  const storyWords = profile.entityWords
  for (let i = 0; i < view.entityIdf.length; i++) if (storyWords.has(fp.entityWordKeys[i]!)) shared += view.entityIdf[i]!
  // The story's own core names: those most of its members name.
  let core = 0
  let coreFound = 0
  const needed = Math.max(1, profile.size / 2)
  for (let i = 0; i < storyWords.size; i++) {
    if (storyWords.countAt(i) < needed) continue
    const key = storyWords.keyAt(i)
    const idf = keyIdf(key, stats)
    core += idf
    if (hasKey(fp.entityWordKeys, key) || hasKey(fp.mentions, key)) coreFound += idf
  }
  let specific = 0
  for (const fig of fp.figures) if (profile.figures.has(fig) && !stats.isCommon(fig)) specific += figureWeight(fig)
  let nearest = Infinity
  for (const t of profile.times) nearest = Math.min(nearest, Math.abs(fp.time - t))
  const cross = fp.language === null || fp.language !== profile.language ? 1 : 0
  const entityShare = view.entityIdfSum === 0 ? 0 : shared / view.entityIdfSum
  const figures = Math.log1p(specific)
  f[0] = 1
  f[1] = profile.centroid.cosine(view.terms)
  f[2] = profile.titleCentroid.cosine(view.title)
  f[3] = cosMax
  f[4] = cosMin
  f[5] = jacMax
  f[6] = entityShare
  f[7] = core === 0 ? 0 : coreFound / core
  f[8] = figures
  f[9] = rules / ruled.length
  f[10] = conflict
  f[11] = Math.log1p(nearest / HOUR)
  f[12] = Math.log1p(Math.abs(fp.time - cluster.firstTime) / HOUR)
  f[13] = cross
  f[14] = cross * entityShare
  f[15] = cross * figures
  // Held at three members: the real-news events have two or three, so the labelled sets say nothing about larger
  // stories, and a weight fitted on sizes 1-3 must not make a 20-outlet story unreachable.
  f[16] = Math.log(Math.min(profile.size, STORY_SIZE_CAP))
  f[17] = keyShare(view.keyTerms, view.keyTermIdf, (k) => profile.centroid.has(k))
  f[18] = keyShare(profile.keyTerms, profile.keyTerms.map(stats.termIdf), (k) => hasKey(fp.terms.keys, k))
  f[19] = titleNamesMissing(view, members, profile.entityWords)
  // A publisher rarely writes one event twice within hours unless it updates its own article (which repeats most of
  // it): a second piece of its own in alike words is more often another event of the same kind (two matches, two
  // earnings reports).
  f[20] = cluster.publishers.has(fp.publisherId) ? 1 : 0
  // A story's members are mostly in one language: an article in another meets a grown story through names and
  // figures only, which a larger story does not make more likely to coincide; its size is weighed apart.
  f[21] = cross * f[16]
  return f
}

/**
 * The idf-weighted share of the names in the article's headline that the story never mentions: a headline about
 * another actor ("Bank of Canada cuts rates" against a story on the Bank of England's decision) is another event,
 * however alike the words. Figures are left out (a figure that moved is an update, not another event).
 */
function titleNamesMissing(view: ArticleView, members: readonly { fingerprint: Fingerprint }[], storyWords: NameCounts): number {
  let all = 0
  let missing = 0
  for (let i = 0; i < view.titleWordNameKeys.length; i++) {
    const key = view.titleWordNameKeys[i]!
    const w = view.titleWordNameIdf[i]!
    all += w
    if (!storyWords.has(key) && !members.some((m) => hasKey(m.fingerprint.mentions, key))) missing += w
  }
  return all === 0 ? 0 : missing / all
}

/** The idf-weighted share of `keys` that `has` holds (`idf[i]` is the idf of `keys[i]`). */
function keyShare(keys: readonly number[], idf: readonly number[], has: (key: number) => boolean): number {
  let all = 0
  let found = 0
  for (let i = 0; i < keys.length; i++) {
    const w = idf[i]!
    all += w
    if (has(keys[i]!)) found += w
  }
  return all === 0 ? 0 : found / all
}

/**
 * How unlikely a shared figure is to coincide by chance, by its significant digits beyond the first: "120" or
 * "80 million" 1, "2,340" or "$48.5 million" 2, "1,236" 3; a whole percentage below 10 ("4%") and one-digit figures
 * ("300", "5 million") 0. One plain figure two articles share says little (120 stores, 120 jobs); a precise one, or
 * several, say much.
 */
export function figureWeight(figure: string): number {
  const percent = figure.endsWith('%')
  if (percent && !figure.includes('.') && Number(figure.slice(0, -1)) < 10) return 0
  const digits = figure.replace('%', '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
  return Math.max(0, digits.length - 1)
}
