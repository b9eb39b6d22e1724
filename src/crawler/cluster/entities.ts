/**
 * Clustering stage: the named entities of a whole article ("Port Calder", "Corvane Motors", "Christine Lagarde"), as
 * runs of capitalized words, so that a multi-word name counts once and a name found anywhere in the body (not only in
 * the title and lead) is evidence.
 *
 * A word is part of a name when it is capitalized in mid-sentence, written in capitals or camel case (ECB, SpaceX),
 * capitalized at a sentence start and capitalized in mid-sentence elsewhere in the text, or capitalized at a sentence
 * start right before a name word ("Marlowe Foods reported …"). Small connecting words
 * ("Bank of England", "Banco de España", "Harlow & Finch") join two names into one. Dropped from every name: company
 * forms and sector words ("Motors", "Bank", "Group", "Inc."), so "Corvane Motors" and "Corvane" are one entity and a
 * dropped suffix is never a contradiction; days, months, currencies and units, which identify nothing.
 *
 * German capitalizes every noun, so its runs also hold common nouns ("Prozent", "Hafen"): they never match a name in
 * another language, and within German the rules ask for figures as well (similarity.ts).
 */
import { MEMO_WORD_LENGTH, normalizeArabic } from './tokens.ts'

/** Company forms and sector words: part of a name as written, not of its identity. */
const COMPANY_WORDS = formsOf([
  'inc', 'corp', 'corporation', 'co', 'company', 'companies', 'ltd', 'limited', 'plc', 'llc', 'ag', 'se', 'sa', 'gmbh',
  'nv', 'bv', 'spa', 'srl', 'sl', 'kg', 'holding', 'holdings', 'group', 'groupe', 'grupo', 'gruppe', 'motors', 'bank',
  'banco', 'banque', 'brands', 'foods', 'energy', 'power', 'systems', 'airlines', 'airways', 'airport', 'capital',
  'ventures', 'partners', 'pharma', 'steel', 'solar', 'shipping', 'line', 'insurance', 'telecom', 'games', 'studios',
  'robotics', 'semiconductors', 'logistics', 'cosmetics', 'water', 'networks', 'chemicals', 'technologies',
  'technology', 'labs', 'ai', 'international', 'global', 'industries', 'services', 'media', 'bikes', 'homes', 'pay',
])

/** Capitalized but identifying nothing: titles, days, months, currencies, units, in the languages clustering knows. */
const GENERIC = formsOf([
  'mr', 'mrs', 'ms', 'dr', 'ceo', 'cfo', 'coo', 'gdp', 'ipo', 'the', 'a', 'an', 'el', 'la', 'los', 'las', 'le', 'les',
  'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'un', 'une', 'il', 'lo', 'o', 'os', 'i',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march',
  'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo', 'enero', 'febrero', 'marzo', 'abril',
  'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
  'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag', 'januar', 'februar', 'marz',
  'mai', 'juni', 'juli', 'oktober', 'dezember',
  'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'janvier', 'fevrier', 'mars', 'avril',
  'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre',
  'euro', 'euros', 'dollar', 'dollars', 'dolares', 'pfund', 'pound', 'pounds', 'livres', 'libras', 'yen', 'prozent',
  'prozentpunkte', 'millionen', 'milliarden', 'mio', 'mrd', 'kilometer', 'meter', 'tonne', 'tonnen', 'stunden',
  'jahre', 'jahren', 'jahr', 'uhr', 'us', 'uk', 'eu', 'un',
])

/** Words that join two names into one ("Bank of England", "Banco de España", "Harlow & Finch"). */
const CONNECTORS = new Set(['of', 'de', 'del', 'der', 'von', 'du', 'des', 'la', 'di', 'da', '&'])

