/**
 * Two marks of page layout that must not reach a summary or a card: the section labels explainers and newsletters
 * put before a paragraph ("Why it matters:", "The big picture:", "Driving the news:", or one of our own card headings,
 * "Background:"), and the endings of a clipped feed teaser ("…", "[…]", "Read more", "Continue reading").
 * A label is cut off the sentence (what follows it is the publisher's sentence); a clipped sentence is never quoted.
 */
import { HEADINGS } from './headings.ts'

/** Section labels of newsletters and explainers (English; the nine languages' card headings are added below). */
export const SECTION_LABELS: readonly string[] = [
  'why it matters', 'why this matters', 'the big picture', 'big picture', 'between the lines', 'go deeper', 'driving the news',
  "what's next", 'what to watch', "what we're watching", 'the bottom line', 'bottom line', 'by the numbers', 'yes, but',
  'zoom in', 'zoom out', 'the intrigue', 'state of play', 'catch up quick', 'flashback', 'reality check', 'the other side',
  'our thought bubble', 'thought bubble', "what they're saying", 'the backstory', 'backstory', 'context', 'be smart',
  'key quote', 'the latest', 'what happened', 'details', 'the details', 'background', 'worth noting', 'why now', 'the stakes',
  'the impact', 'for the record', 'the takeaway', 'key takeaways', 'takeaway', 'the gist', 'in brief', 'tl;dr',
  'what it means', 'what this means', 'the news', 'the scoop', 'situational awareness', "editor's note", 'update',
  'key points', 'highlights', 'the numbers', "what's new", 'what is next', 'what comes next', 'the backdrop', 'of note',
]

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/'/gu, "['’]")
const LABELS = [...new Set([...SECTION_LABELS, ...Object.values(HEADINGS).flatMap((h) => Object.values(h)).map((h) => h.toLowerCase())])]
  .sort((a, b) => b.length - a.length)
/** A label, a colon, then what the publisher wrote (or nothing: a label on a line of its own). */
const LEADING_LABEL = new RegExp(`^(?:${LABELS.map(escape).join('|')})\\s*[:：]\\s*`, 'iu')
/** A label at the start of a text or right after a sentence ends. */
const ANY_LABEL = new RegExp(`(?:^|[.!?。]["”’»)]?\\s+)(?:${LABELS.map(escape).join('|')})\\s*[:：]`, 'iu')

/** The sentence without a leading section label ("Why it matters: Rates…" → "Rates…"); the rest is still a quotation. */
export function stripLabel(sentence: string): string {
  const m = LEADING_LABEL.exec(sentence)
  return m ? sentence.slice(m[0].length) : sentence
}

/** Whether a text carries a section label at its start or at the start of one of its sentences. */
export const hasLabel = (text: string): boolean => ANY_LABEL.test(text.replace(/\s+/gu, ' ').trim())

/**
 * A clipped ending: "…", "...", "[…]" or "[...]", or a "Read more" / "Continue reading" / "Keep reading" / "Read the full
 * story" link text, with any closing quotes, brackets or arrows after it.
 */
export const CLIPPED = /(\u2026|\.\.\.|\[\s*(\u2026|\.\.\.)\s*\])[\s"”’»)\]›→]*$|\b(read more|continue reading|keep reading|read the full (story|article)|full story)[\s.:!"”’»)\]›→]*$/iu

/** Whether a sentence ends clipped. */
export const isClipped = (sentence: string): boolean => CLIPPED.test(sentence)

/** Where a clause ends inside a sentence: a comma, semicolon, colon or dash before a space (、 and ， in CJK text). */
const CLAUSE_END = /(?:[,;:]|\s[-–—])\s|[、，；]/gu

/**
 * What opens an English sentence with a phrase or subordinate clause before its main one ("With millions on the road
 * this weekend, …", "After the vote, …", "Citing weaker demand, …"): cut at its first comma, such a sentence leaves
 * that phrase alone, which is not a sentence. Participles are listed, not matched by "-ing": "Boeing said…".
 */
const INTRODUCED: Partial<Record<string, RegExp>> = {
  en: /^(?:with|without|as|after|before|while|when|whenever|if|unless|until|once|although|though|because|since|despite|amid|amidst|following|whether|according to|citing|facing|capping|marking|seeking|hoping|speaking|responding|asked)\b/iu,
}

/**
 * A clipped sentence trimmed back to its last complete clause and closed with a full stop ("Acme will cut 300 jobs in
 * Ohio, blaming weaker…" → "Acme will cut 300 jobs in Ohio."), so a feed's teaser still says what it can without its
 * cut; null when no clause of at least `minWords` words (characters for Japanese) ends before the cut, or when all
 * that ends before it is an English sentence's opening phrase (`INTRODUCED`). A sentence that is whole once its
 * "Read more" is taken off is returned whole.
 */
export function unclip(sentence: string, minWords: number, lang: string): string | null {
  const bare = sentence.replace(CLIPPED, '').trimEnd()
  if (/[.!?。！？؟]["”’»」』)]?$/u.test(bare) && !/\.\.$/u.test(bare)) return bare.length > 0 ? bare : null
  let end = -1
  let ends = 0
  for (const m of bare.matchAll(CLAUSE_END)) {
    end = m.index
    ends++
  }
  if (end <= 0 || (ends === 1 && INTRODUCED[lang.slice(0, 2)]?.test(bare))) return null
  const head = bare.slice(0, end).trimEnd()
  const size = lang === 'ja' ? [...head].length : head.split(/\s+/u).length
  return size >= minWords ? `${head}${lang === 'ja' ? '。' : '.'}` : null
}
