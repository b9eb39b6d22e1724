/**
 * What a reader would object to in a story's text, as pure functions of the story (headline, summary, cards, source,
 * covered_by, original_url) and its articles. Each check is defined here once; `summaryChecks` runs them all.
 *
 * Sentences are split with the crawler's splitter (src/crawler/summarize/sentences.ts); content words are the
 * summarizer's terms (function words dropped, case and accents folded, words cut to a 6-letter stem, numbers left out).
 * Restating and superseding are the rules the summarizer itself follows (src/crawler/summarize/sentence-facts.ts), so
 * these checks measure whether it applies them, not a second opinion on where a fact ends.
 *
 * - restated fact: two summary sentences with the same content words (at least 60 % of the shorter one's distinct
 *   content words, and at least 3 of them, are in the other) or the same key figure (a percentage, an amount of money
 *   or a count of 10 or more, equal in value however written: "$1.2 billion" = "1.2bn").
 * - clipped ending: a sentence of the summary or of a card that ends with "…", "...", "[…]" / "[...]", or with "Read
 *   more", "Continue reading", "Keep reading", "Read the full story/article" (closing quotes, brackets, arrows after it
 *   allowed).
 * - label in a card: a card body, or a sentence in it, that starts with a section label ("Why it matters:", "The big
 *   picture:", "Driving the news:" … or any card heading of the nine languages) followed by a colon.
 * - own publisher in covered_by: the source's name appears among the covered_by names (case and spaces ignored).
 * - text allows cards: the story's articles in the text's language hold 6 or more distinct sentences that are not
 *   boilerplate; such a story should have 3–5 cards. Reported beside it: how many of them do not restate an earlier
 *   one (same content words), since two outlets' wordings of one fact make one card, not two.
 * - card repeat: a card sentence with the same content words as a summary sentence or another card's.
 * - lead mismatch: the headline is one article's title (cleaned) but not the title of the article at original_url, or
 *   the first summary sentence is not in that article's text. Unknown (null) when the headline or the sentence is in
 *   no article (an LLM wrote it).
 * - contradiction: a card sentence and a summary sentence where either supersedes the other (below), whatever their
 *   dates.
 * - stale sentence: a quoted sentence from an article when a later article supersedes it: on one subject (two shared
 *   content words), another value of the same kind of figure about the same thing (figures.ts `changedFigure`), or a
 *   coming day named for what the quoted sentence says has no date yet. Forecasts and background never count.
 */
import { isLanguage, type Language } from '../../src/domain/languages.ts'
import { isBoilerplate, stripDateline } from '../../src/crawler/summarize/boilerplate.ts'
import { cleanTitle } from '../../src/crawler/summarize/headline.ts'
import { hasLabel, isClipped } from '../../src/crawler/summarize/labels.ts'
import { sameContentWords as sameWords, shareKeyFigure, stated, supersedes as supersedesFacts } from '../../src/crawler/summarize/sentence-facts.ts'
import { endsOnAbbreviation, splitSentences } from '../../src/crawler/summarize/sentences.ts'

export interface CheckedStory {
  headline: string
  summary: string | null
  cards: readonly { heading: string | null; body: string | null }[] | null
  source: { name: string } | null
  covered_by: readonly { name: string; title?: string; url: string | null }[] | null
  original_url: string
}

export interface CheckedArticle {
  url: string
  title: string
  /** Plain text, paragraphs separated by line breaks. */
  text: string
  publisher: string
  /** ISO 8601, or null when unknown. */
  publishedAt: string | null
  /** The article's language; null or absent means the story's. */
  lang?: string | null
}

export interface SummaryCheckReport {
  /** The articles come from two or more publishers. */
  multiOutlet: boolean
  restatedFacts: { first: string; second: string; by: 'content' | 'figure' }[]
  clippedEndings: string[]
  labelsInCards: string[]
  labelsInSummary: string[]
  ownPublisherInCoveredBy: boolean
  /** Distinct non-boilerplate sentences of the articles in the text's language. */
  sentencesAvailable: number
  textAllowsCards: boolean
  /** Of those, the ones that do not restate an earlier one (same content words): what distinct cards can be made of. */
  distinctSentencesAvailable: number
  cardCount: number
  /** The text allows cards and there are not 3–5. */
  cardsOutOfRange: boolean
  /** The text allows cards and there are none. */
  noCards: boolean
  cardRepeats: { card: string; repeats: string }[]
  /** Null when the headline is no article's title (an LLM wrote it). */
  headlineNotFromLead: boolean | null
  /** Null when the first summary sentence is in no article. */
  firstSentenceNotFromLead: boolean | null
  contradictions: { card: string; summary: string }[]
  staleSentences: string[]
  /** How many articles the summary quotes (sentences found in their text). */
  summaryArticles: number
}

