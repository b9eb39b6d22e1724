import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { TOPIC_NAMES, TOPICS, type Topic } from '../../domain/topics.ts'
import { CLOSED_CLASS_WORDS, HOW_WORDS, ORIGIN_WORDS, QUESTION_WORDS } from './closed-class-words.ts'
import { FILLER_WORDS } from './filler-words.ts'
import { languageCues } from './language-cues.ts'
import { REQUEST_WORDS } from './request-words.ts'
import { fold, scriptOf, type Script } from './text.ts'
import { tokenize, type Dictionary, type Token } from './tokens.ts'
import { UNIT_WORDS, WEEKDAYS } from './time-words.ts'
import { TOPIC_SYNONYMS } from './topic-synonyms.ts'

/**
 * Every phrase the reader knows, from the word lists next to this file, tokenized once at load so matching a
 * message is a token-by-token comparison. The word lists are data; this file only assembles and indexes them.
 */

export type Kind = 'topic' | 'lang' | 'help' | 'topics' | 'sources' | 'news' | 'about' | 'limit' | 'counter' | 'stop'

/** When one phrase is listed under several kinds, the first of these wins ("latest" is news, not limit). */
export const KIND_PRIORITY: readonly Kind[] = ['topic', 'lang', 'help', 'topics', 'sources', 'news', 'about', 'limit', 'counter', 'stop']

export interface Entry {
  kind: Kind
  /** The language the phrase is written in. */
  lang: Language
  /** For kind 'topic'. */
  topic?: Topic
  /** For kind 'lang': the language asked for. */
  target?: Language
  tokens: Token[]
  script: Script
  /**
   * Filler and request words compare with their accents (folded, German "über" would swallow "Uber"); topics,
   * language cues and questions about the agent or its publishers compare folded, since that is where people drop
   * accents and it is safe.
   */
  strict: boolean
}

interface RawEntry {
  phrase: string
  kind: Kind
  lang: Language
  topic?: Topic
  target?: Language
}

function rawEntries(): RawEntry[] {
  const raw: RawEntry[] = []
  for (const topic of TOPICS) {
    raw.push({ phrase: topic, kind: 'topic', lang: 'en', topic })
    for (const lang of LANGUAGES) {
      for (const phrase of [TOPIC_NAMES[topic][lang], ...(TOPIC_SYNONYMS[topic][lang] ?? [])]) {
        raw.push({ phrase, kind: 'topic', lang, topic })
        // A topic listed in the plural is also asked for in the singular: "ventes" and "vente", "bancos" and "banco".
        if (/^\p{Ll}{5,}s$/u.test(phrase) && !phrase.endsWith('ss')) raw.push({ phrase: phrase.slice(0, -1), kind: 'topic', lang, topic })
        // An Arabic word listed with its article is also written without it: "المالية" and "مالية".
        if (/^ال\S{3,}$/u.test(phrase)) raw.push({ phrase: phrase.slice(2), kind: 'topic', lang, topic })
      }
    }
  }
  for (const cue of languageCues()) raw.push({ phrase: cue.phrase, kind: 'lang', lang: cue.lang, target: cue.target })
  for (const lang of LANGUAGES) {
    const words = REQUEST_WORDS[lang]
    const lists: [Kind, string[]][] = [
      ['help', words.help], ['sources', words.sources],
      ['news', words.news], ['about', words.about], ['topics', words.topics], ['limit', words.limit],
      ['counter', words.counters], ['stop', FILLER_WORDS[lang]], ['stop', CLOSED_CLASS_WORDS[lang]], ['stop', QUESTION_WORDS[lang]], ['stop', ORIGIN_WORDS[lang].asks], ['stop', words.you], ['stop', HOW_WORDS[lang]],
    ]
    for (const [kind, phrases] of lists) for (const phrase of phrases) raw.push({ phrase, kind, lang })
  }
  return raw
}

