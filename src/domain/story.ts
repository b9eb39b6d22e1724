import { z } from 'zod'
import { LANGUAGES, TRANSLATION_LANGUAGES, type Language } from './languages.ts'
import { TOPICS } from './topics.ts'

/** http(s) only: every link we publish must be safe to render as a link. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048)

export const Card = z.strictObject({
  heading: z.string().max(300).nullable(),
  body: z.string().max(4000).nullable(),
})
export type Card = z.infer<typeof Card>

export const CoveredBy = z.strictObject({
  name: z.string().min(1).max(300),
  title: z.string().max(1000),
  url: HttpUrl.nullable(),
})
export type CoveredBy = z.infer<typeof CoveredBy>

/** One language's text of a story. English always has a headline; a translation may omit any field. */
export interface StoryText {
  headline: string
  summary: string | null
  cards: Card[] | null
}

export interface TranslationText {
  headline?: string | null
  summary?: string | null
  cards?: Card[] | null
}

export const Translation = z.strictObject({
  headline: z.string().min(1).max(500).nullish(),
  summary: z.string().max(5000).nullish(),
  cards: z.array(Card).max(20).nullish(),
})

export const SourceRef = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1).max(300),
  site_url: HttpUrl.nullish(),
})

const FIRST_SECOND = Date.UTC(1970, 0, 1)
const LAST_SECOND = Date.UTC(2100, 0, 1)

/** Timestamps are kept in one canonical form (UTC, `Z`, milliseconds only when non-zero) so exports round-trip. */
export function canonicalTimestamp(value: string | Date): string {
  return new Date(value).toISOString().replace('.000Z', 'Z')
}

const PublishedAt = z.iso.datetime({ offset: true })
  .refine((v) => {
    const t = Date.parse(v)
    return t >= FIRST_SECOND && t < LAST_SECOND
  }, 'must be between 1970 and 2100')
  .transform(canonicalTimestamp)

/**
 * One story as exchanged by `newsdesk import` / `newsdesk export` (one NDJSON line).
 * English text sits in the top-level fields; `translations` holds the other eight languages.
 */
export const StorySnapshot = z.strictObject({
  id: z.uuid().transform((v) => v.toLowerCase()),
  original_url: HttpUrl,
  original_title: z.string().min(1).max(1000),
  author: z.string().max(300).nullish().transform((v) => v ?? null),
  published_at: PublishedAt.nullish().transform((v) => v ?? null),
  cover_image_url: HttpUrl.nullish().transform((v) => v ?? null),
  category: z.enum(TOPICS),
  source: SourceRef.nullish().transform((v) => (v ? { ...v, id: v.id.toLowerCase(), site_url: v.site_url ?? null } : null)),
  headline: z.string().min(1).max(500),
  summary: z.string().max(5000).nullish().transform((v) => v ?? null),
  cards: z.array(Card).max(20).nullish().transform((v) => v ?? null),
  covered_by: z.array(CoveredBy).max(100).nullish().transform((v) => v ?? null),
  multi_source: z.boolean().optional(),
  translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), Translation).nullish(),
  /**
   * The language of the top-level text: English, unless the story is a crawled one whose source language has no
   * English text yet (no LLM configured). Omitted for English, so English-only exports keep their shape.
   */
  text_lang: z.enum(LANGUAGES).optional(),
  /**
   * True when the crawler found instruction-like text (a prompt injection aimed at AI agents) in the publisher's
   * content and kept it out of this story's text. Omitted when false, so other exports keep their shape.
   */
  quarantined: z.boolean().optional(),
}).transform((s) => ({
  ...s,
  multi_source: s.multi_source ?? (s.covered_by?.length ?? 0) > 0,
  translations: compactTranslations(s.translations ?? {}),
  text_lang: s.text_lang ?? 'en',
}))

export type StorySnapshot = z.output<typeof StorySnapshot>
export type StorySnapshotInput = z.input<typeof StorySnapshot>

/** A translation field that is null or absent falls back to English, so both are stored (and exported) as absent. */
function compactTranslations(raw: Partial<Record<string, z.infer<typeof Translation>>>): Partial<Record<Language, TranslationText>> {
  const out: Partial<Record<Language, TranslationText>> = {}
  for (const lang of TRANSLATION_LANGUAGES) {
    const t = raw[lang]
    if (t) out[lang] = compactTranslation(t)
  }
  return out
}

const canonicalCard = (c: Card): Card => ({ heading: c.heading, body: c.body })

/** A translation with only the fields it really carries, cards in canonical key order. */
export function compactTranslation(t: { headline?: string | null; summary?: string | null; cards?: Card[] | null }): TranslationText {
  const text: TranslationText = {}
  if (t.headline != null) text.headline = t.headline
  if (t.summary != null) text.summary = t.summary
  if (t.cards != null) text.cards = t.cards.map(canonicalCard)
  return text
}

/** The export line: every top-level key in the documented order, translations in language order. */
export function serializeSnapshot(s: StorySnapshot): string {
  const translations: Record<string, TranslationText> = {}
  for (const lang of TRANSLATION_LANGUAGES) {
    const t = s.translations[lang]
    if (t) translations[lang] = compactTranslation(t)
  }
  return JSON.stringify({
    id: s.id,
    original_url: s.original_url,
    original_title: s.original_title,
    author: s.author,
    published_at: s.published_at,
    cover_image_url: s.cover_image_url,
    category: s.category,
    source: s.source ? { id: s.source.id, name: s.source.name, site_url: s.source.site_url } : null,
    headline: s.headline,
    summary: s.summary,
    cards: s.cards ? s.cards.map(canonicalCard) : null,
    covered_by: s.covered_by ? s.covered_by.map((c) => ({ name: c.name, title: c.title, url: c.url })) : null,
    multi_source: s.multi_source,
    translations,
    ...(s.text_lang === 'en' ? {} : { text_lang: s.text_lang }),
    ...(s.quarantined ? { quarantined: true } : {}),
  })
}
