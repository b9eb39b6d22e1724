import { z } from 'zod'
import { AppError } from '../domain/errors.ts'
import { Lang, Limit, ListSourcesInput, ListStoriesInput, SearchQuery, TopicSlug } from '../query/inputs.ts'
import type { QueryService } from '../query/query-service.ts'
import { CategoryList, SourceList, StoryList, StoryResponse } from '../query/views.ts'
import { filterContext, nextPageMarkdown, nextSourcesMarkdown, sourceListMarkdown } from './filter-markdown.ts'
import { TOPIC_NAMES } from '../domain/topics.ts'
import { storyDetailMarkdown, storyListMarkdown, topicListMarkdown } from './answer-markdown.ts'

/**
 * What an agent can ask of Newsdesk, defined once: the MCP tools, the A2A skills, both cards, llms.txt and
 * SKILL.md are all generated from this list, so every surface describes the same capabilities in the same words.
 * Each runs against the one query service.
 */


/** Language of story text, as an agent needs it explained (list_topics' lang names topics instead). */
const StoryLang = Lang.meta({ description: 'For headlines and summaries.' })

/** The bounds and the default say it all. */
const StoryLimit = Limit.meta({ description: undefined })

const ID_RULE = 'must be a story UUID or a story page URL'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A story id from a UUID or a story page URL (`SITE_URL/s/{id}`, with or without a query or `.md`). */
export function storyIdFrom(value: string, siteUrl: string): string {
  const text = value.trim()
  if (UUID.test(text)) return text.toLowerCase()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw AppError.invalidField('id', 'must be a story UUID or a story page URL such as '
      + `${siteUrl}/s/c18c2d54-f898-44e5-aa27-fde4b3d7790c`)
  }
  const match = /^\/s\/([0-9a-f-]{36})(?:\.md)?\/?$/i.exec(url.pathname)
  if (url.host !== new URL(siteUrl).host || !match || !UUID.test(match[1]!)) {
    throw AppError.invalidField('id', `must be a story UUID or a story page URL of this service, ${siteUrl}/s/{uuid}`)
  }
  return match[1]!.toLowerCase()
}

export interface Capability<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Stable snake_case name: the MCP tool name and the A2A skill id. */
  name: string
  title: string
  description: string
  input: I
  output: O
  /** The equivalent REST request, for people and agents that prefer plain HTTP. */
  rest: string
  /** A working REST request for the example, relative to the site; null when it needs a real story id. */
  restExample: string | null
  /** The equivalent Markdown page. */
  page: string
  /** An example call, shown in the docs. */
  example: z.input<I>
  run(query: QueryService, input: z.output<I>, siteUrl: string): Promise<z.output<O>>
  /** The result as Markdown for people and models (MCP text content, A2A text part). */
  markdown(output: z.output<O>, input: z.output<I>): string
  /**
   * The result fields the MCP outputSchema names: `true` names a field as it is; a list names only those fields of
   * the object it holds (of each object, for an array). Every result carries the others too, typed in /openapi.json:
   * a model reads tools/list on every turn, so the schema names what a program needs and no more.
   */
  advertised: { readonly [K in keyof z.output<O>]?: true | readonly string[] }
}

/** A capability's advertised result fields, as the MCP tool schemas read them. */
export type AdvertisedFields = Readonly<Record<string, true | readonly string[]>>

/**
 * The story fields a result schema names: what a program needs to show, date and cite a story (and, in full, its
 * cards and other outlets). The page url, original_title, author, category, cover image and quarantine flag come in
 * every result too; naming them in the three story tools would be a seventh of tools/list.
 */
const STORY_FIELDS = ['id', 'headline', 'summary', 'original_url', 'source', 'published_at', 'lang'] as const
/** A list's count is its array's length and its lang the language asked for (each story names its own). */
const STORY_LIST_FIELDS = { stories: STORY_FIELDS, next_cursor: true } as const

const define = <I extends z.ZodType, O extends z.ZodType>(c: Capability<I, O>) => c

/**
 * The optional list filters, validated exactly as REST's; inputs are strict, so a misspelt argument is an error.
 * A model reads tools/list on every turn, so their descriptions here are shorter than the OpenAPI document's.
 */
const { source, since, until, cursor } = ListStoriesInput.shape
const FILTERS = {
  source: source.meta({ description: 'Publisher id (list_sources).' }),
  since: since.meta({ description: 'ISO 8601; at or after.' }),
  until: until.meta({ description: 'ISO 8601; before.' }),
  cursor: cursor.meta({ description: 'next_cursor of the last answer.' }),
}