const flat = (s: string): string => s.replace(/\s+/gu, ' ').trim()
const comparable = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
/** Same content words: 60 % of the shorter sentence's (at least 3) are in the other. */
export const sameContentWords = (a: string, b: string, lang: Language): boolean => sameWords(stated(a, lang), stated(b, lang))

/** Both sentences state one key figure (same kind, same value). */
export const sharedKeyFigure = (a: string, b: string, lang: Language): boolean => shareKeyFigure(stated(a, lang), stated(b, lang))

/** Pairs of summary sentences that state one fact twice. */
export function restatedFacts(summary: string | null, lang: Language): SummaryCheckReport['restatedFacts'] {
  const sentences = summary ? splitSentences(summary, lang) : []
  const out: SummaryCheckReport['restatedFacts'] = []
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i + 1; j < sentences.length; j++) {
      const [a, b] = [sentences[i]!, sentences[j]!]
      if (sameContentWords(a, b, lang)) out.push({ first: a, second: b, by: 'content' })
      else if (sharedKeyFigure(a, b, lang)) out.push({ first: a, second: b, by: 'figure' })
    }
  }
  return out
}

/**
 * Sentences of the summary and cards that end clipped; with the story's articles, also an article's last sentence cut
 * right after an abbreviation ("…said that U.S.") quoted anywhere in them (it looks whole, so only its source tells).
 */
export function clippedEndings(story: Pick<CheckedStory, 'summary' | 'cards'>, lang: Language, articles: readonly Pick<CheckedArticle, 'text'>[] = []): string[] {
  const pieces = [story.summary ?? '', ...(story.cards ?? []).map((c) => c.body ?? '')].filter((p) => p.trim() !== '')
  const marked = pieces.flatMap((p) => {
    const clipped = splitSentences(p, lang).filter(isClipped)
    // The whole piece too, should the splitter have joined its cut ending to a sentence.
    return clipped.length === 0 && isClipped(flat(p)) ? [flat(p)] : clipped
  })
  const fragments = articles.map((a) => splitSentences(a.text, lang).at(-1) ?? '')
    .filter((last) => endsOnAbbreviation(last, lang) && pieces.some((p) => flat(p).includes(flat(last))))
  return [...marked, ...fragments]
}

/** The texts among `pieces` that carry a section label. */
export const labelled = (pieces: readonly string[]): string[] => pieces.filter(hasLabel)

/** The source's name appears again among covered_by. */
export function ownPublisherInCoveredBy(story: Pick<CheckedStory, 'source' | 'covered_by'>): boolean {
  const own = story.source ? comparable(story.source.name) : null
  return own !== null && (story.covered_by ?? []).some((c) => comparable(c.name) === own)
}

/** The language an article is in, given the story's. */
const articleLang = (a: CheckedArticle, lang: Language): string => a.lang?.trim().slice(0, 2).toLowerCase() || lang

/** Distinct non-boilerplate sentences of the articles in `lang`. */
export function sentencesAvailable(articles: readonly CheckedArticle[], lang: Language): number {
  const keys = new Set<string>()
  for (const a of articles) {
    if (articleLang(a, lang) !== lang) continue
    for (const raw of splitSentences(a.text, lang)) {
      const s = stripDateline(raw).trim()
      if (!isBoilerplate(s)) keys.add(comparable(s))
    }
  }
  keys.delete('')
  return keys.size
}

/** Sentences of the articles in `lang` (not boilerplate) that do not restate an earlier one (same content words). */
export function distinctSentencesAvailable(articles: readonly CheckedArticle[], lang: Language): number {
  const kept: ReturnType<typeof stated>[] = []
  for (const a of articles) {
    if (articleLang(a, lang) !== lang) continue
    for (const raw of splitSentences(a.text, lang)) {
      const s = stripDateline(raw).trim()
      if (isBoilerplate(s)) continue
      const x = stated(s, lang)
      if (x.words.length > 0 && !kept.some((k) => sameWords(k, x))) kept.push(x)
    }
  }
  return kept.length
}

