const DQUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c

export interface JsonShapeLimits {
  /** Arrays and objects nested deeper than this. */
  maxDepth: number
  /** Elements of one array, or members of one object. */
  maxItems?: number
  /** Characters of one string (keys included), as written: escapes count as written. */
  maxStringChars?: number
}

export type JsonShapeVerdict =
  | { ok: true }
  | { ok: false; reason: 'too-deep' | 'too-many-items' | 'string-too-long'; detail: string }

/**
 * The shape of a JSON text, checked in one linear pass without parsing: nesting depth, items per array or object, and
 * string length. `JSON.parse` copes with deep nesting and builds any number of objects, but everything that walks or
 * validates the result (schemas, canonical cache keys, logging, structuredClone) may recurse or report once per
 * element, so a text is refused here, before it is parsed into a tree at all.
 */
export function guardJsonShape(s: string, limits: JsonShapeLimits): JsonShapeVerdict {
  const { maxDepth } = limits
  const maxItems = limits.maxItems ?? Infinity
  const maxStringChars = limits.maxStringChars ?? Infinity
  // Commas seen at each open level: items are commas + 1.
  const commas = new Uint32Array(Math.min(maxDepth, 4096) + 1)
  let depth = 0
  let stringStart = -1
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i)
    if (stringStart >= 0) {
      if (ch === BACKSLASH) i++ // skip the escaped character
      else if (ch === DQUOTE) {
        if (i - stringStart - 1 > maxStringChars) {
          return { ok: false, reason: 'string-too-long', detail: `a string longer than ${maxStringChars} characters at offset ${stringStart}` }
        }
        stringStart = -1
      }
      continue
    }
    if (ch === DQUOTE) stringStart = i
    else if (ch === 0x5b || ch === 0x7b) {
      depth++
      if (depth > maxDepth) return { ok: false, reason: 'too-deep', detail: `JSON nested deeper than ${maxDepth} at offset ${i}` }
      commas[depth] = 0
    } else if (ch === 0x5d || ch === 0x7d) {
      if (depth > 0) depth--
    } else if (ch === COMMA && depth > 0 && ++commas[depth]! >= maxItems) {
      return { ok: false, reason: 'too-many-items', detail: `an array or object with more than ${maxItems} items at offset ${i}` }
    }
  }
  return { ok: true }
}

/** Nesting depth alone: the guard of feeds and publisher directories, whose arrays are long by nature. */
export function guardJsonDepth(s: string, maxDepth = 64): { ok: true } | { ok: false; reason: 'too-deep'; detail: string } {
  // Only the depth is limited, so only the depth can be the reason.
  return guardJsonShape(s, { maxDepth }) as { ok: true } | { ok: false; reason: 'too-deep'; detail: string }
}
