/**
 * Clustering stage: one name for a country (and a few international bodies) in every language, so that reports of
 * one event in two languages share the names they have: "Massive power outage hits Spain and Portugal" and "Un
 * apagón masivo deja sin luz a toda España y Portugal" name Spain and Portugal both, not "spain" beside "espana"; "La
 * BCE baisse…" and "EZB senkt…" name the ECB both. Names are compared only as names (fingerprint.ts): a name in its
 * English form, words and MinHash signatures unchanged.
 *
 * The countries' names come from the runtime's own locale data (Intl.DisplayNames, full ICU in every supported
 * Node.js), in each of the languages whose capitals mark names (names are read from capitals: Japanese, Korean and
 * Arabic give none). One-word names only ("Spanien", "Espagne"): the words of "Estados Unidos" or "Corée du Sud" are
 * compared one by one, each of them a word of other names too. An article's own language's names are mapped, no
 * other's: "Chine" is China in French, and whatever an English text means by it.
 */
import { entityWord } from './entities.ts'

/** Acronyms of bodies that news names in every language, by language: the English acronym's folded form. */
const BODIES: Record<string, Record<string, string>> = {
  es: { bce: 'ecb', otan: 'nato', fmi: 'imf', opep: 'opec' },
  fr: { bce: 'ecb', otan: 'nato', fmi: 'imf', opep: 'opec' },
  de: { ezb: 'ecb', iwf: 'imf' },
  it: { bce: 'ecb', fmi: 'imf' },
  pt: { bce: 'ecb', otan: 'nato', fmi: 'imf', opep: 'opec' },
}

/**
 * Where English news says a country otherwise than the locale data's English name, or in one word where that name
 * has two: "Korea" for South Korea ("Südkorea": its English reports' telling word; North Korea, "Nordkorea", keeps
 * its own form).
 */
const ENGLISH_USAGE: Record<string, string> = { TR: 'turkey', KR: 'korea' }

/**
 * Country names that are as often a city, a person or a word in their language: Granada (Grenada in Spanish and
 * Portuguese, Granada the city), Mauricio and Maurice (Mauritius, and a first name), Dominique (Dominica),
 * Guadalupe (Guadeloupe), Grenade, and "reunión" / "reunião" / "riunione" (Réunion, and "meeting").
 */
const AMBIGUOUS = new Set(['granada', 'grenade', 'guadalupe', 'mauricio', 'maurice', 'dominique', 'reunion', 'reuniao', 'riunione'])

/** The languages whose capitals mark names, and so whose country names the fingerprint reads. */
const MAPPED = ['es', 'fr', 'de', 'it', 'pt'] as const

/** Every two-letter region code the locale data names (countries and territories; not "EU" or "UN", two words). */
function regionCodes(english: Intl.DisplayNames): string[] {
  const codes: string[] = []
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b)
      const name = english.of(code)
      if (name !== undefined && name !== code) codes.push(code)
    }
  }
  return codes
}

/** The word a one-word name is compared as, or null for a longer one. */
function oneWord(name: string): string | null {
  return /^[\p{L}\p{M}]+$/u.test(name) ? entityWord(name) : null
}

let tables: Map<string, ReadonlyMap<string, string>> | null = null

/** Built on first use (about 280 regions × 5 languages): a process that clusters nothing never pays for it. */
function build(): Map<string, ReadonlyMap<string, string>> {
  const out = new Map<string, ReadonlyMap<string, string>>()
  const english = new Intl.DisplayNames(['en'], { type: 'region' })
  const codes = regionCodes(english)
  for (const lang of MAPPED) {
    const names = new Intl.DisplayNames([lang], { type: 'region' })
    const table = new Map<string, string>(Object.entries(BODIES[lang] ?? {}))
    for (const code of codes) {
      const own = oneWord(names.of(code) ?? '')
      const target = ENGLISH_USAGE[code] ?? oneWord(english.of(code) ?? '')
      // A two-word English name ("United Kingdom") has no one word to map "Royaume-Uni" to: it stays as it is.
      if (own !== null && target !== null && own !== target && own.length >= 3 && !AMBIGUOUS.has(own)) table.set(own, target)
    }
    out.set(lang, table)
  }
  return out
}

/**
 * How a name word (as entityWord or nameForm give it: folded, lower case) of `language` is compared: a country's or
 * body's name in its English form, any other word as it is. Null for a language whose names are compared as written
 * (English, and those not read from capitals), so the fingerprint copies no word list for them.
 */
export function placeNamer(language: string | null): ((word: string) => string) | null {
  if (language === null || !(MAPPED as readonly string[]).includes(language)) return null
  tables ??= build()
  const table = tables.get(language)!
  return (word) => table.get(word) ?? word
}

/** `word` of `language` as compared (placeNamer). */
export function placeName(word: string, language: string | null): string {
  return placeNamer(language)?.(word) ?? word
}
