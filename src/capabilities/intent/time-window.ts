import type { Language } from '../../domain/languages.ts'
import {
  COUNT_WORDS, DUAL_UNITS, MONTH_NAMES, SHORT_MONTHS, TIME_PHRASES, UNIT_WORDS, WEEKDAYS,
  type PeriodKind, type PhraseKind, type Unit,
} from './time-words.ts'

/**
 * Time phrases in a free-text request become the `since` and `until` filters: "since Monday", "before November 10",
 * "after 2026-11-18", "older than two weeks", "from the last 24 hours", "last week", "this month", "hace 3 días",
 * "vor dem 5. November", "先週", "지난주", "الأسبوع الماضي". Each phrase is taken out of the text, so it is never
 * searched for, and its number is never read as a count of stories.
 *
 * Dates are UTC days (the service's clock) and resolve against the request time: a day named alone ("yesterday",
 * "on Monday", "November 20") is that day, since its start and until the next; "last week" is the previous
 * calendar week (Monday to Monday); "older than N days" is until the start of the day N days before today, "in
 * the past N days" since then; "N hours" spans start on the hour. "before DATE" is until DATE, "after DATE" since
 * the next day, "until DATE" includes DATE. A date without a year is its latest occurrence not after today. An
 * `until` in the future is dropped. Whole days and hours are what keep a cached answer valid: the same text read
 * an hour (a day) later gives the same arguments, so the same answer-cache key, until the hour (day) ends.
 */

export interface TimeReading {
  /** The text with each time phrase replaced by a break (" | "). */
  rest: string
  /** ISO 8601 instants. */
  since?: string
  until?: string
  /** The phrases as written, for the "Understood" sentence. */
  phrases: string[]
  /** When the same text would resolve to other dates (the end of the hour or day); undefined without a phrase. */
  validUntil?: number
}

const HOUR = 3_600_000
const DAY = 86_400_000
const MAX_PHRASES = 3

const FOLDED = new Map<string, string>()

