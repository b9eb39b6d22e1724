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
    description: 'Keywords, newest stories first. A story matches when its headline (in `lang` or in English) '
      + 'matches every keyword, ignoring case and accents. A keyword of 4 or more letters matches the start of a word '
      + '(`semicond` finds "semiconductor"); one of 2 or 3 letters matches a whole word only (`AI` finds "AI" but not '
      + '"Airlines" or "aimed"); and every keyword also matches the other forms of its word in `lang` and in English '
      + '(`banks` finds "bank", `grows` finds "grew", `elecciones` finds "elección"). A dotted abbreviation is one word '
      + '(`US` finds "U.S.", `U.S.` finds "US"). One-letter keywords and common '
      + 'function words ("the", "of", "de", "der") are ignored; a query of nothing else is an error. Chinese, Japanese '
      + 'and Korean keywords match as character sequences. At most 16 keywords. When set, `topic` is ignored. '
      + 'A search reaches back through the 200 newest headlines of whichever keyword reaches furthest (to the '
      + 'oldest story when a keyword has fewer; a Chinese, Japanese or Korean keyword of three or more characters counts '
      + 'here as its first character pairs, each a keyword: four, or fewer in a query of more than four keywords; a '
      + 'keyword of more than 12 letters as its first 12): '
      + 'common words that meet only in older headlines need `until`.',
    example: 'chip plant',
  })

const DATE_RULE = 'must be an ISO 8601 date or date-time such as 2026-11-23 or 2026-11-23T08:00:00Z, between 1970 and 2099'
const ISO_DATE = /^(19[7-9]\d|20\d\d)-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/
/** A real calendar day (no 2026-02-31) whose time, if any, parses. */
function isInstant(v: string): boolean {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(v))
}
// abort: a value that is not date-shaped at all gets the rule once, not again from the calendar check.
const IsoInstant = z.string({ error: DATE_RULE }).regex(ISO_DATE, { error: DATE_RULE, abort: true }).refine(isInstant, { error: DATE_RULE })

export const Since = IsoInstant.meta({
  description: 'Only stories published at or after this time (ISO 8601; a date alone is midnight UTC). '
    + 'Stories without a publication time are left out.',
  example: '2026-11-23',
})
export const Until = IsoInstant.meta({
  description: 'Only stories published before this time (ISO 8601; a date alone is midnight UTC). '
    + 'Stories without a publication time are left out.',
  example: '2026-11-24T12:00:00Z',
})

const CURSOR_RULE = 'must be the next_cursor of a previous answer'
export const Cursor = z.string({ error: CURSOR_RULE }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: CURSOR_RULE }).meta({
  description: 'The next page: `next_cursor` from the previous answer, with the same other parameters. Opaque; pages '
    + 'stay stable while new stories arrive (they appear on the first page, never shift later ones).',
  example: 'djEuMjI5NzIxNjg2MDk2NzYwNDg',
})

export const ListStoriesInput = z.object({
  q: SearchQuery.optional(),
  topic: TopicSlug.optional(),
  limit: Limit,
  lang: Lang,
  source: z.uuid({ error: 'must be a publisher id (UUID) from /api/v1/sources' }).optional().meta({
    description: 'Only stories from this publisher: an id from /api/v1/sources (the list_sources tool).',
    example: '5b1f2a7e-0c1d-4e2f-9a3b-4c5d6e7f8a90',
  }),
  since: Since.optional(),
  until: Until.optional(),
  cursor: Cursor.optional(),
})
export type ListStoriesInput = z.input<typeof ListStoriesInput>

const SOURCES_LIMIT_RULE = 'must be an integer from 1 to 1000'
/**
 * Publishers per answer: a directory is the operator's (537 bundled), so the default answers one of up to 1,000
 * publishers whole, as before paging existed, and a larger one in pages; 1,000 publishers are about 200 kB of JSON.
 */
export const SourcesLimit = z.number({ error: SOURCES_LIMIT_RULE }).int({ error: SOURCES_LIMIT_RULE })
  .min(1, { error: SOURCES_LIMIT_RULE }).max(1000, { error: SOURCES_LIMIT_RULE })
  .default(1000)
  .meta({ description: 'How many publishers to return (1-1000, default 1000).', example: 1000 })

export const SourcesCursor = Cursor.meta({
  description: 'The next page: `next_cursor` from the previous answer, with the same `limit`. Opaque.',
  example: 'czEuNWIxZjJhN2UtMGMxZC00ZTJmLTlhM2ItNGM1ZDZlN2Y4YTkw',
})

/** The publisher directory, by name, in pages. */
export const ListSourcesInput = z.object({ limit: SourcesLimit, cursor: SourcesCursor.optional() })
export type ListSourcesInput = z.input<typeof ListSourcesInput>

const ID_RULE = 'must be a UUID'
export const StoryId = z.uuid({ error: ID_RULE }).meta({
  description: 'Story id (UUID).', example: 'c18c2d54-f898-44e5-aa27-fde4b3d7790c',
})

export const GetStoryInput = z.object({ id: StoryId, lang: Lang })
export type GetStoryInput = z.input<typeof GetStoryInput>

export const ListCategoriesInput = z.object({ lang: Lang })
export type ListCategoriesInput = z.input<typeof ListCategoriesInput>

export const SourceId = z.uuid({ error: ID_RULE }).meta({
  description: 'Publisher id (UUID).', example: '5b1f2a7e-0c1d-4e2f-9a3b-4c5d6e7f8a90',
})

/** One publisher and its newest stories. The id is matched case-insensitively. */
export const GetSourceInput = z.object({ id: SourceId, limit: Limit, lang: Lang, cursor: Cursor.optional() })
export type GetSourceInput = z.input<typeof GetSourceInput>

const MONTH_RULE = 'must be a month YYYY-MM from 1970-01 to 2099-12, or "undated"'
export const ArchiveMonthKey = z.string({ error: MONTH_RULE })
  .regex(/^((19[7-9]\d|20\d\d)-(0[1-9]|1[0-2])|undated)$/, { error: MONTH_RULE })
  .meta({ description: 'A calendar month (UTC) of published_at, or "undated".', example: '2026-11' })

const PART_RULE = 'must be an integer from 1 to 100000'
/** One archive sitemap: a month's stories, in parts of at most SITEMAP_MAX_URLS (2,500) URLs (part 1 is the first). */
export const ArchiveMonthInput = z.object({
  month: ArchiveMonthKey,
  part: z.number({ error: PART_RULE }).int({ error: PART_RULE }).min(1, { error: PART_RULE })
    .max(100_000, { error: PART_RULE }).default(1),
})
export type ArchiveMonthInput = z.input<typeof ArchiveMonthInput>
