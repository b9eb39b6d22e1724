import type { Language } from '../../domain/languages.ts'
import type { Topic } from '../../domain/topics.ts'
import { entriesStartingWith, KIND_PRIORITY, type Entry } from './lexicon.ts'
import { hyphenParts, type Token } from './tokens.ts'

/**
 * Gives every token of a message its role: part of a topic name, a language cue, a request word, filler, or
 * content (a candidate search keyword). Phrases are matched longest first, so "product management" is one
 * product phrase, not product + leadership, and "in Spanish" is a language cue, not "in" + content.
 */

export type Label =
  | { kind: 'topic'; topic: Topic }
  | { kind: 'lang'; target: Language }
  | { kind: 'topics' | 'news' | 'about' | 'limit' | 'counter' | 'stop' }
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

export function labelTokens(words: Token[], messageLang: Language): Item[] {
  const accept = (e: Entry) => applies(e, messageLang)
  const tokens = words.flatMap((_, i) => splitCompound(words, i, accept))
  const items: Item[] = []
  for (let i = 0; i < tokens.length;) {
    const entry = longestMatch(tokens, i, accept)
    if (entry) {
      for (let k = 0; k < entry.tokens.length; k++) items.push({ token: tokens[i + k]!, label: labelOf(entry) })
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
 * "news about New York", "what does The Verge say": a capitalized filler word inside a sentence, written right
 * before a capitalized name, belongs to the name. Not at the start of a sentence, not in German (every noun is
 * capitalized there), not in a Message Written In Title Case.
 */
function keepNameWords(items: Item[], messageLang: Language): void {
  const words = items.filter((item) => item.token.script === 'alpha' && !item.token.number)
  const titleCase = words.length >= 3 && words.filter((item) => capitalized(item.token)).length > words.length * 0.6
  if (messageLang === 'de' || titleCase) return
  for (let i = items.length - 2; i >= 1; i--) {
    const { token, label } = items[i]!
    const next = items[i + 1]!
    if ((label.kind !== 'stop' && label.kind !== 'news') || token.broken || next.token.broken) continue
    if (capitalized(token) && capitalized(next.token) && next.label.kind === 'content') items[i]!.label = { kind: 'content' }
  }
}

/** Kinds that make a hyphenated part worth reading on its own: "KI-Nachrichten" is a topic and a news word. */
const MEANINGFUL_PART = new Set(['topic', 'lang', 'topics', 'news'])

/**
 * A hyphenated word no phrase knows is read as its parts when one of them is a topic or request word, or when
 * every part is a known word ("couvrez-vous"). "e-commerce" stays whole.
 */
function splitCompound(words: Token[], at: number, accept: (e: Entry) => boolean): Token[] {
  const token = words[at]!
  const parts = hyphenParts(token)
  if (parts.length === 1 || longestMatch(words, at, accept)) return [token]
  const entries = parts.map((_, i) => longestMatch(parts, i, accept))
  const meaningful = entries.some((entry) => entry && MEANINGFUL_PART.has(entry.kind))
  return meaningful || entries.every(Boolean) ? parts : [token]
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
    return entry.strict ? token.lowers.includes(phraseToken.lower) : token.foldeds.includes(phraseToken.folded)
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
  if (token.script === 'cjk' && Array.from(token.text).length === 1 && next?.joined && next.particle) {
    return { kind: 'stop' }
  }
  return { kind: 'content' }
}
