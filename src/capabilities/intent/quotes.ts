/**
 * A quoted phrase is the search query as the person wrote it: "news about "machine learning" at Google" searches
 * for machine learning. Quotes around the whole message are just quotes, and an apostrophe ("Apple's") is not a
 * quote: single quotes count only where they open and close a phrase, not inside a word.
 */

interface QuotePair {
  open: string
  close: string
  /** Single quotes double as apostrophes, so they must stand outside words. */
  outsideWords: boolean
}

// „…“ before “…”: German opens with „ and closes with “, which opens a quote in English.
const PAIRS: QuotePair[] = [
  { open: '"', close: '"', outsideWords: false },
  { open: '„', close: '“', outsideWords: false },
  { open: '“', close: '”', outsideWords: false },
  { open: '«', close: '»', outsideWords: false },
  { open: '「', close: '」', outsideWords: false },
  { open: '『', close: '』', outsideWords: false },
  { open: '‘', close: '’', outsideWords: true },
  { open: "'", close: "'", outsideWords: true },
]

const GAP = ' | '

function pattern(pair: QuotePair): RegExp {
  const inner = `([^${pair.open}${pair.close}]+)`
  return pair.outsideWords
    ? new RegExp(`(?<![\\p{L}\\p{N}])${pair.open}${inner}${pair.close}(?![\\p{L}\\p{N}])`, 'gu')
    : new RegExp(`${pair.open}${inner}${pair.close}`, 'gu')
}

const PATTERNS = PAIRS.map(pattern)

export function takeQuotes(text: string): { rest: string; quotes: string[] } {
  const whole = unwrap(text.trim())
  if (whole !== undefined) return { rest: whole, quotes: [] }
  const quotes: string[] = []
  let rest = text
  for (const re of PATTERNS) {
    rest = rest.replace(re, (match, inner: string) => {
      const phrase = inner.trim()
      if (!/[\p{L}\p{N}]/u.test(phrase)) return match
      quotes.push(phrase)
      return GAP
    })
  }
  return { rest, quotes }
}

/** The message inside quotes that wrap all of it, or undefined. */
function unwrap(text: string): string | undefined {
  for (const pair of PAIRS) {
    if (text.length < 2 || !text.startsWith(pair.open) || !text.endsWith(pair.close)) continue
    const inner = text.slice(pair.open.length, -pair.close.length)
    if (!inner.includes(pair.open) && !inner.includes(pair.close)) return inner
  }
  return undefined
}
