/**
 * The text the injection screen reads: one spelling per word, whatever the publisher typed. The sentence arrives with
 * controls and zero-width characters stripped, NFKC-normalized (full-width letters and compatibility forms folded)
 * and its whitespace collapsed; here it is lower-cased and three disguises are undone:
 *   - confusables: Cyrillic and Greek letters that look Latin ("Аssistаnt" with Cyrillic а) become their Latin
 *     look-alikes, in words that mix them with Latin letters, or everywhere when the sentence is mostly Latin;
 *   - leetspeak: in a token that mixes letters and digits, the digits that stand for letters become them
 *     ("1gn0r3 y0ur rul3s" → "ignore your rules");
 *   - small spelling variants the cue lexicons would otherwise list twice: Turkish dotless ı and the dot İ leaves when
 *     lower-cased, circumflexes (zekâ, plaît), Arabic short-vowel marks, curly apostrophes.
 * Base64 runs are decoded separately (decodeBase64Runs) so the decoded words are screened too.
 * Every step is skipped, at the cost of one test, when the sentence has nothing for it to do.
 */

/** Cyrillic and Greek letters (lower case) that are drawn like a Latin letter. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ү: 'y',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
}
const HAS_CONFUSABLE_SCRIPT = /[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f]/u
const CONFUSABLE = /[авеёкмнорстухіїјѕԁԛԝһүαβεηικνορτυχϲ]/gu
const LATIN = /[a-z]/g
const CYRILLIC_OR_GREEK = /[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f]/gu

/** Digits (and `$`) that leetspeak writes for letters. */
const LEET: Readonly<Record<string, string>> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', $: 's' }
const LETTER_BESIDE_DIGIT = /\p{L}[0-9$]|[0-9$]\p{L}/u
const MIXED_TOKEN = /[\p{L}\p{N}$'-]*(?:\p{L}[0-9$]|[0-9$]\p{L})[\p{L}\p{N}$'-]*/gu

const SPELLING = /[ıâîûʼ’‘\u0307\u064b-\u065f\u0670]/u
const SPELLING_ALL = /[ıâîûʼ’‘\u0307\u064b-\u065f\u0670]/gu
const SPELLING_MAP: Readonly<Record<string, string>> = { ı: 'i', â: 'a', î: 'i', û: 'u', ʼ: "'", '’': "'", '‘': "'" }

/** The screen's reading of a cleaned sentence (see the module comment). */
export function foldForScreen(text: string): string {
  let s = text.toLowerCase()
  if (SPELLING.test(s)) s = s.replace(SPELLING_ALL, (c) => SPELLING_MAP[c] ?? '')
  if (HAS_CONFUSABLE_SCRIPT.test(s)) s = foldConfusables(s)
  if (LETTER_BESIDE_DIGIT.test(s)) s = s.replace(MIXED_TOKEN, (t) => t.replace(/[013457$]/g, (d) => LEET[d] ?? d))
  return s
}

function foldConfusables(s: string): string {
  const latin = s.match(LATIN)?.length ?? 0
  const other = s.match(CYRILLIC_OR_GREEK)?.length ?? 0
  // A mostly Latin sentence: every look-alike is a disguise. Otherwise (Russian, Greek text) only words that also
  // hold Latin letters are.
  if (latin > other) return s.replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c)
  if (latin === 0) return s
  return s.replace(/[\p{L}\p{M}]+/gu, (w) => (/[a-z]/.test(w) ? w.replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c) : w))
}

/** A run long enough to carry a sentence, in the standard or URL-safe base64 alphabet. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{20,}={0,2}/g
const MAYBE_BASE64 = /[A-Za-z0-9+/_-]{20}/

/**
 * The sentence with each base64 run that decodes to readable UTF-8 text replaced by that text, or null when it has
 * none (the common case: one failed test). A run that decodes to bytes that are not text (a hash, a path, an id) is
 * left alone.
 */
export function decodeBase64Runs(text: string): string | null {
  if (!MAYBE_BASE64.test(text)) return null
  let decodedAny = false
  const out = text.replace(BASE64_RUN, (run) => {
    const decoded = decodeText(run)
    if (decoded === null) return run
    decodedAny = true
    return decoded
  })
  return decodedAny ? out : null
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

function decodeText(run: string): string | null {
  // Letters alone (a long word, a slug) are not worth decoding; base64 of text mixes cases or digits.
  if (!/[A-Z]/.test(run) || !/[a-z0-9]/.test(run)) return null
  let decoded: string
  try {
    decoded = UTF8.decode(Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64'))
  } catch {
    return null
  }
  // Text: no controls, some spaces or CJK, mostly letters.
  if (decoded.length < 8 || /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd]/.test(decoded)) return null
  const letters = decoded.match(/\p{L}/gu)?.length ?? 0
  if (letters < decoded.length * 0.6 || !/[\s\u3000-\u9fff\uac00-\ud7af]/.test(decoded)) return null
  return decoded
}
