import { completable, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { storyIdFrom } from '../../capabilities/catalog.ts'
import { AppError } from '../../domain/errors.ts'
import { LANGUAGES, isLanguage, type Language } from '../../domain/languages.ts'
import { TOPICS, TOPIC_NAMES } from '../../domain/topics.ts'
import { Since } from '../../query/inputs.ts'
import type { QueryService } from '../../query/query-service.ts'

/**
 * The MCP prompts: what a person picks from a client's menu ("brief me on finance"). Each is a short user message
 * that names the tools to call, with their arguments, and asks the model to cite `original_url`; none reads the
 * store, so a prompt is a function of its arguments. Arguments are checked by zod (a bad one is the SDK's -32602),
 * and the completable ones complete: topics and languages from the domain's lists, story ids by headline words
 * through the query service's search, the same one search_stories runs.
 */

export interface PromptDeps {
  query: QueryService
  siteUrl: string
}

/** The prompts, as prompts/list lists them. */
export const PROMPT_NAMES = ['briefing', 'story_background', 'coverage_comparison'] as const

/** At most this many completions; a client shows them as a menu. */
export const MAX_COMPLETIONS = 10
/** Fewer characters than this complete no story: a search of one or two letters says little and matches whole words only. */
const MIN_HEADLINE_PREFIX = 3

const CITE = 'Cite every story you use with its original_url (the publisher\'s article) and name its publisher.'

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' })
const languageName = (lang: Language) => englishNames.of(lang) ?? lang

const startsWith = (prefix: string) => (value: string) => value.startsWith(prefix.trim().toLowerCase())

const TOPIC_RULE = `must be one of ${TOPICS.join(', ')}`
const LANG_RULE = `must be one of ${LANGUAGES.join(', ')}`
const STORY_RULE = 'must be a story id (UUID) or a story page URL'

/** Fresh schemas: completable() marks the schema it is given, and the tools' shared ones stay unmarked. */
const topicArg = () => completable(
  z.enum(TOPICS, { error: TOPIC_RULE }).meta({ description: `Topic slug: ${TOPICS.join(', ')}.` }),
  (value) => TOPICS.filter(startsWith(value ?? '')),
)
const langArg = () => completable(
  z.enum(LANGUAGES, { error: LANG_RULE }).meta({ description: `Answer language: ${LANGUAGES.join(', ')} (default en).` }),
  (value) => LANGUAGES.filter(startsWith(value ?? '')),
).optional()

/** Story ids whose headline has the words typed so far, newest first; nothing for a short or word-less prefix. */
async function storyIdsByHeadline(query: QueryService, typed: string, lang: unknown): Promise<string[]> {
  const q = typed.trim().slice(0, 256)
  if (q.length < MIN_HEADLINE_PREFIX) return []
  try {
    const found = await query.listStories({ q, limit: MAX_COMPLETIONS, lang: isLanguage(lang) ? lang : undefined })
    return found.stories.map((s) => s.id)
  } catch (err) {
    // Only common words or punctuation: nothing to complete. A store failure stays an error (never kept as "none").
    if (err instanceof AppError && err.code === 'invalid_parameter') return []
    throw err
  }
}

/** Fewer characters than this complete no publisher: one letter would list a tenth of the directory. */
const MIN_PUBLISHER_PREFIX = 2

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Publisher ids whose name has a word starting with what was typed (any case or accent), the names that start with
 * it first; read from the publisher directory list_sources pages through.
 */
async function publisherIdsByName(query: QueryService, typed: string): Promise<string[]> {
  const prefix = folded(typed.trim())
  if (prefix.length < MIN_PUBLISHER_PREFIX) return []
  const starts: string[] = []
  const words: string[] = []
  for (let cursor: string | undefined, pages = 0; pages < 10; pages++) {
    const page = await query.listSources(cursor === undefined ? {} : { cursor })
    for (const source of page.sources) {
      const name = folded(source.name)
      if (name.startsWith(prefix)) starts.push(source.id)
      else if (name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(prefix))) words.push(source.id)
    }
    if (page.next_cursor === null || starts.length >= MAX_COMPLETIONS) break
    cursor = page.next_cursor
  }
  return [...starts, ...words].slice(0, MAX_COMPLETIONS)
}

