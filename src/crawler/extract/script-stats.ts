/**
 * Counts letters per writing system, by code-point range (no per-character regex: this runs on every article and must
 * stay in the microseconds). Used to decide the language from the script when the script alone is conclusive (kana →
 * Japanese, Hangul → Korean, Arabic letters → Arabic), to catch a declared language the text contradicts, and to weigh
 * text length across scripts (one Han character carries about as much as three Latin letters).
 * Digits, punctuation, symbols and combining marks are not letters and are not counted.
 */

export interface ScriptCounts {
  latin: number
  /** Han ideographs (CJK Unified, extensions, compatibility) and the iteration mark 々. */
  han: number
  /** Hiragana, katakana (full and half width). */
  kana: number
  hangul: number
  arabic: number
  /** Arabic-script letters used by Persian, Urdu, Pashto or Kurdish but not by Arabic (پ چ ژ گ ک ی ٹ ڈ ڑ ں ے ھ ہ …). */
  arabicNonArabic: number
  cyrillic: number
  greek: number
  hebrew: number
  thai: number
  devanagari: number
  /** Other alphabetic scripts (Armenian, Georgian, Ethiopic, other Indic and South-East Asian scripts). */
  other: number
  /** All of the above except arabicNonArabic (already counted in arabic). */
  letters: number
}

export type ScriptGroup = 'latin' | 'cjk' | 'hangul' | 'arabic' | 'cyrillic' | 'greek' | 'hebrew' | 'thai' | 'devanagari' | 'other'

const NON_ARABIC_LETTERS = new Set([
  0x067e, 0x0686, 0x0698, 0x06af, 0x06a9, 0x06cc, 0x0679, 0x0688, 0x0691, 0x06ba, 0x06d2, 0x06be, 0x06c1, 0x06c3,
  0x0695, 0x06b5, 0x06ce, 0x06d5, 0x06c6, 0x067c, 0x0681, 0x0685, 0x0689, 0x0693, 0x069a, 0x06ab, 0x06bc, 0x06cd,
])

export function emptyCounts(): ScriptCounts {
  return {
    latin: 0, han: 0, kana: 0, hangul: 0, arabic: 0, arabicNonArabic: 0, cyrillic: 0, greek: 0, hebrew: 0, thai: 0,
    devanagari: 0, other: 0, letters: 0,
  }
}

/** Letters per script in the first `maxChars` UTF-16 units of `text`. */
export function countScripts(text: string, maxChars = Number.POSITIVE_INFINITY): ScriptCounts {
  const c = emptyCounts()
  const n = Math.min(text.length, maxChars)
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i)
    if (cp < 0x80) {
      if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a)) c.latin++
      continue
    }
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00)
      i++
    }
    if (cp < 0x0250) {
      if (cp >= 0xc0 && cp !== 0xd7 && cp !== 0xf7) c.latin++
    } else if (cp >= 0x1e00 && cp <= 0x1eff) c.latin++
    else if ((cp >= 0x0370 && cp <= 0x03ff) || (cp >= 0x1f00 && cp <= 0x1fff)) c.greek++
    else if (cp >= 0x0400 && cp <= 0x052f) c.cyrillic++
    else if (cp >= 0x0591 && cp <= 0x05f4) { if (cp >= 0x05d0) c.hebrew++ }
    else if ((cp >= 0x0620 && cp <= 0x064a) || (cp >= 0x066e && cp <= 0x06d3) || (cp >= 0x06fa && cp <= 0x06ff) ||
      (cp >= 0x0750 && cp <= 0x077f) || (cp >= 0x08a0 && cp <= 0x08ff) || (cp >= 0xfb50 && cp <= 0xfdff) ||
      (cp >= 0xfe70 && cp <= 0xfefc)) {
      c.arabic++
      if (NON_ARABIC_LETTERS.has(cp)) c.arabicNonArabic++
    } else if (cp >= 0x0900 && cp <= 0x097f) { if (cp >= 0x0904 && cp <= 0x0939) c.devanagari++ }
    else if (cp >= 0x0e01 && cp <= 0x0e30) c.thai++
    else if ((cp >= 0x3041 && cp <= 0x30ff && cp !== 0x30fb) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9d)) c.kana++
    else if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0x20000 && cp <= 0x3134f) || cp === 0x3005) c.han++
    else if ((cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3131 && cp <= 0x318e)) c.hangul++
    else if ((cp >= 0x0531 && cp <= 0x058f) || (cp >= 0x0980 && cp <= 0x0dff) || (cp >= 0x0e81 && cp <= 0x0fff) ||
      (cp >= 0x10a0 && cp <= 0x10ff) || (cp >= 0x1200 && cp <= 0x137f) || (cp >= 0x1780 && cp <= 0x17ff)) c.other++
  }
  c.letters = c.latin + c.han + c.kana + c.hangul + c.arabic + c.cyrillic + c.greek + c.hebrew + c.thai + c.devanagari + c.other
  return c
}

/**
 * Text length in "Latin-letter equivalents": Han and kana count 3, Hangul 2, everything else 1. Lets one minimum length
 * serve every language (500 Japanese characters are a full article; 500 English ones are two paragraphs).
 */
export function weightedLength(text: string): number {
  const c = countScripts(text)
  return text.length + 2 * (c.han + c.kana) + c.hangul
}
