import type { Language } from '../../domain/languages.ts'
import type { Card } from '../../domain/story.ts'
import { hasLabel, isClipped, stripLabel, unclip } from '../summarize/labels.ts'
import { splitSentences } from '../summarize/sentences.ts'

/**
 * The rules of a story's text that hold whoever wrote it: no section label at the start of a sentence ("Why it
 * matters:"), no sentence clipped like a feed teaser ("…", "[…]", "Read more": trimmed back to its last complete
 * clause, or dropped). The extractive summarizer never writes either; an LLM's English and its translations are held
 * to them here. A text that breaks neither rule is
 * returned as it is; a card left without a body is dropped, a summary left empty is null.
 */
export function tidyStoryText<T extends { summary?: string | null; cards?: Card[] | null }>(text: T, lang: Language): T {
  const summary = tidy(text.summary, lang)
  const cards = text.cards?.map((c) => ({ ...c, body: tidy(c.body, lang) ?? null })).filter((c) => c.body !== null)
  const same = summary === text.summary && (cards?.length ?? 0) === (text.cards?.length ?? 0) &&
    (cards ?? []).every((c, i) => c.body === text.cards![i]!.body)
  return same ? text : { ...text, summary, cards }
}

function tidy(piece: string | null | undefined, lang: Language): string | null | undefined {
  if (piece === null || piece === undefined) return piece
  const sentences = splitSentences(piece, lang)
  if (!hasLabel(piece) && !sentences.some(isClipped)) return piece
  const kept = sentences.map((s) => stripLabel(s).trim()).map((s) => (isClipped(s) ? unclip(s, 4, lang) ?? '' : s)).filter((s) => s !== '')
  return kept.length > 0 ? kept.join(lang === 'ja' ? '' : ' ') : null
}
