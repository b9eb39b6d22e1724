/**
 * `x-markdown-tokens`: an estimate of the body's token count for context-window sizing. Loading a real BPE
 * tokenizer costs tens of MB of memory, so this counts by script instead, with rates fitted to the o200k_base
 * tokenizer on our own pages in all 9 languages (test/e2e/markdown-tokens.test.ts keeps every page within 20 %;
 * decision 0044): a Latin-script word costs a token per 9 letters (common words are one token), digits
 * one per 3, Han and kana 0.8 per character, Hangul one per 1.5 syllables, Arabic one per 3.5 letters, and
 * punctuation one per 3 characters.
 */

const SEGMENTS = /(\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana})|(\p{Script=Hangul}+)|(\p{Script=Arabic}+)|([\p{L}\p{M}]+)|(\p{N}+)|(\s+)|([^\s\p{L}\p{M}\p{N}]+)/gu

export function estimateTokens(text: string): number {
  let tokens = 0
  for (const m of text.matchAll(SEGMENTS)) {
    if (m[1]) tokens += 0.8
    else if (m[2]) tokens += Math.ceil(m[2].length / 1.5)
    else if (m[3]) tokens += Math.ceil(m[3].length / 3.5)
    else if (m[4]) tokens += Math.ceil(m[4].length / 9)
    else if (m[5]) tokens += Math.ceil(m[5].length / 3)
    else if (m[6]) tokens += m[6].includes('\n') ? 1 : 0
    else if (m[7]) tokens += Math.ceil(m[7].length / 3)
  }
  return Math.round(tokens)
}
