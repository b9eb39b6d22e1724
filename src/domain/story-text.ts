import type { Language } from './languages.ts'
import type { Card, StoryText, TranslationText } from './story.ts'

export interface ResolvedText {
  /** The language of the headline returned: the requested one when translated, else the story's base language. */
  lang: Language
  headline: string
  summary: string | null
  cards: Card[] | null
}

/**
 * Fallback to the base text, field by field: a translation may carry a headline but no cards, and so on. The base
 * text is English, except for a crawled story no model has translated yet, whose base is its source's language
 * (`baseLang`): it is then served as such, and labelled with its real language.
 */
export function resolveText(base: StoryText, translation: TranslationText | undefined, lang: Language, baseLang: Language = 'en'): ResolvedText {
  if (lang === baseLang || !translation) return { lang: baseLang, ...base }
  return {
    lang: translation.headline ? lang : baseLang,
    headline: translation.headline ?? base.headline,
    summary: translation.summary ?? base.summary,
    cards: translation.cards ?? base.cards,
  }
}
