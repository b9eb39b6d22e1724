/**
 * What the model must return, twice over: a JSON Schema for `response_format` (OpenAI strict mode: every property
 * required, `additionalProperties: false`, no `maxLength`, which strict mode does not accept, so lengths are stated in
 * descriptions and the prompt), and zod schemas that check what actually came back. The zod checks are authoritative:
 * servers in `json_object` mode, or without structured output at all, enforce nothing.
 *
 * Two zod passes per output: `…Shape` checks types and card counts on the raw output (with generous length caps, so
 * a runaway output is rejected before any work is done on it); after sanitizing, `…Text` checks the published limits
 * and that nothing became empty.
 */
import { z } from 'zod'
import type { TRANSLATION_LANGUAGES } from '../../domain/languages.ts'

export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]

/** Published limits for the English text. */
export const ENGLISH_LIMITS = { headline: 200, summary: 900, heading: 80, body: 600, minCards: 3, maxCards: 5 } as const
/** Translations may run longer than English (German, French): 1.5× the English limits. */
export const TRANSLATION_LIMITS = { headline: 300, summary: 1350, heading: 120, body: 900 } as const

/** Raw output larger than this many times the limit is rejected before sanitizing. */
const RAW_SLACK = 4

const rawString = (limit: number) => z.string().max(limit * RAW_SLACK)

export const EnglishShape = z.object({
  headline: rawString(ENGLISH_LIMITS.headline),
  summary: rawString(ENGLISH_LIMITS.summary),
  cards: z.array(z.object({ heading: rawString(ENGLISH_LIMITS.heading), body: rawString(ENGLISH_LIMITS.body) }))
    .min(ENGLISH_LIMITS.minCards).max(ENGLISH_LIMITS.maxCards),
})

export const EnglishText = z.object({
  headline: z.string().min(1).max(ENGLISH_LIMITS.headline),
  summary: z.string().min(1).max(ENGLISH_LIMITS.summary),
  cards: z.array(z.object({
    heading: z.string().min(1).max(ENGLISH_LIMITS.heading),
    body: z.string().min(1).max(ENGLISH_LIMITS.body),
  })).min(ENGLISH_LIMITS.minCards).max(ENGLISH_LIMITS.maxCards),
})
export type EnglishText = z.infer<typeof EnglishText>

/** One language's translation; the card count must equal the English card count. */
export const translationShape = (cardCount: number) => z.object({
  headline: rawString(TRANSLATION_LIMITS.headline),
  summary: rawString(TRANSLATION_LIMITS.summary),
  cards: z.array(z.object({ heading: rawString(TRANSLATION_LIMITS.heading), body: rawString(TRANSLATION_LIMITS.body) }))
    .length(cardCount),
})

export const translationText = (cardCount: number) => z.object({
  headline: z.string().min(1).max(TRANSLATION_LIMITS.headline),
  summary: z.string().min(1).max(TRANSLATION_LIMITS.summary),
  cards: z.array(z.object({
    heading: z.string().min(1).max(TRANSLATION_LIMITS.heading),
    body: z.string().min(1).max(TRANSLATION_LIMITS.body),
  })).length(cardCount),
})
export type TranslatedText = EnglishText

const str = (description: string) => ({ type: 'string', description })

function textJsonSchema(limits: { headline: number; summary: number; heading: number; body: number }, cards: { minItems: number; maxItems: number }) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['headline', 'summary', 'cards'],
    properties: {
      headline: str(`Plain-text headline, at most ${limits.headline} characters.`),
      summary: str(`One plain-text paragraph, at most ${limits.summary} characters.`),
      cards: {
        type: 'array',
        ...cards,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['heading', 'body'],
          properties: {
            heading: str(`Short plain-text heading, at most ${limits.heading} characters.`),
            body: str(`Plain-text body, at most ${limits.body} characters.`),
          },
        },
      },
    },
  }
}

export const ENGLISH_SCHEMA_NAME = 'news_story_summary'
export const englishJsonSchema = (): Record<string, unknown> =>
  textJsonSchema(ENGLISH_LIMITS, { minItems: ENGLISH_LIMITS.minCards, maxItems: ENGLISH_LIMITS.maxCards })

export const TRANSLATION_SCHEMA_NAME = 'news_story_translations'
export function translationJsonSchema(languages: readonly TranslationLanguage[], cardCount: number): Record<string, unknown> {
  const one = textJsonSchema(TRANSLATION_LIMITS, { minItems: cardCount, maxItems: cardCount })
  return {
    type: 'object',
    additionalProperties: false,
    required: [...languages],
    properties: Object.fromEntries(languages.map((lang) => [lang, one])),
  }
}