const isUnspaced = (phrase: string) =>
  phrase.length >= 2 && Array.from(phrase).every((ch) => ['cjk', 'hangul'].includes(scriptOf(ch)))

function buildDictionary(raw: RawEntry[]): Dictionary {
  const words = new Set(raw.map((r) => r.phrase).filter(isUnspaced))
  return { words, longest: Math.max(...Array.from(words, (w) => w.length)) }
}

/** One entry per phrase, kind and language: the word lists overlap (a question word is filler too), and every
 * duplicate would be one more candidate to compare for each word of every message. */
const RAW = [...new Map(rawEntries().map((r) => [`${r.kind}|${r.lang}|${r.topic ?? ''}|${r.target ?? ''}|${r.phrase.toLowerCase()}`, r])).values()]

/** Japanese and Korean phrases of two characters or more (one character alone would cut names apart). */
export const DICTIONARY = buildDictionary(RAW)

export const ENTRIES: Entry[] = RAW.flatMap((r) => {
  const tokens = tokenize(r.phrase, DICTIONARY)
  const first = tokens[0]
  if (!first) return []
  const strict = first.script === 'alpha' && !['topic', 'lang', 'help', 'sources'].includes(r.kind)
  return [{ ...r, tokens, script: first.script, strict }]
})

/** The spelling of a phrase token that a message token's variants are compared with. */
export const entryForm = (entry: Entry, token: Token) => (entry.strict ? token.lower : token.folded)

const BY_FIRST_TOKEN = new Map<string, Entry[]>()
for (const entry of ENTRIES) {
  const key = entryForm(entry, entry.tokens[0]!)
  BY_FIRST_TOKEN.set(key, [...(BY_FIRST_TOKEN.get(key) ?? []), entry])
}

/** Entries whose first token a message token could be. */
export function entriesStartingWith(token: Token): Entry[] {
  // Most words have one spelling, folded as written: one lookup, no set.
  if (token.foldeds.length === 1 && token.lowers.length === 1 && token.lower === token.folded) return BY_FIRST_TOKEN.get(token.folded) ?? NONE
  const keys = new Set([...token.foldeds, ...token.lowers])
  return [...keys].flatMap((key) => BY_FIRST_TOKEN.get(key) ?? [])
}

const NONE: Entry[] = []

const singleWords = (kind: Kind) =>
  new Set(ENTRIES.filter((e) => e.kind === kind && e.tokens.length === 1).map((e) => e.tokens[0]!.folded))

/** Words that may stand right before a count: "top 5", "últimas 3", "上位5". */
export const LIMIT_WORDS = singleWords('limit')

/** Words that may stand right after a count: "5件", "5개", "5 items". */
export const COUNTER_WORDS = singleWords('counter')

/** Beginnings of words that, as a message's only keywords, ask about the agent ("capab", "usar", "benutz"), folded, per language. */
export const ABOUT_AGENT_STEMS: Record<Language, string[]> = Object.fromEntries(LANGUAGES.map((lang) =>
  [lang, REQUEST_WORDS[lang].aboutAgent.map((stem) => fold(stem, scriptOf(stem[0]!)))])) as Record<Language, string[]>

/** Second-person words per language, folded: a message addressed to the agent and naming nothing is about it. */
export const ADDRESSEE_WORDS: Record<Language, Set<string>> = Object.fromEntries(LANGUAGES.map((lang) =>
  [lang, new Set(REQUEST_WORDS[lang].you.map((word) => fold(word, scriptOf(word[0]!))))])) as Record<Language, Set<string>>

/** Words asking where something comes from, and the "from" they need, per language, folded. */
export const ORIGIN_WORD_SETS: Record<Language, { asks: Set<string>; from: Set<string> }> = Object.fromEntries(LANGUAGES.map((lang) => {
  const folded = (words: string[]) => new Set(words.map((word) => fold(word, scriptOf(word[0]!))))
  return [lang, { asks: folded(ORIGIN_WORDS[lang].asks), from: folded(ORIGIN_WORDS[lang].from) }]
})) as Record<Language, { asks: Set<string>; from: Set<string> }>

