/**
 * Stage 5, default path: an extractive summary of a story (one article or a cluster of them). Deterministic: the same
 * articles give the same headline, summary and cards, byte for byte. It never writes a word of its own except the card
 * headings, which come from a fixed, translated list chosen by what the card's sentence visibly contains
 * (see headings.ts); every sentence of the summary and of the cards is a sentence of a source article, trimmed.
 *
 * The story's lead article (story-lead.ts: the most complete, or the update of an older report) gives the headline
 * and the summary's first sentence; its link is the story's. Sentences a later report superseded (another value of a
 * figure, a day named for "no date set") are never quoted, so the newest figure is the one stated.
 *
 * How sentences are ranked: lead position in their article, centrality (TF-IDF cosine with the cluster's centroid, each
 * article weighted equally), overlap with the titles, and — for clusters — support, the share of the other articles that
 * carry the sentence's content terms, and phrase support, the share of its phrases (adjacent content terms) they use
 * too (docs/summaries.md says how the weights were compared); times a length factor, with penalties for questions and
 * sentences that open on a pronoun ("It said…"). Boilerplate (newsletter prompts, "Read more", copyright, photo
 * credits, bylines, a feed's "first published" footer) is dropped, wire datelines ("LONDON (Reuters) -") and section
 * labels ("Why it matters:") are cut off first, and a sentence clipped by a feed ("…", "[…]", "Read more", or a
 * text's last sentence stopping on "U.S." or "Mr.") is never quoted. Which ranked sentences make the summary and the
 * cards, each fact once: picks.ts.
 *
 * Thin sources: a story whose text has six sentences or more gets 3–5 cards (issue 25), but a card must say something
 * the summary does not, and the source is all there is. With 6 or more sentences the summary leaves at least three
 * behind, or gives its last ones back (down to two) when three cards take them, so there are 3–5 cards unless the
 * remaining sentences only repeat the summary (several outlets wording the same fact). A shorter text is summary first
 * (three sentences or fewer: all of them as the summary and no card; four or five: a 3-sentence summary and the rest
 * as a card or two). Cards are never padded with repeats of the summary or with invented text: callers get `[]` and
 * store no cards.
 */
import { isLanguage, type Language } from '../../domain/languages.ts'
import { byNumber } from '../../util/order.ts'
import { isBoilerplate, isFeedFooter, stripDateline } from './boilerplate.ts'
import { cleanTitle } from './headline.ts'
import { isClipped, stripLabel, unclip } from './labels.ts'
import { CARDS_TEXT_SENTENCES, joiner, MIN_CARDS, pickCards, pickSummary, readingOrder, SUMMARY_MAX_CHARS, type Sentence, type SummaryCard } from './picks.ts'
import { contentWords, sentenceFacts, type SentenceFacts } from './sentence-facts.ts'
import { endsOnAbbreviation, splitSentences } from './sentences.ts'
import { chooseLead, supersededSentences } from './story-lead.ts'
import { cosine, terms, vectorOf, type TermVector } from './terms.ts'

export { CARD_MAX_CHARS, MAX_CARDS, MIN_CARDS, SUMMARY_MAX_CHARS, type SummaryCard } from './picks.ts'

export interface SourceArticle {
  title: string
  /** Plain text; paragraphs separated by line breaks. May be just a teaser. */
  text: string
  publisher: string
  /** ISO 8601, or null when unknown. */
  publishedAt: string | null
  /** The article's language ('en', 'pt-BR', …); null means the story's language. */
  lang: string | null
}

export interface ExtractiveInput {
  /** One article, or every article of a cluster. */
  articles: readonly SourceArticle[]
  /** The language to summarize in: only articles in this language are quoted (see `lang` in the result). */
  lang: Language
}

export interface ExtractiveSummary {
  headline: string
  /** One paragraph of 1–4 source sentences (2–4 whenever the source has two usable ones); null when there is no text. */
  summary: string | null
  /** 0–5 cards; 3–5 when the source has 6 or more usable sentences that do not merely repeat the summary. */
  cards: SummaryCard[]
  /**
   * The language of headline, summary and cards: the requested one, unless no article is in it, in which case the
   * language most of the articles are in (nothing is translated here).
   */
  lang: Language
  /**
   * Index into the input's articles of the story's lead: the headline is its title, the summary opens with its
   * sentence, and the story cites it (link, title, publisher). Null when there is no article.
   */
  lead: number | null
}

/**
 * What one article contributes before it meets the others: a pure function of its title, text, publisher name and the
 * summary language, so a caller may compute it once per article and hand it in again on every rewrite of the article's
 * story (`PrepareArticle`). It is shared between calls, so nothing here is ever mutated.
 */
