/**
 * Clustering stage: do two articles report the same event? A decision on one pair of fingerprints, used only on the
 * candidates the index returns.
 *
 * Wording alone cannot tell: two publishers' takes on one event share only a small part of their title + lead shingles, and so
 * do "Fed holds rates" and "Bank of England holds rates" (0.09–0.16 in the test corpus). So the rules ask for two
 * kinds of evidence, the same names (people, companies, places, specific numbers: fingerprint.names) and similar
 * wording (estimated Jaccard J of the title + lead shingles, shared title terms), and refuse a pair whose names
 * contradict each other.
 *
 *   shared     names of one title that the other article names too (either way round)
 *   sharedAll  names the two articles have in common (title or lead)
 *              (names found in very many articles of the window count for neither: name-frequency.ts)
 *   conflict   each title names something the other article never mentions at all (Japan / England), unless two
 *              names are shared and neither title's names are mostly unmentioned by the other; each title has a
 *              number the other never mentions (7.1 / 5.8) and fewer than two names are shared; or both articles
 *              name things and neither mentions any of the other's (a Brentford and a Sevilla match report)
 *
 * Same language, no conflict, any of:
 *   near-duplicate  J ≥ 0.30 (rewrites of one wire story, a publisher's own update)
 *   names           shared ≥ 3 and J ≥ 0.06; or sharedAll ≥ 2 and J ≥ 0.10 and the titles share a word that is not
 *                   a name (what happened, not only who: "ECB cuts rates" is not "ECB's Lagarde warns on tariffs");
 *                   or sharedAll ≥ 2 and J ≥ 0.18
 *   title           J ≥ 0.12 and the titles share ≥ 3 terms making half of the shorter one, or ≥ 5 terms (CJK titles
 *                   have no names: their terms are character bigrams)
 * Across languages (or when either language is unknown) wording is not comparable, so only names count, and
 * conservatively: no conflict, the titles share ≥ 2 names (one not a number), and the articles share ≥ 3 or the two
 * shared title names are both words ("Sunvale … Portugal" / "Sunvale … Portugal": a short German report names little
 * more). The rule only lets the fitted model decide; a storyline's next step shares its names too and is kept apart
 * there (evidence.test.ts).
 * In any language, when no rule above accepts the pair, language-independent evidence from the whole texts can
 * (`evidence`): a title name or title figure of one article is named or stated in the other, and they share
 *   one entity (entities.ts: multi-word names, company suffixes dropped) and two figures (figures.ts: normalized
 *   across languages), or one entity and one specific figure (not round, not a whole percentage below 10), or
 *   two entities and one figure, or three specific figures, or, across languages only, four entities.
 * Figures are what keeps one company's two events apart (results vs. its chief executive leaving share the name,
 * not the numbers). Across languages, a title name the other article lacks is no contradiction (ECB / EZB / BCE).
 *
 * Thresholds were tuned on testdata/corpus.ts for precision first: a missed merge leaves two stories about one event;
 * a false merge shows one event's headline over another's coverage. The margins are small (the closest hard
 * negative, the ECB cut vs Lagarde's warning a day later, has J = 0.15 and two shared names): expect misses on
 * rewordings that share neither names nor words, and across languages whose names differ (a person's or company's
 * transliteration; a country's or the ECB's name in six languages is one name since place-names.ts).
 */
import { estimateJaccard } from './minhash.ts'
import { mentions, type Fingerprint } from './fingerprint.ts'

export const THRESHOLDS = {
  nearDuplicate: 0.3,
  namesStrong: { shared: 3, jaccard: 0.06 },
  names: { shared: 2, jaccard: 0.1, jaccardAlone: 0.18 },
  title: { overlap: 0.5, terms: 3, manyTerms: 5, jaccard: 0.12 },
  crossLanguage: { titleNames: 2, shared: 3 },
  evidence: { figuresWithOneName: 2, namesAlone: 4, specificFiguresAlone: 3 },
} as const

export type MatchRule = 'near-duplicate' | 'names' | 'title' | 'cross-language' | 'evidence'

export interface PairEvidence {
  /** Whole-text entities of either article that the other names too (the smaller count of the two directions). */
  entities: number
  /** Whole-text figures the two articles share. */
  figures: number
  /** Of those, the ones unlikely to coincide by chance (isSpecificFigure). */
  specificFigures: number
  /** A title name or title figure of either article is named or stated in the other's whole text. */
  titleLink: boolean
  /** Estimated Jaccard similarity of the title + lead shingles. */
  jaccard: number
  /** Names of either title that the other article names too. */
  shared: number
  /** Names the two articles have in common (title or lead). */
  sharedAll: number
  conflict: boolean
  /** Shared title terms / terms of the shorter title. */
  titleOverlap: number
  titleShared: number
  /** Shared title terms that are not names. */
  plainShared: number
}

