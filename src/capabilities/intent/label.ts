import type { Language } from '../../domain/languages.ts'
import type { Topic } from '../../domain/topics.ts'
import { ENTRIES, entriesStartingWith, KIND_PRIORITY, type Entry } from './lexicon.ts'
import { matchSourceAt, NO_SOURCES, type Alias, type SourceIndex } from './sources.ts'
import { isHiragana } from './text.ts'
import { hyphenParts, splitWord, type Token } from './tokens.ts'

/**
 * Gives every token of a message its role: part of a topic name, a language cue, a request word, filler, or
 * content (a candidate search keyword). Phrases are matched longest first, so "product management" is one
 * product phrase, not product + leadership, and "in Spanish" is a language cue, not "in" + content.
 */

export type Label =
  | { kind: 'topic'; topic: Topic }
  | { kind: 'lang'; target: Language }
  | { kind: 'topics' | 'news' | 'about' | 'limit' | 'counter' | 'stop' | 'help' | 'sources' }
  /** A publisher's name: a filter, never a keyword. */
  | { kind: 'source'; alias: Alias }
  | { kind: 'content' }
  /** A number read as the count of stories wanted. */
  | { kind: 'count'; value: number }

export interface Item {
  token: Token
  label: Label
}

/**
 * Latin-script filler and request words apply in the message's own language and in English (mixed into every
 * language); elsewhere "die", "as" or "les" may be content. Topics and language cues apply everywhere, and
 * Japanese, Korean and Arabic words carry their language in their script.
 */
const applies = (entry: Entry, messageLang: Language) =>
  entry.kind === 'topic' || entry.kind === 'lang' || entry.script !== 'alpha'
  || entry.lang === messageLang || entry.lang === 'en'

const NEWS_WORDS = new Set(ENTRIES.filter((e) => e.kind === 'news' && e.tokens.length === 1).map((e) => e.tokens[0]!.folded))
/** A news word ("articles", "Artikel"): after a publisher's name, it makes it one. */
export const isNewsWord = (token: Token) => token.foldeds.some((f) => NEWS_WORDS.has(f))

/**
 * Labels every token; a publisher's name (`sources`) wins over lexicon phrases no longer than it, so "Hacker News"
 * is a publisher while "AI news" stays a topic and a news word (the name rules are in sources.ts).
 */
export function labelTokens(words: Token[], messageLang: Language, sources: SourceIndex = NO_SOURCES): Item[] {
  const accept = (e: Entry) => applies(e, messageLang)
  const tokens = words.flatMap((_, i) => splitCompound(words, i, accept, messageLang))
  const items: Item[] = []
  for (let i = 0; i < tokens.length;) {
    const entry = longestMatch(tokens, i, accept)
    const source = matchSourceAt(tokens, i, sources, messageLang === 'de', isNewsWord)
    if (source && source.length >= (entry?.tokens.length ?? 0)) {
      for (let k = 0; k < source.length; k++) items.push({ token: tokens[i + k]!, label: { kind: 'source', alias: source.alias } })
      i += source.length
    } else if (entry) {
      const label = shortWordOfTheMessage(entry, tokens, i, messageLang) ? { kind: 'stop' as const } : labelOf(entry)
      for (let k = 0; k < entry.tokens.length; k++) items.push({ token: tokens[i + k]!, label })
      i += entry.tokens.length
    } else {
      items.push({ token: tokens[i]!, label: unmatchedLabel(tokens, i) })
      i++
    }
  }
  keepNameWords(items, messageLang)
  return items
}

const capitalized = (token: Token) => token.script === 'alpha' && /^\p{Lu}/u.test(token.text)

/**
 * Topics apply in every language, but a short lower-case word is the message's own grammar first: Portuguese "vc"
 * is "você", not venture capital.
 */
