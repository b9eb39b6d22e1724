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
 * Topic words introduced as what the stories are about are the subject when another topic names the beat
 * ("marketing articles about SEO", "articles sur le leadership à propos du télétravail", "마케팅 분야 재택근무에 관한 글").
 */
export function keywordRuns(items: Item[], messageLang?: Language): { runs: Token[][]; topics: Topic[] } {
  const runs: Token[][] = []
  const topics: Topic[] = []
  const addTopics = (part: Item[]) => {
    for (const { label } of part) if (label.kind === 'topic' && !topics.includes(label.topic)) topics.push(label.topic)
  }
  const introduced: Phrase[] = []
  for (const phrase of subjectsWithNames(phrases(items, messageLang))) {
    const content = phrase.items.some((item) => item.label.kind === 'content')
    if (!content && phrase.introduced) {
      introduced.push(phrase)
      continue
    }
    if (!content) {
      addTopics(phrase.items)
      continue
    }
    let lead = 0
    while (!phrase.joined && phrase.items[lead]?.label.kind === 'topic' && lowercase(phrase.items[lead]!.token)) lead++
    const named = lead > 0 && phrase.items[lead]?.label.kind === 'content' && capitalized(phrase.items[lead]!.token)
    if (named) addTopics(phrase.items.slice(0, lead))
    runs.push(phrase.items.slice(named ? lead : 0).map((item) => item.token))
  }
  // With no other beat, the first of several subjects is the beat ("sur le leadership à propos du télétravail",
  // "côté carrières, quoi de neuf sur le télétravail"): the later one says what the stories are about.
  const topicOf = (phrase: Phrase) => JSON.stringify(phrase.items.find((item) => item.label.kind === 'topic')!.label)
  const wordsOf = (phrase: Phrase) => phrase.items.map((item) => item.token.folded).join(' ')
  // Of one topic, only when the later one has an "about" of its own: "about AI and machine learning" is one beat.
  const beatAndSubject = introduced.length > 1 && (new Set(introduced.map(topicOf)).size > 1
    || introduced.slice(1).every((p) => p.aboutOfItsOwn && wordsOf(p) !== wordsOf(introduced[0]!)))
  if (!topics.length && beatAndSubject) {
    addTopics(introduced.shift()!.items)
  }
  // "marketing articles about SEO": the beat is marketing, SEO the subject.
  if (topics.length) runs.push(...introduced.map((phrase) => phrase.items.map((item) => item.token)))
  else for (const phrase of introduced) addTopics(phrase.items)
  return { runs, topics }
}

/**
 * A subject's topic word and the name it is about, with only grammar between, are one subject: "stories on layoffs
 * at Google" searches "layoffs Google", not Google in the people topic.
 */
function subjectsWithNames(list: Phrase[]): Phrase[] {
  const out: Phrase[] = []
  for (const phrase of list) {
    const last = out[out.length - 1]
    const topicOnly = last && last.introduced && !last.items.some((item) => item.label.kind === 'content')
    if (topicOnly && phrase.afterGrammar && phrase.items[0]!.label.kind === 'content' && capitalized(phrase.items[0]!.token)) {
      out[out.length - 1] = { ...phrase, items: [...last.items, ...phrase.items], introduced: true, joined: true }
    } else if (last && ownedBy(last, phrase)) {
      out[out.length - 1] = { ...last, items: [...last.items, ...phrase.items], joined: true }
    } else out.push(phrase)
  }
  return out
}

/** Possessive particles: "네이버의 AI 투자" and "日銀の利上げ" are one subject each. */
const POSSESSIVES = new Set(['의', 'の'])

/** A name's topic words after its possessive particle: "네이버의 AI 투자" searches "네이버 AI 투자", not Naver in data-ai. */
const ownedBy = (owner: Phrase, phrase: Phrase) => phrase.between.length > 0
  && phrase.between.every((item) => POSSESSIVES.has(item.token.text))
  && owner.items.some((item) => item.label.kind === 'content') && phrase.items.every((item) => item.label.kind === 'topic')

interface Phrase {
  items: Item[]
  /** The words of grammar between it and the phrase before it. */
  between: Item[]
  /** Only articles, prepositions or particles stand between it and the phrase before it. */
  afterGrammar: boolean
  /** A subject's topic word joined to the name after it: the topic word is not an apposition ("the startup X"). */
  joined?: boolean
  /** An "about" word stands between it and the phrase before it ("à propos du télétravail", not "and machine learning"). */
  aboutOfItsOwn: boolean
  /** Introduced as what the stories are about: after "about" (articles and particles between), or before a postposition (について, 에 관한). */
  introduced: boolean
}

/** Postpositions of aboutness: Japanese and Korean write them after the subject. */
const postposition = (item: Item) => item.label.kind === 'about' && (item.token.script === 'cjk' || item.token.script === 'hangul')