/** Whether a name word (entityWord form) can identify anything: not a company form, sector word, day or unit. */
export function isIdentifying(word: string): boolean {
  return !COMPANY_WORDS.has(word) && !GENERIC.has(word)
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.-]*[\p{L}\p{M}\p{N}]|[\p{L}\p{N}]|&/gu
const SENTENCE_END = /[.!?:;"«»“”„|(\n–—]\s*$/u

/** The words as entityWord gives them (so "Brands" and "Brand" are both found). */
function formsOf(list: string[]): Set<string> {
  return new Set(list.flatMap((w) => [w, entityWord(w)]))
}

function fold(word: string): string {
  const lower = word.toLowerCase()
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC')
}

/** A name word as compared: folded, possessive and plural "s" dropped ("Corvane's", "Cybertrucks"). */
export function entityWord(word: string): string {
  const w = fold(word.replace(/['’]s?$/u, ''))
  return w.length > 3 && w.endsWith('s') && !/\d/.test(w) ? w.slice(0, -1) : w
}

export interface TextWord {
  raw: string
  index: number
  sentenceStart: boolean
}

function words(text: string): TextWord[] {
  const out: TextWord[] = []
  for (const m of text.matchAll(WORD)) {
    const raw = m[0].replace(/[.]+$/u, '')
    const before = text.slice(Math.max(0, m.index - 3), m.index)
    out.push({ raw, index: m.index, sentenceStart: m.index === 0 || SENTENCE_END.test(before) })
  }
  return out
}

/** What readEntities asks of a word, whatever its place in the text. */
interface WordFacts {
  form: string
  capitalized: boolean
  /** Written in capitals or camel case (ECB, SpaceX). */
  nameShaped: boolean
  number: boolean
}

/**
 * An article repeats its words (half of them are repeats at 6,000 characters), and news repeats them across
 * articles: each word's form and shape are worked out once and kept (these Unicode-class regexes ran for every
 * occurrence). A pure function's memo, emptied when full; only words shorter than MEMO_WORD_LENGTH, because V8 cuts
 * a longer match out of its text as a view of the whole text, which a memo key would keep alive.
 */
const FACTS = new Map<string, WordFacts>()
const MAX_FACTS = 20_000

const capitalized = (w: string) => /^\p{Lu}/u.test(w)
const shaped = (w: string) => /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w)

/**
 * The entities of a text: each a list of name words (entityWord form), company words and generic words removed,
 * duplicates (same words) once. `max` caps how much of a very long text is read.
 */
export function extractEntities(text: string, max = 6000): string[][] {
  return readEntities(text, max).entities
}

/** The entities of a text and every word of it (entityWord form): what the article mentions at all. */
export function readEntities(text: string, max = 6000): { entities: string[][], words: string[] } {
  const list = words(normalizeArabic(text.slice(0, max).normalize('NFKC')))
  const known = new Map<string, WordFacts>() // this text's words too long for the memo
  const facts = (raw: string): WordFacts => {
    const memo = raw.length < MEMO_WORD_LENGTH ? FACTS : known
    let f = memo.get(raw)
    if (f === undefined) {
      if (memo.size >= MAX_FACTS) memo.clear()
      f = { form: entityWord(raw), capitalized: capitalized(raw), nameShaped: shaped(raw), number: /^\p{N}/u.test(raw) }
      memo.set(raw, f)
    }
    return f
  }
  const midCaps = new Set(list.filter((w) => !w.sentenceStart && facts(w.raw).capitalized).map((w) => w.raw))
  const isName = (w: TextWord) => {
    const f = facts(w.raw)
    return !f.number && (f.nameShaped || (f.capitalized && (!w.sentenceStart || midCaps.has(w.raw))))
  }
  const runs: string[][] = []
  let run: string[] = []
  const close = () => {
    const kept = run.filter((w) => !COMPANY_WORDS.has(w) && !GENERIC.has(w) && !CONNECTORS.has(w) && Array.from(w).length >= 3)
    if (kept.length > 0) runs.push(kept)
    run = []
  }
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!
    if (isName(w) && !(w.sentenceStart && run.length > 0)) {
      // "Marlowe Foods reported …": the capitalized first word of the sentence starts the name.
      const before = list[i - 1]
      if (run.length === 0 && before?.sentenceStart && facts(before.raw).capitalized && !w.sentenceStart) run.push(facts(before.raw).form)
      run.push(facts(w.raw).form)
      continue
    }
    if (w.sentenceStart && run.length > 0) close()
    const next = list[i + 1]
    if (run.length > 0 && CONNECTORS.has(w.raw.toLowerCase()) && next && !next.sentenceStart && isName(next)) {
      run.push(w.raw.toLowerCase())
      continue
    }
    close()
    if (isName(w)) run.push(facts(w.raw).form)
  }
  close()
  const seen = new Set<string>()
  const entities = runs.filter((r) => {
    const key = r.join(' ')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return { entities, words: [...new Set(list.map((w) => facts(w.raw).form))] }
}
