/**
 * Compiles the vocabulary (vocabulary.ts) into lookup tables per language and counts the terms of a text.
 * Latin-script text is matched word by word: a word counts at most once per topic (its best-weighted term), phrases on
 * top. Japanese, Korean and Arabic terms are matched as substrings, longest first, without overlap within a topic.
 */
import type { Language } from '../../domain/languages.ts'
import { TOPICS, type Topic } from '../../domain/topics.ts'
import { VOCABULARY } from './vocabulary.ts'

type Kind = 'exact' | 'prefix' | 'suffix' | 'infix' | 'case'

interface Part { kind: Kind, text: string }

export interface Term {
  id: number
  topic: Topic
  weight: number
  /** As written in the vocabulary, for explanations. */
  source: string
}

interface WordTerm extends Term { part: Part }
interface PhraseTerm extends Term { parts: Part[] }
interface SubstringTerm extends Term { text: string }

interface Compiled {
  exact: Map<string, WordTerm[]>
  cased: Map<string, WordTerm[]>
  prefix: Map<string, WordTerm[]>
  suffix: Map<string, WordTerm[]>
  infix: WordTerm[]
  /** Length of the longest key in `prefix` and in `suffix`. */
  longestPrefix: number
  longestSuffix: number
  phrasesByFirst: Map<string, PhraseTerm[]>
  phrasesOther: PhraseTerm[]
  substrings: SubstringTerm[]
  /** Folded word → the prefix, suffix and infix terms it matches (see affixTerms). */
  affixesOf: Map<string, readonly WordTerm[]>
}

const SUBSTRING_LANGS = new Set<Language>(['ja', 'ko', 'ar'])

/** Lower case, accents and ß folded: the form Latin-script words and terms are compared in. */
export function foldLatin(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/ß/gu, 'ss').normalize('NFD').replace(/\p{M}/gu, '')
}

/** Arabic spelling variants folded (diacritics, tatweel, alef forms, alef maqsura, taa marbuta). */
export function foldArabic(s: string): string {
  return s.replace(/[\u064b-\u065f\u0670\u0640]/gu, '').replace(/[أإآٱ]/gu, 'ا').replace(/ى/gu, 'ي').replace(/ة/gu, 'ه')
}

function foldSubstring(s: string, lang: Language): string {
  const t = s.normalize('NFKC').toLowerCase()
  return lang === 'ar' ? foldArabic(t) : t
}

/**
 * Folded forms of the words seen lately. Folding is two Unicode normalizations and two replacements per word, and
 * news text repeats its words (every article of a story is read again each time the story is rewritten); the map is
 * emptied when it grows past its bound rather than kept in recency order, which is enough for a pure function.
 */
const foldedWords = new Map<string, string>()
const FOLDED_WORDS_MAX = 50_000

function foldWord(word: string): string {
  let folded = foldedWords.get(word)
  if (folded === undefined) {
    if (foldedWords.size >= FOLDED_WORDS_MAX) foldedWords.clear()
    folded = foldLatin(word)
    foldedWords.set(word, folded)
  }
  return folded
}

/** Latin-script words of a text (digits kept), both as written and folded. */
export function latinWords(text: string): { raw: string[], folded: string[] } {
  const raw = text.normalize('NFKC').match(/[\p{Script=Latin}\p{N}\p{M}]+/gu) ?? []
  return { raw, folded: raw.map(foldWord) }
}

function parsePart(word: string): Part {
  if (word.startsWith('!')) return { kind: 'case', text: word.slice(1) }
  const lead = word.startsWith('*')
  const tail = word.endsWith('*') && word.length > 1
  const text = word.replace(/^\*|\*$/gu, '')
  return { kind: lead && tail ? 'infix' : lead ? 'suffix' : tail ? 'prefix' : 'exact', text }
}