/** Lower case, accents and typographic apostrophes folded, one character for one, so match offsets stay valid. */
export function foldKeepingLength(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase()
  let out = ''
  for (const ch of text) {
    let one = FOLDED.get(ch)
    if (one === undefined) {
      const lower = ch.toLowerCase()
      const base = lower.normalize('NFD').replace(/\p{M}/gu, '')
      one = base.length === ch.length ? base : lower.length === ch.length ? lower : ch
      if (one === '’' || one === 'ʼ') one = "'"
      if (FOLDED.size < 10_000) FOLDED.set(ch, one)
    }
    out += one
  }
  return out
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const alternation = (words: string[]) => [...new Set(words.map(foldKeepingLength))].sort((a, b) => b.length - a.length).map(escape).join('|')

// NFKC writes º as o: "1º de dezembro" arrives as "1o de dezembro".
const DAY_NUMBER = '\\d{1,2}(?:st|nd|rd|th|er|º|°|ª|o|\\.)?'
const YEAR = '(?:19|20)\\d{2}'
const MONTH_ANY = alternation(Object.keys(MONTH_NAMES))
const MONTH_FULL = alternation(Object.keys(MONTH_NAMES).filter((m) => !SHORT_MONTHS.has(m)))
const NOT_DIGIT = '(?!\\d)'

/** A day or month a person writes without a preposition: it always means that day (month). */
const BARE_DATES = [
  `${YEAR}[-/.]\\d{1,2}[-/.]\\d{1,2}${NOT_DIGIT}`,
  `(?:${YEAR}\\s*[年년]\\s*)?\\d{1,2}\\s*[月월]\\s*\\d{1,2}\\s*[日일]`,
  `(?:${MONTH_ANY})\\.?\\s+${DAY_NUMBER}${NOT_DIGIT}(?:,?\\s+${YEAR})?`,
  `${DAY_NUMBER}\\s+(?:of\\s+|de\\s+)?(?:${MONTH_ANY})\\.?(?:,?\\s+(?:de\\s+|del\\s+)?${YEAR})?`,
  `(?:${YEAR}\\s*[年년]\\s*)?\\d{1,2}\\s*[月월](?!\\s*\\d)`,
]
/** "early November", "Anfang November", "début novembre": the month, read from its start. */
const MONTH_START = alternation(['beginning of', 'start of', 'early', 'anfang', 'début', 'debut', 'début de', 'principios de', 'inicios de',
  'inicio de', 'inizio', 'inizio di', 'primi di', 'começo de', 'início de', 'inicio de'])

/** After a preposition, also numeric dates ("20.11."), month names alone and years. */
const DATES = [
  ...BARE_DATES,
  `\\d{1,2}[./]\\d{1,2}(?:[./](?:${YEAR}|\\d{2}))?\\.?${NOT_DIGIT}`,
  `(?:(?:${MONTH_START})\\s+)?(?:${MONTH_FULL})(?:\\s+(?:de\\s+|del\\s+)?${YEAR})?`,
  YEAR,
  // "between the 1st and the 5th": an ordinal day alone is that day of this month (or of the last, if still to come).
  `\\d{1,2}(?:st|nd|rd|th|er|º|ª)(?![\\p{L}\\d])`,
]
const DATE = `(?:${DATES.join('|')})`
const FIRST_DATE = `(?:${DATE}|${DAY_NUMBER})`

const DUALS = new Set([...DUAL_UNITS].map(foldKeepingLength))
const COUNTS = new Map(Object.entries(COUNT_WORDS).map(([word, n]) => [foldKeepingLength(word), n]))
const COUNT = `\\d{1,3}|${alternation(Object.keys(COUNT_WORDS))}`
const unitsOf = (lang: Language) => Object.values(UNIT_WORDS).flatMap((byLang) => byLang[lang])
/** A span in `lang`: a count and a unit ("two weeks", "3 días"), or an Arabic dual. */
const span = (lang: Language, countOptional: boolean) => {
  const count = countOptional ? `(?:(?:${COUNT})\\s*)?` : `(?:${COUNT})\\s*`
  // Arabic also puts a definite count after its unit: "الأيام الثلاثة".
  const unitThenCount = lang === 'ar' ? `|(?:ال)?(?:${alternation(unitsOf(lang))})\\s+(?:${COUNT})` : ''
  return `(?:${count}(?:${alternation(unitsOf(lang))})${unitThenCount}|${alternation([...DUAL_UNITS])})`
}
const UNIT_LIST: [string, Unit][] = (Object.entries(UNIT_WORDS) as [Unit, Record<Language, string[]>][])
  .flatMap(([unit, byLang]) => Object.values(byLang).flat().map((w): [string, Unit] => [foldKeepingLength(w), unit]))

// Latin and Arabic words must stand apart; Japanese and Korean are written onto their neighbours.
const START = '(?<![\\p{Script=Latin}\\p{Script=Arabic}\\p{N}])'
const END = '(?![\\p{Script=Latin}\\p{Script=Arabic}\\p{N}])'

type Slot = 'D' | 'N' | 'W'

interface Rule {
  kind: PhraseKind | 'since-period'
  period?: PeriodKind
  re: RegExp
  slots: Slot[]
}

const PERIODS: PeriodKind[] = [
  'day-before-yesterday', 'today', 'yesterday', 'this-week', 'last-week', 'this-month', 'last-month', 'this-year', 'last-year',
]

/** Most specific first: two dates before one, spans before dates, periods "since" before periods alone. */
// "nicht älter als drei Tage", "no older than a week" are newer: read before "älter als", "older than".
const PHRASE_ORDER: (PhraseKind | 'since-period')[] = [
  'between', 'newer', 'older', 'ago', 'before', 'after', 'since', 'until', 'since-period', ...PERIODS,
  'since-weekday', 'last-weekday', 'on', 'on-weekday',
]

/** An English date may take "the" ("before the 1st of November"): every date slot allows it. */
const withArticle = (pattern: string, lang: Language) => (lang === 'en' ? pattern.replace(/(?<!\(\?:the \)\?)\{D\}/g, '(?:the )?{D}') : pattern)

function compile(written: string, lang: Language, kind: Rule['kind'], period?: PeriodKind): Rule {
  const pattern = withArticle(written, lang)
  const slots: Slot[] = []
  const weekdays = WEEKDAYS[lang].flatMap((names) => names.split('|'))
  const periodSource = period ? TIME_PHRASES[lang][period]!.map(foldKeepingLength).join('|') : ''
  const source = foldKeepingLength(pattern).replace(/ \?/g, '\\s*').replace(/ /g, '\\s+').replace(/\{(d|nn|n|w|p)\}/g, (_, lower: string) => {
    const slot = lower.toUpperCase()
    if (slot === 'P') return `(?:${periodSource})`
    const first = slot === 'D' && kind === 'between' && !slots.includes('D')
    slots.push(slot === 'NN' ? 'N' : slot as Slot)
    if (slot === 'D') return `(${first ? FIRST_DATE : DATE})`
    if (slot === 'W') return `(${alternation(weekdays)})`
    return `(${span(lang, slot !== 'NN')})`
  })
  return { kind, period, re: new RegExp(`${START}(?:${source})${END}`, 'u'), slots }
}

function rulesOf(lang: Language): Rule[] {
  const table = TIME_PHRASES[lang]
  const rules: Rule[] = []
  for (const kind of PHRASE_ORDER) {
    if (kind === 'since-period') {
      for (const period of PERIODS) for (const p of table.sincePeriod ?? []) rules.push(compile(p, lang, kind, period))
    } else {
      for (const p of table[kind] ?? []) rules.push(compile(p, lang, kind, PERIODS.includes(kind as PeriodKind) ? kind as PeriodKind : undefined))
    }
  }
  // A day or month written without a preposition, in any language.
  rules.push({ kind: 'on', re: new RegExp(`${START}(${BARE_DATES.join('|')})${END}`, 'u'), slots: ['D'] })
  return rules
}

interface LanguageRules {
  rules: Rule[]
  /**
   * Any word a time phrase in the language needs (a digit, a month, a day of the week, a unit, a named period):
   * most messages have none, and one cheap pass finds that out.
   */
  vocabulary: RegExp
}

function vocabularyOf(lang: Language): RegExp {
  const words = [
    ...Object.keys(MONTH_NAMES), ...WEEKDAYS[lang].flatMap((w) => w.split('|')), ...unitsOf(lang), ...DUAL_UNITS,
  ]
  const periods = PERIODS.flatMap((p) => TIME_PHRASES[lang][p] ?? []).map(foldKeepingLength).map((p) => p.replace(/ \?/g, '\\s*').replace(/ /g, '\\s+'))
  // An Arabic word may carry the article or a preposition glued to its front: "الأيام", "بالأمس".
  return new RegExp(`\\d|${START}(?:ال|ل|ب|و)?(?:${alternation(words)}|${periods.join('|')})${END}`, 'u')
}

const RULES = new Map<Language, LanguageRules>()

function rules(lang: Language): LanguageRules {
  let compiled = RULES.get(lang)
  if (!compiled) {
    const list = rulesOf(lang)
    compiled = { rules: list, vocabulary: vocabularyOf(lang) }
    RULES.set(lang, compiled)
  }
  return compiled
}

const SCRIPT_LANGS: [RegExp, Language][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u, 'ja'], [/\p{Script=Hangul}/u, 'ko'], [/\p{Script=Arabic}/u, 'ar'],
]