function shortWordOfTheMessage(entry: Entry, tokens: Token[], at: number, messageLang: Language): boolean {
  const token = tokens[at]!
  if (entry.kind !== 'topic' || entry.tokens.length !== 1 || token.script !== 'alpha' || token.text.length > 2 || token.text !== token.lower) return false
  return entriesStartingWith(token).some((e) => e.kind === 'stop' && e.lang === messageLang && e.tokens.length === 1 && matchesAt(e, tokens, at))
}

/**
 * "news about New York", "what does The Verge say": a capitalized filler word inside a sentence, written right
 * before a capitalized name, belongs to the name. Not at the start of a sentence, not in German (every noun is
 * capitalized there), not in a Message Written In Title Case.
 */
function keepNameWords(items: Item[], messageLang: Language): void {
  const words = items.filter((item) => item.token.script === 'alpha' && !item.token.number)
  const titleCase = words.length >= 3 && words.filter((item) => capitalized(item.token)).length > words.length * 0.6
  if (messageLang === 'de' || titleCase) return
  // "Series A funding", "le livret A": a capital letter alone after a word ends its name.
  for (let i = 1; i < items.length; i++) {
    const { token, label } = items[i]!
    if (label.kind === 'stop' && /^\p{Lu}$/u.test(token.text) && !token.broken && items[i - 1]!.label.kind === 'content') items[i]!.label = { kind: 'content' }
  }
  for (let i = items.length - 2; i >= 1; i--) {
    const { token, label } = items[i]!
    const next = items[i + 1]!
    if ((label.kind !== 'stop' && label.kind !== 'news') || token.broken || next.token.broken) continue
    if (capitalized(token) && capitalized(next.token) && next.label.kind === 'content') items[i]!.label = { kind: 'content' }
  }
}

/** Kinds that make a hyphenated part worth reading on its own: "KI-Nachrichten" is a topic and a news word. */
const MEANINGFUL_PART = new Set(['topic', 'lang', 'topics', 'news', 'sources'])

/** German compounds of a word and a news word: "Finanznachrichten", "Presseberichte", "Teslanews". */
const NEWS_SUFFIXES = ['nachrichten', 'news', 'artikel', 'berichte', 'meldungen', 'schlagzeilen', 'beitrage']

/**
 * A hyphenated word no phrase knows is read as its parts when one of them is a topic or request word, or when
 * every part is a known word ("couvrez-vous"). "e-commerce" stays whole. A German word ending in a news word is
 * read as its two parts, the first also with the linking letters undone (Finanz-en, Börse-n, Wirtschaft-s).
 */
function splitCompound(words: Token[], at: number, accept: (e: Entry) => boolean, messageLang: Language): Token[] {
  const token = words[at]!
  if (longestMatch(words, at, accept)) return [token]
  if (messageLang === 'de' && token.script === 'alpha' && !token.text.includes('-')) {
    const suffix = NEWS_SUFFIXES.find((s) => token.folded.endsWith(s) && token.folded.length - s.length >= 3)
    if (suffix) {
      const head = token.lower.slice(0, token.text.length - suffix.length)
      const heads = [`${head}en`, `${head}e`, ...(/[sn]$/.test(head) ? [head.slice(0, -1)] : [])]
      return splitWord(token, token.text.length - suffix.length, heads)
    }
  }
  const topical = messageLang === 'de' ? topicCompound(token, accept) : undefined
  if (topical) return topical
  const parts = hyphenParts(token)
  if (parts.length === 1) return [token]
  const entries = parts.map((_, i) => longestMatch(parts, i, accept))
  const meaningful = entries.some((entry) => entry && MEANINGFUL_PART.has(entry.kind))
  return meaningful || entries.every(Boolean) ? parts : [token]
}

/** German nouns that, after a topic word, only widen it: "Finanzwelt", "Techbranche", "Marketingbereich". */
const BROAD_HEADS = ['welt', 'branche', 'bereich', 'sektor', 'szene', 'themen', 'thema', 'markt', 'wesen', 'sparte', 'industrie']

