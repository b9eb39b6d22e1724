/**
 * Which ranked sentences become the summary and which the cards (extractive.ts ranks them). The summary opens with the
 * lead article's best sentence, then adds the best-ranked sentences that state something new: never a sentence that
 * restates one already chosen (sentence-facts.ts: the same content words or the same key figure), nor one whose content
 * the chosen ones already carry. Cards take the best of the rest under the same rule (a figure of the summary may come
 * back in a card that says more about it), each under the heading its sentence earns (headings.ts).
 */
import type { Language } from '../../domain/languages.ts'
import { HEADINGS, THEME_ORDER, themeOf, type Theme } from './headings.ts'
import { conflicts, restates, sameContentWords, type SentenceFacts } from './sentence-facts.ts'
import { capitalizesNames } from './sentences.ts'
import { cosine, terms, type TermVector } from './terms.ts'
import type { PreparedSentence } from './extractive.ts'

/** A prepared sentence at work in one summary: the cluster-dependent parts (position, weights, score) are its own. */
export interface Sentence {
  readonly prepared: PreparedSentence
  text: string
  /** Index into the working articles. */
  article: number
  /** Order among the article's kept sentences. */
  position: number
  terms: readonly string[]
  /** Its facts (the prepared sentence's) and distinct content words, as sentence-facts.ts compares them. */
  readonly facts: SentenceFacts
  readonly words: readonly string[]
  weighted: TermVector
  eligible: boolean
  score: number
}

export interface SummaryCard {
  heading: string
  body: string
}

/**
 * Upper bound of the summary paragraph, in characters; CJK text carries more per character. 750 (about 105 English
 * words, the length of a news editor's event summary) was fitted on half the real-news events: 600 → 675 → 750 → 825
 * gave ROUGE-2 0.154 → 0.162 → 0.169 → 0.169 there (docs/summaries.md). The LLM's summary may run to 900.
 */
export const SUMMARY_MAX_CHARS: Record<Language, number> = {
  en: 750, es: 750, fr: 750, de: 750, it: 750, pt: 750, ja: 375, ko: 440, ar: 750,
}
export const CARD_MAX_CHARS: Record<Language, number> = {
  en: 420, es: 420, fr: 420, de: 420, it: 420, pt: 420, ja: 220, ko: 260, ar: 420,
}
export const MAX_CARDS = 5
export const MIN_CARDS = 3
/**
 * A text of this many usable sentences or fewer is all summary (no card); a longer one's summary may take this many
 * whatever the cards need, and more only while MIN_CARDS sentences are left for them.
 */
export const WHOLE_TEXT_SENTENCES = 3
/** A text of this many sentences or more (its articles' together, exact repeats once) promises cards (issue 25). */
export const CARDS_TEXT_SENTENCES = 6

export const joiner = (lang: Language): string => (lang === 'ja' ? '' : ' ')

/** Reading order: articles in the order their best sentence ranks, each article's sentences as they were written. */
export function readingOrder(sentences: Sentence[], rank: Map<number, number>): Sentence[] {
  const firstSeen = new Map<number, number>()
  sentences.forEach((s, i) => { if (!firstSeen.has(s.article)) firstSeen.set(s.article, i) })
  return [...sentences].sort((a, b) =>
    firstSeen.get(a.article)! - firstSeen.get(b.article)! || rank.get(a.article)! - rank.get(b.article)! || a.position - b.position)
}

const REDUNDANT = 0.5
const COVERED = 0.6
const COVERED_TERMS = 0.65
const LOOSE_REDUNDANT = 0.6
const LOOSE_COVERED = 0.8
/** Cosine above which two sentences are one sentence reworded. */
const NEAR_REPEAT = 0.8

/**
 * Whether `s` adds little to `chosen`: close to one of them (cosine), or most of its weighted content terms already
 * appear in them together (how two outlets word the same fact: "agreed to acquire X for $1.2 billion" / "is buying X
 * for $1.2 billion in cash"). `loose` only rejects near-repeats: used to find a third card in a short text whose
 * remaining sentences elaborate on the summary.
 */
