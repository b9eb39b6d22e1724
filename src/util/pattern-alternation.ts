/**
 * Many regular expressions as one, for text that is tested against a whole list (every sentence of every article
 * passes the boilerplate and quarantine lists): one scan instead of one per pattern. The patterns must capture
 * nothing that is read and use no backreferences (their groups are renumbered), so the alternation matches exactly
 * when one of the patterns does.
 *
 * The alternatives that start at a word boundary share one `\b` in front (`\b(?:a|b)` is `\ba|\bb`): the scan then
 * tries them only where a word starts, instead of asking each for its boundary at every character (measured on the
 * boilerplate list: decision 0017). An empty list gives a pattern that never matches (an empty alternation would
 * match anything).
 */
export function patternAlternation(list: readonly RegExp[], flags: string): RegExp {
  if (list.length === 0) return /(?!)/
  const alternatives = list.flatMap((re) => topLevelAlternatives(re.source))
  const atWord = alternatives.filter((a) => a.startsWith('\\b')).map((a) => `(?:${a.slice(2)})`)
  const rest = alternatives.filter((a) => !a.startsWith('\\b')).map((a) => `(?:${a})`)
  return new RegExp([...(atWord.length > 0 ? [`\\b(?:${atWord.join('|')})`] : []), ...rest].join('|'), flags)
}

/** The top-level alternatives of a pattern's source ('a|b(c|d)' → 'a', 'b(c|d)'). */
export function topLevelAlternatives(source: string): string[] {
  const out: string[] = []
  let depth = 0
  let inClass = false
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i))
      start = i + 1
    }
  }
  out.push(source.slice(start))
  return out
}
