/**
 * How the screen's cue lexicons are written and compiled. A lexicon lists, per language, the words of one cue (an
 * addressee, a directive, an object) as a regular-expression alternation over folded text (fold.ts: lower case,
 * ı → i, no circumflex, straight apostrophes). Lexicons are cues shared by many wordings, never whole injections:
 * "ignore" is one entry whatever follows it.
 *
 * The thirteen languages: the nine the service publishes and the four most often seen besides them.
 */
export const CUE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'tr', 'ar', 'ja', 'ko', 'zh'] as const
export type CueLanguage = (typeof CUE_LANGUAGES)[number]
export type Lexicon = Readonly<Partial<Record<CueLanguage, string>>>

/**
 * Languages written without spaces between words, or (Korean) with particles glued to them: their entries match
 * anywhere. The others' entries match whole words (an entry ending in `\p{L}*` takes any ending).
 */
const UNSPACED: ReadonlySet<CueLanguage> = new Set(['ja', 'ko', 'zh'])

/** The lexicon as one alternation: whole words for the spaced languages, substrings for the others. */
export function lexiconSource(lexicon: Lexicon, languages: readonly CueLanguage[] = CUE_LANGUAGES): string {
  const spaced = languages.filter((l) => !UNSPACED.has(l) && lexicon[l]).map((l) => lexicon[l])
  const unspaced = languages.filter((l) => UNSPACED.has(l) && lexicon[l]).map((l) => lexicon[l])
  const parts: string[] = []
  if (spaced.length > 0) parts.push(String.raw`(?<![\p{L}\p{N}])(?:${spaced.join('|')})(?![\p{L}\p{N}])`)
  if (unspaced.length > 0) parts.push(`(?:${unspaced.join('|')})`)
  return parts.length === 0 ? '(?!)' : parts.join('|')
}

/** The lexicon as a regular expression (Unicode, case already folded). */
export function lexiconPattern(lexicon: Lexicon, flags = 'u', languages?: readonly CueLanguage[]): RegExp {
  return new RegExp(lexiconSource(lexicon, languages), flags)
}

/** Several lexicons as one alternation (the screen's first, cheap test). */
export function unionPattern(lexicons: readonly Lexicon[]): RegExp {
  const merged: Partial<Record<CueLanguage, string>> = {}
  for (const lexicon of lexicons) {
    for (const l of CUE_LANGUAGES) {
      const words = lexicon[l]
      if (words) merged[l] = merged[l] ? `${merged[l]}|${words}` : words
    }
  }
  return lexiconPattern(merged)
}
