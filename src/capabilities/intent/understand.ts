import type { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import type { Language } from '../../domain/languages.ts'
import { MAX_SEARCH_TERMS, parseSearchTerms } from '../../domain/search-terms.ts'
import type { Topic } from '../../domain/topics.ts'
import { invalidInput } from '../../domain/validation.ts'
import { CAPABILITIES, storyIdFrom } from '../catalog.ts'
import { describeCall } from './describe.ts'
import { findLanguageCues, labelTokens, type Item, type Label } from './label.ts'
import { detectLanguage } from './language.ts'
import { DICTIONARY } from './lexicon.ts'
import { readLimit } from './limit.ts'
import { takeLinks, type LinkReading } from './links.ts'
import { takeQuotes } from './quotes.ts'
import { prepare } from './text.ts'
import { isSourcesRequest, takeTimeWindow } from './time-window.ts'
import { tokenize, type Token } from './tokens.ts'

/**
 * Free-text request understanding for the A2A agent: a message, in any of the nine languages, becomes one call
 * of a catalog capability. Pure: no I/O, no model, the same reading for the same text.
 *
 * How a message is read, in order:
 * 1. Links and story ids come out first; a story link or id means get_story.
 * 2. A quoted phrase is the search query as written.
 * 3. The words are labeled (topic, language cue, request word, filler, content) and a count is read.
 * 4. Content words make a search. A topic word written together with them stays in the query ("crypto
 *    regulation"); a topic word standing apart ("AI news about Nvidia") only names the beat and is dropped, so
 *    the query keeps just the specific keywords. A topic alone means latest-in-topic; "topics"/"categories"
 *    alone means list_topics; anything else, the latest stories.
 * The reply language is an explicit cue ("in Spanish"), else the `lang` of a site link, else the message's own.
 */

export type CapabilityName = 'get_latest_stories' | 'search_stories' | 'get_story' | 'list_topics' | 'list_sources'

export interface Understood {
  capability: CapabilityName
  /** Arguments for the capability, valid for its zod input schema in catalog.ts; always includes `lang`. */
  args: Record<string, unknown>
  /**
   * One short English sentence saying how the request was read, e.g. 'Latest stories in Data & AI (data-ai), in
   * Spanish.' or 'Searched headlines for "nvidia chips", in English.'
   */
  understood: string
  /**
   * True when the reading was a best guess (e.g. nothing recognizable, so the whole text became a search, or a
   * cue was ambiguous).
   */
  guessed: boolean
}

const MAX_QUERY_LENGTH = 256
const MIN_QUERY_LENGTH = 2

/** A message, read: what the reading functions below choose from. */
interface Request {
  items: Item[]
  quotes: string[]
  links: LinkReading[]
  limit: number | undefined
  lang: Language
  messageLang: Language
}

/**
 * Free text → capability call. Never throws for any string input; empty text reads as the latest stories,
 * guessed (rejecting it is the caller's job).
 */
export function understandText(text: string, siteUrl: string, now: number = Date.now()): Understood {
  try {
    if (isSourcesRequest(String(text ?? ''))) return call('list_sources', {}, false)
    // A time phrase ("since Monday") is a filter, not keywords: read it first, then the rest as before.
    const time = takeTimeWindow(String(text ?? ''), now)
    const request = readRequest(time.rest, siteUrl)
    const understood = fromLinks(request) ?? fromQuotes(request) ?? fromWords(request)
    if (!time.since || (understood.capability !== 'get_latest_stories' && understood.capability !== 'search_stories')) return understood
    const args = { ...understood.args, since: time.since }
    return { ...understood, args, understood: `${understood.understood.replace(/\.$/, '')}; only stories published since ${time.since} (${time.phrase}).` }
  } catch {
    // The contract is "never throws": a message the reader trips over still gets the safest reading.
    return call('get_latest_stories', { lang: 'en' }, true, 'The request could not be read')
  }
}

function readRequest(text: string, siteUrl: string): Request {
  const { rest: unlinked, links } = takeLinks(prepare(text), siteUrl)
  const { rest, quotes } = takeQuotes(unlinked)
  const tokens = tokenize(rest, DICTIONARY)
  const messageLang = detectLanguage([
    ...withoutLanguageCues(tokens), ...quotes.flatMap((quote) => tokenize(quote, DICTIONARY)),
  ])
  const items = labelTokens(tokens, messageLang)
  const limit = readLimit(items, messageLang)
  const lang = askedLanguage(items) ?? linkLanguage(links) ?? messageLang
  return { items, quotes, links, limit, lang, messageLang }
}

/** "News in Spanish" is English text: the cue says what to answer in, not what the message is written in. */
function withoutLanguageCues(tokens: Token[]): Token[] {
  const cueAt = new Set(findLanguageCues(tokens).flatMap((cue) => Array.from({ length: cue.length }, (_, k) => cue.at + k)))
  return tokens.filter((_, i) => !cueAt.has(i))
}

/** The last explicit cue wins: "en español… no, in English". */
function askedLanguage(items: Item[]): Language | undefined {
  let asked: Language | undefined
  for (const { label } of items) if (label.kind === 'lang') asked = label.target
  return asked
}

/** A site link's ?lang= says which language the person was reading in. */
function linkLanguage(links: LinkReading[]): Language | undefined {
  for (const link of links) if (link.kind !== 'elsewhere' && link.lang) return link.lang
  return undefined
}

// ---- readings, most explicit first ----

function fromLinks(request: Request): Understood | undefined {
  const ids = [...new Set(request.links.flatMap((link) => (link.kind === 'story' ? [link.id] : [])))]
  if (ids.length) {
    const note = ids.length > 1 ? `${ids.length} stories were given, the first is read` : undefined
    return call('get_story', { id: ids[0], lang: request.lang }, ids.length > 1, note)
  }
  for (const link of request.links) {
    if (link.kind === 'topic') return call('get_latest_stories', latestArgs(request, link.topic), false)
    const query = link.kind === 'search' ? fitWords(link.query.split(/\s+/)) : undefined
    if (query) return call('search_stories', searchArgs(request, query.query), false, cutNote(query))
  }
  return undefined
}

function fromQuotes(request: Request): Understood | undefined {
  const query = fitWords(request.quotes.join(' ').split(/\s+/))
  if (!query) return undefined
  return call('search_stories', searchArgs(request, query.query), false, cutNote(query))
}

function fromWords(request: Request): Understood {
  const { items } = request
  const elsewhere = request.links.find((link) => link.kind === 'elsewhere')
  const linkNote = elsewhere && `The link${elsewhere.host ? ` to ${elsewhere.host}` : ''} is not a story on this site`

  // A foreign link's address words are the best clue to the story meant, better than the words around it.
  const addressQuery = elsewhere?.words ? fitRuns(addressRuns(elsewhere.words, request.messageLang)) : undefined
  if (addressQuery) {
    return call('search_stories', searchArgs(request, addressQuery.query), true, `${linkNote}, so the words of its address are the query`)
  }

  const { runs, topics } = keywordRuns(items)
  const query = fitRuns(runs)
  if (query) {
    const guessed = Boolean(linkNote) || !hasLabel(items, 'news', 'about', 'limit', 'count')
    const note = linkNote ?? (guessed ? 'No request words were recognized' : cutNote(query))
    return call('search_stories', searchArgs(request, query.query), guessed, note)
  }
  const tooShort = runs.length > 0 ? 'The keywords were too short to search' : undefined
  if (topics.length) {
    const several = topics.length > 1 ? `Several topics were named (${topics.join(', ')}), the first is read` : undefined
    const note = linkNote ?? several ?? tooShort
    return call('get_latest_stories', latestArgs(request, topics[0]), Boolean(note), note)
  }
  if (hasLabel(items, 'topics')) {
    const note = linkNote ?? tooShort
    return call('list_topics', { lang: request.lang }, Boolean(note), note)
  }
  const note = linkNote ?? tooShort
    ?? (hasLabel(items, 'news', 'limit', 'count') ? undefined : 'Nothing specific was recognized')
  return call('get_latest_stories', latestArgs(request), Boolean(note), note)
}

// ---- keywords ----

const KEYWORD_KINDS = new Set<Label['kind']>(['content', 'topic'])

/**
 * Keyword phrases: content and topic words written together, up to a filler word or punctuation. A phrase with
 * content is searched whole (topic words included: "crypto regulation"); a phrase of topic words only is a topic.
 */
function keywordRuns(items: Item[]): { runs: Token[][]; topics: Topic[] } {
  const runs: Token[][] = []
  const topics: Topic[] = []
  let current: Item[] = []
  const flush = () => {
    if (current.some((item) => item.label.kind === 'content')) runs.push(current.map((item) => item.token))
    else for (const { label } of current) if (label.kind === 'topic' && !topics.includes(label.topic)) topics.push(label.topic)
    current = []
  }
  for (const item of items) {
    if (item.token.broken) flush()
    if (KEYWORD_KINDS.has(item.label.kind)) current.push(item)
    else flush()
  }
  flush()
  return { runs, topics }
}

/** The words of a link's address that are worth searching: no filler, no request words. */
function addressRuns(words: string, messageLang: Language): Token[][] {
  const items = labelTokens(tokenize(words, DICTIONARY), messageLang)
  return [items.filter((item) => KEYWORD_KINDS.has(item.label.kind)).map((item) => item.token)]
}

interface FittedQuery {
  query: string
  /** Words were left out to stay within 256 characters and 16 keywords. */
  cut: boolean
}

/** Joins keyword phrases into a query, words written together kept together, within the search limits. */
function fitRuns(runs: Token[][]): FittedQuery | undefined {
  const words: string[] = []
  for (const run of runs) {
    run.forEach((token, k) => {
      if (k > 0 && token.joined) words[words.length - 1] += token.glue + token.text
      else words.push(token.text)
    })
  }
  return fitWords(words)
}

function fitWords(words: string[]): FittedQuery | undefined {
  let query = ''
  let cut = false
  for (const word of words.filter(Boolean)) {
    const longer = query ? `${query} ${word}` : word
    if (longer.length > MAX_QUERY_LENGTH || parseSearchTerms(longer, 'en').keywords > MAX_SEARCH_TERMS) {
      cut = true
      break
    }
    query = longer
  }
  const searchable = query.length >= MIN_QUERY_LENGTH && parseSearchTerms(query, 'en').terms.length > 0
  return searchable ? { query, cut } : undefined
}

const cutNote = (query: FittedQuery) => (query.cut ? `Only the first ${MAX_SEARCH_TERMS} keywords fit` : undefined)

const hasLabel = (items: Item[], ...kinds: Label['kind'][]) => items.some((item) => kinds.includes(item.label.kind))

// ---- arguments ----

function latestArgs(request: Request, topic?: Topic): Record<string, unknown> {
  return { ...(topic && { topic }), ...(request.limit && { limit: request.limit }), lang: request.lang }
}

function searchArgs(request: Request, query: string): Record<string, unknown> {
  return { query, ...(request.limit && { limit: request.limit }), lang: request.lang }
}

function call(capability: CapabilityName, args: Record<string, unknown>, guessed: boolean, note?: string): Understood {
  return { capability, args, understood: describeCall(capability, args, note), guessed }
}

// ---- data parts ----

const CAPABILITY_NAMES = CAPABILITIES.map((c) => c.name) as CapabilityName[]

const invalid = (field: string, message: string) => AppError.invalidField(field, message)

/**
 * An explicit data part from an agent: {"skill": "<capability name>", ...args} (or "capability" for "skill");
 * without a skill, {"id"} is get_story, {"query"} a search and {"topic"} latest stories. Arguments are validated
 * with the capability's own input schema; `args` keeps the arguments given, plus `lang`.
 */
export function understandData(data: Record<string, unknown>, siteUrl: string): Understood {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('data', 'must be a JSON object')
  const { skill, capability: alias, ...given } = data
  const name = capabilityNamed(skill, alias, given)
  const input = CAPABILITIES.find((c) => c.name === name)!.input as z.ZodType<Record<string, unknown>>
  const parsed = input.safeParse(given)
  if (!parsed.success) throw invalidInput(parsed.error)
  const args: Record<string, unknown> = {}
  for (const key of Object.keys(given)) if (key in parsed.data) args[key] = parsed.data[key]
  if (parsed.data.lang !== undefined) args.lang = parsed.data.lang
  if (name === 'get_story') args.id = storyIdFrom(String(parsed.data.id), siteUrl)
  return call(name, args, false)
}

function capabilityNamed(skill: unknown, alias: unknown, given: Record<string, unknown>): CapabilityName {
  if (skill !== undefined && alias !== undefined && skill !== alias) {
    throw invalid('skill', 'names a different capability than capability; give one of them')
  }
  const named = skill ?? alias
  if (named !== undefined) {
    if (CAPABILITY_NAMES.includes(named as CapabilityName)) return named as CapabilityName
    throw invalid(skill !== undefined ? 'skill' : 'capability', `must be one of ${CAPABILITY_NAMES.join(', ')}`)
  }
  if ('id' in given) return 'get_story'
  if ('query' in given) return 'search_stories'
  if ('topic' in given) return 'get_latest_stories'
  throw invalid('skill', `is required (one of ${CAPABILITY_NAMES.join(', ')}) unless the data has a query, an id or a topic`)
}
