import type { Language } from '../../domain/languages.ts'
import { MAX_SEARCH_TERMS, parseSearchTerms } from '../../domain/search-terms.ts'
import type { Topic } from '../../domain/topics.ts'
import { labelTokens, type Item, type Label } from './label.ts'
import { DICTIONARY } from './lexicon.ts'
import { tokenize, type Token } from './tokens.ts'

/** The search query of a message: its content words, as written, within the search limits. */

const MAX_QUERY_LENGTH = 256
const MIN_QUERY_LENGTH = 2

const KEYWORD_KINDS = new Set<Label['kind']>(['content', 'topic'])

const POSSESSIVE = /^['’]s$/u
const lowercase = (token: Token) => /^\p{Ll}/u.test(token.text)
const capitalized = (token: Token) => /^\p{Lu}/u.test(token.text)

/**
 * Keyword phrases: content and topic words written together, up to a filler word or punctuation. A phrase with
 * content is searched whole (topic words included: "crypto regulation"); a phrase of topic words only is a topic,
 * and so are lower-case topic words that only introduce a name ("the startup Doctolib", "la fintech Klarna").
 * Topic words after "about" are the subject when another topic names the beat ("marketing articles about SEO").
 */
export function keywordRuns(items: Item[]): { runs: Token[][]; topics: Topic[] } {
  const runs: Token[][] = []
  const topics: Topic[] = []
  let current: Item[] = []
  const addTopics = (part: Item[]) => {
    for (const { label } of part) if (label.kind === 'topic' && !topics.includes(label.topic)) topics.push(label.topic)
  }
  const flush = () => {
    if (current.some((item) => item.label.kind === 'content')) {
      let lead = 0
      while (current[lead]?.label.kind === 'topic' && lowercase(current[lead]!.token)) lead++
      const named = lead > 0 && current[lead]?.label.kind === 'content' && capitalized(current[lead]!.token)
      if (named) addTopics(current.slice(0, lead))
      runs.push(current.slice(named ? lead : 0).map((item) => item.token))
    } else addTopics(current)
    current = []
  }
  // Topic words introduced by "about" wait: with another topic naming the beat, they are the subject searched.
  const introduced: Item[][] = []
  let afterAbout = false
  const end = () => {
    if (afterAbout && current.length && !current.some((item) => item.label.kind === 'content')) {
      introduced.push(current)
      current = []
    } else flush()
  }
  for (const item of items) {
    if (item.token.broken) end()
    // "Argentina's economy" is one subject: a possessive joins the words around it.
    if (POSSESSIVE.test(item.token.text) && current.length && !item.token.broken) continue
    if (KEYWORD_KINDS.has(item.label.kind)) {
      current.push(item)
      continue
    }
    end()
    afterAbout = item.label.kind === 'about'
  }
  end()
  // "marketing articles about SEO": the beat is marketing, SEO the subject.
  if (topics.length) runs.push(...introduced.map((run) => run.map((item) => item.token)))
  else for (const run of introduced) addTopics(run)
  return { runs, topics }
}

/** The words of a link's address that are worth searching: no filler, no request words. */
export function addressRuns(words: string, messageLang: Language): Token[][] {
  const items = labelTokens(tokenize(words, DICTIONARY), messageLang)
  return [items.filter((item) => KEYWORD_KINDS.has(item.label.kind)).map((item) => item.token)]
}

export interface FittedQuery {
  query: string
  /** Words were left out to stay within 256 characters and 16 keywords. */
  cut: boolean
}

/** Joins keyword phrases into a query, words written together kept together, within the search limits. */
export function fitRuns(runs: Token[][]): FittedQuery | undefined {
  const words: string[] = []
  for (const run of runs) {
    run.forEach((token, k) => {
      if (k > 0 && token.joined) words[words.length - 1] += token.glue + token.text
      else words.push(token.text)
    })
  }
  return fitWords(words)
}

export function fitWords(words: string[]): FittedQuery | undefined {
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

export const cutNote = (query: FittedQuery) => (query.cut ? `Only the first ${MAX_SEARCH_TERMS} keywords fit` : undefined)
