import type { Language } from '../../domain/languages.ts'
import { TOPIC_NAMES, type Topic } from '../../domain/topics.ts'
import { dropContextSentences, withoutRetracted } from './context-sentences.ts'
import { describeCall, type CallDetail } from './describe.ts'
import { spellOutKeyValues } from './key-values.ts'
import { addressRuns, cutNote, fitRuns, fitWords, keywordRuns } from './keywords.ts'
import { findLanguageCues, isNewsWord, labelTokens, type Item, type Label } from './label.ts'
import { detectLanguage } from './language.ts'
import { ABOUT_AGENT_STEMS, ADDRESSEE_WORDS, DICTIONARY, HOW_WORD_SET, ORIGIN_WORD_SETS, QUESTION_WORD_SET } from './lexicon.ts'
import { readLimit } from './limit.ts'
import { takeLinks, type LinkReading } from './message-links.ts'
import { takeQuotes } from './quotes.ts'
import { matchSourceAt, NO_SOURCES, type Alias, type SourceIndex } from './sources.ts'
import { prepare } from './text.ts'
import { takeTimeWindow, type TimeReading } from './time-window.ts'
import { tokenize, type Token } from './tokens.ts'

/**
 * Free-text request understanding for the A2A agent: a message, in any of the nine languages, becomes one call
 * of a catalog capability with every argument it takes (or the agent's own help). Pure: no I/O, no model; the
 * same reading for the same text, publishers and day (hour, for "the last N hours").
 *
 * How a message is read, in order:
 * 1. Links and story ids come out first; a story link or id means get_story.
 * 2. Arguments written as "key=value" are spelled out in words (key-values.ts); a quoted phrase is the search query
 *    as written.
 * 3. The message's language is detected, publisher names are found (sources.ts), then time phrases are taken out
 *    (time-window.ts): they become `since` and `until`, never keywords, and their numbers never a count.
 * 4. The words are labeled (topic, publisher, language cue, request word, filler, content); a sentence that only
 *    gives context ("I have a meeting with my bank tomorrow.") is not searched (context-sentences.ts); a count is read,
 *    only from a number attached to stories or items ("top 5", "5 articles", "5件").
 * 5. A question about the agent itself ("what can you do?") is the help answer; a question about the publishers
 *    is list_sources; both only when nothing more specific is asked.
 * 6. Content words make a search. A topic word written together with them stays in the query ("crypto
 *    regulation"); a topic word standing apart ("AI news about Nvidia") names the beat: search covers every topic
 *    (the query service has no topic filter for searches), so the subject is searched and the topic's latest
 *    stories are offered as the alternative. A topic alone means latest-in-topic; "topics" alone list_topics;
 *    anything else, the latest stories. A publisher, `since` and `until` filter either.
 * The reply language is an explicit cue ("in Spanish"), else the `lang` of a site link, else the message's own.
 */

export type CapabilityName = 'get_latest_stories' | 'search_stories' | 'get_story' | 'list_topics' | 'list_sources'

/** What a request can be read as: a capability, or a question about the agent itself. */
export type ReadingSkill = CapabilityName | 'help'

/** Another reading of the same request, offered when the chosen one is a guess or leaves something out. */
export interface Alternative {
  capability: ReadingSkill
  args: Record<string, unknown>
  understood: string
}

export interface Understood {
  capability: ReadingSkill
  /**
   * Arguments for the capability, valid for its zod input schema in catalog.ts; always includes `lang` (but for
   * list_sources, which takes none). Help takes `lang` only.
   */
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
  /** The nearest other readings (at most three), when the reading is a guess or the call could not carry all of it. */
  alternatives?: Alternative[]
  /** When a relative date in the text ("last week", "the last 24 hours") would resolve differently (ms). */
  validUntil?: number
}

export interface ReadingOptions {
  /** The request time (ms): relative dates resolve against it. Default: now. */
  now?: number
  /** The publishers whose names filter by `source`; default none (names are then keywords). */
  sources?: SourceIndex
}

const MAX_ALTERNATIVES = 3

