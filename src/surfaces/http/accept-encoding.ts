import type { Coding } from './compress.ts'

/** The encoding to send: brotli when acceptable, else gzip, else the body as it is. */
export type EncodingChoice = Coding | 'identity'

const memo = new Map<string, EncodingChoice>()
/** Clients send few distinct Accept-Encoding values; beyond this many the memo starts over (attackers vary it). */
const MEMO_LIMIT = 256

function parse(header: string): EncodingChoice {
  let br = -1
  let gzip = -1
  let star = -1
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    let q = 1
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)
      if (m) q = Number(m[1])
    }
    const coding = name.trim().toLowerCase()
    if (coding === 'br') br = q
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q
    else if (coding === '*') star = q
  }
  // RFC 9110 §12.5.3: `*` stands for every coding not named; q=0 means "not acceptable".
  if (br < 0) br = star
  if (gzip < 0) gzip = star
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  if (br > 0) return 'br'
  return 'identity'
}

/**
 * Which stored encoding answers this Accept-Encoding. The server prefers br on a tie (smaller); a client that
 * ranks gzip higher gets gzip. Identity is always sent when nothing else fits: a 406 would help nobody.
 */
export function chooseEncoding(header: string | undefined): EncodingChoice {
  if (!header) return 'identity'
  let choice = memo.get(header)
  if (choice === undefined) {
    choice = parse(header)
    if (memo.size >= MEMO_LIMIT) memo.clear()
    memo.set(header, choice)
  }
  return choice
}