/** "How" per language, folded. */
export const HOW_WORD_SET: Record<Language, Set<string>> = Object.fromEntries(LANGUAGES.map((lang) =>
  [lang, new Set(HOW_WORDS[lang].map((word) => fold(word, scriptOf(word[0]!))))])) as Record<Language, Set<string>>

/** Question words per language, folded. */
export const QUESTION_WORD_SET: Record<Language, Set<string>> = Object.fromEntries(LANGUAGES.map((lang) =>
  [lang, new Set(QUESTION_WORDS[lang].map((word) => fold(word, scriptOf(word[0]!))))])) as Record<Language, Set<string>>

/** Counts written as words, per language: "top ten", "las tres últimas". */
export const NUMBER_WORDS = new Map<string, { lang: Language; value: number }[]>()
for (const lang of LANGUAGES) {
  for (const [word, value] of Object.entries(REQUEST_WORDS[lang].numbers)) {
    NUMBER_WORDS.set(word, [...(NUMBER_WORDS.get(word) ?? []), { lang, value }])
  }
}

type Evidence = Map<string, Set<Language>>

function evidence(accept: (entry: Entry) => boolean, words: (entry: Entry) => Token[]): Evidence {
  const map: Evidence = new Map()
  for (const entry of ENTRIES) {
    if (entry.script !== 'alpha' || !accept(entry)) continue
    for (const { lower } of words(entry)) map.set(lower, (map.get(lower) ?? new Set()).add(entry.lang))
  }
  return map
}

/**
 * For telling Latin-script languages apart: each filler or request word (as written, accents kept), and each word
 * of a question about the agent ("come funzioni"), and the languages that use it. Topic words are left out, since people borrow them ("AI", "startups", "marketing").
 */
export const LANGUAGE_EVIDENCE = evidence(
  (e) => (e.tokens.length === 1 || e.kind === 'help') && e.kind !== 'topic' && e.kind !== 'lang', (e) => e.tokens,
)
// Days of the week and time units are as much a language's own as its function words ("seit letztem Freitag"):
// a message of a compound and a date phrase still tells its language.
for (const lang of LANGUAGES) {
  const timeWords = [...WEEKDAYS[lang].flatMap((day) => day.split('|')), ...Object.values(UNIT_WORDS).flatMap((units) => units[lang])]
  for (const word of timeWords) {
    if (scriptOf(word[0]!) !== 'alpha' || word.length < 3) continue
    LANGUAGE_EVIDENCE.set(word, (LANGUAGE_EVIDENCE.get(word) ?? new Set()).add(lang))
  }
}

// Month names too: "reforma tributária entre 1 e 15 de dezembro" is Portuguese by its month. (A name two languages
// share, "agosto", counts for both.)
const MONTHS_BY_LANGUAGE: Partial<Record<Language, string>> = {
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
  fr: 'janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre',
  de: 'januar jänner februar märz april mai juni juli august september oktober november dezember',
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  pt: 'janeiro fevereiro março marco abril maio junho julho agosto setembro outubro novembro dezembro',
}
// English names ("november", "april") say nothing: an English message writes them too.
const ENGLISH_MONTHS = new Set('january february march april may june july august september october november december'.split(' '))
for (const [lang, names] of Object.entries(MONTHS_BY_LANGUAGE) as [Language, string][]) {
  for (const word of names.split(' ')) {
    if (!ENGLISH_MONTHS.has(word)) LANGUAGE_EVIDENCE.set(word, (LANGUAGE_EVIDENCE.get(word) ?? new Set()).add(lang))
  }
}

/** The words of topic phrases, as weaker evidence for a message that is nothing but a topic: "empleo", "Börse". */
export const TOPIC_LANGUAGE_EVIDENCE = evidence((e) => e.kind === 'topic', (e) => e.tokens.filter((t) => !t.particle))
