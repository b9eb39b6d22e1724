/**
 * The figures a sentence states ("$1.2 billion", "14%", "2,300 dockworkers", "rose to 52"), read as values, and whether it
 * says that something has no date yet ("no date set for talks") or names one ("resume on Friday"). Two outlets that
 * state one fact share its figure; two reports of a changing fact (a count of ships, a death toll, a date for talks)
 * state the same kind of figure about the same thing with different values, and the newer report is the one to quote.
 *
 * Values: thousands separators of any of the nine languages ("2,300", "2.300", "2 300" with a no-break space), a
 * decimal point or comma, scale words ("billion", "bn", "millones", "Milliarden": 1.2 billion = 1,200 million), percent
 * words ("per cent", "por ciento", "Prozent"), currency signs and words. Years (1900–2099 on their own), days of the
 * month next to a month name and clock times are recognised so they never count as a changing figure.
 */
import type { Language } from '../../domain/languages.ts'
import { terms } from './terms.ts'

export type FigureKind = 'percent' | 'money' | 'count' | 'year' | 'date' | 'time'

export interface Figure {
  kind: FigureKind
  /** In base units: 1.2e9 for "$1.2 billion", 14 for "14%". */
  value: number
  /** Content terms a few words either side, without verbs of change ("rose", "fell") and approximations ("about"). */
  context: readonly string[]
}

