import type { Language } from './languages.ts'
import type { Card, StoryText, TranslationText } from './story.ts'

export interface ResolvedText {
  /** The language of the headline returned: the requested one when translated, else English. */
  lang: Language
  headline: string
  summary: string | null
  cards: Card[] | null
}

/** English fallback, field by field: a translation may carry a headline but no cards, and so on. */
export function resolveText(en: StoryText, translation: TranslationText | undefined, lang: Language): ResolvedText {
  if (lang === 'en' || !translation) return { lang: 'en', ...en }
  return {
    lang: translation.headline ? lang : 'en',
    headline: translation.headline ?? en.headline,
    summary: translation.summary ?? en.summary,
    cards: translation.cards ?? en.cards,
  }
}