export interface PairDecision extends PairEvidence {
  rule: MatchRule | null
  /** For ranking candidates: J plus 0.05 per shared name (up to 4). */
  score: number
}

function count<T>(items: Iterable<T>, has: (item: T) => boolean): number {
  let n = 0
  for (const item of items) if (has(item)) n++
  return n
}

/**
 * A conflict: each title names something the other article never mentions, and either fewer than two names are
 * shared or one title's names are mostly unmentioned by the other (it is about something else). Or both articles
 * name things and neither mentions any of the other's names (two match reports with different teams).
 */
function conflicts(a: Fingerprint, b: Fingerprint, shared: number): boolean {
  const unmatched = (x: Fingerprint, y: Fingerprint, numbers: boolean) =>
    count(x.titleNames, (n) => isNumber(n) === numbers && !mentions(y, n))
  // A number only contradicts another number (7.1 vs 5.8), one title giving a figure the other omits is detail; and
  // two names in common outweigh it (a death toll that rose between two reports).
  if (shared < 2 && unmatched(a, b, true) > 0 && unmatched(b, a, true) > 0) return true
  // Across languages, names are translated (ECB / EZB / BCE, Spain / España): a title name the other article lacks
  // contradicts nothing; only numbers and articles with nothing in common do.
  if (a.language === null || a.language !== b.language) {
    return a.names.length > 0 && b.names.length > 0 && !a.names.some((n) => mentions(b, n)) && !b.names.some((n) => mentions(a, n))
  }
  const aUnmatched = unmatched(a, b, false)
  const bUnmatched = unmatched(b, a, false)
  if (aUnmatched > 0 && bUnmatched > 0) {
    if (shared < 2 || aUnmatched * 2 > a.titleNames.length || bUnmatched * 2 > b.titleNames.length) return true
  }
  return a.names.length > 0 && b.names.length > 0 && !a.names.some((n) => mentions(b, n)) && !b.names.some((n) => mentions(a, n))
}

function isNumber(name: string): boolean {
  return /^\p{N}/u.test(name)
}

export type IsCommonName = (name: string) => boolean

export function pairEvidence(a: Fingerprint, b: Fingerprint, isCommon: IsCommonName = () => false): PairEvidence {
  const aNames = new Set(a.names)
  const bNames = new Set(b.names)
  const counted = (n: string) => !isCommon(n)
  const shared = new Set([
    ...a.titleNames.filter((n) => bNames.has(n) && counted(n)),
    ...b.titleNames.filter((n) => aNames.has(n) && counted(n)),
  ]).size
  const bTerms = new Set(b.titleTerms)
  const bPlain = new Set(b.titlePlainTerms)
  const titleShared = count(a.titleTerms, (t) => bTerms.has(t))
  const smaller = Math.min(a.titleTerms.length, b.titleTerms.length)
  return {
    entities: Math.min(sharedEntities(a, b, isCommon), sharedEntities(b, a, isCommon)),
    figures: count(a.figures, (f) => b.figures.includes(f) && counted(f)),
    specificFigures: count(a.figures, (f) => b.figures.includes(f) && counted(f) && isSpecificFigure(f)),
    titleLink: titleLinked(a, b) || titleLinked(b, a),
    jaccard: estimateJaccard(a.signature, b.signature),
    shared,
    sharedAll: count(aNames, (n) => bNames.has(n) && counted(n)),
    conflict: conflicts(a, b, shared),
    titleOverlap: smaller === 0 ? 0 : titleShared / smaller,
    titleShared,
    plainShared: count(a.titlePlainTerms, (t) => bPlain.has(t)),
  }
}

/**
 * A figure that rarely coincides by chance: not a round number (one significant digit: 300, 5 million, 20%) nor a
 * whole percentage below 10 ("4%"). "2,300 workers", "6.2%", "$48,500", "€1.25bn" are specific.
 */