/** Which article a quoted sentence comes from: the first whose text holds it. */
function articleOf(sentence: string, articles: readonly CheckedArticle[], flats: readonly string[]): CheckedArticle | undefined {
  const s = flat(sentence)
  const i = flats.findIndex((t) => t.includes(s))
  return i < 0 ? undefined : articles[i]
}

/** `newer` changes what `older` said: another value of a figure about the same thing, or a day for "no date set". */
export const supersedes = (newer: string, older: string, lang: Language): boolean =>
  supersedesFacts(stated(newer, lang), stated(older, lang))

const time = (a: CheckedArticle): number => (a.publishedAt ? Date.parse(a.publishedAt) : Number.NaN)

/** Every check of the module, for one story. `lang` is the language the story's text is in. */
export function summaryChecks(story: CheckedStory, articles: readonly CheckedArticle[], lang: Language = 'en'): SummaryCheckReport {
  if (!isLanguage(lang)) throw new Error(`summary-checks: unknown language ${String(lang)}`)
  const flats = articles.map((a) => flat(a.text))
  const cards = (story.cards ?? []).map((c) => c.body ?? '').filter((b) => b.trim() !== '')
  const summarySentences = story.summary ? splitSentences(story.summary, lang) : []
  const cardSentences = cards.map((c) => splitSentences(c, lang))

  const available = sentencesAvailable(articles, lang)
  const allows = available >= 6
  const lead = articles.find((a) => a.url === story.original_url)
  const titleKey = (a: CheckedArticle) => [comparable(cleanTitle(a.title, a.publisher)), comparable(a.title)]
  const headlineKey = comparable(story.headline)
  const fromTitle = articles.some((a) => titleKey(a).includes(headlineKey))
  const first = summarySentences[0]
  const firstFrom = first === undefined ? undefined : articleOf(first, articles, flats)

  const cardRepeats: SummaryCheckReport['cardRepeats'] = []
  cardSentences.forEach((list, i) => {
    const others = [...summarySentences, ...cardSentences.filter((_, j) => j !== i).flat()]
    for (const s of list) {
      const hit = others.find((o) => o !== s && sameContentWords(s, o, lang))
      if (hit && !cardRepeats.some((r) => r.card === hit && r.repeats === s)) cardRepeats.push({ card: s, repeats: hit })
    }
  })

  const contradictions: SummaryCheckReport['contradictions'] = []
  for (const c of cardSentences.flat()) {
    for (const s of summarySentences) if (supersedes(c, s, lang) || supersedes(s, c, lang)) contradictions.push({ card: c, summary: s })
  }

  const staleSentences: string[] = []
  for (const s of [...summarySentences, ...cardSentences.flat()]) {
    const from = articleOf(s, articles, flats)
    if (!from || Number.isNaN(time(from))) continue
    const later = articles.filter((a) => a !== from && time(a) > time(from) && articleLang(a, lang) === lang)
    if (later.some((a) => splitSentences(a.text, lang).some((t) => supersedes(t, s, lang)))) staleSentences.push(s)
  }

  const quoted = new Set(summarySentences.map((s) => articleOf(s, articles, flats)).filter((a) => a !== undefined))
  return {
    multiOutlet: new Set(articles.map((a) => comparable(a.publisher))).size > 1,
    restatedFacts: restatedFacts(story.summary, lang),
    clippedEndings: clippedEndings(story, lang, articles),
    labelsInCards: labelled(cards),
    labelsInSummary: labelled(story.summary ? [story.summary] : []),
    ownPublisherInCoveredBy: ownPublisherInCoveredBy(story),
    sentencesAvailable: available,
    textAllowsCards: allows,
    distinctSentencesAvailable: allows ? distinctSentencesAvailable(articles, lang) : available,
    cardCount: cards.length,
    cardsOutOfRange: allows && (cards.length < 3 || cards.length > 5),
    noCards: allows && cards.length === 0,
    cardRepeats,
    headlineNotFromLead: fromTitle ? !(lead !== undefined && titleKey(lead).includes(headlineKey)) : null,
    firstSentenceNotFromLead: firstFrom === undefined ? null : !(lead !== undefined && flat(lead.text).includes(flat(first!))),
    contradictions,
    staleSentences,
    summaryArticles: quoted.size,
  }
}
