import type { Language } from '../../domain/languages.ts'
import type { Item } from './label.ts'
import { COUNTER_WORDS, LIMIT_WORDS, NUMBER_WORDS } from './lexicon.ts'
import { fold } from './text.ts'

/**
 * Finds how many stories a message asks for: "top 5 AI stories", "10 latest headlines", "las tres últimas
 * noticias", "AIニュース5件". A number is a count when a limit word stands before it ("top", "上位", "أهم"),
 * a counter after it ("件", "개"), or when it does not follow a name — "iPhone 16", "Windows 11" and
 * "Apollo 11" keep their numbers as keywords. Numbers of four digits or more (years) are never counts.
 */

export const MIN_LIMIT = 1
export const MAX_LIMIT = 50

const NAMED = new Set(['content', 'topic'])
const ARTICLE_BEFORE_COUNT = new Set(['a', 'un', 'una', 'um', 'uma', 'ein', 'eine'])
const CAP_AFTER = new Set(['max', 'maximum', 'tops', 'maximo', 'massimo', 'maximal'])

/** Marks the count (and its counter word) in `items` and returns it, clamped to 1..50. */
/** Arabic dual nouns for stories: "مقالتان" is two articles, "خبرين" two news items. */
const DUAL_STORIES = new Set(['مقالتان', 'مقالتين', 'مقالان', 'مقالين', 'خبران', 'خبرين', 'تقريران', 'تقريرين'].map((w) => fold(w, 'arabic')))

export function readLimit(items: Item[], messageLang: Language): number | undefined {
  const limit = findLimit(items, messageLang)
  resultsAsSubject(items)
  capsAsNames(items)
  return limit
}

/** "MAX" in capitals, no count beside it, is a name's ("Boeing 737 MAX"), not "at most". */
function capsAsNames(items: Item[]): void {
  items.forEach((item, i) => {
    if (item.label.kind !== 'limit' || !/^\p{Lu}{2,}$/u.test(item.token.text)) return
    if (items[i + 1]?.label.kind === 'count' || items[i - 1]?.label.kind === 'count') return
    item.label = { kind: 'content' }
  })
}

/** "Results" that count nothing are a company's results: "les résultats de LVMH", "i risultati di Enel". */
const RESULTS = new Set(['resultats', 'resultados', 'risultati', 'ergebnisse', 'ergebnis'])

function resultsAsSubject(items: Item[]): void {
  items.forEach((item, i) => {
    if (item.label.kind !== 'counter' || !RESULTS.has(item.token.folded)) return
    item.label = { kind: 'content' }
    // Capitalized only because it opens the message: "Résultats de LVMH" searches "résultats LVMH".
    if (i === 0) item.token = { ...item.token, text: item.token.lower }
  })
}

function findLimit(items: Item[], messageLang: Language): number | undefined {
  if (items.some((item) => item.token.script === 'arabic' && DUAL_STORIES.has(item.token.folded))) return 2
  for (let i = 0; i < items.length; i++) {
    const value = numberAt(items[i]!, messageLang)
    if (value === undefined || !readsAsCount(items, i)) continue
    items[i]!.label = { kind: 'count', value }
    const next = items[i + 1]
    if (next && isCounter(next)) next.label = { kind: 'stop' }
    return Math.min(MAX_LIMIT, Math.max(MIN_LIMIT, value))
  }
  return undefined
}

function numberAt(item: Item, messageLang: Language): number | undefined {
  if (item.label.kind !== 'content') return undefined
  const { token } = item
  if (token.number) return token.text.length <= 3 ? Number(token.text) : undefined
  const word = NUMBER_WORDS.get(token.lower)?.find((w) => w.lang === messageLang || w.lang === 'en' || token.script !== 'alpha')
  return word?.value
}

function readsAsCount(items: Item[], at: number): boolean {
  const prev = items[at]!.token.broken ? undefined : items[at - 1]
  const next = items[at + 1]?.token.broken ? undefined : items[at + 1]
  if (prev && prev.token.foldeds.some((f) => LIMIT_WORDS.has(f))) return true
  // "just a couple", "nur ein paar": a limit word, an article, a count word.
  const beforePrev = prev && !prev.token.broken ? items[at - 2] : undefined
  if (!items[at]!.token.number && prev && ARTICLE_BEFORE_COUNT.has(prev.token.folded) && beforePrev?.token.foldeds.some((f) => LIMIT_WORDS.has(f))) return true
  if (next && isCounter(next)) return true
  // "15 max", "5 tops": a cap after the number, unless the number ends a name ("Boeing 737 MAX").
  if (next && CAP_AFTER.has(next.token.folded) && !(prev && NAMED.has(prev.label.kind))) return true
  // Korean 네 is also "yes", 세 "three" and "tax": a one-syllable count word needs its counter.
  if (items[at]!.token.script === 'hangul' && items[at]!.token.text.length === 1) return false
  // A publisher's name may stand between: "a couple of Yahoo Finance pieces".
  const newsFollows = items.slice(at + 1, at + 6).filter((item) => item.label.kind !== 'source').slice(0, 3).some((item) => item.label.kind === 'news')
    // "die fünf wichtigsten", "los cinco principales": a ranking word after the count stands for the stories.
    || Boolean(next && next.token.foldeds.some((f) => LIMIT_WORDS.has(f)) && next.token.script === 'alpha' && !/^(?:top|max)$/u.test(next.token.folded))
  // A count written as a word is also a word ("sei" is "you are", "un" an article): it counts next to stories only.
  if (!items[at]!.token.number) return newsFollows
  if (prev && NAMED.has(prev.label.kind)) return false
  const nextIsFiller = !next || !NAMED.has(next.label.kind)
  return nextIsFiller || newsFollows
}

/** A Korean counter with a particle written onto it: "3개만" (only three), "5건씩", "두 개를". */
const KOREAN_COUNTER_ENDINGS = /^(.)(?:만|만요|씩|를|을|정도|쯤|이|가|은|는)$/u

const isCounter = (item: Item) => item.label.kind === 'counter' || item.token.foldeds.some((f) => COUNTER_WORDS.has(f))
  || (item.token.script === 'hangul' && COUNTER_WORDS.has(KOREAN_COUNTER_ENDINGS.exec(item.token.text)?.[1] ?? ''))
