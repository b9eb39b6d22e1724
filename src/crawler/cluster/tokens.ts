/**
 * Clustering stage: language-aware tokens for similarity (not for display or search).
 *
 * NFKC, lower case, accents folded (Latin, Greek, Cyrillic only: folding would break kana and Hangul), punctuation
 * dropped. Alphabetic scripts give words minus a short stopword list per language and, for English, a light suffix
 * stripper (unveils / unveiled → unveil). Han, kana and Hangul runs give overlapping character bigrams, as in
 * `src/domain/search-terms.ts`. Arabic is normalized (alef variants, alef maqsura, teh marbuta, tatweel, harakat).
 *
 * A token is `strong` (a name or a number: the evidence that survives translation) when it has a digit, is written in
 * capitals or camel case (NVIDIA, GTC, SpaceX), or is capitalized in mid-sentence. A title in Title Case says nothing
 * about names, so its capitals are ignored (strong tokens then come from the lead); so are German ones
 * (see fingerprint.ts).
 */
import { bigrams } from '../../domain/search-terms.ts'

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30fc'
/** A CJK run, or a word of any other script (a number keeps its decimal point: 7.1, 4.25). */
const TOKEN = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{M}\\p{N}])+(?:[.,]\\p{N}+)*`, 'gu')
/** What ends a sentence or a clause before a word (then its capital marks nothing). */
const BREAKS = new Set('.!?:;"«»“”„|-–—(')
const SPACE = /\s/u

/**
 * Whether the (up to) three characters before `at` end with a break followed by nothing but spaces: a sentence or a
 * clause starts at `at`. Read character by character; a regular expression over a slice cost a string per token.
 */
function breaksBefore(text: string, at: number): boolean {
  let i = at - 1
  const start = Math.max(0, at - 3)
  while (i >= start) {
    const c = text[i]!
    if (BREAKS.has(c)) return true
    if (c !== ' ' && !SPACE.test(c)) return false
    i--
  }
  return false
}
const FOLDABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}.,]+$/u

const STOPWORDS: Record<string, readonly string[]> = {
  en: ['the', 'a', 'an', 'of', 'to', 'in', 'on', 'at', 'for', 'and', 'or', 'but', 'is', 'are', 'was', 'were', 'be',
    'been', 'by', 'with', 'from', 'as', 'that', 'this', 'it', 'its', 'into', 'after', 'over', 'about', 'says', 'said',
    'will', 'has', 'have', 'had', 'not', 'than', 'up', 'out', 'new', 'how', 'what', 'why', 'who', 'his', 'her', 'their'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'al', 'y', 'o', 'en', 'por', 'para', 'con',
    'que', 'se', 'su', 'sus', 'es', 'son', 'fue', 'lo', 'como', 'mas', 'tras', 'sobre', 'ha', 'han'],
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'de', 'du', 'et', 'ou', 'en', 'au', 'aux', 'pour', 'par', 'avec', 'que',
    'qui', 'sur', 'se', 'sa', 'son', 'ses', 'est', 'sont', 'dans', 'apres', 'plus', 'pas', 'ne', 'il', 'elle'],
  de: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einer', 'einen', 'einem', 'und', 'oder', 'in', 'im',
    'am', 'an', 'auf', 'fur', 'mit', 'von', 'vom', 'zu', 'zum', 'zur', 'ist', 'sind', 'war', 'bei', 'aus', 'nach',
    'sich', 'nicht', 'hat', 'wird', 'uber'],
  it: ['il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'uno', 'una', 'di', 'del', 'della', 'dei', 'delle', 'da', 'dal', 'e',
    'o', 'in', 'nel', 'nella', 'per', 'con', 'che', 'si', 'su', 'sul', 'sulla', 'ha', 'non', 'al', 'alla'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'de', 'do', 'da', 'dos', 'das', 'e', 'ou', 'em', 'no', 'na', 'nos', 'nas',
    'por', 'para', 'com', 'que', 'se', 'foi', 'ao', 'sobre', 'apos', 'mais', 'nao'],
  ar: ['في', 'من', 'على', 'الى', 'عن', 'ان', 'مع', 'هذا', 'هذه', 'التي', 'الذي', 'بعد', 'قبل'],
}
const STOPWORD_SETS = new Map(Object.entries(STOPWORDS).map(([lang, words]) => [lang, new Set(words)]))
const ALL_STOPWORDS = new Set(Object.values(STOPWORDS).flat())

export interface Token {
  /** Normalized surface form (folded, not stemmed): what names are compared by across languages. */
  surface: string
  /** The form used for similarity within a language (stemmed for English). */
  term: string
  strong: boolean
  /** Written with an initial capital (wherever it stands): a name when the title and the lead both do so. */
  capitalized: boolean
}

export function normalizeArabic(text: string): string {
  return text
    .replace(/[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/gu, '')
    .replace(/[\u0622\u0623\u0625\u0671]/gu, '\u0627')
    .replace(/\u0649/gu, '\u064a')
    .replace(/\u0629/gu, '\u0647')
}

function fold(word: string): string {
  const lower = word.toLowerCase()
  if (/^[\x00-\x7f]*$/.test(lower)) return lower
  return FOLDABLE.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC') : lower
}

/**
 * English irregular verb forms that news headlines use for an event's action, as their base form ("dies", "died" and
 * "dying" are one word; the suffix rules alone gave "dy", "died" and "dying"), before the suffix rules run on it.
 */
const IRREGULAR_EN = new Map(Object.entries({
  died: 'die', dies: 'die', dying: 'die', said: 'say', won: 'win', rose: 'rise', risen: 'rise', fell: 'fall',
  fallen: 'fall', sold: 'sell', bought: 'buy', struck: 'strike', paid: 'pay', sank: 'sink', sunk: 'sink', grew: 'grow',
  grown: 'grow', began: 'begin', begun: 'begin', took: 'take', taken: 'take', gave: 'give', given: 'give', met: 'meet',
  told: 'tell', spoke: 'speak', spoken: 'speak', stole: 'steal', stolen: 'steal', shot: 'shoot', fought: 'fight',
  caught: 'catch', brought: 'bring', held: 'hold', fled: 'flee', swore: 'swear', sworn: 'swear', wrote: 'write',
  written: 'write', broke: 'break', broken: 'break', chose: 'choose', chosen: 'choose', drove: 'drive', driven: 'drive',
  froze: 'freeze', frozen: 'freeze', sought: 'seek', spent: 'spend', lost: 'lose', sent: 'send', built: 'build',
  hid: 'hide', hidden: 'hide', withdrew: 'withdraw', withdrawn: 'withdraw', overtook: 'overtake', overtaken: 'overtake',
}))

/** A light English suffix stripper: plural, -ed, -ing, final e. Consistent rather than linguistically right. */
function stemEnglish(w: string): string {
  w = IRREGULAR_EN.get(w) ?? w
  if (/\d/.test(w) || w.length <= 3) return w
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3)
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2)
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1)
  return w
}

function stem(w: string, language: string | null): string {
  if (language === 'en') return stemEnglish(w)
  if ((language === 'es' || language === 'fr' || language === 'pt') && w.length > 4 && w.endsWith('s') && !/\d/.test(w)) return w.slice(0, -1)
  return w
}

/** True when most words of a title are capitalized ("Nvidia Unveils New Chips"): its capitals then mark nothing. */
export function isTitleCase(text: string): boolean {
  const words = [...text.matchAll(/[\p{L}][\p{L}\p{M}'’]*/gu)].map((m) => m[0]).filter((w) => w.length > 3)
  if (words.length < 3) return false
  return words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length >= 0.6
}

/** What a word is, wherever it stands: null for a word that is no token (a stopword, a single letter). */
interface WordShape {
  /** A run of Han, kana or Hangul: its tokens are its character bigrams. */
  cjk: boolean
  surface: string
  term: string
  hasDigit: boolean
  capitalized: boolean
  /** Written in capitals or camel case: NVIDIA, GTC; SpaceX, OpenAI, iPhone. */
  shaped: boolean
}

function wordShape(raw: string, language: string | null, stopwords: ReadonlySet<string>): WordShape | null {
  if (CJK.test(raw)) return { cjk: true, surface: raw, term: raw, hasDigit: false, capitalized: false, shaped: false }
  // a figure with a unit glued on ($40bn, 25bp, 5km) is the figure
  const surface = /^\p{N}+(?:[.,]\p{N}+)*\p{L}{1,3}$/u.test(raw) ? fold(raw.replace(/\p{L}+$/u, '')) : fold(raw)
  if (stopwords.has(surface)) return null
  const hasDigit = /\p{N}/u.test(raw)
  if (!hasDigit && Array.from(surface).length < 2) return null
  return {
    cjk: false, surface, term: stem(surface, language), hasDigit, capitalized: /^\p{Lu}/u.test(raw),
    shaped: /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(raw) || /\p{Ll}\p{Lu}/u.test(raw),
  }
}

/**
 * Word shapes already worked out, per language (stopwords and stemming depend on it): news repeats its words, and
 * the half-dozen Unicode-class regular expressions a new word costs were most of tokenizing. A pure function's
 * memo, so results never depend on it; emptied when full, so it holds at most MAX_SHAPES words per language (a few
 * MB). Only words shorter than MEMO_WORD_LENGTH are kept: V8 cuts a longer match out of its text as a view of the
 * whole text, and a memo key that is such a view would keep a 6,000-character article alive.
 */
const SHAPES = new Map<string | null, Map<string, WordShape | null>>()
const MAX_SHAPES = 20_000
/** Words at least this long are not memoized: V8 cuts a string of 13+ characters out of its text as a view of it. */
export const MEMO_WORD_LENGTH = 13
const MAX_LANGUAGES = 32

/**
 * The significant tokens of a text, in order. `capsMarkNames` false ignores initial capitals (Title Case titles);
 * all-caps words and numbers are strong regardless.
 */
export function tokenize(text: string, language: string | null, capsMarkNames = true): Token[] {
  const normalized = normalizeArabic(text.normalize('NFKC'))
  const stopwords = (language !== null ? STOPWORD_SETS.get(language) : undefined) ?? ALL_STOPWORDS
  let shapes = SHAPES.get(language)
  if (shapes === undefined) {
    if (SHAPES.size >= MAX_LANGUAGES) SHAPES.clear() // language codes come from feeds: never let them pile up
    SHAPES.set(language, shapes = new Map())
  }
  const out: Token[] = []
  for (const m of normalized.matchAll(TOKEN)) {
    const raw = m[0]
    let shape = raw.length < MEMO_WORD_LENGTH ? shapes.get(raw) : wordShape(raw, language, stopwords)
    if (shape === undefined) {
      if (shapes.size >= MAX_SHAPES) shapes.clear()
      shapes.set(raw, shape = wordShape(raw, language, stopwords))
    }
    if (shape === null) continue
    if (shape.cjk) {
      for (const b of bigrams(raw)) out.push({ surface: b, term: b, strong: false, capitalized: false })
      continue
    }
    const midSentence = m.index > 0 && !breaksBefore(normalized, m.index)
    const named = shape.shaped || (capsMarkNames && midSentence && shape.capitalized)
    out.push({ surface: shape.surface, term: shape.term, strong: shape.hasDigit || named, capitalized: shape.capitalized })
  }
  return out
}

/**
 * Capitalized but identifying nothing: acronyms too common to count, and English days and months (shared by
 * unrelated stories of the same day).
 */
const GENERIC_NAMES = new Set(['ceo', 'cfo', 'coo', 'gdp', 'ipo', 'covid', 'monday', 'tuesday', 'wednesday',
  'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june', 'july',
  'august', 'september', 'october', 'november', 'december'])

/**
 * Whether a strong token can identify an event: names of 3+ characters except generic acronyms (AI, US, CEO are too
 * common to count), numbers with a decimal or thousands separator or 3+ digits (7.1, 46,096, 259) except years.
 */
export function isSpecificName(surface: string): boolean {
  if (/^\p{N}/u.test(surface)) {
    if (/^(19|20)\d\d$/.test(surface) || /^0+$/.test(surface)) return false
    return /[.,]/.test(surface) || surface.length >= 3
  }
  return Array.from(surface).length >= 3 && !GENERIC_NAMES.has(surface)
}

/** A name as compared: plural or possessive "s" dropped (Cybertrucks / Cybertruck), the same in every language. */
export function nameForm(surface: string): string {
  return surface.length > 3 && surface.endsWith('s') && !/^\p{N}/u.test(surface) ? surface.slice(0, -1) : surface
}
