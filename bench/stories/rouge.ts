/**
 * ROUGE-1, ROUGE-2 and ROUGE-L (Lin, 2004) F1 of a candidate summary against one reference, and the lead-3 baseline.
 *
 * Tokens: the text NFKC-normalised and lower-cased, then every run of letters or digits is a token (so "U.S." is "u",
 * "s" and "50%-52%" is "50", "52", as the reference rouge-score package's default tokenizer does for ASCII). No
 * stemming and no stopword removal. ROUGE-N counts clipped n-gram matches (an n-gram counts at most as often as it
 * appears in the reference); ROUGE-L is the longest common subsequence of the two whole token sequences (rouge-score's
 * `rougeL`, not the sentence-split `rougeLsum`). Each score is {precision, recall, f1}; f1 is 0 when either is 0.
 */
import type { Language } from '../../src/domain/languages.ts'
import { splitSentences } from '../../src/crawler/summarize/sentences.ts'

export interface RougeScore { precision: number; recall: number; f1: number }
export interface Rouge { rouge1: RougeScore; rouge2: RougeScore; rougeL: RougeScore }

export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

function score(overlap: number, candidate: number, reference: number): RougeScore {
  const precision = candidate === 0 ? 0 : overlap / candidate
  const recall = reference === 0 ? 0 : overlap / reference
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) }
}

function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>()
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ')
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

function rougeN(c: readonly string[], r: readonly string[], n: number): RougeScore {
  const cand = ngrams(c, n)
  const ref = ngrams(r, n)
  let overlap = 0
  for (const [g, k] of cand) overlap += Math.min(k, ref.get(g) ?? 0)
  return score(overlap, Math.max(0, c.length - n + 1), Math.max(0, r.length - n + 1))
}

/** Length of the longest common subsequence, in O(|a|·|b|) time and O(|b|) memory. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0)
  let row = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!)
    }
    ;[prev, row] = [row, prev]
  }
  return prev[b.length]!
}

/** ROUGE-1/2/L of `candidate` against `reference`. */
export function rouge(candidate: string, reference: string): Rouge {
  const c = tokenize(candidate)
  const r = tokenize(reference)
  return { rouge1: rougeN(c, r, 1), rouge2: rougeN(c, r, 2), rougeL: score(lcsLength(c, r), c.length, r.length) }
}

export interface LeadArticle {
  /** Plain text, paragraphs separated by line breaks. */
  text: string
  /** ISO 8601; null sorts last. */
  publishedAt: string | null
}

/** Lead-3: the first three sentences (the project's sentence splitter) of the earliest article; ties keep input order. */
export function lead3(articles: readonly LeadArticle[], lang: Language = 'en'): string {
  const time = (a: LeadArticle) => (a.publishedAt === null ? Infinity : Date.parse(a.publishedAt))
  const order = (x: number, y: number) => (x === y ? 0 : x < y ? -1 : 1)
  const earliest = articles.map((a, i) => ({ a, i })).sort((x, y) => order(time(x.a), time(y.a)) || x.i - y.i)[0]?.a
  return earliest ? splitSentences(earliest.text, lang).slice(0, 3).join(' ') : ''
}
