import { z } from 'zod'
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts'
import { TOPICS } from '../domain/topics.ts'

/**
 * Input schemas of the read operations. Every surface validates with these (the query service parses its
 * input again), and the OpenAPI document, MCP tool schemas and docs are generated from them.
 */

const LIMIT_RULE = 'must be an integer from 1 to 50'
export const Limit = z.number({ error: LIMIT_RULE }).int({ error: LIMIT_RULE })
  .min(1, { error: LIMIT_RULE }).max(50, { error: LIMIT_RULE })
  .default(20)
  .meta({ description: 'How many stories to return (1-50).', example: 20 })

export const Lang = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` })
  .default(DEFAULT_LANGUAGE)
  .meta({ description: 'Language of headlines, summaries and cards; English is the fallback for missing text.' })

export const TopicSlug = z.enum(TOPICS, { error: `must be one of ${TOPICS.join(', ')}` })
  .meta({ description: 'Topic slug.' })

const Q_RULE = 'must be 2 to 256 characters'
export const SearchQuery = z.string({ error: Q_RULE }).min(2, { error: Q_RULE }).max(256, { error: Q_RULE })
  .meta({
    description: 'Keywords. A story matches when its headline (in `lang` or in English) contains every keyword '
      + 'as a word or word prefix, ignoring case and accents; Chinese, Japanese and Korean keywords match as '
      + 'character sequences. At most 16 keywords. When set, `topic` is ignored.',
    example: 'chip export',
  })

export const ListStoriesInput = z.object({
  q: SearchQuery.optional(),
  topic: TopicSlug.optional(),
  limit: Limit,
  lang: Lang,
})
export type ListStoriesInput = z.input<typeof ListStoriesInput>

const ID_RULE = 'must be a UUID'
export const StoryId = z.uuid({ error: ID_RULE }).meta({
  description: 'Story id (UUID).', example: '0f8fad5b-d9cb-469f-a165-70867728950e',
})

export const GetStoryInput = z.object({ id: StoryId, lang: Lang })
export type GetStoryInput = z.input<typeof GetStoryInput>

export const ListCategoriesInput = z.object({ lang: Lang })
export type ListCategoriesInput = z.input<typeof ListCategoriesInput>

export const SourceId = z.uuid({ error: ID_RULE }).meta({
  description: 'Publisher id (UUID).', example: '5b1f2a7e-0c1d-4e2f-9a3b-4c5d6e7f8a90',
})

/** One publisher and its newest stories. The id is matched case-insensitively. */
export const GetSourceInput = z.object({ id: SourceId, limit: Limit, lang: Lang })
export type GetSourceInput = z.input<typeof GetSourceInput>

const MONTH_RULE = 'must be a month YYYY-MM from 1970-01 to 2099-12, or "undated"'
export const ArchiveMonthKey = z.string({ error: MONTH_RULE })
  .regex(/^((19[7-9]\d|20\d\d)-(0[1-9]|1[0-2])|undated)$/, { error: MONTH_RULE })
  .meta({ description: 'A calendar month (UTC) of published_at, or "undated".', example: '2026-11' })

const PART_RULE = 'must be an integer from 1 to 100000'
/** One archive sitemap: a month's stories, in parts of at most 50,000 URLs (part 1 is the first). */
export const ArchiveMonthInput = z.object({
  month: ArchiveMonthKey,
  part: z.number({ error: PART_RULE }).int({ error: PART_RULE }).min(1, { error: PART_RULE })
    .max(100_000, { error: PART_RULE }).default(1),
})
export type ArchiveMonthInput = z.input<typeof ArchiveMonthInput>
