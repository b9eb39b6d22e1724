/**
 * Sentence splitting for the nine service languages, rule-based and deterministic.
 *
 * - Line breaks are hard boundaries (extracted text keeps paragraphs as '\n\n').
 * - Latin-script languages: `.`, `!`, `?`, `…` (plus closing quotes/brackets) end a sentence when the next one starts
 *   with an upper-case letter, a digit or an opening quote. Abbreviations ("Mr.", "Inc.", "U.S.", "z. B.", "Sra."),
 *   initials ("J. Smith"), decimals ("3.5"), German ordinals ("am 3. Oktober") and quoted speech ("“We grew. We will
 *   grow,” she said.") do not end one. A missing space ("growth.The company") still does.
 * - Japanese: `。`, `！`, `？` (and ASCII `!?`); never inside 「…」, and "…。」と述べた" continues the sentence.
 * - Korean: `.`, `?`, `!` followed by a space or by Hangul ("했다.그는").
 * - Arabic: `؟`, `!` and `.`, followed by a space or an Arabic letter; a one-letter abbreviation ("د.") does not end one.
 *
 * Every returned sentence is a trimmed slice of the input (whitespace inside is collapsed), so callers can quote it.
 */
import type { Language } from '../../domain/languages.ts'
import { STOPWORDS } from './stopwords.ts'

/** Titles and abbreviations that are always followed by more of the same sentence ("Dr. Smith", "No. 5", "z. B."). */
const NEVER_FINAL: Record<string, string[]> = {
  // Plural titles too, as US news writes them before a list of names ("written by Sens. Dick Durbin, Patrick Leahy").
  en: ['mr', 'mrs', 'ms', 'dr', 'prof', 'sen', 'rep', 'gov', 'gen', 'col', 'lt', 'sgt', 'capt', 'cmdr', 'adm', 'rev',
    'hon', 'messrs', 'pres', 'supt', 'det', 'insp', 'no', 'nos', 'vol', 'fig', 'pp', 'approx', 'dept', 'est', 'ref',
    'sens', 'reps', 'govs', 'drs', 'profs', 'gens'],
  es: ['sr', 'sra', 'srta', 'sres', 'dr', 'dra', 'd', 'dña', 'lic', 'ing', 'arq', 'prof', 'pág', 'págs', 'núm', 'no',
    'art', 'av', 'avda', 'ud', 'uds', 'vd', 'vds', 'gral', 'dir', 'aprox', 'tel', 'n'],
  fr: ['m', 'mm', 'mme', 'mmes', 'mlle', 'mlles', 'dr', 'pr', 'me', 'st', 'ste', 'av', 'bd', 'env', 'cf', 'p', 'vol', 'n',
    'no', 'art', 'réf', 'tél', 'chap'],
  de: ['hr', 'hrn', 'fr', 'dr', 'prof', 'nr', 'str', 'bzw', 'ca', 'vgl', 'ggf', 'evtl', 'inkl', 'zzgl', 'abs', 'bd',
    'jh', 'st', 'sog', 'tel', 'allg', 'geb', 'gegr', 'max', 'min', 'mind', 'insb', 'z', 'u', 'd', 's'],
  it: ['sig', 'sigg', 'sigra', 'dott', 'dr', 'prof', 'ing', 'avv', 'arch', 'geom', 'on', 'sen', 'gen', 'pag', 'n', 'art',
    'es', 'cfr', 'tel', 'dott.ssa'],
  pt: ['sr', 'sra', 'srta', 'dr', 'dra', 'prof', 'profa', 'eng', 'av', 'pág', 'n', 'nº', 'art', 'exmo', 'exma', 'tel',
    'aprox', 'dir'],
}

/** The language's NEVER_FINAL list (English for a language without one). */
const neverFinal = (lang: string): string[] => NEVER_FINAL[lang] ?? NEVER_FINAL.en!