const PUBLISHER_RULE = 'must be a publisher id (UUID) from list_sources'
const publisherArg = (deps: PromptDeps) => completable(
  z.uuid({ error: PUBLISHER_RULE }).meta({ description: 'Only this publisher: its id; completes from its name.' }),
  (value) => publisherIdsByName(deps.query, value ?? ''),
).optional()

function storyArg(deps: PromptDeps) {
  const isStory = (value: string) => {
    try {
      storyIdFrom(value, deps.siteUrl)
      return true
    } catch {
      return false
    }
  }
  return completable(
    z.string({ error: STORY_RULE }).max(2048, { error: STORY_RULE }).refine(isStory, { error: STORY_RULE })
      .meta({ description: 'A story id or page URL; completes from headline words.' }),
    (value, context) => storyIdsByHeadline(deps.query, value ?? '', context?.arguments?.lang),
  )
}

const userMessage = (text: string): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text } }] })
const call = (tool: string, args: Record<string, unknown>) => `${tool} ${JSON.stringify(args)}`
/** A story prompt without `lang` leaves the language to the model (and get_story's default). */
const writtenIn = (lang: Language | undefined) => (lang ? `, written in ${languageName(lang)}` : '')
const withLang = (args: Record<string, unknown>, lang: Language | undefined) => (lang ? { ...args, lang } : args)

/**
 * The prompts' registration, for each per-exchange McpServer; the argument schemas (and their completers) are made
 * here, once per process.
 */
export function createPromptRegistrar(deps: PromptDeps): (server: McpServer) => void {
  const briefingArgs = z.object({
    topic: topicArg(),
    since: Since.optional().meta({ description: 'ISO 8601 date or time, e.g. 2026-11-23; default: the latest stories.' }),
    lang: langArg(),
    source: publisherArg(deps),
  })
  const storyArgs = z.object({ story_id: storyArg(deps), lang: langArg() })
  return (server) => {
    server.registerPrompt('briefing', {
      title: 'News briefing on a topic',
      description: 'A briefing on one topic, since a date and from one publisher if given, in one of the nine languages.',
      argsSchema: briefingArgs,
    }, ({ topic, since, lang = 'en', source }) => {
      const latest = { topic, ...(source ? { source: source.toLowerCase() } : {}), ...(since ? { since } : {}), lang, limit: 20 }
      return userMessage(
        `Brief me on ${TOPIC_NAMES[topic].en} news${source ? ' from one publisher' : ''}${since ? ` since ${since}` : ''}, `
        + `written in ${languageName(lang)}. Call ${call('get_latest_stories', latest)}; for a story that needs more than `
        + `its summary, call ${call('get_story', { id: '<story id>', lang })}. Group related stories, lead with what `
        + `matters most, and keep to what the stories say. ${CITE}`,
      )
    })

    server.registerPrompt('story_background', {
      title: 'Background of a story',
      description: 'What led up to one story, from its related stories and earlier coverage; in a language if given.',
      argsSchema: storyArgs,
    }, ({ story_id, lang }) => {
      const id = storyIdFrom(story_id, deps.siteUrl)
      return userMessage(
        `Give me the background of the story ${id}${writtenIn(lang)}. Call ${call('get_story', withLang({ id }, lang))}; `
        + 'then call get_story for each story in its `related` list, and search_stories with two or three keywords of '
        + 'its headline (with `until` set to its published_at) for earlier coverage. Explain what led up to it, in '
        + `order, and what is new in this story. ${CITE}`,
      )
    })

    server.registerPrompt('coverage_comparison', {
      title: 'How outlets covered a story',
      description: 'Compare how the publishers that covered one story told it; in a language if given.',
      argsSchema: storyArgs,
    }, ({ story_id, lang }) => {
      const id = storyIdFrom(story_id, deps.siteUrl)
      return userMessage(
        `Compare how outlets covered the story ${id}${writtenIn(lang)}. Call ${call('get_story', withLang({ id }, lang))}: `
        + 'its source and original_title are the main report, and `covered_by` lists the other outlets with their titles and urls. Compare their '
        + 'headlines and angles: what each stresses or leaves out. Say so when only one outlet covered it. '
        + `${CITE} Cite each other outlet with its url from covered_by.`,
      )
    })
  }
}