/** A message, read: what the reading functions below choose from. */
interface Request {
  items: Item[]
  quotes: string[]
  links: LinkReading[]
  limit: number | undefined
  lang: Language
  messageLang: Language
  time: TimeReading
  /** The first publisher named, and the others that share the name as written. */
  source?: { alias: Alias; others: string[]; several: boolean }
  sources: SourceIndex
  /** Written as a question: it ends with a question mark. */
  question: boolean
}

/**
 * Free text → capability call. Never throws for any string input; empty text reads as the latest stories,
 * guessed (rejecting it is the caller's job).
 */
export function understandText(text: string, siteUrl: string, options: ReadingOptions = {}): Understood {
  try {
    const request = readRequest(String(text ?? ''), siteUrl, options.now ?? Date.now(), options.sources ?? NO_SOURCES)
    const understood = fromLinks(request) ?? aboutAgent(request) ?? lastQuestion(text, request, siteUrl, options)
      ?? fromQuotes(request) ?? fromWords(request)
    return request.time.validUntil === undefined ? understood : { ...understood, validUntil: request.time.validUntil }
  } catch {
    // The contract is "never throws": a message the reader trips over still gets the safest reading.
    return { capability: 'get_latest_stories', args: { lang: 'en' }, understood: describeCall('get_latest_stories', { lang: 'en' }, { note: 'The request could not be read' }), guessed: true }
  }
}

function readRequest(text: string, siteUrl: string, now: number, sources: SourceIndex): Request {
  const { rest: unlinked, links } = takeLinks(prepare(text), siteUrl)
  const { rest, quotes } = takeQuotes(spellOutKeyValues(withoutRetracted(unlinked)))
  const tokens = tokenize(rest, DICTIONARY)
  const quoted = quotes.flatMap((quote) => tokenize(quote, DICTIONARY))
  const firstGuess = detectLanguage([...withoutLanguageCues(tokens), ...quoted])
  const spans = sourceSpans(tokens, firstGuess, sources)
  // A Latin-script publisher name in a Korean, Japanese or Arabic message is no evidence that it is English
  // ("요즘it 최신 글"); in a Latin-script message it is ("Valor Econômico sobre…" is Portuguese, not Spanish).
  const unnamed = tokens.filter((token) => !spans.some((span) => token.start >= span.start && token.end <= span.end))
  const secondGuess = spans.length && unnamed.length ? detectLanguage([...withoutLanguageCues(unnamed), ...quoted]) : firstGuess
  const messageLang = UNSPACED_OR_ARABIC.has(secondGuess) && !UNSPACED_OR_ARABIC.has(firstGuess) ? secondGuess : firstGuess
  // Publisher names are not time ("20 Minutes", "المصري اليوم"); time phrases are not keywords.
  const time = takeTimeWindow(rest, now, messageLang, messageLang === firstGuess ? spans : sourceSpans(tokens, messageLang, sources))
  const items = labelTokens(time.phrases.length ? tokenize(time.rest, DICTIONARY) : tokens, messageLang, sources)
  markOpeningVerb(items, messageLang)
  dropContextSentences(items, time.phrases.length ? time.rest : rest)
  const limit = readLimit(items, messageLang)
  const lang = askedLanguage(items) ?? linkLanguage(links) ?? messageLang
  const question = /[?？؟]\s*$/u.test(text)
  return { items, quotes, links, limit, lang, messageLang, time, source: sourceNamed(items, sources), sources, question }
}

const UNSPACED_OR_ARABIC = new Set<Language>(['ja', 'ko', 'ar'])

/** First-person object pronouns that stand beside a verb of asking: "erzähl mir", "me atualiza", "tell me". */
const ME: Partial<Record<Language, Set<string>>> = {
  es: new Set(['me', 'nos']), fr: new Set(['moi', 'me', 'nous']), de: new Set(['mir', 'mich', 'uns']),
  it: new Set(['mi', 'ci']), pt: new Set(['me', 'nos']),
}
/** The same pronoun written onto an imperative: "háblame" (its stress accent marks it), "aggiornami", "حدثني". */
const ONTO_VERB: Partial<Record<Language, RegExp>> = {
  es: /^(?=.*[áéíóú]).{3,}(?:me|nos)$/u, it: /^.{4,}ami$/u, ar: /^..+ني$/u,
}