const SCALES: [RegExp, number][] = [
  [/^(trillions?|tn|billones|bilh[õo]es|bilh[ãa]o)$/iu, 1e12],
  [/^(billions?|bn|bln|milliards?|milliarden?|mrd|mil millones|miliardi|miliardo)$/iu, 1e9],
  [/^(millions?|mn|mln|m|mio|millionen?|millones|mill[óo]n|milioni|milione|milh[õo]es|milh[ãa]o)$/iu, 1e6],
  [/^(thousand|k|mil)$/iu, 1e3],
]
const PERCENT = /^(%|percent|per cent|pct|por ciento|pour cent|prozent|per cento|por cento)$/iu
const CURRENCY_WORD = /^\s*(?:de\s+|d['’])?(dollars?|d[óo]lares|euros?|pounds?|sterling|yen|yuan|francs?|reais|pesos|rupees|won|dirhams?)\b/iu
const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|' +
  'septembre|octobre|novembre|d[ée]cembre|januar|februar|m[äa]rz|juni|juli|oktober|dezember|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|' +
  'ottobre|dicembre|janeiro|fevereiro|mar[çc]o|maio|junho|julho|setembro|outubro|novembro|dezembro'
const MONTH_BEFORE = new RegExp(`(?:^|[^\\p{L}])(${MONTHS})\\.?\\s+$`, 'iu')
const MONTH_AFTER = new RegExp(`^\\.?\\s*(?:de\\s+)?(${MONTHS})(?![\\p{L}])`, 'iu')
const CLOCK = /^\s*(?:a\.m\.|p\.m\.|am\b|pm\b|h\b|uhr\b|gmt\b|utc\b|[ecmp][sd]?t\b)|^:\d\d/iu

/** A number with its currency sign, separators, decimals, and the percent or scale word after it. */
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])((?:US|A|C|HK|NZ|R)?[$€£¥₹₩])?\s?` +
  String.raw`(\d{1,3}(?:([,.\u00a0\u202f])\d{3})(?:\3\d{3})*|\d+)(?:[.,](\d+))?` +
  String.raw`(?:\s?(%|percent\b|per cent\b|pct\b|por ciento|pour cent|prozent\b|per cento|por cento))?` +
  String.raw`(?:\s?(trillions?|billions?|millions?|thousand|tn|bn|bln|mn|mln|m|k|milliards?|milliarden?|mrd\.?|mio\.?|millionen?|millones|mill[óo]n|mil millones|milioni|milione|miliardi|miliardo|milh[õo]es|milh[ãa]o|bilh[õo]es|bilh[ãa]o|billones|mil)(?![\p{L}]))?`,
  'giu',
)

/**
 * Words that say how a figure moved, how exact it is, when or by whom it was said, not what it counts (stems, as
 * terms.ts cuts them).
 */
const NOT_CONTEXT = new Set(['rose', 'risen', 'rise', 'rising', 'fell', 'fallen', 'fall', 'fallin', 'increa', 'decrea', 'grew', 'grow',
  'grown', 'growin', 'climbe', 'jumped', 'jump', 'droppe', 'drop', 'declin', 'gained', 'gain', 'added', 'add', 'cut', 'reache',
  'reach', 'hit', 'about', 'around', 'roughl', 'nearly', 'almost', 'least', 'less', 'than', 'total', 'some', 'approx', 'estima',
  'up', 'down', 'now', 'just', 'only', 'still', 'number', 'new', 'last', 'first', 'more', 'over', 'under', 'de', 'announ',
  'report', 'accord', 'expect', 'data', 'week', 'weeks', 'month', 'months', 'day', 'days', 'today', 'monday', 'tuesda', 'wednes',
  'thursd', 'friday', 'saturd', 'sunday', 'people', 'times', 'since', 'compar', 'previo', 'earlie', 'later', 'ago', 'period',
  'quarte', 'told', 'offici', 'two', 'three', 'four', 'five', 'six', 'ten', 'dozen', 'hundre', 'thousa', 'millio', 'billio',
  'like', 'much', 'many', 'percen', 'per', 'cent', 'once', 'again', 'become', 'became', 'remain', 'stood', 'stands', 'late',
  'early', 'mid', 'januar', 'februa', 'march', 'april', 'may', 'june', 'july', 'august', 'septem', 'octobe', 'novemb',
  'decemb'])

/** The figures of `sentence`, left to right. */
export function figuresOf(sentence: string, lang: Language): Figure[] {
  const out: Figure[] = []
  for (const m of sentence.matchAll(FIGURE)) {
    const [whole, sign, intPart, sep, decimals, percent, scaleWord] = m
    const at = m.index
    const after = sentence.slice(at + whole.length)
    const before = sentence.slice(Math.max(0, at - 16), at)
    // "3rd", "4G", "118kWh": a number glued to letters is a name or an ordinal, unless the letters were a unit.
    if (!percent && !scaleWord && /^\p{L}/u.test(after)) continue
    const bare = !sign && !percent && !scaleWord && !sep && !decimals
    // "COVID-19", "G-7", "S. 1", "Section 230", "Boeing 737": a bare number that is part of a name.
    if (bare && (/\p{L}-$/u.test(before) || (NAME_BEFORE.test(before) && !MONTH_BEFORE.test(before)))) continue
    const base = Number(`${sep ? intPart!.split(sep).join('') : intPart}${decimals ? `.${decimals}` : ''}`)
    if (!Number.isFinite(base)) continue
    // "m" and "k" are scales glued to the number or after a currency sign ("60m", "$5 m"), never "5 m" of a length.
    const glued = scaleWord !== undefined && !/\s/u.test(whole.slice(whole.length - scaleWord.length - 1, whole.length - scaleWord.length))
    const scale = !scaleWord || (/^[mk]$/iu.test(scaleWord) && !sign && !glued)
      ? 1
      : SCALES.find(([re]) => re.test(scaleWord.replace(/\.$/u, '')))?.[1] ?? 1
    const value = base * scale
    let kind: FigureKind
    if (percent && PERCENT.test(percent)) kind = 'percent'
    else if (sign || CURRENCY_WORD.test(after.slice(0, 24))) kind = 'money'
    else if (CLOCK.test(after)) kind = 'time'
    else if (!decimals && !sep && scale === 1 && (MONTH_BEFORE.test(before) || (base <= 31 && MONTH_AFTER.test(after)))) kind = 'date'
    else if (!decimals && !sep && scale === 1 && base >= 1900 && base <= 2099) kind = 'year'
    else kind = 'count'
    out.push({ kind, value, context: contextOf(sentence, at, at + whole.length, lang) })
  }
  return out
}

/** A capitalised word (not the sentence's first) just before the number: "Section 230", "Boeing 737", "S. 1". */
const NAME_BEFORE = /\S\s+\p{Lu}[\p{L}.]*\s$/u

/** Content terms of up to eight words either side of the figure. */
function contextOf(sentence: string, start: number, end: number, lang: Language): string[] {
  const before = sentence.slice(0, start).trim().split(/\s+/u).slice(-8).join(' ')
  const after = sentence.slice(end).trim().split(/\s+/u).slice(0, 8).join(' ')
  return [...new Set(terms(`${before} ${after}`, lang))].filter((t) => !/^\d/u.test(t) && !NOT_CONTEXT.has(t))
}

/** A figure that can change from report to report (not a year, a date or a clock time). */
export const isMeasure = (f: Figure): boolean => f.kind === 'percent' || f.kind === 'money' || f.kind === 'count'

/**
 * A figure worth stating once: a percentage, an amount of money, or a count of 10 or more ("194,000 jobs", "40 ships";
 * not "two", "3 people"), which a second sentence repeating it restates a fact.
 */
export const isKeyFigure = (f: Figure): boolean => isMeasure(f) && (f.kind !== 'count' || f.value >= 10)

/** Equal, or within 5 % (a rounded figure: "roughly 1.5 million" and "1,495,709"). */
const sameValue = (a: number, b: number): boolean => Math.abs(a - b) <= 0.05 * Math.max(Math.abs(a), Math.abs(b))

/**
 * Whether `newer` states with another value what `older` measured: the same kind of figure about the same thing (two
 * shared context terms, "container ships waiting"; one is enough when the caller knows the sentences share much of
 * their subject, `sameSubject`), values within a factor of 1.6 of each other (a count that moved, not another
 * quantity: 40 → 52 ships, 12 → 18 dead), and neither value in both sentences (two sentences that both give "from
 * 15,000 to 62,500", or "70 %, now 44.4 %", list two facts).
 */
export function changedFigure(older: readonly Figure[], newer: readonly Figure[], sameSubject = false): boolean {
  const has = (list: readonly Figure[], f: Figure) => list.some((g) => g.kind === f.kind && sameValue(g.value, f.value))
  for (const o of older) {
    if (!isMeasure(o) || has(newer, o)) continue
    for (const n of newer) {
      if (n.kind !== o.kind || o.value <= 0 || n.value <= 0 || has(older, n)) continue
      if (Math.max(o.value, n.value) / Math.min(o.value, n.value) > 1.6) continue
      let shared = 0
      for (const t of o.context) if (n.context.includes(t)) shared++
      if (shared >= (sameSubject ? 1 : 2)) return true
    }
  }
  return false
}

/** "No date has been set", "no talks are scheduled", "not yet scheduled": a fact a later report may settle. */
const UNSETTLED: Partial<Record<Language, RegExp>> = {
  en: /\bno (?:new |further |firm )?(?:date|time(?:table|line)?|talks|meeting|negotiations|vote|hearing)s?\b[^.;]{0,30}\b(?:set|scheduled|fixed|agreed|planned)\b|\bnot (?:yet )?(?:been )?(?:set|scheduled)\b|\bno (?:date|timetable|timeline) (?:for|on)\b/iu,
  es: /\bsin fecha\b|\bno (?:hay|se ha fijado) (?:fecha|calendario)\b/iu,
  fr: /\bsans date\b|\baucune date\b/iu,
  de: /\bkein(?:en)? (?:termin|datum)\b|\bnoch nicht (?:terminiert|angesetzt)\b/iu,
  it: /\bsenza data\b|\bnessuna data\b/iu,
  pt: /\bsem data\b|\bnenhuma data\b/iu,
}

/** A day named: a weekday, "tomorrow", "next week", or a month with a day. */
const DAY_NAMED: Partial<Record<Language, RegExp>> = {
  en: new RegExp(`\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|(?:${MONTHS})\\.? \\d{1,2}\\b|\\d{1,2} (?:${MONTHS})\\b)`, 'iu'),
  es: /(?<![\p{L}])(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo|mañana)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain)(?![\p{L}])/iu,
  de: /(?<![\p{L}])(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|domani)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado|domingo|amanhã)(?![\p{L}])/iu,
}

/** The sentence says a date or a meeting is not set yet. */
export const isUnsettled = (sentence: string, lang: Language): boolean => UNSETTLED[lang]?.test(sentence) ?? false
/** The sentence names a day. */
export const namesDay = (sentence: string, lang: Language): boolean => DAY_NAMED[lang]?.test(sentence) ?? false
