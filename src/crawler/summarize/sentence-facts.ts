/**
 * When one sentence says what another already said, and when a newer report changes what an older one said. Both are
 * read from a sentence's facts: its content words (terms.ts, numbers left out), its figures (figures.ts), and whether it
 * says a date is not set yet, names a day, or gives a forecast.
 *
 * - Restates: the same content words (at least 60 % of the shorter sentence's distinct content words, and at least 3,
 *   are in the other), or the same key figure (a percentage, an amount of money, a count of 10 or more, equal in value
 *   however written: "$1.2 billion" = "1.2bn"). A summary states each fact once.
 * - Supersedes (newer over older, on one subject: two shared content words): the newer gives another value of the same
 *   kind of figure about the same thing (figures.ts `changedFigure`: "rose to 46" over "40 container ships waiting";
 *   "ships queuing … rose to 46" and "container ships waiting off Port Calder rose to 52" share four content words,
 *   so "ships" alone near the figures tells it is the same count), or names a coming day for
 *   what the older says has no date yet ("talks will resume on Friday" over "no date set for new talks"). Forecasts
 *   ("economists had expected 700,000") and background ("had previously approved ages 16 and up", "since 2000") are
 *   neither superseded nor superseding: they are other facts than the news.
 */
import type { Language } from '../../domain/languages.ts'
import { changedFigure, figuresOf, isKeyFigure, isUnsettled, namesDay, type Figure } from './figures.ts'
import { refersToFuture, refersToPast } from './headings.ts'
import { terms } from './terms.ts'

/** What an article's memo keeps of a sentence (most sentences share NO_FACTS). */
export interface SentenceFacts {
  readonly figures: readonly Figure[]
  /** Says a date or meeting is not set yet ("no date set for talks"). */
  readonly unsettled: boolean
  /** Names a coming day ("talks will resume on Friday"). */
  readonly namesDay: boolean
  readonly forecast: boolean
  /** Refers to the past (headings.ts): an earlier value given as background, not a report of the current one. */
  readonly past: boolean
}

/** A sentence as compared: its facts and its distinct content words (numbers left out), sorted. */
export interface Stated {
  readonly facts: SentenceFacts
  readonly words: readonly string[]
}

const NO_FACTS: SentenceFacts = Object.freeze({ figures: Object.freeze([]), unsettled: false, namesDay: false, forecast: false, past: false })

const FORECAST: Partial<Record<Language, RegExp>> = {
  en: /\b(?:expect(?:ed|s|ing)?|forecasts?|forecasters?|anticipated|predicted|projected|consensus|economists|analysts|estimates?|looking for|polled|surveyed)\b/iu,
  es: /(?<![\p{L}])(?:esperaba[n]?|previsto|previsión|pronóstico|analistas|economistas|consenso)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:attendu[es]*|prévu[es]*|prévision[s]?|analystes|économistes|consensus)(?![\p{L}])/iu,
  de: /(?<![\p{L}])(?:erwartet(?:en)?|prognose|prognostiziert|analysten|ökonomen|konsens)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:attes[oaie]|previst[oaie]|previsioni|analisti|economisti|consenso)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:esperad[oa]s?|previst[oa]s?|previsão|analistas|economistas|consenso)(?![\p{L}])/iu,
}

/** The facts of `text`; `list` is its terms when the caller has them already. */
export function sentenceFacts(text: string, lang: Language, list: readonly string[] = terms(text, lang)): SentenceFacts {
  // The figures' context terms are the sentence's own terms: the same strings are kept, not copies.
  const own = new Map(list.map((t) => [t, t]))
  const figures = figuresOf(text, lang).map((f) => ({ ...f, context: f.context.map((t) => own.get(t) ?? t) }))
  const facts = {
    figures,
    unsettled: isUnsettled(text, lang),
    namesDay: namesDay(text, lang) && refersToFuture(text, lang),
    forecast: FORECAST[lang]?.test(text) ?? false,
    past: refersToPast(text, lang),
  }
  return figures.length === 0 && !facts.unsettled && !facts.namesDay && !facts.forecast && !facts.past ? NO_FACTS : facts
}

/** Distinct content terms of a sentence's terms, numbers left out, sorted. */
export function contentWords(list: readonly string[]): string[] {
  const out: string[] = []
  for (const t of list) {
    const c = t.charCodeAt(0)
    if (c < 48 || c > 57) out.push(t)
  }
  out.sort()
  let k = 0
  for (const t of out) if (k === 0 || out[k - 1] !== t) out[k++] = t
  out.length = k
  return out
}

/** `text` as compared (for callers that hold only the text). */
export function stated(text: string, lang: Language): Stated {
  const list = terms(text, lang)
  return { facts: sentenceFacts(text, lang, list), words: contentWords(list) }
}

/** How many words two sorted lists share (a merge). */
function sharedWords(a: readonly string[], b: readonly string[]): number {
  let n = 0
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      n++
      i++
      j++
    } else if (a[i]! < b[j]!) i++
    else j++
  }
  return n
}

/** At least 60 % of the shorter sentence's content words (and at least 3) are in the other. */
export function sameContentWords(a: Stated, b: Stated): boolean {
  const small = Math.min(a.words.length, b.words.length)
  return small >= 3 && sharedWords(a.words, b.words) >= 0.6 * small
}

const equal = (x: number, y: number): boolean => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))

/** Both state one key figure (same kind, same value). */
export function shareKeyFigure(a: Stated, b: Stated): boolean {
  return a.facts.figures.some((f) => isKeyFigure(f) && b.facts.figures.some((g) => g.kind === f.kind && equal(g.value, f.value)))
}

/** `b` states a fact `a` states (or the other way round). */
export const restates = (a: Stated, b: Stated): boolean => sameContentWords(a, b) || shareKeyFigure(a, b)

/** Shared content words from which two sentences are on much the same subject ("Port Calder", "number", "ships"…). */
const SAME_SUBJECT = 4

/** Whether `newer` changes what `older` said (see the module comment); the caller knows which report is newer. */
export function supersedes(newer: Stated, older: Stated): boolean {
  const [n, o] = [newer.facts, older.facts]
  const byDay = o.unsettled && !n.unsettled && n.namesDay
  // The figures first (most pairs part there), with the looser context rule; the words decide which rule applies.
  const byFigure = figureNews(n) && figureNews(o) && changedFigure(o.figures, n.figures, true)
  if (!byDay && !byFigure) return false
  const shared = sharedWords(newer.words, older.words)
  if (shared < 2) return false
  return byDay || shared >= SAME_SUBJECT || changedFigure(o.figures, n.figures, false)
}

/** Its figures report the news: not a forecast, not background. */
const figureNews = (f: SentenceFacts): boolean => !f.forecast && !f.past && f.figures.length > 0

/** Could take part in `supersedes` as the older sentence / as the newer one (a cheap filter before the pairs). */
export const mayBeSuperseded = (f: SentenceFacts): boolean => f.unsettled || figureNews(f)
export const maySupersede = (f: SentenceFacts): boolean => f.namesDay || figureNews(f)

/** Two sentences that cannot stand side by side: either supersedes the other. */
export const conflicts = (a: Stated, b: Stated): boolean => supersedes(a, b) || supersedes(b, a)