/**
 * A request opens with its verb: the message's first word, when a first-person pronoun stands beside it or is
 * written onto it, asks for something ("háblame de Glovo", "erzähl mir was über Celonis", "me atualiza sobre…",
 * "أطلعني على…"); it is never the subject searched. Only the opening word: further in, "-mi" ends nouns too.
 */
function markOpeningVerb(items: Item[], messageLang: Language): void {
  const at = items[0]?.label.kind === 'content' ? 0 : items[1]?.label.kind === 'content' && ME[messageLang]?.has(items[0]!.token.lower) ? 1 : -1
  if (at < 0) return
  const { token } = items[at]!
  const lang = token.script === 'arabic' ? 'ar' : messageLang
  const next = items[at + 1]?.token
  // A capital may be a name ("Apple me gusta"), but in German, where a verb opening a sentence has one too.
  const verbShaped = messageLang === 'de' || !/^\p{Lu}/u.test(token.text)
  const besidePronoun = verbShaped && (at === 1 || Boolean(next && !next.broken && ME[lang]?.has(next.lower)))
  if (besidePronoun || ONTO_VERB[lang]?.test(token.lower)) items[at]!.label = { kind: 'stop' }
}

/** Where publisher names are written, in characters of the text the tokens come from. */
function sourceSpans(tokens: Token[], messageLang: Language, sources: SourceIndex): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  if (!sources.size) return spans
  for (let i = 0; i < tokens.length; i++) {
    const match = matchSourceAt(tokens, i, sources, messageLang === 'de', isNewsWord)
    if (!match) continue
    spans.push({ start: tokens[i]!.start, end: tokens[i + match.length - 1]!.end })
    i += match.length - 1
  }
  return spans
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

function sourceNamed(items: Item[], sources: SourceIndex): Request['source'] {
  const named = items.flatMap(({ label }) => (label.kind === 'source' ? [label.alias] : []))
  const first = named[0]
  if (!first) return undefined
  const several = new Set(named.map((alias) => alias.sourceId)).size > 1
  return { alias: first, others: sources.sharing(first).filter((id) => id !== first.sourceId), several }
}

// ---- readings, most explicit first ----

function fromLinks(request: Request): Understood | undefined {
  const ids = [...new Set(request.links.flatMap((link) => (link.kind === 'story' ? [link.id] : [])))]
  if (ids.length) {
    const note = ids.length > 1 ? `${ids.length} stories were given, the first is read` : undefined
    return call(request, 'get_story', { id: ids[0], lang: request.lang }, ids.length > 1, { note })
  }
  for (const link of request.links) {
    if (link.kind === 'topic') return call(request, 'get_latest_stories', latestArgs(request, link.topic), false)
    const query = link.kind === 'search' ? fitWords(link.query.split(/\s+/)) : undefined
    if (query) return call(request, 'search_stories', searchArgs(request, query.query), false, { note: cutNote(query) })
  }
  return undefined
}

const SPECIFIC = new Set<Label['kind']>(['topic', 'source', 'count'])

/** The languages whose agent words a token is read in: its script's, or for Latin script the message's and English. */
const langsOf = (token: Token, messageLang: Language): Language[] =>
  token.script === 'alpha' ? [messageLang, 'en'] : token.script === 'cjk' ? ['ja'] : token.script === 'hangul' ? ['ko'] : ['ar']

/** A keyword that, with no other, asks about the agent: "capable", "usar", "benutze", "기능" (not "USA"). */
function asksAboutAgent(token: Token, messageLang: Language): boolean {
  if (/^\p{Lu}{2,}$/u.test(token.text)) return false
  // A one-syllable Korean stem (할, "do" in "할 수 있어") is a whole word, not the start of one (할인, a discount).
  return langsOf(token, messageLang).some((lang) => ABOUT_AGENT_STEMS[lang].some((stem) =>
    (token.script === 'hangul' && stem.length === 1 ? token.folded === stem : token.folded.startsWith(stem))))
}