export const getLatestStories = define({
  name: 'get_latest_stories',
  title: 'Latest stories',
  // No citation rule in the descriptions: every answer states it (answer-markdown.ts), and so do the server's
  // instructions and llms.txt; a model reads tools/list on every turn.
  description: 'Newest stories first, all topics or one, by publisher or time if asked. For a subject: '
    + 'search_stories; one story in full: get_story.',
  input: z.strictObject({
    topic: TopicSlug.optional(),
    ...FILTERS,
    limit: StoryLimit,
    lang: StoryLang,
  }),
  output: StoryList,
  rest: 'GET /api/v1/stories?topic={topic}&source={source}&since={since}&until={until}&cursor={cursor}&limit={limit}&lang={lang}',
  restExample: '/api/v1/stories?topic=data-ai&limit=5',
  page: '/c/{topic}?format=md (or / for all topics)',
  example: { topic: 'data-ai', limit: 5 },
  run: (query, input) => query.listStories(input),
  advertised: STORY_LIST_FIELDS,
  markdown: (out, input) => (input.topic
    ? storyListMarkdown(`Latest stories in ${TOPIC_NAMES[input.topic][out.lang]}`, out.stories, out.lang, `Topic: ${input.topic}. ${filterContext(input)}`)
    : storyListMarkdown('Latest stories', out.stories, out.lang, `All topics. ${filterContext(input)}`)) + nextPageMarkdown(out),
})

export const searchStories = define({
  name: 'search_stories',
  title: 'Search stories',
  description: 'Stories whose headline has every keyword (any case, accent or word form; 2-3 letters as whole '
    + 'words), newest first. What is new: get_latest_stories.',
  input: z.strictObject({
    query: SearchQuery.meta({
      description: 'Keywords, e.g. "chip plant".',
    }),
    ...FILTERS,
    limit: StoryLimit,
    lang: StoryLang,
  }),
  output: StoryList,
  rest: 'GET /api/v1/stories?q={query}&source={source}&since={since}&until={until}&cursor={cursor}&limit={limit}&lang={lang}',
  restExample: '/api/v1/stories?q=chip%20plant&limit=5',
  page: '/search?q={query}&format=md',
  example: { query: 'chip plant', limit: 5 },
  run: (query, { query: q, ...rest }) => query.listStories({ q, ...rest }),
  advertised: STORY_LIST_FIELDS,
  markdown: (out, input) => storyListMarkdown(`Stories matching "${input.query}"`, out.stories, out.lang,
    `Headlines matching every keyword. ${filterContext(input)}`) + nextPageMarkdown(out),
})

export const getStory = define({
  name: 'get_story',
  title: 'Get a story',
  description: 'One story in full: summary, key points, original link, other outlets; for a story link or more '
    + 'than a line of get_latest_stories.',
  input: z.strictObject({
    id: z.string({ error: ID_RULE }).min(1, { error: ID_RULE }).max(2048, { error: ID_RULE }).meta({
      description: "A story's id (UUID) or page URL.",
    }),
    lang: StoryLang,
  }),
  output: StoryResponse,
  rest: 'GET /api/v1/stories/{id}?lang={lang}',
  restExample: null,
  page: '/s/{id}?format=md',
  example: { id: 'c18c2d54-f898-44e5-aa27-fde4b3d7790c' },
  run: (query, input, siteUrl) => query.getStory({ id: storyIdFrom(input.id, siteUrl), lang: input.lang }),
  advertised: { story: [...STORY_FIELDS, 'cards', 'covered_by', 'related'] },
  markdown: (out, input) => storyDetailMarkdown(out.story, input.lang),
})

export const listTopics = define({
  name: 'list_topics',
  title: 'List topics',
  description: "The 13 topics (slug and name), for get_latest_stories' topic.",
  input: z.strictObject({
    lang: Lang.meta({ description: 'Language of the topic names.' }),
  }),
  output: CategoryList,
  rest: 'GET /api/v1/categories?lang={lang}',
  restExample: '/api/v1/categories?lang=es',
  page: '/?format=md (the Topics section)',
  example: { lang: 'es' },
  run: (query, input) => query.listCategories(input),
  advertised: { categories: true },
  markdown: (out, input) => topicListMarkdown(out.categories, input.lang),
})

export const listSources = define({
  name: 'list_sources',
  title: 'List publishers',
  description: 'Publishers and ids, for the source argument of get_latest_stories and search_stories.',
  // A page is up to 1,000 publishers (REST's default); a model pages with `cursor` alone, and tools/list stays small.
  input: z.strictObject({
    cursor: ListSourcesInput.shape.cursor.meta({ description: 'next_cursor of the last answer.' }),
  }),
  output: SourceList,
  rest: 'GET /api/v1/sources?limit={limit}&cursor={cursor}',
  restExample: '/api/v1/sources',
  page: '/source/{id}?format=md (one publisher and its newest stories)',
  example: {},
  run: (query, input) => query.listSources(input),
  // A publisher's page url is `{site}/source/{id}`.
  advertised: { sources: ['id', 'name', 'site_url'], next_cursor: true },
  markdown: (out) => sourceListMarkdown(out) + nextSourcesMarkdown(out),
})

export const CAPABILITIES = [getLatestStories, searchStories, getStory, listTopics, listSources] as const
