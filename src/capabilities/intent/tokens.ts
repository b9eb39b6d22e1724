import { ELISIONS, KOREAN_PARTICLES } from './filler-words.ts'
import { fold, isHiragana, lowerWord, scriptOf, variants, type Script } from './text.ts'

/**
 * Splits a message into words. Spaced scripts split on spaces and punctuation; Japanese (no spaces) and Korean
 * (particles glued to words) are cut against the lexicon's own phrases, so "トヨタのニュース" becomes トヨタ, の,
 * ニュース and "삼성전자의" becomes 삼성전자, 의. Lexicon phrases go through the same function, which is what makes
 * a phrase and a message comparable token by token.
 */

export interface Token {
  /** As written (after NFKC), used to build the search query. */
  text: string
  start: number
  end: number
  script: Script
  /** Only digits: maybe a count ("top 5"), maybe part of a name ("iPhone 16"). */
  number: boolean
  /** Lower case, accents kept. */
  lower: string
  /** Lower case, accents folded. */
  folded: string
  /** `lower` and `folded` plus the inflected spellings a lexicon phrase may match (see `variants`). */
  lowers: string[]
  foldeds: string[]
  /** Written straight onto the previous token ("生成" + "AI", "l'" + "IA"): a query keeps them together. */
  joined: boolean
  /** What joins it to the previous token when `joined`: nothing, or the hyphen of a split compound. */
  glue: string
  /** Punctuation stands between this and the previous token: a comma ends a keyword phrase. */
  broken: boolean
  /** Grammar with no meaning of its own: a Japanese particle, a Korean case ending, an elided article. */
  particle: boolean
}

/** The lexicon's multi-character Japanese and Korean phrases, for cutting unspaced text into known pieces. */
export interface Dictionary {
  words: Set<string>
  longest: number
}