function isRedundant(s: Sentence, chosen: readonly Sentence[], seen: ReadonlySet<string>, loose = false): boolean {
  const near = loose ? LOOSE_REDUNDANT : REDUNDANT
  if (chosen.some((p) => cosine(p.weighted, s.weighted) >= near)) return true
  let total = 0
  let covered = 0
  let count = 0
  for (const [t, w] of s.weighted) {
    total += w
    if (seen.has(t)) {
      covered += w
      count++
    }
  }
  if (total === 0) return false
  const share = count / s.weighted.size
  if (loose) return covered / total >= LOOSE_COVERED
  // Weighted, so rare terms count more; unweighted too, because in a cluster the shared facts are the common terms.
  if (covered / total >= COVERED || share >= COVERED_TERMS) return true
  // Figures anchor facts: a sentence whose every figure was already given, and half its terms, restates a fact.
  const figures = [...s.weighted.keys()].filter((t) => /^\d/u.test(t))
  return figures.length > 0 && figures.every((t) => seen.has(t)) && share >= 0.5
}

const QUOTE_OPENING = /^["“„«»‘'「『]/u

/**
 * The summary's sentences, in the order chosen: the lead article's best first, then by rank among those that add a
 * fact, while they fit the paragraph; at most four, and beyond three only while three sentences are left for cards.
 * A text of three sentences or fewer is all summary: a news article's first three sentences are its own summary
 * (lead-3 is the baseline summarizers are measured against), and a one-sentence card beside a two-sentence summary
 * told a reader of the summary alone less.
 */
export function pickSummary(pool: readonly Sentence[], lead: number, lang: Language, most = 4): Sentence[] {
  // Picked one at a time, a lede is judged only against what came before it: ranked ahead of the sentences that carry
  // its names, it gets in and the summary tells the event twice. Judged again against the whole summary, a lede that
  // retells the event gives its place to the next sentence (at most MAX_PASSED_OVER times, one lede left out each).
  const passedOver = new Set<Sentence>()
  for (;;) {
    const picked = pickInRankOrder(pool, lead, lang, most, passedOver)
    const retold = picked.slice(1).reverse().find((s) => {
      const others = picked.filter((p) => p !== s)
      return retellsTheEvent(s, others, new Set(others.flatMap((p) => p.terms)), lang)
    })
    if (retold === undefined || passedOver.size >= MAX_PASSED_OVER) return picked
    passedOver.add(retold)
  }
}

const MAX_PASSED_OVER = 3

function pickInRankOrder(pool: readonly Sentence[], lead: number, lang: Language, most: number, passedOver: ReadonlySet<Sentence>): Sentence[] {
  const n = pool.length
  const max = Math.min(most, n <= WHOLE_TEXT_SENTENCES ? n : Math.max(WHOLE_TEXT_SENTENCES, n - MIN_CARDS))
  const limit = SUMMARY_MAX_CHARS[lang]
  // The lead's best sentence, unless it is a quotation and the lead has another: a summary opens on what happened.
  const own = pool.filter((s) => s.article === lead)
  const first = own.find((s) => !QUOTE_OPENING.test(s.text) && !s.prepared.leans) ?? own.find((s) => !QUOTE_OPENING.test(s.text)) ?? own[0] ?? pool[0]
  if (first === undefined || max === 0) return []
  const picked: Sentence[] = [first]
  const seen = new Set<string>(first.terms)
  let chars = first.text.length
  for (const s of pool) {
    if (picked.length >= max) break
    const extra = s.text.length + joiner(lang).length
    if (s === first || passedOver.has(s) || chars + extra > limit) continue
    if (picked.some((p) => restates(p, s)) || isRedundant(s, picked, seen) || retellsTheEvent(s, picked, seen, lang)) continue
    // "“…,” he added." only right after the sentence that says who he is (an article's sentences are read together).
    if (s.prepared.leans && !picked.some((p) => p.article === s.article && p.position === s.position - 1)) continue
    picked.push(s)
    for (const t of s.terms) seen.add(t)
    chars += extra
  }
  return picked
}

/**
 * Another article's opening sentence (its lede) tells the event the summary opened on, in that outlet's words
 * ("President Biden on Wednesday signed an executive order intended to improve US cybersecurity…" after "President
 * Biden signed an executive order Wednesday boosting America's cyber defenses…"): it is quoted only when it brings a
 * figure or a name the chosen sentences do not have. In `eval:summaries` this changed 47 of 278 summaries (three
 * ledes of one recall election's qualifying became one, and the threshold of signatures came in); ROUGE-2 0.171 →
 * 0.173, 0.166 → 0.167 on the half rules are chosen on and 0.177 → 0.179 on the other. Only where names are capitalized.
 */
function retellsTheEvent(s: Sentence, picked: readonly Sentence[], seen: ReadonlySet<string>, lang: Language): boolean {
  if (s.position !== 0 || picked.some((p) => p.article === s.article) || !capitalizesNames(lang)) return false
  if (s.terms.some((t) => /^\p{N}/u.test(t) && !seen.has(t))) return false
  const said = picked.map((p) => p.text).join(' ')
  // Capitalized words after the first: names, or in German any noun (there the rule keeps the sentence). A name is
  // said already in another of its forms too, as the summary's terms meet ("Russian" after "Russia": terms.ts).
  return s.text.split(/\s+/u).slice(1).every((w) => {
    if (!/^\p{Lu}/u.test(w)) return true
    if (said.includes(w.replace(/[^\p{L}\p{N}]+$/u, ''))) return true
    const forms = terms(w, lang)
    return forms.length > 0 && forms.every((t) => seen.has(t))
  })
}

interface Draft {
  theme: Theme
  sentences: Sentence[]
  score: number
}

/**
 * 0–5 cards from the sentences left after the summary (ranked best first). A card never restates the summary or another
 * card (same content words), never gives another value of a figure the summary gives (sentence-facts.ts `conflicts`),
 * and prefers sentences that add new content; when fewer than three do, sentences that only elaborate on what is said
 * (loosely redundant) and then any distinct one fill the three.
 */
export function pickCards(rest: readonly Sentence[], summary: readonly Sentence[], rank: Map<number, number>, lang: Language): SummaryCard[] {
  rest = rest.filter((s) => s.text.length <= CARD_MAX_CHARS[lang] &&
    !summary.some((p) => conflicts(p, s)))
  const candidates: Sentence[] = []
  const chosen = [...summary]
  const seen = new Set(summary.flatMap((s) => s.terms))
  const repeats = (s: Sentence) => chosen.some((p) => sameContentWords(p, s))
  for (const pass of ['strict', 'loose', 'distinct'] as const) {
    if (pass !== 'strict' && candidates.length >= MIN_CARDS) break
    for (const s of rest) {
      if (candidates.length >= 10) break
      // A card is read on its own: "“…,” he added." or a quotation without its speaker only to make up three.
      if (candidates.includes(s) || repeats(s) || (pass !== 'distinct' && (s.prepared.leans || s.prepared.unattributed))) continue
      if (pass === 'distinct' ? chosen.some((p) => cosine(p.weighted, s.weighted) >= NEAR_REPEAT) : isRedundant(s, chosen, seen, pass === 'loose')) continue
      candidates.push(s)
      chosen.push(s)
      for (const t of s.terms) seen.add(t)
    }
  }
  const drafts: Draft[] = []
  const spare: Sentence[] = []
  for (const s of candidates) {
    const theme = themeOf(s.text, lang, s.position <= 1)
    const same = drafts.find((d) => d.theme === theme)
    if (same || drafts.length >= MAX_CARDS) spare.push(s)
    else drafts.push({ theme, sentences: [s], score: s.score })
  }
  // Fewer than three themes: the best remaining sentences become neutral "Details" / "More details" / "Also" cards.
  for (const fallback of ['details', 'more', 'also'] as const) {
    if (drafts.length >= MIN_CARDS || spare.length === 0 || drafts.some((d) => d.theme === fallback)) continue
    const s = spare.shift()!
    drafts.push({ theme: fallback, sentences: [s], score: s.score })
  }
  // Cards four and five only when they are worth reading next to the first three.
  const best = drafts.reduce((m, d) => Math.max(m, d.score), 0)
  const kept = drafts.filter((d, i) => i < MIN_CARDS || d.score >= 0.4 * best)
  // A second sentence for a card from the spare ones of the same theme, while the card stays short.
  for (const d of kept) {
    const i = spare.findIndex((s) => d.theme === themeOf(s.text, lang, s.position <= 1))
    const s = spare[i]
    if (s === undefined) continue
    const length = d.sentences[0]!.text.length + s.text.length + 1
    if (length <= CARD_MAX_CHARS[lang]) {
      d.sentences.push(s)
      spare.splice(i, 1)
    }
  }
  return kept
    .sort((a, b) => THEME_ORDER.indexOf(a.theme) - THEME_ORDER.indexOf(b.theme))
    .map((d) => ({
      heading: HEADINGS[d.theme][lang],
      body: readingOrder(d.sentences, rank).map((s) => s.text).join(joiner(lang)),
    }))
}