/**
 * "die Finanzwelt" is the finance topic: a German compound of a topic word and a broad noun reads as the topic,
 * the noun as grammar (it would otherwise be searched for). The topic word may have lost its linking letters.
 */
function topicCompound(token: Token, accept: (e: Entry) => boolean): Token[] | undefined {
  if (token.script !== 'alpha' || token.text.includes('-')) return undefined
  const broad = BROAD_HEADS.find((h) => token.folded.endsWith(h) && token.folded.length - h.length >= 3)
  if (!broad) return undefined
  const at = token.text.length - broad.length
  const head = token.lower.slice(0, at)
  const heads = [`${head}en`, `${head}e`, ...(/[sn]$/.test(head) ? [head.slice(0, -1)] : [])]
  const [first, rest] = splitWord(token, at, heads)
  const entry = longestMatch([first], 0, accept)
  return entry?.kind === 'topic' ? [first, { ...rest, particle: true }] : undefined
}

/** Only the language-cue phrases, for taking them out before the message's own language is detected. */
export function findLanguageCues(tokens: Token[]): { at: number; length: number; target: Language }[] {
  const cues: { at: number; length: number; target: Language }[] = []
  for (let i = 0; i < tokens.length;) {
    const entry = longestMatch(tokens, i, (e) => e.kind === 'lang')
    if (entry) cues.push({ at: i, length: entry.tokens.length, target: entry.target! })
    i += entry ? entry.tokens.length : 1
  }
  return cues
}

function longestMatch(tokens: Token[], at: number, accept: (e: Entry) => boolean): Entry | undefined {
  let best: Entry | undefined
  for (const entry of entriesStartingWith(tokens[at]!)) {
    if (!accept(entry) || !matchesAt(entry, tokens, at)) continue
    if (!best || entry.tokens.length > best.tokens.length
      || (entry.tokens.length === best.tokens.length && rank(entry) < rank(best))) best = entry
  }
  return best
}

const rank = (entry: Entry) => KIND_PRIORITY.indexOf(entry.kind)

function matchesAt(entry: Entry, tokens: Token[], at: number): boolean {
  return entry.tokens.every((phraseToken, k) => {
    const token = tokens[at + k]
    if (!token) return false
    // Two letters folded collide with words: Portuguese "aí" is not "AI". Short phrase words keep their accents.
    if (entry.strict || (phraseToken.script === 'alpha' && phraseToken.folded.length <= 2)) return token.lowers.includes(phraseToken.lower)
    return token.foldeds.includes(phraseToken.folded)
  })
}

function labelOf(entry: Entry): Label {
  if (entry.kind === 'topic') return { kind: 'topic', topic: entry.topic! }
  if (entry.kind === 'lang') return { kind: 'lang', target: entry.target! }
  return { kind: entry.kind }
}

/**
 * Grammar is filler. So is a lone kanji written onto hiragana (教えて, 見る): the stem of a verb the lexicon does
 * not list, not a name. Everything else may be what the person is looking for.
 */
function unmatchedLabel(tokens: Token[], at: number): Label {
  const token = tokens[at]!
  if (token.particle) return { kind: 'stop' }
  const next = tokens[at + 1]
  // A lone kanji written onto hiragana is a verb stem (話して, 見る), whether the hiragana is a particle or a verb ending;
  // before the possessive の it is a noun (冬のボーナス, 株の取引).
  if (token.script === 'cjk' && Array.from(token.text).length === 1 && next?.joined && next.text !== 'の' && (next.particle || isHiragana(next.text[0]!))) {
    return { kind: 'stop' }
  }
  // A Korean noun written onto 해줘 ("do it for me") is the verb asked for: 정리해줘, 얘기해줘.
  if (token.script === 'hangul' && next?.joined && /^해(?:줘|주세요|줄래|봐|요)?$/u.test(next.text)) return { kind: 'stop' }
  return { kind: 'content' }
}
