/**
 * `x-markdown-tokens`: an estimate of the body's token count for context-window sizing. Loading a real BPE
 * tokenizer costs about 85 MB of memory, so this counts by script instead, with rates measured against the
 * o200k_base tokenizer on our own pages (test/e2e/markdown-tokens.test.ts keeps it within 20 % in every
 * language): Latin-script words cost one token per ~5 characters, kana and Han about one per character,
 * Hangul and Arabic a little more than one per two characters, and punctuation one each.
 */

const SEGMENTS = /(\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana})|(\p{Script=Hangul}+)|(\p{Script=Arabic}+)|([\p{L}\p{M}\p{N}]+)|(\s+)|([^\s\p{L}\p{M}\p{N}]+)/gu

export function estimateTokens(text: string): number {
  let tokens = 0
  for (const m of text.matchAll(SEGMENTS)) {
    if (m[1]) tokens += 1
    else if (m[2]) tokens += Math.ceil(m[2].length / 2)
    else if (m[3]) tokens += Math.ceil(m[3].length / 2.5)
    else if (m[4]) tokens += Math.ceil(m[4].length / 5)
    else if (m[5]) tokens += m[5].includes('\n') ? 1 : 0
    else if (m[6]) tokens += Math.ceil(m[6].length / 2)
  }
  return tokens
}
