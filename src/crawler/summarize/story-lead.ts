/**
 * The story's lead article, whose title is the headline, whose best sentence opens the summary and whose link, title
 * and publisher the story cites; and the sentences a newer report superseded, which are never quoted.
 *
 * Superseded: a sentence of an article when a later-published article (of any outlet, the same one included) changes
 * what it said (sentence-facts.ts `supersedes`: another value of the same figure about the same thing, or a day named
 * for what had no date). Articles without a publication time neither supersede nor are superseded.
 *
 * The lead, by these keys in turn: it has a sentence to quote; it has a title; no later report superseded any of its
 * sentences (an update beats the report it updates); it is the most complete (its words carry the largest share of the
 * story's centroid, each article weighted equally); it is the newest; then the title, so the choice never depends on
 * the order the articles arrive in.
 */
import { byCodeUnits, byNumber } from '../../util/order.ts'
import { mayBeSuperseded, maySupersede, supersedes } from './sentence-facts.ts'
import type { Sentence } from './picks.ts'
import type { TermVector } from './terms.ts'

export interface LeadCandidate {
  title: string
  sentences: readonly Sentence[]
  termSet: ReadonlySet<string>
  /** Milliseconds since the epoch; NaN when unknown. */
  time: number
}

/** The sentences (of any article) a later article's sentence supersedes. */
export function supersededSentences(articles: readonly LeadCandidate[]): Set<Sentence> {
  const all = articles.flatMap((a) => a.sentences)
  const newer = all.filter((s) => maySupersede(s.facts))
  const out = new Set<Sentence>()
  for (const o of all) {
    if (!mayBeSuperseded(o.facts)) continue
    const t = articles[o.article]!.time
    if (Number.isNaN(t)) continue
    if (newer.some((n) => articles[n.article]!.time > t && supersedes(n, o))) out.add(o)
  }
  return out
}

/** Index of the lead among `articles`. */
export function chooseLead(articles: readonly LeadCandidate[], centroid: TermVector, superseded: ReadonlySet<Sentence>): number {
  let total = 0
  for (const x of centroid.values()) total += x
  const keys = articles.map((a, i) => {
    let covered = 0
    for (const t of a.termSet) covered += centroid.get(t) ?? 0
    return {
      i,
      usable: a.sentences.some((s) => s.eligible && !superseded.has(s)) ? 1 : 0,
      titled: a.title !== '' ? 1 : 0,
      fresh: a.sentences.some((s) => superseded.has(s)) ? 0 : 1,
      coverage: total === 0 ? 0 : Math.round((covered / total) * 1e6),
      time: Number.isNaN(a.time) ? -Infinity : a.time,
      title: a.title,
    }
  })
  keys.sort((a, b) => b.usable - a.usable || b.titled - a.titled || b.fresh - a.fresh || b.coverage - a.coverage ||
    byNumber(b.time, a.time) || byCodeUnits(a.title, b.title) || a.i - b.i)
  return keys[0]?.i ?? 0
}
