/**
 * Character-level helpers shared by the tokenizer and the lexicon, so a message and a lexicon phrase are read
 * the same way: the same normalization, the same idea of which script a character belongs to, the same folding.
 */

/**
 * How words are delimited. `alpha` covers Latin (and Greek, Cyrillic…) letters and digits: space-separated words.
 * `cjk` (Han, Hiragana, Katakana) has no spaces, so it is segmented against the lexicon. `hangul` is spaced but
 * glues case particles onto words. `arabic` is spaced and folds letter variants.
 */
export type Script = 'alpha' | 'cjk' | 'hangul' | 'arabic'

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/u
const HANGUL = /\p{Script=Hangul}/u
const ARABIC = /\p{Script=Arabic}/u
const HIRAGANA = /\p{Script=Hiragana}/u
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u

export function scriptOf(ch: string): Script {
  if (CJK.test(ch)) return 'cjk'
  if (HANGUL.test(ch)) return 'hangul'
  if (ARABIC.test(ch)) return 'arabic'
  return 'alpha'
}

export const isHiragana = (ch: string) => HIRAGANA.test(ch)
export const isKana = (ch: string) => KANA.test(ch)

/**
 * NFKC (full-width letters and digits, half-width katakana) plus the digits NFKC leaves alone: Arabic-Indic
 * and Persian digits, so "أهم ٥ أخبار" has a limit of 5. Zero-width characters would split words invisibly.
 */
export function prepare(text: string): string {
  return text.normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(KANJI_COUNT, (numeral) => String(kanjiNumber(numeral)))
}

const KANJI_DIGITS = '一二三四五六七八九'
/** A kanji numeral written right before a Japanese counter ("五件", "十本"): only there, so 三菱 stays a name. */
const KANJI_COUNT = /(?<!\p{Script=Han})(?:[一二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九])(?=[件本個つ選])/gu

function kanjiNumber(numeral: string): number {
  const ten = numeral.indexOf('十')
  if (ten < 0) return KANJI_DIGITS.indexOf(numeral) + 1
  const tens = ten === 0 ? 1 : KANJI_DIGITS.indexOf(numeral[0]!) + 1
  const ones = ten === numeral.length - 1 ? 0 : KANJI_DIGITS.indexOf(numeral[ten + 1]!) + 1
  return tens * 10 + ones
}

/** Lower case with the typographic apostrophe made plain; accents kept (they tell Portuguese from Spanish). */
export function lowerWord(word: string): string {
  return word.toLowerCase().replace(/[’ʼ]/g, "'")
}

// Short vowels, tanween, shadda, sukun, superscript alef, and the tatweel used to stretch words.
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g

/**
 * The form lexicon lookups compare: no case, no accents (people type "economia" for "economía"), and for Arabic
 * the hamza-carrying alefs, alef maqsura and ta marbuta written the way people type them without care.
 * Japanese and Korean are only lower-cased: decomposing kana would turn ガ into カ.
 */
export function fold(word: string, script: Script): string {
  const lower = lowerWord(word)
  if (script === 'alpha') return lower.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').normalize('NFC')
  if (script === 'arabic') {
    return lower.replace(ARABIC_MARKS, '').replace(/[أإآٱ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه')
  }
  return lower
}

/**
 * Spellings a lexicon phrase may be written in: the word itself, and for spaced scripts the forms people inflect
 * it into that the lexicon does not list one by one — a plural -s/-es ("startups", "businesses") and, in Arabic,
 * the conjunction و ("and") and the article ال (with the prepositions written onto it) glued to the front, and the
 * pronoun "your" (ك, كم) glued to the end.
 */
export function variants(form: string, script: Script): string[] {
  const out = [form]
  if (script === 'alpha') {
    if (form.length >= 4 && form.endsWith('s') && !form.endsWith('ss')) out.push(form.slice(0, -1))
    if (form.length >= 5 && form.endsWith('es')) out.push(form.slice(0, -2))
  } else if (script === 'arabic') {
    if (form.startsWith('و') && form.length > 3) out.push(form.slice(1))
    // The article and the prepositions written onto it: "المستجدات", "بالأخبار", "للتسويق".
    const article = /^(?:و?(?:ال|بال|لل|كال))/u.exec(form)
    if (article && form.length - article[0].length >= 3) out.push(form.slice(article[0].length))
    // "مصادرك" (your sources), "وظيفتك" (your job, its ة written ت before the suffix).
    const suffix = /(?:كم|ك)$/u.exec(form)
    if (suffix && form.length - suffix[0].length >= 3) {
      const stem = form.slice(0, -suffix[0].length)
      out.push(stem, ...(stem.endsWith('ت') ? [`${stem.slice(0, -1)}ه`, `${stem.slice(0, -1)}ة`] : []))
    }
  }
  return out
}
