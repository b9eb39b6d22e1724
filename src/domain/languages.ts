/** The nine languages the service publishes in. English is the default and the fallback for every field. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Languages other than English: the keys a story's `translations` object may carry. */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter((l) => l !== 'en') as Exclude<Language, 'en'>[]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** Stable small integer per language; storage uses it to pack (story, language) into one key. */
export function languageIndex(lang: Language): number {
  return LANGUAGES.indexOf(lang)
}
