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
 * One pass over the characters (survey) says which steps have work; most sentences need none but lower-casing.
 */

import { ARABIC, CJK, CYRILLIC, LATIN, type Scripts } from './lexicon.ts'

/** Cyrillic and Greek letters (lower case) that are drawn like a Latin letter. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ү: 'y',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
}
const CONFUSABLE = /[авеёкмнорстухіїјѕԁԛԝһүαβεηικνορτυχϲ]/gu
const LATIN_LETTER = /[a-z]/g
const CYRILLIC_OR_GREEK = /[\u0370-\u052f]/gu

/** Digits (and `$`) that leetspeak writes for letters. */
const LEET: Readonly<Record<string, string>> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', $: 's' }
const TOKEN = /[\p{L}\p{N}$'-]+/gu
const MIXED = /[a-z][0-9$]|[0-9$][a-z]/


/** What a sentence holds that the screen must undo or read: found in one pass over its characters. */
export interface Survey {
  scripts: Scripts
  /** A spelling variant (ı, â, curly apostrophe, Arabic vowel marks). */
  spelling: boolean
  /** A Cyrillic or Greek letter (a possible look-alike). */
  confusable: boolean
  /** An ASCII letter beside a digit or `$` (possible leetspeak). */
  leet: boolean
  /** A run of 20 or more base64 characters with an upper-case letter in it. */
  base64: boolean
}

const SPELLING_VARIANT = /[ÂÎÛâîûİıʼ‘’\u0307\u064b-\u065f\u0670]/
const NOT_LATIN = /[\u0370-\u052f\u0600-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/
const DIGIT_BESIDE_LETTER = /[0-9$](?:(?<=[A-Za-z].)|(?=[A-Za-z]))/

/**
 * What the sentence holds that the screen must undo or read. The screen runs on every sentence, so each question is
 * one character-class scan (a few hundred nanoseconds together), and most sentences answer no to all.
 */
export function survey(text: string): Survey {
  const out: Survey = { scripts: LATIN, spelling: SPELLING_VARIANT.test(text), confusable: false, leet: DIGIT_BESIDE_LETTER.test(text), base64: hasBase64Run(text) }
  if (NOT_LATIN.test(text)) {
    out.confusable = /[\u0370-\u052f]/.test(text)
    if (/[\u0400-\u04ff]/.test(text)) out.scripts |= CYRILLIC
    if (/[\u0600-\u06ff]/.test(text)) out.scripts |= ARABIC
    if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(text)) out.scripts |= CJK
  }
  return out
}

/**
 * A run of 20 base64 characters with an upper-case letter: looked for only in space-free stretches that long, and
 * only when an upper-case letter follows a lower-case one or a digit (base64 of text always has one in 20).
 */
function hasBase64Run(text: string): boolean {
  if (!/[a-z0-9+/][A-Z]/.test(text)) return false
  for (let start = 0; start < text.length;) {
    const space = text.indexOf(' ', start)
    const end = space < 0 ? text.length : space
    if (end - start >= 20) {
      const chunk = text.slice(start, end)
      for (const m of chunk.matchAll(/[A-Za-z0-9+/_-]{20,}/g)) if (/[A-Z]/.test(m[0])) return true
    }
    start = end + 1
  }
  return false
}

/** The screen's reading of a cleaned sentence (see the module comment), given its survey. */
export function foldForScreen(text: string, found: Survey = survey(text)): string {
  let s = text.toLowerCase()
  if (found.spelling) s = s.replace(/[’‘ʼ]/g, "'").replace(/ı/g, 'i').replace(/[âîû\u0307\u064b-\u065f\u0670]/g, (c) => CIRCUMFLEX[c] ?? '')
  if (found.confusable) s = foldConfusables(s)
  if (found.leet) s = s.replace(TOKEN, (t) => (MIXED.test(t) ? t.replace(/[013457$]/g, (d) => LEET[d] ?? d) : t))
  return s
}
const CIRCUMFLEX: Readonly<Record<string, string>> = { â: 'a', î: 'i', û: 'u' }

function foldConfusables(s: string): string {
  if (!/[a-z]/.test(s)) return s
  const latin = s.match(LATIN_LETTER)?.length ?? 0
  const other = s.match(CYRILLIC_OR_GREEK)?.length ?? 0
  // A mostly Latin sentence: every look-alike is a disguise. Otherwise (Russian, Greek text) only words that also
  // hold Latin letters are.
  if (latin > other) return s.replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c)
  return s.replace(/[\p{L}\p{M}]+/gu, (w) => (/[a-z]/.test(w) ? w.replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c) : w))
}

/** A run long enough to carry a sentence, in the standard or URL-safe base64 alphabet. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{20,}={0,2}/g
/**
 * The sentence with each base64 run that decodes to readable UTF-8 text replaced by that text, or null when it has
 * none (call it only when the survey found a run). A run that decodes to bytes that are not text (a hash, a path, an
 * id) is left alone.
 */
export function decodeBase64Runs(text: string): string | null {
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