/**
 * "of", "de", "del", "des", "della", "dos"…: the words that join two nouns into one subject ("precio del petróleo",
 * "réforme des retraites", "price of oil", "prezzo dell'energia"). Two-word forms are "de la", "de l'", "de los", "of the".
 */
const CONNECTORS = new Set(['of', 'de', 'del', 'des', 'du', 'di', 'della', 'dello', 'dei', 'degli', 'delle', "dell'", 'dell’', 'do', 'da', 'dos', 'das',
  // Prepositions inside a subject: "inflación en la eurozona", "introduction en bourse", "smart working in azienda".
  'en', 'in', 'à', 'au', 'aux', 'nel', 'nella', 'no', 'na', 'com', 'con'])
const CONNECTOR_ARTICLES = new Set(['the', 'la', 'los', 'las', "l'", 'l’', 'el', 'le', 'les', 'a', 'o', 'os', 'as'])

const GERMAN_GENITIVES = new Set(['der', 'des'])
const nounWord = (item: Item | undefined) =>
  item !== undefined && KEYWORD_KINDS.has(item.label.kind) && item.token.script === 'alpha' && !item.token.number

const lowercaseWord = (item: Item | undefined) => nounWord(item) && lowercase(item!.token)

/**
 * The connectors that stay inside a subject: between two lower-case words of a phrase, as written. Before a name
 * they are left out ("résultats de LVMH" → "résultats LVMH"), as a person types a name into a search box.
 */
function connectorsInPhrases(items: Item[], messageLang?: Language): Set<number> {
  const kept = new Set<number>()
  for (let i = 1; i < items.length - 1; i++) {
    const { token, label } = items[i]!
    if (label.kind !== 'stop' || token.broken) continue
    // German capitalizes every noun: "Tarifrunde der Metallindustrie" is one subject; before initials, a name's
    // ("Zinsen der EZB" → "Zinsen EZB"), the article goes as it does elsewhere.
    if (messageLang === 'de' && GERMAN_GENITIVES.has(token.lower) && nounWord(items[i - 1]) && nounWord(items[i + 1])
      && !items[i + 1]!.token.broken && !/^\p{Lu}{2,}$/u.test(items[i + 1]!.token.text)) {
      kept.add(i)
      continue
    }
    if (!CONNECTORS.has(token.lower) || !lowercaseWord(items[i - 1])) continue
    const article = items[i + 1]!.label.kind === 'stop' && CONNECTOR_ARTICLES.has(items[i + 1]!.token.lower) && !items[i + 1]!.token.broken
    const next = items[i + (article ? 2 : 1)]
    if (!lowercaseWord(next) || next!.token.broken) continue
    kept.add(i)
    if (article) kept.add(i + 1)
  }
  return kept
}

/** Keyword phrases, in order: content and topic words written together, up to any other word or punctuation. */
function phrases(items: Item[], messageLang?: Language): Phrase[] {
  const joins = connectorsInPhrases(items, messageLang)
  const out: Phrase[] = []
  let current: Item[] = []
  let afterAbout = false
  let startedAfterAbout = false
  // Only particles or articles since the last phrase ended: a postposition now introduces it.
  let besideLast = false
  let startedBesideLast = false
  let between: Item[] = []
  let startedBetween: Item[] = []
  let aboutSince = false
  let startedAboutSince = false
  const end = () => {
    if (current.length) {
      out.push({ items: current, introduced: startedAfterAbout, afterGrammar: startedBesideLast, between: startedBetween, aboutOfItsOwn: startedAboutSince })
      besideLast = true
      between = []
      aboutSince = false
    }
    current = []
  }
  for (const [i, item] of items.entries()) {
    if (joins.has(i)) {
      current.push(item)
      continue
    }
    if (item.token.broken) {
      end()
      besideLast = false
      afterAbout = false
    }
    // "Argentina's economy" is one subject: a possessive joins the words around it, and an adjective that is
    // elsewhere a request word stays in it ("Stripe's new pricing").
    if (POSSESSIVE.test(item.token.text) && current.length && !item.token.broken) continue
    const afterPossessive = i > 0 && POSSESSIVE.test(items[i - 1]!.token.text) && current.length > 0
    if (afterPossessive && item.label.kind === 'news' && !item.token.broken && KEYWORD_KINDS.has(items[i + 1]?.label.kind ?? 'stop')) {
      current.push(item)
      continue
    }
    if (KEYWORD_KINDS.has(item.label.kind)) {
      if (!current.length) {
        startedAfterAbout = afterAbout
        startedBesideLast = besideLast
        startedBetween = besideLast ? between : []
        startedAboutSince = aboutSince
      }
      current.push(item)
      continue
    }
    end()
    if (postposition(item) && besideLast) out[out.length - 1]!.introduced = true
    if (item.label.kind === 'about') afterAbout = aboutSince = true
    else if (item.label.kind !== 'stop') afterAbout = false
    if (item.label.kind !== 'stop') besideLast = false
    else between.push(item)
  }
  end()
  return out
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
