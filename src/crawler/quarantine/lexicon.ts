import { topLevelAlternatives } from '../../util/pattern-alternation.ts'

/**
 * How the screen's cue lexicons are written and compiled. A lexicon lists, per language, the words of one cue (an
 * addressee, a directive, an object) as a regular-expression alternation over folded text (fold.ts: lower case,
 * ı → i, no circumflex, straight apostrophes). Lexicons are cues shared by many wordings, never whole injections:
 * "ignore" is one entry whatever follows it.
 *
 * The thirteen languages: the nine the service publishes and the four most often seen besides them.
 *
 * Every sentence of every article is screened, so the compiled form is built for cost: a sentence is tested only
 * against the languages of the scripts it is written in (byScripts), entries that start with an ASCII letter share
 * one `\b` and a prefix tree (`ign(?:ore|oriere)`), so most positions are rejected after one character.
 */
export const CUE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'tr', 'ar', 'ja', 'ko', 'zh'] as const
export type CueLanguage = (typeof CUE_LANGUAGES)[number]
export type Lexicon = Readonly<Partial<Record<CueLanguage, string>>>

/**
 * Languages written without spaces between words, or (Korean) with particles glued to them: their entries match
 * anywhere (but a Latin entry such as "ai" not inside a Latin word). The others' entries match whole words (an
 * entry ending in `\p{L}*` takes any ending).
 */
const UNSPACED: ReadonlySet<CueLanguage> = new Set(['ja', 'ko', 'zh'])

export const LATIN = 1
export const CYRILLIC = 2
export const ARABIC = 4
export const CJK = 8
/** Scripts as a bit mask: a sentence always counts as Latin (URLs, names and leetspeak are). */
export type Scripts = number
const SCRIPT_OF: Readonly<Record<CueLanguage, number>> = {
  en: LATIN, es: LATIN, fr: LATIN, de: LATIN, it: LATIN, pt: LATIN, nl: LATIN, tr: LATIN,
  ru: CYRILLIC, ar: ARABIC, ja: CJK, ko: CJK, zh: CJK,
}

/** The scripts `text` is written in. */
export function scriptsOf(text: string): Scripts {
  let scripts = LATIN
  if (/[\u0400-\u04ff]/.test(text)) scripts |= CYRILLIC
  if (/[\u0600-\u06ff]/.test(text)) scripts |= ARABIC
  if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(text)) scripts |= CJK
  return scripts
}

/** A pattern built from the languages of the given scripts, compiled once per combination of scripts. */
export function byScripts(build: (languages: readonly CueLanguage[]) => RegExp): (scripts: Scripts) => RegExp {
  const compiled = new Map<Scripts, RegExp>()
  return (scripts) => {
    let re = compiled.get(scripts)
    if (re === undefined) {
      re = build(CUE_LANGUAGES.filter((l) => (SCRIPT_OF[l] & scripts) !== 0))
      compiled.set(scripts, re)
    }
    return re
  }
}

/** The lexicon's entries for `languages` as one alternation, each bounded as its language's words are. */
export function lexiconSource(lexicon: Lexicon, languages: readonly CueLanguage[] = CUE_LANGUAGES): string {
  // Patterns embed the same lexicons several times (an address names the addressee twice): build each once.
  let byLanguages = SOURCES.get(lexicon)
  if (byLanguages === undefined) SOURCES.set(lexicon, byLanguages = new Map())
  const key = languages.join(' ')
  let source = byLanguages.get(key)
  if (source === undefined) byLanguages.set(key, source = buildSource(lexicon, languages))
  return source
}
const SOURCES = new WeakMap<Lexicon, Map<string, string>>()