export interface PreparedArticle {
  readonly title: string
  readonly titleTerms: readonly string[]
  readonly sentences: readonly PreparedSentence[]
  readonly termSet: ReadonlySet<string>
  /** Every phrase (`phrases`) of its title and sentences. */
  readonly phraseSet: ReadonlySet<string>
}

export interface PreparedSentence {
  readonly text: string
  readonly terms: readonly string[]
  /** Its distinct phrases: pairs of adjacent content terms ("hate crime", "crime bill"). */
  readonly phrases: readonly string[]
  /** `comparable(text)`: the key exact repeats across articles are found by. */
  readonly key: string
  /** Good length, complete (not cut off with "…"), ends like a sentence. */
  readonly eligible: boolean
  /**
   * Ends as a clipped teaser does ("…", "[…]", "Read more") with no complete clause to trim it back to: never quoted,
   * even when nothing else is left.
   */
  readonly clipped: boolean
  /** Figures, an unset or a coming date, forecast, past: what tells a superseded or restated fact (sentence-facts.ts). */
  readonly facts: SentenceFacts
  /** The score's factors that depend on the sentence alone, applied in this order. */
  readonly lengthFactor: number
  readonly question: boolean
  readonly dangling: boolean
  /** Its subject or speaker is a pronoun ("It felt…", "“…,” she added."): an earlier sentence of its article says who. */
  readonly leans: boolean
  /** A quotation without its speaker ("“We will appeal.”"): fine after the sentence that names them, not as a card. */
  readonly unattributed: boolean
}

/** How `summarizeExtractive` obtains an article's prepared form; the default computes it. */
export type PrepareArticle = (article: SourceArticle, lang: Language) => PreparedArticle

interface Working {
  article: SourceArticle
  title: string
  titleTerms: readonly string[]
  sentences: Sentence[]
  termSet: ReadonlySet<string>
  phraseSet: ReadonlySet<string>
}

function articleLanguage(a: SourceArticle, fallback: Language): Language {
  const code = a.lang?.trim().slice(0, 2).toLowerCase()
  return isLanguage(code) ? code : fallback
}

/** The articles to quote and the language they are in. */
function pickArticles(input: ExtractiveInput): { lang: Language, articles: SourceArticle[] } {
  const same = input.articles.filter((a) => articleLanguage(a, input.lang) === input.lang)
  if (same.length > 0 || input.articles.length === 0) return { lang: input.lang, articles: same }
  const counts = new Map<Language, number>()
  for (const a of input.articles) counts.set(articleLanguage(a, input.lang), (counts.get(articleLanguage(a, input.lang)) ?? 0) + 1)
  const lang = [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]![0]
  return { lang, articles: input.articles.filter((a) => articleLanguage(a, input.lang) === lang) }
}

const comparable = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

