/**
 * A cheap "is this page an article at all?" check: Mozilla's isProbablyReaderable (the test behind Firefox's reader-view
 * icon) looks only at paragraph lengths, so it costs a fraction of a Readability run. It sums sqrt(length − 140) over
 * visible paragraphs longer than 140 characters and wants more than 20; a CJK paragraph says in 50 characters what
 * English says in 140, so CJK pages get a 50-character minimum (without it, every Japanese and Korean fixture fails).
 *
 * It is a pre-check for callers that want to skip extraction cheaply (a feed whose links point at section fronts), not
 * a verdict: short articles written in one-sentence paragraphs fail it too, which is why extractArticle does not use it
 * and detects listings from Readability's result instead.
 */
import { isProbablyReaderable } from '@mozilla/readability'
import { countScripts } from './script-stats.ts'

const MIN_PARAGRAPH_CHARS = 140
const MIN_PARAGRAPH_CHARS_CJK = 50

function isCjk(lang: string | null, sample: string): boolean {
  if (lang === 'ja' || lang === 'zh' || lang === 'ko') return true
  const c = countScripts(sample, 2000)
  return c.han + c.kana + c.hangul > c.letters / 2
}

/** `lang`: the page's declared language if known (saves sampling the text). */
export function looksLikeArticle(document: Document, lang: string | null = null): boolean {
  const cjk = isCjk(lang, lang === null ? (document.body?.textContent ?? '').slice(0, 2000) : '')
  return isProbablyReaderable(document, { minContentLength: cjk ? MIN_PARAGRAPH_CHARS_CJK : MIN_PARAGRAPH_CHARS })
}