/** A word addressing the agent ("you", "você", "너"), or a verb of its skills even when it is filler ("fazer", "ask"). */
function addressesAgent(token: Token, messageLang: Language): boolean {
  return langsOf(token, messageLang).some((lang) => ADDRESSEE_WORDS[lang].has(token.folded)) || asksAboutAgent(token, messageLang)
}

/**
 * Words left over in a question to the agent that are its verbs, not a subject: few, and in Latin script written
 * in lower case but in German (a capitalized word inside the sentence is a name: "which sources cover Tesla?"). "list the outlets
 * you draw on", "quali fonti consulti?", "어떤 매체들 기사를 모아?" carry one such verb the word lists cannot all hold.
 */
function looseWords(leftovers: Item[], items: Item[], most: number, messageLang: Language): boolean {
  // German capitalizes every noun: there a capital says nothing.
  return leftovers.length <= most && (messageLang === 'de'
    || leftovers.every((item) => item.token.script !== 'alpha' || !/^\p{Lu}/u.test(item.token.text) || item === items[0]))
}

/** "Where do you get your articles from?", "Woher bekommst du …?", "من أين …": asks where the agent's stories come from. */
function asksOrigin(items: Item[], messageLang: Language): boolean {
  return items.some((item) => langsOf(item.token, messageLang).some((lang) => {
    const { asks, from } = ORIGIN_WORD_SETS[lang]
    return asks.has(item.token.folded) && (!from.size || items.some((other) => from.has(other.token.folded)))
  }))
}

/**
 * "What can you do?", "tell me what you're capable of", "which sources do you use?": only when nothing more
 * specific is asked (no topic, publisher, count, date, quote or link; for help, no news word either). Every
 * keyword is about the agent, or none is left; or the message asks the agent a question (a question mark, or
 * "you") with no "about" and only a verb or two left over, read as a best guess with the search offered.
 */
function aboutAgent(request: Request): Understood | undefined {
  const { items } = request
  if (request.quotes.length || request.links.length || request.time.phrases.length) return undefined
  // "Which papers do you follow? Is Le Figaro one of them?": a publisher named in a question about the publishers is
  // answered by their list.
  const named = (item: Item) => item.label.kind === 'source' && hasLabel(items, 'sources')
  if (items.some((item) => SPECIFIC.has(item.label.kind) && !named(item))) return undefined
  const leftovers = items.filter((item) => item.label.kind === 'content' && !asksAboutAgent(item.token, request.messageLang))
  if (leftovers.length > 2) return undefined
  const addressed = items.some((item) => addressesAgent(item.token, request.messageLang))
  // "about" introducing a word names a subject; "the outlets you draw on" ends on it, "con qué fuentes" names none.
  // In German a subject is a noun or a name, capitalized: "zu verstehen" is a verb.
  const subject = items.some((item, i) => {
    const next = item.label.kind === 'about' ? items.slice(i + 1).find((other) => other.label.kind !== 'stop') : undefined
    return next?.label.kind === 'content' && (request.messageLang !== 'de' || /^\P{Ll}/u.test(next.token.text))
  })
  const asked = !leftovers.length || ((request.question || addressed) && !subject)
  const answer = (skill: ReadingSkill, args: Record<string, unknown>, note: string) => {
    if (!leftovers.length) return call(request, skill, args, false)
    const search = alternative(request, 'search_stories', searchArgs(request, leftovers.map((item) => item.token.text).join(' ')))
    return call(request, skill, args, true, { note }, [search])
  }
  const publishers = hasLabel(items, 'sources') || (addressed && asksOrigin(items, request.messageLang))
  const loose = looseWords(leftovers, items, 2, request.messageLang)
  if (publishers && !hasLabel(items, 'topics') && asked && loose) return answer('list_sources', {}, 'Read as a question about the publishers')
  // "which topics do you cover?", "¿qué categorías manejas?": the same shape, asking for the topics.
  if (leftovers.length && hasLabel(items, 'topics') && !publishers && asked && loose) {
    return answer('list_topics', { lang: request.lang }, 'Read as a question about the topics')
  }
  // "Work news" asks for news: a question about the agent names no news, unless it says so in so many words
  // ("a quick overview of what you can do").
  if (hasLabel(items, 'topics', 'sources') || (hasLabel(items, 'news') && !hasLabel(items, 'help'))) return undefined
  // "How do I search?": "how" with a verb of searching and nothing to search asks how to use the agent.
  const howTo = !leftovers.length && !subject && hasLabel(items, 'about')
    && items.some((item) => langsOf(item.token, request.messageLang).some((lang) => HOW_WORD_SET[lang].has(item.token.folded)))
  const aboutItself = hasLabel(items, 'help') || items.some((item) => item.label.kind === 'content' && asksAboutAgent(item.token, request.messageLang))
    || addressed || howTo
  if (!aboutItself || !asked) return undefined
  // "what kinda stuff do you handle": a question word and "you" together carry the question even with two words left.
  const questioned = addressed && items.some((item) => langsOf(item.token, request.messageLang).some((lang) => QUESTION_WORD_SET[lang].has(item.token.folded)))
  if (looseWords(leftovers, items, questioned ? 2 : 1, request.messageLang)) return answer('help', { lang: request.lang }, 'Read as a question about the agent')
  return undefined
}