// ---- resolving ----

interface Span {
  start: number
  end: number
  /** Resolved to the hour rather than the day. */
  hourly?: boolean
}

const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
const utc = (year: number, month: number, day = 1) => Date.UTC(year, month, day)

function monthSpan(year: number, month: number): Span {
  return { start: utc(year, month), end: utc(year, month + 1) }
}

/** A date without a year is its latest occurrence not after today. */
function parseDate(text: string, today: number): Span | undefined {
  const iso8601 = /((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text)
  if (iso8601) return daySpan(Number(iso8601[1]), Number(iso8601[2]) - 1, Number(iso8601[3]))
  const cjk = /(?:((?:19|20)\d{2})\s*[年년]\s*)?(\d{1,2})\s*[月월]\s*(?:(\d{1,2})\s*[日일])?/.exec(text)
  if (cjk) return datedSpan(cjk[1], Number(cjk[2]) - 1, cjk[3], today)
  const numeric = /^(\d{1,2})[./](\d{1,2})(?:[./](\d{2,4}))?\.?$/.exec(text)
  if (numeric) {
    let [day, month] = [Number(numeric[1]), Number(numeric[2])]
    if (month > 12 && day <= 12) [day, month] = [month, day]
    const y = numeric[3] ? (numeric[3].length === 2 ? `20${numeric[3]}` : numeric[3]) : undefined
    return datedSpan(y, month - 1, String(day), today)
  }
  const ordinal = /^(\d{1,2})(?:st|nd|rd|th|er|º|ª)$/u.exec(text.trim())
  if (ordinal) {
    const t = new Date(today)
    const day = Number(ordinal[1])
    const month = day <= t.getUTCDate() ? t.getUTCMonth() : t.getUTCMonth() - 1
    return month < 0 ? daySpan(t.getUTCFullYear() - 1, 11, day) : daySpan(t.getUTCFullYear(), month, day)
  }
  const month = monthIn(text)
  if (month !== undefined) {
    const day = /(?<!\d)(\d{1,2})(?!\d)/.exec(text)?.[1]
    return datedSpan(/(?:19|20)\d{2}/.exec(text)?.[0], month, day, today)
  }
  const onlyYear = /^(?:19|20)\d{2}$/.exec(text.trim())
  return onlyYear ? { start: utc(Number(onlyYear[0]), 0), end: utc(Number(onlyYear[0]) + 1, 0) } : undefined
}

const MONTH_WORD = new RegExp(`${START}(${MONTH_ANY})${END}`, 'u')
const MONTHS_FOLDED = new Map(Object.entries(MONTH_NAMES).map(([name, month]) => [foldKeepingLength(name), month]))

function monthIn(text: string): number | undefined {
  const name = MONTH_WORD.exec(text)?.[1]
  return name === undefined ? undefined : MONTHS_FOLDED.get(name)
}

function daySpan(year: number, month: number, day: number): Span | undefined {
  if (month < 0 || month > 11 || day < 1 || day > 31) return undefined
  const start = utc(year, month, day)
  return new Date(start).getUTCDate() === day ? { start, end: start + DAY } : undefined
}

function datedSpan(yearText: string | undefined, month: number, dayText: string | undefined, today: number): Span | undefined {
  const t = new Date(today)
  if (dayText === undefined) {
    const year = yearText ? Number(yearText) : month > t.getUTCMonth() ? t.getUTCFullYear() - 1 : t.getUTCFullYear()
    return month >= 0 && month <= 11 ? monthSpan(year, month) : undefined
  }
  const day = Number(dayText)
  if (yearText) return daySpan(Number(yearText), month, day)
  const thisYear = daySpan(t.getUTCFullYear(), month, day)
  return thisYear && thisYear.start > today ? daySpan(t.getUTCFullYear() - 1, month, day) : thisYear
}

function parseSpan(text: string): { count: number; unit: Unit } | undefined {
  let unit: Unit | undefined
  let unitWord = ''
  for (const [word, u] of UNIT_LIST) if (text.endsWith(word) && word.length > unitWord.length) [unit, unitWord] = [u, word]
  if (!unit) return unitFirst(text)
  const head = text.slice(0, text.length - unitWord.length).trim()
  const count = head === '' ? (DUALS.has(unitWord) ? 2 : 1) : /^\d+$/.test(head) ? Number(head) : COUNTS.get(head)
  return count === undefined || count < 1 ? undefined : { count, unit }
}

/** An Arabic span written unit first: "الأيام الثلاثة" → 3 days. */
function unitFirst(text: string): { count: number; unit: Unit } | undefined {
  const [unitText, countText] = text.replace(/^ال/u, '').split(/\s+/u)
  const unit = UNIT_LIST.find(([word]) => word === unitText)?.[1]
  const count = countText === undefined ? undefined : /^\d+$/.test(countText) ? Number(countText) : COUNTS.get(countText)
  return unit && count ? { count, unit } : undefined
}

/** The instant `count` units before now: on the hour for hours, at the start of a day otherwise. */
function back({ count, unit }: { count: number; unit: Unit }, now: number): Span {
  const today = startOfDay(now)
  const t = new Date(today)
  const at = unit === 'hour' ? Math.floor((now - count * HOUR) / HOUR) * HOUR
    : unit === 'day' ? today - count * DAY
      : unit === 'week' ? today - 7 * count * DAY
        : unit === 'month' ? utc(t.getUTCFullYear(), t.getUTCMonth() - count, t.getUTCDate())
          : utc(t.getUTCFullYear() - count, t.getUTCMonth(), t.getUTCDate())
  return { start: at, end: at, hourly: unit === 'hour' }
}

const mondayOf = (day: number) => day - ((new Date(day).getUTCDay() + 6) % 7) * DAY

/** The day (week, month, year) `count` units ago. */
function ago(span: { count: number; unit: Unit }, now: number): Span {
  const day = startOfDay(back(span, now).start)
  const d = new Date(day)
  if (span.unit === 'week') return { start: mondayOf(day), end: mondayOf(day) + 7 * DAY }
  if (span.unit === 'month') return monthSpan(d.getUTCFullYear(), d.getUTCMonth())
  if (span.unit === 'year') return { start: utc(d.getUTCFullYear(), 0), end: utc(d.getUTCFullYear() + 1, 0) }
  return { start: day, end: day + DAY }
}

function period(kind: PeriodKind, today: number): Span {
  const t = new Date(today)
  const [y, m] = [t.getUTCFullYear(), t.getUTCMonth()]
  const monday = mondayOf(today)
  switch (kind) {
    case 'today': return { start: today, end: today + DAY }
    case 'yesterday': return { start: today - DAY, end: today }
    case 'day-before-yesterday': return { start: today - 2 * DAY, end: today - DAY }
    case 'this-week': return { start: monday, end: monday + 7 * DAY }
    case 'last-week': return { start: monday - 7 * DAY, end: monday }
    case 'this-month': return monthSpan(y, m)
    case 'last-month': return monthSpan(y, m - 1)
    case 'this-year': return { start: utc(y, 0), end: utc(y + 1, 0) }
    case 'last-year': return { start: utc(y - 1, 0), end: utc(y, 0) }
  }
}

function weekday(name: string, lang: Language, today: number, strictlyBefore: boolean): Span | undefined {
  const wanted = WEEKDAYS[lang].findIndex((names) => names.split('|').some((n) => foldKeepingLength(n) === name))
  if (wanted < 0) return undefined
  const back = (new Date(today).getUTCDay() - wanted + 7) % 7 || (strictlyBefore ? 7 : 0)
  return { start: today - back * DAY, end: today - back * DAY + DAY }
}

interface Window {
  since?: number
  until?: number
  hourly: boolean
}

/** Applies one matched phrase to the window; false when its parts do not make a date. */
function apply(rule: Rule, groups: string[], lang: Language, now: number, window: Window): boolean {
  const today = startOfDay(now)
  const date = (i: number) => parseDate(groups[i]!, today)
  const span = (i: number) => parseSpan(groups[i]!)
  const narrow = (since?: number, until?: number, hourly = false) => {
    if (since !== undefined) window.since = Math.max(window.since ?? since, since)
    if (until !== undefined) window.until = Math.min(window.until ?? until, until)
    window.hourly ||= hourly
    return true
  }
  const whole = (s: Span | undefined) => Boolean(s) && narrow(s!.start, s!.end)
  switch (rule.kind) {
    case 'between': {
      let [first, second] = [date(0), date(1)]
      if (!first && second && /^\d{1,2}/.test(groups[0]!)) first = parseDate(`${groups[0]!.replace(/\D+$/, '')} ${groups[1]!.replace(/^\d+\S*\s*/, '')}`, today)
      return Boolean(first && second) && narrow(first!.start, second!.end)
    }
    case 'older': { const s = span(0); return Boolean(s) && narrow(undefined, back(s!, now).start, s!.unit === 'hour') }
    case 'newer': { const s = span(0); return Boolean(s) && narrow(back(s!, now).start, undefined, s!.unit === 'hour') }
    case 'ago': { const s = span(0); return Boolean(s) && whole(ago(s!, now)) }
    case 'before': { const d = date(0); return Boolean(d) && narrow(undefined, d!.start) }
    case 'after': { const d = date(0); return Boolean(d) && narrow(d!.end) }
    case 'since': { const d = date(0); return Boolean(d) && narrow(d!.start) }
    case 'until': { const d = date(0); return Boolean(d) && narrow(undefined, d!.end) }
    case 'on': return whole(date(0))
    case 'since-period': return narrow(period(rule.period!, today).start)
    case 'since-weekday': { const d = weekday(groups[0]!, lang, today, false); return Boolean(d) && narrow(d!.start) }
    case 'last-weekday': return whole(weekday(groups[0]!, lang, today, true))
    case 'on-weekday': return whole(weekday(groups[0]!, lang, today, false))
    default: return whole(period(rule.kind as PeriodKind, today))
  }
}

const GAP = ' | '

/**
 * Reads up to three time phrases from `text` (in `lang`, English, and the languages of the scripts in it), relative
 * to `now` (ms). Characters inside `keep` (publisher names: "20 Minutes", "المصري اليوم") are never read as time.
 */
/** "les 10 derniers jours", "gli ultimi 10 giorni" and "10 ultimi giorni" alike: the adjective is moved before the count. */
const COUNT_BEFORE_LAST = ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'quinze', 'vingt', 'trente',
  'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci', 'dois', 'duas', 'tres', 'quatro', 'cinco', 'seis']