/** Abbreviations that may also end a sentence: they do when the next word is a function word ("Acme Inc. The …"). */
const MAYBE_FINAL: Record<string, string[]> = {
  en: ['inc', 'ltd', 'co', 'corp', 'llc', 'plc', 'bros', 'jr', 'sr', 'etc', 'vs', 'al', 'esq', 'ave', 'blvd', 'rd', 'st',
    'mt', 'ft', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'bn', 'mn', 'm'],
  es: ['etc', 'cía', 'ltda', 'ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'sept', 'oct', 'nov', 'dic',
    'mill', 'mills'],
  fr: ['etc', 'cie', 'sté', 'janv', 'févr', 'avr', 'juil', 'sept', 'oct', 'nov', 'déc', 'mds', 'md', 'mio'],
  de: ['usw', 'etc', 'co', 'mio', 'mrd', 'jan', 'feb', 'apr', 'aug', 'sept', 'okt', 'nov', 'dez', 'ff'],
  it: ['ecc', 'etc', 'gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic', 'mln', 'mld'],
  pt: ['etc', 'lda', 'cia', 'jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez', 'mi',
    'bi'],
}

const GENERIC_MAYBE = ['etc', 'inc', 'ltd', 'co', 'corp', 'vs']

const CJK_LANGS = new Set(['ja'])
const CASELESS = new Set(['ko', 'ar'])

/** Whether the language's script marks names with a capital letter (not Japanese, Korean or Arabic). */
export const capitalizesNames = (lang: Language | string): boolean => !CJK_LANGS.has(lang) && !CASELESS.has(lang)

type Bracket = readonly [open: string, closers: string]
/** Quote pairs: an opener and the characters that may close it (German „…“ and »…«, French «…»). */
const QUOTES: readonly Bracket[] = [
  ['“', '”'], ['„', '“”'], ['«', '»'], ['»', '«'], ['「', '」'], ['『', '』'], ['‹', '›'],
]

/**
 * Whether a text's last sentence stops on an abbreviation: on a title that always has more after it ("…said Mr.",
 * "…led by Sen.") or on an initialism ("…said that U.S."). Neither is how a text ends when it is whole; it is how a
 * feed or a collector's naive splitter cuts one short (it took the abbreviation's full stop for the end of a
 * sentence). "…took hold in the U.S." is whole too, and lost, but a fragment quoted as a sentence would be worse.
 */