export function summarizeExtractive(input: ExtractiveInput, prepare: PrepareArticle = prepareArticle): ExtractiveSummary {
  const { lang, articles } = pickArticles(input)
  const work = articles.map((article, i) => working(article, prepare(article, lang), i))

  // Exact repeats (syndicated wire copy) are kept once, and count as support for the copy that is kept.
  const seen = new Map<string, Sentence>()
  const repeats = new Map<Sentence, number>()
  for (const w of work) {
    w.sentences = w.sentences.filter((s) => {
      const k = s.prepared.key
      const first = seen.get(k)
      if (first) {
        repeats.set(first, (repeats.get(first) ?? 0) + 1)
        return false
      }
      seen.set(k, s)
      return true
    })
    w.sentences.forEach((s, i) => { s.position = i })
  }

  const all = work.flatMap((w) => w.sentences)
  const idf = inverseFrequencies([...all.map((s) => s.terms), ...work.map((w) => w.titleTerms)])
  const weigh = (list: readonly string[]): TermVector => {
    const v = vectorOf(list)
    for (const [t, n] of v) v.set(t, n * (idf.get(t) ?? 0))
    return v
  }
  for (const s of all) s.weighted = weigh(s.terms)

  const centroid: TermVector = new Map()
  for (const w of work) {
    const v = weigh([...w.sentences.flatMap((s) => s.terms), ...w.titleTerms, ...w.titleTerms])
    const norm = Math.sqrt([...v.values()].reduce((a, x) => a + x * x, 0)) || 1
    for (const [t, x] of v) centroid.set(t, (centroid.get(t) ?? 0) + x / norm)
  }

  const times = work.map((w) => (w.article.publishedAt ? Date.parse(w.article.publishedAt) : Number.NaN))
  const candidates = work.map((w, i) => ({ ...w, time: times[i]! }))
  const superseded = supersededSentences(candidates)
  const lead = chooseLead(candidates, centroid, superseded)
  const order = [lead, ...articleOrder(work, weigh, centroid).filter((i) => i !== lead)]
  const titles = work.filter((w) => w.titleTerms.length > 0).map((w) => {
    const set = new Set(w.titleTerms)
    return { set, mass: [...set].reduce((a, t) => a + (idf.get(t) ?? 0), 0) || 1 }
  })
  const ctx: ScoreContext = { work, centroid, titles, idf, lang }

  for (const s of all) s.score = scoreSentence(s, ctx, repeats.get(s) ?? 0)

  const rank = new Map(order.map((articleIndex, r) => [articleIndex, r]))
  const byScore = (a: Sentence, b: Sentence): number =>
    b.score - a.score || rank.get(a.article)! - rank.get(b.article)! || a.position - b.position
  const quotable = all.filter((s) => !superseded.has(s) && !s.prepared.clipped)
  let pool = quotable.filter((s) => s.eligible).sort(byScore)
  // A teaser of fragments: better a short summary of what there is than none (but nothing clipped or cut).
  if (pool.length === 0) pool = quotable.filter((s) => s.text.length <= SUMMARY_MAX_CHARS[lang]).sort(byScore)

  // A text of six sentences or more (one that promises cards) gets three when it has the sentences for them: a shorter
  // summary (never under two sentences) gives some back when that is what three cards take, or what one card takes
  // when it would have none. A shorter text keeps its summary: the lists, search and agents read the summary alone,
  // and a five-sentence article's third sentence tells them more there than as a third card (`eval:summaries --
  // --by-size`, ROUGE-2 on the even / odd halves: one article of an event 0.142 / 0.150 → 0.143 / 0.150, two
  // 0.157 / 0.164 → 0.158 / 0.167; docs/summaries.md).
  let summarySentences = pickSummary(pool, lead, lang)
  let cards = pickCards(pool.filter((s) => !summarySentences.includes(s)), summarySentences, rank, lang)
  const promisesCards = all.length >= CARDS_TEXT_SENTENCES
  for (let most = summarySentences.length - 1; promisesCards && cards.length < MIN_CARDS && most >= 2; most--) {
    const shorter = pickSummary(pool, lead, lang, most)
    const more = pickCards(pool.filter((s) => !shorter.includes(s)), shorter, rank, lang)
    if (more.length >= MIN_CARDS || (cards.length === 0 && more.length > 0)) {
      summarySentences = shorter
      cards = more
    }
  }
  const summary = summarySentences.length > 0
    ? readingOrder(summarySentences, rank).map((s) => s.text).join(joiner(lang))
    : null
  const headline = work[lead]?.title ?? ''

  return {
    headline: headline !== '' ? headline : fallbackHeadline(summarySentences[0]?.text ?? ''),
    summary,
    cards,
    lang,
    lead: work.length > 0 ? input.articles.indexOf(articles[lead]!) : null,
  }
}