// Sentence ends, a colon, and a dash between spaces: "I'm new here — how does this work?".
const SENTENCE_END = /(?<=[.!?。！？؟])\s*|(?<=[:;])\s+|\s+[—–-]\s+/u

/**
 * "Hi, I'm new here. What can I ask you?": in a message of several sentences that names nothing to look up (no
 * topic, publisher, count, date, quote or link), the last sentence carries the request and the ones before it are
 * greeting and introduction. Read alone, it may be a question about the agent or its publishers.
 */
function lastQuestion(text: string, request: Request, siteUrl: string, options: ReadingOptions): Understood | undefined {
  if (request.quotes.length || request.links.length || request.time.phrases.length) return undefined
  if (request.items.some((item) => SPECIFIC.has(item.label.kind))) return undefined
  const sentences = prepare(text).split(SENTENCE_END).map((sentence) => sentence.trim()).filter(Boolean)
  if (sentences.length < 2) return undefined
  const last = readRequest(sentences.at(-1)!, siteUrl, options.now ?? Date.now(), options.sources ?? NO_SOURCES)
  return aboutAgent({ ...last, lang: request.lang, messageLang: request.messageLang })
}

function fromQuotes(request: Request): Understood | undefined {
  const query = fitWords(request.quotes.join(' ').split(/\s+/))
  if (!query) return undefined
  return call(request, 'search_stories', searchArgs(request, query.query), false, { note: cutNote(query) })
}