export function endsOnAbbreviation(sentence: string, lang: Language | string): boolean {
  if (!capitalizesNames(lang)) return false
  const m = /(?:^|[\s(“"«„])((?:\p{L}\.){2,}|\p{L}+\.)$/u.exec(sentence.trimEnd())
  if (!m) return false
  const word = m[1]!
  if (/^(?:\p{Lu}\.){2,}$/u.test(word)) return true
  // A name's middle initial ("…Senate Majority Leader Charles E.") and, in English, a month's abbreviation, which news
  // style writes only before a day ("…outlining the new Aug."): both real-news texts were cut there.
  if (/^\p{Lu}\.$/u.test(word) && /\p{Lu}\p{Ll}+\s+\p{Lu}\.$/u.test(sentence.trimEnd())) return true
  if (lang === 'en' && DATED_MONTHS.has(word.slice(0, -1).toLowerCase())) return true
  return neverFinal(lang).includes(word.slice(0, -1).toLowerCase())
}

/** English month abbreviations, written only before a day ("Aug. 4"), never as a sentence's last word. */
const DATED_MONTHS = new Set(['jan', 'feb', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'])

/** Splits `text` into sentences for `lang` (any other code is treated like a Latin-script language). */
export function splitSentences(text: string, lang: Language | string): string[] {
  const out: string[] = []
  for (const raw of text.split(/\r?\n|\r|\u2028|\u2029/)) {
    const para = raw.replace(/[\s\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ').trim()
    if (para === '') continue
    let parts = CJK_LANGS.has(lang) ? splitJapanese(para, true) : splitAlphabetic(para, lang, true)
    // Unbalanced or very long quotes: the quote-aware pass swallowed too much; split as if quotes did not exist.
    if (parts.some((p) => p.length > 600)) parts = CJK_LANGS.has(lang) ? splitJapanese(para, false) : splitAlphabetic(para, lang, false)
    for (const p of parts) if (p !== '') out.push(p)
  }
  return out
}

const QUOTE_CHARS = new Set(['"', ...QUOTES.flatMap(([open, closers]) => [open, ...closers])])

/** Tracks quote nesting; `depth()` is 0 outside any quote. */
function quoteTracker(enabled: boolean) {
  const stack: string[] = []
  return {
    feed(c: string): void {
      if (!enabled || !QUOTE_CHARS.has(c)) return
      const top = stack[stack.length - 1]
      if (c === '"') {
        if (top === '"') stack.pop()
        else stack.push('"')
        return
      }
      const pair = top === undefined ? undefined : QUOTES.find((q) => q[0] === top)
      if (pair && pair[1].includes(c)) {
        stack.pop()
        return
      }
      if (QUOTES.some((q) => q[0] === c)) stack.push(c)
    },
    depth: () => stack.length,
    /** Whether `c` would close the innermost open quote. */
    closes(c: string): boolean {
      const top = stack[stack.length - 1]
      return top !== undefined && (QUOTES.find((q) => q[0] === top)?.[1].includes(c) ?? false)
    },
  }
}

const CLOSERS = '"\'”’»«」』)）]】›“'
const TERMINATORS = '.!?…؟'
const TERMINATOR = new RegExp(`[${TERMINATORS}]`)
/** The terminators and QUOTE_CHARS as UTF-16 code units (every one is a single unit), for the per-character scan. */
const TERMINATOR_CODES = new Set([...TERMINATORS].map((c) => c.charCodeAt(0)))
const QUOTE_CODES = new Set([...QUOTE_CHARS].map((c) => c.charCodeAt(0)))

function splitAlphabetic(para: string, lang: string, quoteAware: boolean): string[] {
  const caseless = CASELESS.has(lang)
  const quotes = quoteTracker(quoteAware)
  const parts: string[] = []
  let start = 0
  let i = 0
  while (i < para.length) {
    const code = para.charCodeAt(i)
    if (!TERMINATOR_CODES.has(code)) {
      // feed() ignores everything but quote characters.
      if (QUOTE_CODES.has(code)) quotes.feed(para[i]!)
      i++
      continue
    }
    // The terminator run ("?!", "...") and any closing quotes or brackets after it.
    let end = i
    while (end < para.length && TERMINATOR.test(para[end]!)) end++
    const terminator = para.slice(i, end)
    while (end < para.length && CLOSERS.includes(para[end]!)) quotes.feed(para[end++]!)
    // French sets a space before the closing guillemet: « Nous allons croître. » La société…
    const spacedCloser = /^\s+([»”“›])/u.exec(para.slice(end, end + 4))
    if (spacedCloser && quotes.closes(spacedCloser[1]!)) {
      end += spacedCloser[0].length
      quotes.feed(spacedCloser[1]!)
    }
    if (quotes.depth() === 0 && isBoundary(para, i, end, terminator, lang, caseless)) {
      parts.push(para.slice(start, end).trim())
      start = end
    }
    i = end
  }
  parts.push(para.slice(start).trim())
  return parts
}

function isBoundary(para: string, at: number, end: number, terminator: string, lang: string, caseless: boolean): boolean {
  // `para` is trimmed, so nothing but the end of the paragraph follows the last terminator. Look at a bounded window
  // either side, so long paragraphs stay linear.
  if (end >= para.length) return true
  const rest = para.slice(end, end + 80)
  const spaced = /^\s/.test(rest)
  const next = rest.trimStart()
  const before = para.slice(Math.max(0, at - 80), at)

  if (!spaced) {
    // A closing quote glued to what follows continues the sentence: 그는 "계속 간다."라고 말했다.
    if (CLOSERS.includes(para[end - 1]!) && !TERMINATOR.test(para[end - 1]!)) return false
    // "growth.The", "했다.그는", "الشركة.وقال", "Why?Because": only between letters, never inside "3.5" or "example.com".
    if (lang === 'ar') return terminator === '.' ? /[\u0621-\u064a]{2}$/u.test(before) && /^[\u0621-\u064a]/u.test(next) : /^\p{L}/u.test(next)
    if (lang === 'ko') return /[\uac00-\ud7a3]$/u.test(before) && /^[\uac00-\ud7a3]/u.test(next)
    if (terminator === '.') return /\p{Ll}{2}$/u.test(before) && /^\p{Lu}\p{Ll}/u.test(next)
    return /\p{L}$/u.test(before) && /^\p{Lu}/u.test(next)
  }

  if (caseless) {
    if (!/^[\p{L}\p{N}"“«(\[]/u.test(next)) return false
  } else if (!/^([\p{Lu}\p{Lt}\p{N}"“„«»‘'¿¡(\[]|\p{Ll}\p{Lu})/u.test(next)) {
    // Lower case continues the sentence, except brand names like "eBay" and "iPhone".
    return false
  }
  if (terminator !== '.') return true

  const word = /(\S+)$/u.exec(before)?.[1] ?? ''
  const bare = word.replace(/^[("'“‘«¿¡\[]+/u, '')
  const key = bare.toLowerCase()
  const nextWord = (/^[\p{L}\p{N}'’-]+/u.exec(next.replace(/^["“„«»‘'¿¡(\[]+/u, ''))?.[0] ?? '').toLowerCase()
  const nextIsFunctionWord = STOPWORDS[lang as Language]?.has(nextWord) ?? false

  // Arabic has one-letter abbreviations ("د." for doctor, "م." for engineer or the Gregorian year).
  if (lang === 'ar') return !/^[\u0621-\u064a]$/u.test(bare)
  if (lang === 'ko') return true
  // Initials and single letters: "J. Smith", "Plan B." is rare enough to accept.
  if (/^\p{L}$/u.test(bare)) return false
  if (neverFinal(lang).includes(key)) return false
  // Dotted acronyms "U.S.", "z.B.", "S.p.A.", "EE.UU.": end a sentence only before a function word.
  if (/^(\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(bare)) return nextIsFunctionWord
  if ((MAYBE_FINAL[lang] ?? GENERIC_MAYBE).includes(key) || GENERIC_MAYBE.includes(key)) return nextIsFunctionWord
  // German ordinals: "am 3. Oktober" continues, "stieg auf 5. Die Firma" does not.
  if (lang === 'de' && /^\d{1,2}$/.test(bare)) return nextIsFunctionWord
  return true
}

const JA_TERMINATOR = /[。！？!?．]/
/** After a closing quote, these continue the sentence: 「…。」と述べた, 「…」との見方. */
const JA_CONTINUATION = /^[とっのにをがでもや、，]/

function splitJapanese(para: string, quoteAware: boolean): string[] {
  const quotes = quoteTracker(quoteAware)
  const parts: string[] = []
  let start = 0
  let i = 0
  while (i < para.length) {
    const c = para[i]!
    if (!JA_TERMINATOR.test(c)) {
      quotes.feed(c)
      i++
      continue
    }
    let end = i
    while (end < para.length && JA_TERMINATOR.test(para[end]!)) end++
    // An ASCII '!' or '?' inside Latin text ("Yahoo!") is not a Japanese sentence end unless Japanese text surrounds it.
    const ascii = /^[!?]+$/.test(para.slice(i, end))
    let closed = false
    while (end < para.length && CLOSERS.includes(para[end]!)) {
      quotes.feed(para[end++]!)
      closed = true
    }
    const rest = para.slice(end, end + 4)
    const boundary = quotes.depth() === 0 && !(closed && JA_CONTINUATION.test(rest)) &&
      !(ascii && /[A-Za-z]/.test(para[i - 1] ?? ''))
    if (boundary) {
      parts.push(para.slice(start, end).trim())
      start = end
    }
    i = end
  }
  parts.push(para.slice(start).trim())
  return parts
}