export function isSpecificFigure(figure: string): boolean {
  const percent = figure.endsWith('%')
  const digits = figure.replace('%', '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
  if (percent && !figure.includes('.') && Number(figure.slice(0, -1)) < 10) return false
  return digits.length >= 2
}

/** A's entities with a (not common) word that B's entities have too. */
function sharedEntities(a: Fingerprint, b: Fingerprint, isCommon: IsCommonName): number {
  return count(a.entities, (e) => e.split(' ').some((w) => b.entityWords.has(w) && !isCommon(w)))
}

/** Whether a title name or title figure of `a` is among `b`'s entity words or figures: the subject is shared. */
function titleLinked(a: Fingerprint, b: Fingerprint): boolean {
  return a.titleNames.some((n) => !isNumber(n) && b.entityWords.has(n)) || a.titleFigures.some((f) => b.figures.includes(f))
}

/** The lowest Jaccard estimate any same-language rule accepts: below it, a pair is rejected without more work. */
export const MIN_JACCARD = Math.min(THRESHOLDS.namesStrong.jaccard, THRESHOLDS.names.jaccard, THRESHOLDS.title.jaccard)

/** A cheap first look: false when no rule can accept the pair (so most candidates cost 128 integer comparisons). */
export function mayMatch(a: Fingerprint, b: Fingerprint): boolean {
  if (a.figures.some((f) => b.figures.includes(f))) return true
  if (a.language === null || a.language !== b.language) {
    return count(a.titleNames, (n) => b.titleNames.includes(n)) >= THRESHOLDS.crossLanguage.titleNames ||
      count(a.entities, (e) => e.split(' ').some((w) => b.entityWords.has(w))) >= THRESHOLDS.evidence.namesAlone
  }
  return estimateJaccard(a.signature, b.signature) >= MIN_JACCARD
}

/**
 * Language-independent evidence from the whole texts: the subject of one title found in the other article, and
 * enough shared entities and figures (figures are checked for every pair, because numbers rarely coincide by
 * chance while names of one company recur in its unrelated news: results and a chief executive leaving, a launch
 * and a recall). Entities alone suffice only across languages, where common nouns cannot match (German
 * capitalizes them, so two German articles share capitalized words by chance).
 */
function evidenceMatch(e: PairEvidence, crossLanguage: boolean): boolean {
  const t = THRESHOLDS.evidence
  if (!e.titleLink) return false
  if (e.entities >= 1 && e.figures >= t.figuresWithOneName) return true
  if (e.entities >= 1 && e.specificFigures >= 1) return true
  // Three specific figures in common (a 4.4% rise to €1,236 for 2.4 million workers) are the event itself, even
  // when every name is translated (Spain / España / l'Espagne).
  if (e.specificFigures >= t.specificFiguresAlone) return true
  if (e.entities >= 2 && e.figures >= 1) return true
  return crossLanguage && e.entities >= t.namesAlone
}

/** `isCommon`: names too frequent in the window to count as shared (name-frequency.ts). */
export function comparePair(a: Fingerprint, b: Fingerprint, isCommon?: IsCommonName): PairDecision {
  const e = pairEvidence(a, b, isCommon)
  const score = e.jaccard + 0.05 * Math.min(e.shared, 4)
  const decide = (rule: MatchRule | null): PairDecision => ({ ...e, rule, score })
  if (e.conflict) return decide(null)
  const t = THRESHOLDS
  if (a.language === null || a.language !== b.language) {
    const bTitle = new Set(b.titleNames)
    const inBoth = a.titleNames.filter((n) => bTitle.has(n))
    const words = inBoth.filter((n) => !isNumber(n)).length
    const ok = inBoth.length >= t.crossLanguage.titleNames && words > 0 && (e.sharedAll >= t.crossLanguage.shared || words >= t.crossLanguage.titleNames)
    if (ok) return decide('cross-language')
    return decide(evidenceMatch(e, true) ? 'evidence' : null)
  }
  if (e.jaccard >= t.nearDuplicate) return decide('near-duplicate')
  if (e.shared >= t.namesStrong.shared && e.jaccard >= t.namesStrong.jaccard) return decide('names')
  if (e.sharedAll >= t.names.shared && e.jaccard >= t.names.jaccard && e.plainShared > 0) return decide('names')
  if (e.sharedAll >= t.names.shared && e.jaccard >= t.names.jaccardAlone) return decide('names')
  const titleMatch = (e.titleOverlap >= t.title.overlap && e.titleShared >= t.title.terms) || e.titleShared >= t.title.manyTerms
  if (titleMatch && e.jaccard >= t.title.jaccard) return decide('title')
  return decide(evidenceMatch(e, false) ? 'evidence' : null)
}