function partMatches(p: Part, folded: string, raw: string): boolean {
  switch (p.kind) {
    case 'exact': return folded === p.text
    case 'case': return raw === p.text
    case 'prefix': return folded.startsWith(p.text)
    case 'suffix': return folded.endsWith(p.text)
    case 'infix': return folded.includes(p.text)
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

const cache = new Map<Language, Compiled>()

export function compiled(lang: Language): Compiled {
  const hit = cache.get(lang)
  if (hit) return hit
  const c: Compiled = {
    exact: new Map(), cased: new Map(), prefix: new Map(), suffix: new Map(), infix: [], longestPrefix: 0, longestSuffix: 0,
    phrasesByFirst: new Map(), phrasesOther: [], substrings: [], affixesOf: new Map(),
  }
  let id = 0
  const seen = new Set<string>()
  for (const topic of TOPICS) {
    const sets: [string[], boolean][] = [[VOCABULARY[topic].any ?? [], false], [VOCABULARY[topic][lang] ?? [], SUBSTRING_LANGS.has(lang)]]
    for (const [list, asSubstring] of sets) {
      for (const entry of list) {
        const m = /^(.*?)(?:\^([\d.]+))?$/u.exec(entry)!
        const weight = m[2] === undefined ? 1 : Number(m[2])
        const body = m[1]!
        const term = { id: id++, topic, weight, source: entry }
        if (asSubstring) {
          c.substrings.push({ ...term, text: foldSubstring(body, lang) })
          continue
        }
        // Case-sensitive words keep their case; everything else is folded, punctuation becoming word breaks.
        const words = body.split(/\s+/u).flatMap((w) => (w.startsWith('!') ? [w] : foldLatin(w).split(/[^\p{L}\p{N}*]+/u)))
          .filter((w) => w !== '' && w !== '*')
        // "open source" and "open-source" are one term once folded.
        const dedupe = `${topic} ${words.join(' ')}`
        if (words.length === 0 || seen.has(dedupe)) continue
        seen.add(dedupe)
        if (words.length > 1) {
          const parts = words.map(parsePart)
          const phrase: PhraseTerm = { ...term, parts }
          if (parts[0]!.kind === 'exact') push(c.phrasesByFirst, parts[0]!.text, phrase)
          else c.phrasesOther.push(phrase)
          continue
        }
        const part = parsePart(words[0]!)
        const wt: WordTerm = { ...term, part }
        if (part.kind === 'exact') push(c.exact, part.text, wt)
        else if (part.kind === 'case') push(c.cased, part.text, wt)
        else if (part.kind === 'prefix') push(c.prefix, part.text, wt)
        else if (part.kind === 'suffix') push(c.suffix, part.text, wt)
        else c.infix.push(wt)
      }
    }
  }
  for (const key of c.prefix.keys()) c.longestPrefix = Math.max(c.longestPrefix, key.length)
  for (const key of c.suffix.keys()) c.longestSuffix = Math.max(c.longestSuffix, key.length)
  // Longest substrings first, so "人員削減" claims its characters before "削減" could.
  c.substrings.sort((a, b) => b.text.length - a.text.length || a.id - b.id)
  cache.set(lang, c)
  return c
}

const NO_TERMS: readonly WordTerm[] = []

/**
 * The prefix, suffix and infix terms a folded word matches, in the order countTerms considers them. A pure function of
 * the word for a language, and looking them up costs a slice and a map lookup per prefix and suffix length the
 * vocabulary has (up to 18): remembered per word, emptied past FOLDED_WORDS_MAX like foldedWords.
 */
function affixTerms(c: Compiled, f: string): readonly WordTerm[] {
  let terms = c.affixesOf.get(f)
  if (terms === undefined) {
    const found: WordTerm[] = []
    const collect = (list: WordTerm[] | undefined): void => {
      if (list !== undefined) found.push(...list)
    }
    // No prefix or suffix term is longer than the longest key, so shorter slices are all there is to look up.
    for (let k = 1; k <= Math.min(f.length, c.longestPrefix); k++) collect(c.prefix.get(f.slice(0, k)))
    for (let k = Math.max(0, f.length - c.longestSuffix); k < f.length; k++) collect(c.suffix.get(f.slice(k)))
    for (const t of c.infix) if (f.includes(t.part.text)) found.push(t)
    terms = found.length === 0 ? NO_TERMS : found
    if (c.affixesOf.size >= FOLDED_WORDS_MAX) c.affixesOf.clear()
    c.affixesOf.set(f, terms)
  }
  return terms
}

/** Term id → occurrences in `text`. */
export function countTerms(text: string, lang: Language): Map<number, { term: Term, count: number }> {
  const c = compiled(lang)
  const hits = new Map<number, { term: Term, count: number }>()
  const add = (term: Term): void => {
    const h = hits.get(term.id)
    if (h) h.count++
    else hits.set(term.id, { term, count: 1 })
  }

  const { raw, folded } = latinWords(text)
  // The best term per topic for the current word (one map, emptied per word).
  const best = new Map<Topic, WordTerm>()
  const consider = (t: WordTerm): void => {
    const cur = best.get(t.topic)
    if (!cur || t.weight > cur.weight || (t.weight === cur.weight && t.id < cur.id)) best.set(t.topic, t)
  }
  const considerAll = (list: WordTerm[] | undefined): void => {
    if (list !== undefined) for (const t of list) consider(t)
  }
  const matchPhrase = (p: PhraseTerm, i: number): void => {
    if (i + p.parts.length > folded.length) return
    if (p.parts.every((part, k) => partMatches(part, folded[i + k]!, raw[i + k]!))) add(p)
  }
  for (let i = 0; i < folded.length; i++) {
    const f = folded[i]!
    const r = raw[i]!
    best.clear()
    considerAll(c.exact.get(f))
    considerAll(c.cased.get(r))
    for (const t of affixTerms(c, f)) consider(t)
    for (const t of best.values()) add(t)

    const byFirst = c.phrasesByFirst.get(f)
    if (byFirst !== undefined) for (const p of byFirst) matchPhrase(p, i)
    for (const p of c.phrasesOther) matchPhrase(p, i)
  }

  if (c.substrings.length > 0) {
    const lang2 = foldSubstring(text, lang)
    const claimed = new Map<Topic, boolean[]>()
    for (const t of c.substrings) {
      let claims = claimed.get(t.topic)
      if (!claims) claimed.set(t.topic, (claims = new Array<boolean>(lang2.length).fill(false)))
      for (let at = lang2.indexOf(t.text); at >= 0; at = lang2.indexOf(t.text, at + t.text.length)) {
        let free = true
        for (let k = at; k < at + t.text.length; k++) if (claims[k]) free = false
        if (!free) continue
        for (let k = at; k < at + t.text.length; k++) claims[k] = true
        add(t)
      }
    }
  }
  return hits
}