/** An article's own part of the summary: its title, and its sentences split, cleaned, filtered and reduced to terms. */
export function prepareArticle(article: SourceArticle, lang: Language): PreparedArticle {
  const title = cleanTitle(article.title, article.publisher)
  const titleTerms = terms(title, lang)
  const titleKey = comparable(title)
  const titleVector = vectorOf(titleTerms)
  const sentences: PreparedSentence[] = []
  // A feed's "first published" footer goes before splitting: the title it quotes may split it into sentence-like parts.
  const body = article.text.split(/\r?\n/u).filter((paragraph) => !isFeedFooter(paragraph)).join('\n')
  const texts = splitSentences(body, lang).map((raw) => {
    const stripped = stripLabel(stripDateline(raw).trim()).trim()
    // A teaser's cut ("…", "[…]", "Read more") is trimmed back to the last complete clause, or the sentence is not quoted.
    return isClipped(stripped) ? unclip(stripped, limitsFor(lang).min, lang) ?? stripped : stripped
  })
  // The article's own last sentence: a feed's footer ("The post … appeared first on …") may follow it.
  let last = texts.length - 1
  while (last >= 0 && isBoilerplate(texts[last]!)) last--
  for (const [i, text] of texts.entries()) {
    // A text cut right after an abbreviation ("…said that U.S.") ends on a fragment that looks whole: never quoted,
    // and not trimmed back either (its last clause would say something else: "said that" is the point).
    const cut = i === last && endsOnAbbreviation(text, lang)
    if (isBoilerplate(text)) continue
    const list = terms(text, lang)
    if (list.length === 0) continue
    const key = comparable(text)
    // The title repeated as the first line of the text.
    if (key === titleKey || (titleTerms.length > 0 && cosine(vectorOf(list), titleVector) >= 0.9)) continue
    const clipped = cut || isClipped(text)
    sentences.push({
      text, terms: list, phrases: phrases(list), key, eligible: !clipped && isEligible(text, lang), clipped, facts: sentenceFacts(text, lang, list),
      lengthFactor: lengthFactor(text, lang), question: /[?？؟]["”’»」』)]?$/u.test(text), dangling: DANGLING[lang]?.test(text) ?? false,
      leans: LEANS[lang]?.test(text) ?? false, unattributed: UNATTRIBUTED.test(text),
    })
  }
  return {
    title, titleTerms, sentences, termSet: new Set([...titleTerms, ...sentences.flatMap((s) => s.terms)]),
    phraseSet: new Set([...phrases(titleTerms), ...sentences.flatMap((s) => s.phrases)]),
  }
}

/** Pairs of adjacent content terms, distinct: what outlets wording one fact alike share beyond single words. */
function phrases(list: readonly string[]): string[] {
  const out = new Set<string>()
  for (let i = 0; i + 1 < list.length; i++) out.add(`${list[i]} ${list[i + 1]}`)
  return [...out]
}

function working(article: SourceArticle, p: PreparedArticle, index: number): Working {
  const sentences = p.sentences.map((s, position): Sentence => ({
    prepared: s, text: s.text, article: index, position, terms: s.terms, facts: s.facts, words: contentWords(s.terms),
    weighted: new Map(), eligible: s.eligible, score: 0,
  }))
  return { article, title: p.title, titleTerms: p.titleTerms, sentences, termSet: p.termSet, phraseSet: p.phraseSet }
}

const TERMINATED = /[.!?。！？؟"”’»」』)）]$/u
const TRUNCATED = /(\u2026|\.\.\.|\[\s*(\u2026|\.\.\.)\s*\])\s*["”’»」』)]?$/u

/** Length in the unit that fits the script: characters for Japanese, words elsewhere. */
function units(text: string, lang: Language): number {
  return lang === 'ja' ? [...text].length : text.split(/\s+/u).length
}

const LIMITS: Record<'ja' | 'ko' | 'ar' | 'latin', { min: number, max: number, low: number, high: number }> = {
  ja: { min: 15, max: 200, low: 30, high: 120 },
  ko: { min: 4, max: 60, low: 7, high: 30 },
  ar: { min: 5, max: 70, low: 9, high: 40 },
  latin: { min: 6, max: 70, low: 11, high: 38 },
}
const limitsFor = (lang: Language) => (lang === 'ja' || lang === 'ko' || lang === 'ar' ? LIMITS[lang] : LIMITS.latin)

/**
 * A first word all in lower case ("ederal laws imposing…"): a page's drop cap lost in extraction, or a piece split off
 * a sentence. Brand names that start in lower case carry a capital inside ("iPhone", "eBay") and pass.
 */
const HEADLESS = /^\p{Ll}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u

function isEligible(text: string, lang: Language): boolean {
  const n = units(text, lang)
  const { min, max } = limitsFor(lang)
  return n >= min && n <= max && text.length <= 480 && TERMINATED.test(text) && !TRUNCATED.test(text) && !HEADLESS.test(text)
}

function lengthFactor(text: string, lang: Language): number {
  const n = units(text, lang)
  const { low, high } = limitsFor(lang)
  if (n < low) return 0.55 + 0.45 * (n / low)
  if (n > high) return Math.max(0.5, 1 - (n - high) / (high * 1.5))
  return 1
}

/** Openers that lean on a previous sentence: fine inside a paragraph, weak as the first line of a summary. */
const DANGLING: Partial<Record<Language, RegExp>> = {
  en: /^(he|she|it|they|this|that|these|those|but|however|also|and|meanwhile|still|yet|so|its|their|his|her)\b/iu,
  es: /^(él|ella|ellos|ellas|esto|eso|pero|sin embargo|además|también|su|sus)(?![\p{L}])/iu,
  fr: /^(il|elle|ils|elles|cela|ceci|mais|cependant|toutefois|aussi|son|sa|ses|leur)(?![\p{L}])/iu,
  de: /^(er|sie|es|dies|das|aber|jedoch|außerdem|auch|sein|ihr)(?![\p{L}])/iu,
  it: /^(lui|lei|loro|questo|ciò|ma|tuttavia|inoltre|anche|suo|sua|suoi)(?![\p{L}])/iu,
  pt: /^(ele|ela|eles|elas|isso|isto|mas|porém|no entanto|além disso|também|seu|sua)(?![\p{L}])/iu,
}

/** A quotation with no speaker at all: the whole sentence quoted, or a quote running on from the paragraph before. */
const UNATTRIBUTED = /^["“„«‘「『][^"”“»’」』]*(?:["”»’」』][.!?。！？]?)?$/u

/**
 * A subject named only by a pronoun ("It felt like a gut punch.", "That means 5 million people…") or a quotation whose
 * speaker is ("“…,” he added."): out of its paragraph a reader cannot tell who or what. English only: elsewhere the
 * subject is mostly carried by the verb.
 */
const LEANS: Partial<Record<Language, RegExp>> = {
  en: /^(?:he|she|they|his|her|their|it|its|this|that|these|those)\b|^[“"‘][^”"]*[”"’]\s*,?\s*(?:he|she|they) (?:said|says|added|adds|wrote|writes|told|tweeted|continued|noted|explained|argued|asked)\b|,\s*(?:he|she|they) (?:said|says|added|wrote)\.$/iu,
}

interface ScoreContext {
  work: Working[]
  centroid: TermVector
  /** Each title's distinct terms and their total IDF. */
  titles: { set: Set<string>, mass: number }[]
  idf: Map<string, number>
  lang: Language
}

function scoreSentence(s: Sentence, ctx: ScoreContext, repeats: number): number {
  const { work, idf } = ctx
  const weight = (t: string): number => idf.get(t) ?? 0
  const position = 1 / (1 + 0.45 * s.position)
  const central = cosine(s.weighted, ctx.centroid)
  const own = [...new Set(s.terms)]
  const mass = own.reduce((a, t) => a + weight(t), 0) || 1
  let title = 0
  for (const tt of ctx.titles) {
    let shared = 0
    for (const t of own) if (tt.set.has(t)) shared += weight(t)
    title = Math.max(title, shared / tt.mass)
  }
  let score: number
  if (work.length > 1) {
    // Support: how much of this sentence's content the other articles carry too.
    let support = 0
    for (const w of work) {
      if (w === work[s.article]) continue
      let shared = 0
      for (const t of own) if (w.termSet.has(t)) shared += weight(t)
      support += shared / mass
    }
    support = Math.min(1, (support + repeats) / (work.length - 1))
    // Phrase support: the share of its phrases the other articles carry too ("hate crimes bill" is stronger evidence
    // of the shared core than "hate", "crimes" and "bill" scattered over another article).
    const ownPhrases = s.prepared.phrases
    let phrased = repeats * ownPhrases.length
    for (const w of work) {
      if (w === work[s.article]) continue
      for (const p of ownPhrases) if (w.phraseSet.has(p)) phrased++
    }
    const phraseSupport = ownPhrases.length === 0 ? 0 : Math.min(1, phrased / (ownPhrases.length * (work.length - 1)))
    score = 0.2 * position + 0.2 * central + 0.1 * title + 0.3 * support + 0.2 * phraseSupport
  } else {
    score = 0.4 * position + 0.35 * central + 0.25 * title
  }
  score *= s.prepared.lengthFactor
  if (s.prepared.question) score *= 0.7
  if (s.prepared.dangling) score *= 0.85
  return score
}

function inverseFrequencies(docs: (readonly string[])[]): Map<string, number> {
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1)
  const n = docs.length
  const idf = new Map<string, number>()
  for (const [t, k] of df) idf.set(t, Math.log(1 + n / k))
  return idf
}

/** Articles best first: the title closest to the cluster's centroid, then the earliest, then input order. */
function articleOrder(work: Working[], weigh: (t: readonly string[]) => TermVector, centroid: TermVector): number[] {
  const key = work.map((w, i) => {
    const time = w.article.publishedAt ? Date.parse(w.article.publishedAt) : Number.NaN
    return { i, central: Math.round(cosine(weigh(w.titleTerms), centroid) * 1000), time: Number.isNaN(time) ? Infinity : time }
  })
  return key
    .sort((a, b) => b.central - a.central || byNumber(a.time, b.time) || a.i - b.i)
    .map((k) => k.i)
}

/** Text cut to `max` characters at a word boundary, marked with "…": a headline taken from the text. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const slice = text.slice(0, max - 1)
  const space = slice.lastIndexOf(' ')
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).replace(/[\s,;:.\-–—、，]+$/u, '')}\u2026`
}

/** No usable title: the first summary sentence, cut at a word boundary. */
function fallbackHeadline(text: string): string {
  return cut(text, 200)
}
