/**
 * Stage 6: the topic of a story. A weighted keyword model (vocabulary.ts, in the nine languages) read as a naive
 * Bayes-style log-linear score: each matched term adds its weight times a sublinear count (title words count double) to
 * its topic's log-odds, and the publisher's main topic adds a prior the text has to overcome. Scores are the resulting
 * probabilities (softmax); confidence is the winner's. Deterministic; no training step, no network.
 */
import type { Language } from '../../domain/languages.ts'
import { isLanguage } from '../../domain/languages.ts'
import { TOPICS, type Topic } from '../../domain/topics.ts'
import { evidenceText } from './evidence-text.ts'
import { countTerms, type Term } from './matcher.ts'

export interface CategorizeInput {
  title: string
  /** Plain text (lead, teaser or full article). */
  text: string
  /** The publisher's main topic (publisher directory); null when unknown. */
  publisherTopic: Topic | null
  /** The article's language ('en', 'pt-BR', …); anything else is read with the English vocabulary. */
  lang: Language | string | null
}

export interface Categorization {
  topic: Topic
  /** The winning topic's probability, 0–1. */
  confidence: number
  /** Probability per topic (sums to 1), rounded to 4 decimals. */
  scores: Record<Topic, number>
}

/** Log-odds the publisher's main topic starts with. Text evidence (term weight units) must exceed it to move a story. */
export const PUBLISHER_PRIOR = 2.5
/** Title terms count this many times. */
export const TITLE_WEIGHT = 2
/** Only the first part of a long text is read: the lead says what a story is about; the tail wanders. */
export const TEXT_CHARS = 3000
/** Topic when there is neither text evidence nor a publisher topic. */
export const DEFAULT_TOPIC: Topic = 'business'

export interface Evidence {
  /** Text evidence per topic, in term weight units. */
  byTopic: Record<Topic, number>
  /** The terms that matched, best first (for explanations and tuning). */
  terms: { term: Term, count: number, contribution: number }[]
}

function languageOf(lang: CategorizeInput['lang']): Language {
  const code = typeof lang === 'string' ? lang.trim().slice(0, 2).toLowerCase() : ''
  return isLanguage(code) ? code : 'en'
}

const zero = (): Record<Topic, number> => Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>

/** The text's evidence for each topic, before the publisher prior. */
export function textEvidence(title: string, text: string, lang: CategorizeInput['lang']): Evidence {
  const language = languageOf(lang)
  const inTitle = countTerms(title, language)
  const inText = countTerms(text.slice(0, TEXT_CHARS), language)
  const merged = new Map<number, { term: Term, count: number }>()
  for (const [id, h] of inTitle) merged.set(id, { term: h.term, count: TITLE_WEIGHT * h.count })
  for (const [id, h] of inText) {
    const m = merged.get(id)
    if (m) m.count += h.count
    else merged.set(id, { ...h })
  }
  const byTopic = zero()
  const terms: Evidence['terms'] = []
  for (const { term, count } of merged.values()) {
    // Sublinear in the count: the fifth "bank" says less than the first.
    const contribution = term.weight * Math.log2(1 + count)
    byTopic[term.topic] += contribution
    terms.push({ term, count, contribution })
  }
  terms.sort((a, b) => b.contribution - a.contribution || a.term.id - b.term.id)
  return { byTopic, terms }
}

export function categorize(input: CategorizeInput): Categorization {
  const { byTopic } = textEvidence(input.title, input.text, input.lang)
  const logits = TOPICS.map((t) => byTopic[t] + (t === input.publisherTopic ? PUBLISHER_PRIOR : 0))
  const max = Math.max(...logits)
  const exp = logits.map((l) => Math.exp(l - max))
  const total = exp.reduce((a, x) => a + x, 0)
  const scores = zero()
  TOPICS.forEach((t, i) => { scores[t] = Math.round((exp[i]! / total) * 1e4) / 1e4 })

  const noEvidence = TOPICS.every((t) => byTopic[t] === 0)
  if (noEvidence && input.publisherTopic === null) {
    return { topic: DEFAULT_TOPIC, confidence: scores[DEFAULT_TOPIC], scores }
  }
  // Ties go to the publisher's topic, then to the first in the topic order.
  let best = input.publisherTopic ?? TOPICS[0]
  let bestLogit = Number.NEGATIVE_INFINITY
  TOPICS.forEach((t, i) => {
    if (logits[i]! > bestLogit || (logits[i] === bestLogit && t === input.publisherTopic)) {
      best = t
      bestLogit = logits[i]!
    }
  })
  return { topic: best, confidence: scores[best], scores }
}

export interface StoryArticle {
  title: string
  text: string
  lang: Language | string | null
  /** Its publisher's main topic. */
  publisherTopic: Topic | null
}

/**
 * One article's text evidence as a story reads it (names and attribution removed): a pure function of its title, text
 * and language, so a caller may compute it once per article (`ArticleEvidence`). Shared between calls: never mutated.
 */
export function storyArticleEvidence(a: Pick<StoryArticle, 'title' | 'text' | 'lang'>): Readonly<Record<Topic, number>> {
  const text = a.text.slice(0, TEXT_CHARS)
  const language = typeof a.lang === 'string' ? a.lang.slice(0, 2) : null
  return textEvidence(evidenceText(a.title, language, `${a.title}\n${text}`), evidenceText(text, language), a.lang).byTopic
}

/** How `categorizeStory` obtains an article's evidence; the default computes it. */
export type ArticleEvidence = (a: StoryArticle) => Readonly<Record<Topic, number>>

/**
 * The topic of a story from all its articles: each article's text evidence (names and attribution removed:
 * evidence-text.ts) averaged over the articles, so one outlet's wording cannot decide alone and a story's topic does
 * not depend on which outlet came first; the publisher prior split among the articles' publishers the same way.
 * Ties go to the first article's publisher's topic.
 */
export function categorizeStory(articles: StoryArticle[], evidence: ArticleEvidence = storyArticleEvidence): Categorization {
  if (articles.length === 0) return categorize({ title: '', text: '', publisherTopic: null, lang: null })
  const byTopic = zero()
  const prior = zero()
  for (const a of articles) {
    const ev = evidence(a)
    for (const t of TOPICS) byTopic[t] += ev[t] / articles.length
    if (a.publisherTopic) prior[a.publisherTopic] += PUBLISHER_PRIOR / articles.length
  }
  const first = articles[0]!.publisherTopic
  const logits = TOPICS.map((t) => byTopic[t] + prior[t])
  const max = Math.max(...logits)
  const exp = logits.map((l) => Math.exp(l - max))
  const total = exp.reduce((a, x) => a + x, 0)
  const scores = zero()
  TOPICS.forEach((t, i) => { scores[t] = Math.round((exp[i]! / total) * 1e4) / 1e4 })
  if (logits.every((l) => l === 0)) return { topic: DEFAULT_TOPIC, confidence: scores[DEFAULT_TOPIC], scores }
  let best: Topic = first ?? TOPICS[0]
  let bestLogit = Number.NEGATIVE_INFINITY
  TOPICS.forEach((t, i) => {
    if (logits[i]! > bestLogit || (logits[i] === bestLogit && t === first)) {
      best = t
      bestLogit = logits[i]!
    }
  })
  return { topic: best, confidence: scores[best], scores }
}
