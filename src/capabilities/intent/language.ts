import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/languages.ts'
import { LANGUAGE_EVIDENCE, TOPIC_LANGUAGE_EVIDENCE } from './lexicon.ts'
import { isKana } from './text.ts'
import { hyphenParts, type Token } from './tokens.ts'

/**
 * The language a message is written in (not the one it asks for: that is a cue, read elsewhere).
 *
 * Japanese, Korean and Arabic show in their script. Latin-script languages are told apart by their function
 * words ("las", "über", "notizie"): each word scores for every language that uses it, split evenly, so "sobre"
 * is half Spanish, half Portuguese and "notícias" all Portuguese. A Latin-script message quoting a Japanese name
 * ("news about トヨタ") stays English when it has clear function words of its own.
 */

/** Function-word score a Latin-script language needs to outweigh text in another script. */
const SCRIPT_OVERRIDE = 1

export function detectLanguage(tokens: Token[]): Language {
  // "KI-Nachrichten" is German by its parts; one-letter parts ("e-commerce") say nothing.
  // "IT", "AI", "US" are acronyms, not the English "it" or "us".
  const words = tokens.filter((token) => !/^\p{Lu}{2,3}$/u.test(token.text)).flatMap((token) => (LANGUAGE_EVIDENCE.has(token.lower) ? [token]
    : hyphenParts(token).filter((part) => part === token || part.text.length >= 3)))
  const latin = bestLatinLanguage(words)
  const script = scriptLanguage(tokens)
  if (script && latin.score < SCRIPT_OVERRIDE) return script
  return latin.score > 0 ? latin.lang : script ?? DEFAULT_LANGUAGE
}

/**
 * Letters only some languages write ("Estadão", "año", "Straße", "œuvre", "Econômico", "prêt"): weak evidence, like a
 * topic word.
 */
const LETTERS: [RegExp, Set<Language>][] = [
  [/[ãõ]/u, new Set(['pt'])], [/ñ/u, new Set(['es'])], [/[ßäö]/u, new Set(['de'])], [/œ/u, new Set(['fr'])],
  [/[ôêç]/u, new Set(['pt', 'fr'])],
]

/** Topic words count half: they tip "mercado de trabalho" to Portuguese, but people borrow them across languages. */
const TOPIC_WEIGHT = 0.5

function bestLatinLanguage(tokens: Token[]): { lang: Language; score: number } {
  const scores = new Map<Language, number>()
  const score = (langs: Set<Language> | undefined, weight: number) => {
    for (const lang of langs ?? []) scores.set(lang, (scores.get(lang) ?? 0) + weight / langs!.size)
  }
  for (const token of tokens) {
    score(LANGUAGE_EVIDENCE.get(token.lower), 1)
    if (token.text.length >= 3) score(TOPIC_LANGUAGE_EVIDENCE.get(token.lower), TOPIC_WEIGHT)
    for (const [letters, langs] of LETTERS) if (letters.test(token.lower)) score(langs, TOPIC_WEIGHT)
  }
  // Ties go to the earlier language of LANGUAGES; English (first) wins only when nothing else scores more.
  let best: { lang: Language; score: number } = { lang: DEFAULT_LANGUAGE, score: 0 }
  for (const lang of LANGUAGES) {
    const total = scores.get(lang) ?? 0
    if (total > best.score + 1e-9) best = { lang, score: total }
  }
  return best
}

/** Kana means Japanese; Hangul Korean; Arabic script Arabic; Han alone Japanese (Chinese is not served). */
function scriptLanguage(tokens: Token[]): Language | undefined {
  const counts: Partial<Record<Language, number>> = {}
  const add = (lang: Language, n: number) => { counts[lang] = (counts[lang] ?? 0) + n }
  for (const token of tokens) {
    const length = Array.from(token.text).length
    if (token.script === 'hangul') add('ko', length)
    else if (token.script === 'arabic') add('ar', length)
    else if (token.script === 'cjk') add('ja', Array.from(token.text).some(isKana) ? length * 2 : length)
  }
  let best: Language | undefined
  for (const lang of ['ja', 'ko', 'ar'] as const) {
    if ((counts[lang] ?? 0) > (best ? counts[best] ?? 0 : 0)) best = lang
  }
  return best
}