function fromWords(request: Request): Understood {
  const { items } = request
  const elsewhere = request.links.find((link) => link.kind === 'elsewhere')
  const linkNote = elsewhere && `The link${elsewhere.host ? ` to ${elsewhere.host}` : ''} is not a story on this site`
  const latest = (topic?: Topic) => alternative(request, 'get_latest_stories', latestArgs(request, topic))

  // A foreign link's address words are the best clue to the story meant, better than the words around it.
  const addressQuery = elsewhere?.words ? fitRuns(addressRuns(elsewhere.words, request.messageLang)) : undefined
  if (addressQuery) {
    return call(request, 'search_stories', searchArgs(request, addressQuery.query), true,
      { note: `${linkNote}, so the words of its address are the query` }, [latest()])
  }

  const filtered = Boolean(request.source || request.time.phrases.length)
  const { runs, topics } = keywordRuns(items, request.messageLang)
  const query = fitRuns(runs)
  if (query) {
    const guessed = Boolean(linkNote) || !(filtered || hasLabel(items, 'news', 'about', 'limit', 'count'))
    const note = linkNote ?? (guessed ? 'No request words were recognized' : cutNote(query))
    const topic = topics[0]
    const after = topic && `the topic ${TOPIC_NAMES[topic].en} (${topic}) was named too, and a search covers every topic`
    const others = topic ? [latest(topic)] : guessed ? [latest(), alternative(request, 'help', { lang: request.lang })] : []
    return call(request, 'search_stories', searchArgs(request, query.query), guessed, { note, after }, others)
  }
  const tooShort = runs.length > 0 ? 'The keywords were too short to search' : undefined
  if (topics.length) {
    const several = topics.length > 1 ? `Several topics were named (${topics.join(', ')}), the first is read` : undefined
    const note = linkNote ?? several ?? tooShort
    return call(request, 'get_latest_stories', latestArgs(request, topics[0]), Boolean(note), { note }, topics.slice(1).map(latest))
  }
  // "two newest stories, any topic" asks for stories: a count is never the topic list.
  if (hasLabel(items, 'topics') && request.limit === undefined) {
    const note = linkNote ?? tooShort
    return call(request, 'list_topics', { lang: request.lang }, Boolean(note), { note })
  }
  const note = linkNote ?? tooShort
    ?? (filtered || hasLabel(items, 'news', 'limit', 'count') ? undefined : 'Nothing specific was recognized')
  const others = note ? [alternative(request, 'help', { lang: request.lang }), alternative(request, 'list_topics', { lang: request.lang })] : []
  return call(request, 'get_latest_stories', latestArgs(request), Boolean(note), { note }, others)
}

const hasLabel = (items: Item[], ...kinds: Label['kind'][]) => items.some((item) => kinds.includes(item.label.kind))

// ---- arguments ----

/** The publisher and the dates asked for, for lists and searches. */
function filters(request: Request): Record<string, unknown> {
  const { since, until } = request.time
  const contradict = since !== undefined && until !== undefined && since >= until
  return {
    ...(request.source && { source: request.source.alias.sourceId }),
    ...(since && { since }),
    ...(until && !contradict && { until }),
  }
}

function latestArgs(request: Request, topic?: Topic): Record<string, unknown> {
  return { ...(topic && { topic }), ...filters(request), ...(request.limit && { limit: request.limit }), lang: request.lang }
}

function searchArgs(request: Request, query: string): Record<string, unknown> {
  return { query, ...filters(request), ...(request.limit && { limit: request.limit }), lang: request.lang }
}

function detailFor(request: Request, args: Record<string, unknown>, detail: CallDetail): CallDetail {
  const sourceName = typeof args.source === 'string' ? request.sources.name(args.source) : undefined
  const phrases = args.since !== undefined || args.until !== undefined ? request.time.phrases : undefined
  return { ...detail, sourceName, phrases }
}

function alternative(request: Request, capability: ReadingSkill, args: Record<string, unknown>): Alternative {
  return { capability, args, understood: describeCall(capability, args, detailFor(request, args, {})) }
}

/**
 * The reading, with what the filters add: several publishers named (the first is read), a name several publishers
 * share (the others are offered), contradicting dates (the start is kept).
 */
function call(
  request: Request, capability: ReadingSkill, args: Record<string, unknown>, guessed: boolean, detail: CallDetail = {},
  alternatives: Alternative[] = [],
): Understood {
  const filtered = capability === 'get_latest_stories' || capability === 'search_stories'
  const notes = [detail.note]
  let others = alternatives
  if (filtered && request.source?.several) notes.push('Several publishers were named, the first is read')
  if (filtered && request.source?.others.length) {
    notes.push('Several publishers have that name, the first is read')
    others = [...request.source.others.map((source) => alternative(request, capability, { ...args, source })), ...others]
  }
  if (filtered && request.time.since && request.time.until && request.time.since >= request.time.until) {
    notes.push('The dates contradict each other, only the start is read')
  }
  const note = notes.filter(Boolean).join('; ') || undefined
  const understood: Understood = {
    capability, args, understood: describeCall(capability, args, detailFor(request, args, { ...detail, note })),
    guessed: guessed || note !== detail.note,
  }
  return others.length ? { ...understood, alternatives: others.slice(0, MAX_ALTERNATIVES) } : understood
}
