/**
 * The text of a top-level member's value in a JSON object text, exactly as written (the last one, as JSON.parse
 * takes the last of duplicate keys), or undefined when the text is not an object or has no such member. For what
 * parsing loses: a number's digits beyond double precision, `-0`, an exponent. Expects text JSON.parse accepted;
 * one linear pass, no recursion.
 */
export function topLevelMemberText(text: string, name: string): string | undefined {
  let i = skipSpace(text, 0)
  if (text[i] !== '{') return undefined
  let found: string | undefined
  i++
  for (;;) {
    i = skipSpace(text, i)
    if (text[i] !== '"') return found
    const keyEnd = stringEnd(text, i)
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    i = skipSpace(text, keyEnd)
    i = skipSpace(text, i + 1) // past ':'
    const valueEnd = valueEndAt(text, i)
    if (key === name) found = text.slice(i, valueEnd)
    i = skipSpace(text, valueEnd)
    if (text[i] !== ',') return found
    i++
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++
  return i
}

/** The index just past the string starting at `i` (its opening quote). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++
    else if (text[j] === '"') return j + 1
  }
  return text.length
}

/** The index just past the value starting at `i`: a string, an object or array (nesting counted), or a literal. */
function valueEndAt(text: string, i: number): number {
  if (text[i] === '"') return stringEnd(text, i)
  if (text[i] === '{' || text[i] === '[') {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const ch = text[j]
      if (ch === '"') j = stringEnd(text, j) - 1
      else if (ch === '{' || ch === '[') depth++
      else if (ch === '}' || ch === ']') {
        if (--depth === 0) return j + 1
      }
    }
    return text.length
  }
  let j = i
  while (j < text.length && !',}] \t\n\r'.includes(text[j]!)) j++
  return j
}
