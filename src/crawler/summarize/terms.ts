/**
 * Content terms of a sentence, for similarity between sentences and articles: function words dropped, case and accents
 * folded, Latin-script words cut to a 6-letter prefix (a crude but language-neutral stemmer: "companies" and "company"
 * meet at "compan"), Arabic clitics stripped, Japanese and Korean compared by character bigrams. Numbers are kept
 * whole ("3.5", "96"), since shared figures are the strongest sign that two outlets report the same fact.
 */
import type { Language } from '../../domain/languages.ts'
import { STOPWORDS } from './stopwords.ts'

const STEM = 6

export type TermVector = Map<string, number>

export function terms(sentence: string, lang: Language): string[] {
  const text = sentence.normalize('NFKC').toLowerCase()
  if (lang === 'ja') return japaneseTerms(text)
  if (lang === 'ko') return koreanTerms(text)
  if (lang === 'ar') return arabicTerms(text)
  return latinTerms(text, lang)
}

const NUMBER = /^\d+([.,]\d+)*$/
const PLAIN_WORD = /^[a-z]+$/

function latinTerms(text: string, lang: Language): string[] {
  const stop = STOPWORDS[lang] ?? STOPWORDS.en
  const out: string[] = []
  for (const word of text.match(/\d+(?:[.,]\d+)*|[\p{L}\p{M}]+(?:['’][\p{L}]+)?/gu) ?? []) {
    if (NUMBER.test(word)) {
      out.push(word.replace(',', '.'))
      continue
    }
    if (word.length < 2 || stop.has(word) || STOPWORDS.en.has(word)) continue
    // Most words are plain a–z, which folding leaves as they are: skip the decomposition and the two replacements.
    const folded = PLAIN_WORD.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’].*$/u, '')
    out.push(folded.length > STEM ? folded.slice(0, STEM) : folded)
  }
  return out
}

const HIRAGANA = /^[\u3040-\u309f]+$/u

function japaneseTerms(text: string): string[] {
  const out: string[] = []
  for (const run of text.match(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}ー]+|[a-z]+|\d+(?:\.\d+)?/gu) ?? []) {
    if (!/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(run)) {
      if (run.length > 1 || /\d/.test(run)) out.push(run)
      continue
    }
    const chars = [...run]
    for (let i = 0; i + 1 < chars.length; i++) {
      const bigram = chars[i]! + chars[i + 1]!
      // Kana-only bigrams are mostly particles and inflections ("した", "から").
      if (!HIRAGANA.test(bigram)) out.push(bigram)
    }
  }
  return out
}

const KO_PARTICLES = /(에서는|에서|으로|에게|까지|부터|은|는|이|가|을|를|의|에|로|와|과|도|만)$/u

function koreanTerms(text: string): string[] {
  const stop = STOPWORDS.ko
  const out: string[] = []
  for (const word of text.match(/[\uac00-\ud7a3]+|[a-z]+|\d+(?:\.\d+)?/gu) ?? []) {
    if (stop.has(word)) continue
    if (!/[\uac00-\ud7a3]/u.test(word)) {
      if (word.length > 1 || /\d/.test(word)) out.push(word)
      continue
    }
    const stem = word.length > 2 ? word.replace(KO_PARTICLES, '') : word
    const chars = [...stem]
    if (chars.length === 1) out.push(stem)
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!)
  }
  return out
}

/** Folds the spellings of one Arabic word: diacritics, alef forms, alef maqsura, taa marbuta. */
export function foldArabic(text: string): string {
  return text
    .replace(/[\u064b-\u065f\u0670\u0640]/gu, '')
    .replace(/[أإآٱ]/gu, 'ا')
    .replace(/ى/gu, 'ي')
    .replace(/ة/gu, 'ه')
}

const AR_PREFIX = /^(وال|بال|كال|فال|لل|ال|و|ف|ب|ل)/u

function arabicTerms(text: string): string[] {
  const stop = new Set([...STOPWORDS.ar].map(foldArabic))
  const out: string[] = []
  for (const raw of foldArabic(text).match(/[\u0621-\u064a]+|[a-z]+|\d+(?:\.\d+)?/gu) ?? []) {
    if (stop.has(raw)) continue
    let word = raw
    const stripped = word.replace(AR_PREFIX, '')
    if (stripped.length >= 3) word = stripped
    if (stop.has(word) || (word.length < 2 && !/\d/.test(word))) continue
    out.push(word)
  }
  return out
}

/** Term frequencies. */
export function vectorOf(list: readonly string[]): TermVector {
  const v: TermVector = new Map()
  for (const t of list) v.set(t, (v.get(t) ?? 0) + 1)
  return v
}

export function cosine(a: TermVector, b: TermVector): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (const [t, x] of a) {
    na += x * x
    const y = b.get(t)
    if (y !== undefined) dot += x * y
  }
  for (const y of b.values()) nb += y * y
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