// Not every count word: Portuguese "dos últimos 10 dias" has "dos", Spanish for two.
const COUNT_THEN_LAST = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,3}|${COUNT_BEFORE_LAST.join('|')})(\\s+)(derni(?:er|ere)s|ultim[ie]|ultim[oa]s)(?=\\s)`, 'gu')

export function takeTimeWindow(text: string, now: number, lang: Language, keep: { start: number; end: number }[] = []): TimeReading {
  // Same length swapped, so offsets into the text stay valid.
  let folded = foldKeepingLength(text).replace(COUNT_THEN_LAST, (_, count: string, gap: string, last: string) => `${last}${gap}${count}`)
  for (const { start, end } of keep) folded = folded.slice(0, start) + '\u0000'.repeat(end - start) + folded.slice(end)
  const langs = new Set<Language>([lang, 'en'])
  for (const [script, l] of SCRIPT_LANGS) if (script.test(text)) langs.add(l)
  const window: Window = { hourly: false }
  const taken: { start: number; end: number }[] = []
  for (const l of langs) {
    const compiled = rules(l)
    if (!compiled.vocabulary.test(folded)) continue
    for (const rule of compiled.rules) {
      if (taken.length >= MAX_PHRASES) break
      const m = rule.re.exec(folded)
      if (!m || !apply(rule, m.slice(1), l, now, window)) continue
      // An elided article or preposition belongs to the phrase: "d'avant le 10 novembre", "d'hier", "dell'anno".
      const elided = /(?<![\p{L}])(?:d|l|qu|dell|dall|nell|sull|all)'$/u.exec(folded.slice(0, m.index))
      taken.push({ start: m.index - (elided?.[0].length ?? 0), end: m.index + m[0].length })
      folded = folded.slice(0, m.index) + '\u0001'.repeat(m[0].length) + folded.slice(m.index + m[0].length)
    }
  }
  if (!taken.length) return { rest: text, phrases: [] }
  taken.sort((a, b) => a.start - b.start)
  let rest = ''
  let from = 0
  for (const t of taken) {
    rest += text.slice(from, t.start) + GAP
    from = t.end
  }
  rest += text.slice(from)
  const until = window.until !== undefined && window.until <= now ? window.until : undefined
  const unit = window.hourly ? HOUR : DAY
  return {
    rest,
    ...(window.since !== undefined && { since: iso(window.since) }),
    ...(until !== undefined && { until: iso(until) }),
    phrases: taken.map((t) => text.slice(t.start, t.end).trim()),
    validUntil: (Math.floor(now / unit) + 1) * unit,
  }
}
