/**
 * Article titles as headlines: the publisher's own branding taken off ("… - Reuters", "… | Acme Daily", "Acme: …"),
 * wire prefixes too ("UPDATE 2-", "BREAKING:"), nothing else changed.
 */

const WIRES = new Set(['reuters', 'ap', 'afp', 'bloomberg', 'associated press', 'ap news', 'dpa', 'efe', 'europa press',
  'ansa', 'kyodo', 'yonhap', 'xinhua', 'bbc', 'bbc news', 'cnn', 'cnbc', 'ft', 'financial times', 'wsj', 'axios'])

const PREFIX = /^(UPDATE\s*\d*\s*[-–:]|BREAKING( NEWS)?\s*[:\-–]|LIVE( UPDATES)?\s*[:\-–]|WATCH\s*[:\-–]|VIDEO\s*[:\-–]|PODCAST\s*[:\-–])\s*/u

/** Separators after which a tail may be the site name; '|', '::' and '·' almost always introduce one. */
const STRONG = [' | ', ' || ', ' :: ', ' · ', ' ｜ ']
const WEAK = [' - ', ' – ', ' — ', ' -- ']

const key = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

function isBrand(part: string, publisher: string): boolean {
  const k = key(part)
  if (k === '') return true
  const p = key(publisher)
  // The publisher's name, a part of it ("Operator" for "The Operator"), or it with a word or two ("The Operator Weekly").
  if (p !== '' && (k === p || (k.length >= 4 && p.includes(k)) || (k.includes(p) && k.length <= p.length + 12))) return true
  if (/\.(com|org|net|co|io|news|de|fr|es|it|pt|jp|kr|uk)\b/iu.test(part) && wordCount(part) <= 3) return true
  return WIRES.has(part.trim().toLowerCase())
}

const wordCount = (s: string): number => s.trim().split(/\s+/u).length

function lastSeparator(t: string): { at: number, text: string } | null {
  let best: { at: number, text: string } | null = null
  for (const text of [...STRONG, ...WEAK]) {
    const at = t.lastIndexOf(text)
    if (at > 0 && (best === null || at > best.at || (at === best.at && text.length > best.text.length))) best = { at, text }
  }
  return best
}

/** A title cleaned of publisher suffixes/prefixes; returns the input (collapsed) when cleaning would leave too little. */
export function cleanTitle(title: string, publisher: string): string {
  let t = title.replace(/\s+/gu, ' ').trim().replace(PREFIX, '')
  // Peel tails off from the end while the last one is branding: "Title | Section | Site".
  for (;;) {
    const sep = lastSeparator(t)
    if (sep === null) break
    const head = t.slice(0, sep.at).trim()
    const tail = t.slice(sep.at + sep.text.length).trim()
    if (head.length < 12) break
    if (!isBrand(tail, publisher) && !(STRONG.includes(sep.text) && wordCount(tail) <= 5)) break
    t = head
  }
  // "Acme Daily: Title" / "Acme Daily | Title"
  const lead = /^([^:|]{2,60})\s*[:|]\s+(.{12,})$/u.exec(t)
  if (lead && key(lead[1]!) === key(publisher)) t = lead[2]!
  return t.trim()
}