// Letters, digits and marks, with the connectors that stay inside a word: what's, e-commerce, node.js, AT&T.
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’.&\-][\p{L}\p{N}\p{M}]+)*/gu
const DIGIT = /\p{Nd}/u
const CONNECTOR_OR_MARK = /['’.&\-\p{M}]/u

interface Piece {
  text: string
  start: number
  script: Script
  particle: boolean
}

export function tokenize(text: string, dictionary: Dictionary): Token[] {
  const tokens: Token[] = []
  let previousEnd = -1
  for (const match of text.matchAll(WORD)) {
    for (const piece of scriptPieces(match[0], match.index)) {
      for (const part of splitPiece(piece, dictionary)) {
        const gap = previousEnd < 0 ? '' : text.slice(previousEnd, part.start)
        // A middle dot or an ampersand joins the parts of one name ("데이터·AI", "Personal & Karriere"): no punctuation
        // between phrases.
        tokens.push(makeToken(part, previousEnd >= 0 && gap === '', /[^\s·・&]/u.test(gap)))
        previousEnd = part.start + part.text.length
      }
    }
  }
  return tokens
}

function makeToken(piece: Piece, joined: boolean, broken: boolean): Token {
  const lower = lowerWord(piece.text)
  const folded = fold(piece.text, piece.script)
  return {
    text: piece.text,
    start: piece.start,
    end: piece.start + piece.text.length,
    script: piece.script,
    number: /^\d+$/.test(piece.text),
    lower,
    folded,
    lowers: variants(lower, piece.script),
    foldeds: variants(folded, piece.script),
    joined,
    glue: '',
    broken,
    particle: piece.particle,
  }
}

/**
 * The parts of a hyphenated word, for compounds that are a name plus a request word: "KI-Nachrichten",
 * "Tesla-News". Whether to use them is the labeler's call ("e-commerce" stays whole).
 */
export function hyphenParts(token: Token): Token[] {
  if (token.script !== 'alpha' || !token.text.includes('-')) return [token]
  const parts: Token[] = []
  let offset = 0
  for (const text of token.text.split('-')) {
    const piece: Piece = { text, start: token.start + offset, script: 'alpha', particle: false }
    const first = parts.length === 0
    parts.push({ ...makeToken(piece, first ? token.joined : true, first && token.broken), glue: first ? token.glue : '-' })
    offset += text.length + 1
  }
  return parts
}

/**
 * A word cut in two at `at` (a character offset): a German compound of a name and a news word,
 * "Finanznachrichten" → Finanz + nachrichten. The head may also be read in the spellings `heads` lists.
 */
export function splitWord(token: Token, at: number, heads: string[] = []): [Token, Token] {
  const head = makeToken({ text: token.text.slice(0, at), start: token.start, script: token.script, particle: false }, token.joined, token.broken)
  const tail = makeToken({ text: token.text.slice(at), start: token.start + at, script: token.script, particle: false }, true, false)
  head.lowers.push(...heads)
  head.foldeds.push(...heads.map((h) => fold(h, token.script)))
  return [{ ...head, glue: token.glue }, tail]
}

/** "AIのニュース" is one run of letters but two scripts: each script is split its own way. */
function scriptPieces(word: string, start: number): Piece[] {
  const pieces: Piece[] = []
  let offset = 0
  for (const ch of word) {
    const last = pieces[pieces.length - 1]
    const script: Script = DIGIT.test(ch) ? 'alpha' : CONNECTOR_OR_MARK.test(ch) && last ? last.script : scriptOf(ch)
    if (last && last.script === script) last.text += ch
    else pieces.push({ text: ch, start: start + offset, script, particle: false })
    offset += ch.length
  }
  return pieces
}

function splitPiece(piece: Piece, dictionary: Dictionary): Piece[] {
  switch (piece.script) {
    case 'alpha': return splitApostrophes(piece)
    case 'cjk': return segment(piece, dictionary).flatMap(japaneseParticles)
    case 'hangul': return hangulSegments(piece, dictionary).flatMap(koreanParticles)
    default: return [piece]
  }
}

const part = (of: Piece, from: number, to: number, particle: boolean): Piece =>
  ({ text: of.text.slice(from, to), start: of.start + from, script: of.script, particle })

/** "l'IA" → l' + IA, "Apple's" → Apple + 's: the word alone is what a lexicon or a headline has. */
function splitApostrophes(piece: Piece): Piece[] {
  const at = piece.text.search(/['’]/u)
  if (at < 0) return [piece]
  if (ELISIONS.includes(piece.text.slice(0, at).toLowerCase())) {
    return [part(piece, 0, at + 1, true), ...splitApostrophes(part(piece, at + 1, piece.text.length, false))]
  }
  if (/^['’]s$/iu.test(piece.text.slice(-2)) && piece.text.length - 2 === at) {
    return [part(piece, 0, at, false), part(piece, at, piece.text.length, true)]
  }
  return [piece]
}

interface Segment extends Piece {
  known: boolean
}

/** Greedy longest match against the dictionary; what matches nothing is kept as one unknown stretch. */
function segment(piece: Piece, dictionary: Dictionary): Segment[] {
  const out: Segment[] = []
  const text = piece.text
  let unknownFrom = -1
  const flush = (to: number) => {
    if (unknownFrom >= 0) out.push({ ...part(piece, unknownFrom, to, false), known: false })
    unknownFrom = -1
  }
  for (let i = 0; i < text.length;) {
    const length = longestWordAt(text, i, dictionary)
    if (length > 0) {
      flush(i)
      out.push({ ...part(piece, i, i + length, false), known: true })
      i += length
    } else {
      if (unknownFrom < 0) unknownFrom = i
      i += text.codePointAt(i)! > 0xffff ? 2 : 1
    }
  }
  flush(text.length)
  return out
}

/**
 * Korean is spaced: a word is cut into known pieces only when every piece is known or a particle ("마케팅뉴스",
 * "뉴스를"), never when a known word merely starts a name ("대한항공에" is 대한항공 + 에, not 대한 + 항공에).
 */
function hangulSegments(piece: Piece, dictionary: Dictionary): Segment[] {
  const segments = segment(piece, dictionary)
  const whole = segments.every((s) => s.known || KOREAN_PARTICLES.includes(s.text)) || segments.length === 1
  if (whole) return segments
  // A known word, then the rest unknown: keep it one word (its particle is shed later), else as segmented.
  return segments[0]!.known && segments.length === 2 ? [{ ...piece, known: false }] : segments
}

function longestWordAt(text: string, at: number, dictionary: Dictionary): number {
  for (let length = Math.min(dictionary.longest, text.length - at); length >= 2; length--) {
    if (dictionary.words.has(text.slice(at, at + length))) return length
  }
  return 0
}

const OKURIGANA = new Set(['げ'])

/** In an unknown Japanese stretch, hiragana is grammar (の, を, は…) between the words written in kanji and katakana. */
function japaneseParticles(segment: Segment): Piece[] {
  if (segment.known) return [segment]
  const out: Piece[] = []
  let from = 0
  const chars = segment.text
  for (let i = 1; i <= chars.length; i++) {
    if (i === chars.length || isHiragana(chars[i]!) !== isHiragana(chars[i - 1]!)) {
      const hiragana = isHiragana(chars[from]!)
      const previous = out[out.length - 1]
      // The okurigana of a noun written in two kanji and one kana (利上げ, 値下げの, 賃上げ) is part of the word; any
      // hiragana after it is grammar.
      if (hiragana && OKURIGANA.has(chars[from]!) && previous && !previous.particle && previous.text.length >= 2) {
        out[out.length - 1] = part(segment, previous.start - segment.start, from + 1, false)
        if (i > from + 1) out.push(part(segment, from + 1, i, true))
      } else out.push(part(segment, from, i, hiragana))
      from = i
    }
  }
  return out
}

/** An unknown Korean word sheds its case particle ("삼성전자의" → 삼성전자 + 의) when two syllables remain. */
function koreanParticles(segment: Segment): Piece[] {
  if (segment.known) return [segment]
  if (KOREAN_PARTICLES.includes(segment.text)) return [{ ...segment, particle: true }]
  const particle = KOREAN_PARTICLES.find((p) => segment.text.endsWith(p) && segment.text.length - p.length >= 2
    && fitsSyllable(p, segment.text[segment.text.length - p.length - 1]!))
  if (!particle) return [segment]
  const cut = segment.text.length - particle.length
  return [part(segment, 0, cut, false), part(segment, cut, segment.text.length, true)]
}

/** Particles that follow a closed syllable (one with a final consonant), and those that follow an open one. */
const AFTER_CONSONANT = new Set(['이', '은', '을', '과', '으로', '으로는', '이랑'])
const AFTER_VOWEL = new Set(['가', '는', '를', '와', '랑'])
const HANGUL_FIRST = 0xac00
const FINALS = 28
const RIEUL = 8

/**
 * Korean writes 이/가, 은/는, 을/를, 과/와 by whether the word before ends in a consonant, so a word that merely
 * ends in one of those syllables ("카카오페이": 페 is open, so 이 is not its subject particle) keeps it.
 */
function fitsSyllable(particle: string, before: string): boolean {
  const code = before.charCodeAt(0) - HANGUL_FIRST
  if (code < 0 || code > 11171) return true
  const final = code % FINALS
  if (AFTER_CONSONANT.has(particle)) return final !== 0
  if (AFTER_VOWEL.has(particle)) return final === 0
  // 로 follows an open syllable or ㄹ.
  if (particle === '로') return final === 0 || final === RIEUL
  return true
}