function buildSource(lexicon: Lexicon, languages: readonly CueLanguage[]): string {
  const ascii: string[] = []
  const other: string[] = []
  const unspacedLatin: string[] = []
  const unspaced: string[] = []
  for (const l of languages) {
    const words = lexicon[l]
    if (!words) continue
    for (const alt of topLevelAlternatives(words)) {
      if (UNSPACED.has(l)) (startsWithAscii(alt) ? unspacedLatin : unspaced).push(alt)
      else (startsWithAscii(alt) ? ascii : other).push(alt)
    }
  }
  const parts: string[] = []
  if (ascii.length > 0) parts.push(String.raw`\b${prefixTree(ascii)}(?![\p{L}\p{N}])`)
  // A look-behind tried at every position is slow: a look-ahead for the possible first letters rejects most
  // positions first.
  if (other.length > 0) parts.push(String.raw`${firstLetters(other)}(?<![\p{L}\p{N}])${prefixTree(other)}(?![\p{L}\p{N}])`)
  if (unspacedLatin.length > 0) parts.push(`(?<![a-z])${prefixTree(unspacedLatin)}(?![a-z])`)
  if (unspaced.length > 0) parts.push(prefixTree(unspaced))
  return parts.length === 0 ? '(?!)' : parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`
}

/** The lexicon as a regular expression (Unicode; case is already folded). */
export function lexiconPattern(lexicon: Lexicon, flags = 'u', languages?: readonly CueLanguage[]): RegExp {
  return new RegExp(lexiconSource(lexicon, languages), flags)
}

/** Several lexicons as one. */
export function mergeLexicons(lexicons: readonly Lexicon[]): Lexicon {
  const merged: Partial<Record<CueLanguage, string>> = {}
  for (const lexicon of lexicons) {
    for (const l of CUE_LANGUAGES) {
      const words = lexicon[l]
      if (words) merged[l] = merged[l] ? `${merged[l]}|${words}` : words
    }
  }
  return merged
}

/** True when every way the alternative can start is an ASCII letter or digit (so `\b` can stand before it). */
function startsWithAscii(alt: string): boolean {
  if (/^[a-z0-9]/.test(alt)) return true
  if (!alt.startsWith('(?:')) return false
  const end = groupEnd(alt, 0)
  if (end < 0 || /^[?*{]/.test(alt.slice(end + 1))) return false
  return topLevelAlternatives(alt.slice(3, end)).every(startsWithAscii)
}

/** A look-ahead for the letters the alternatives can start with, or '' when one of them starts otherwise. */
function firstLetters(alternatives: readonly string[]): string {
  const letters = new Set<string>()
  const add = (alt: string): boolean => {
    if (alt.startsWith('(?:')) {
      const end = groupEnd(alt, 0)
      return end > 0 && !/^[?*{]/.test(alt.slice(end + 1)) && topLevelAlternatives(alt.slice(3, end)).every(add)
    }
    if (alt === '' || SYNTAX.has(alt[0]!)) return false
    letters.add(alt[0]!)
    return true
  }
  return alternatives.every(add) ? `(?=[${[...letters].join('')}])` : ''
}

/** The index of the `)` closing the group opened at `start`, or -1. */
function groupEnd(source: string, start: number): number {
  let depth = 0
  let inClass = false
  for (let i = start; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

const SYNTAX = new Set(['\\', '(', ')', '[', ']', '{', '}', '?', '*', '+', '|', '.', '^', '$'])

/**
 * The alternatives as a prefix tree: `ignore|ignoriere|image` → `(?:i(?:gnor(?:e|iere)|mage))`. Each alternative's
 * leading literal characters are shared; what follows them stays as written.
 */
function prefixTree(alternatives: readonly string[]): string {
  const split = alternatives.map((alt): [string, string] => {
    let i = 0
    while (i < alt.length && !SYNTAX.has(alt.charAt(i))) i++
    // A quantifier applies to the character before it, which then belongs to the tail.
    if (i > 0 && i < alt.length && '?*+{'.includes(alt.charAt(i))) i--
    return [alt.slice(0, i), alt.slice(i)]
  })
  return `(?:${branches(split)})`
}

/** One level of the tree: the alternatives grouped by their next literal character. */
function branches(items: ReadonlyArray<[string, string]>): string {
  const byFirst = new Map<string, Array<[string, string]>>()
  const tails = new Set<string>()
  for (const [prefix, tail] of items) {
    if (prefix === '') {
      tails.add(tail)
      continue
    }
    // A character outside the basic plane is two code units; keep them together.
    const width = prefix.charCodeAt(0) >= 0xd800 && prefix.charCodeAt(0) <= 0xdbff ? 2 : 1
    const first = prefix.slice(0, width)
    let group = byFirst.get(first)
    if (group === undefined) byFirst.set(first, group = [])
    group.push([prefix.slice(width), tail])
  }
  const parts: string[] = []
  for (const [first, group] of byFirst) parts.push(first + branches(group))
  for (const tail of tails) if (tail !== '') parts.push(tail)
  if (parts.length === 0) return ''
  if (tails.has('')) return `(?:${parts.join('|')})?`
  return parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`
}
