import { isLanguage, type Language } from '../../domain/languages.ts'
import type { StorySnapshot, TranslationText } from '../../domain/story.ts'
import type { ArticleRecord, Publisher, SummaryState } from '../../domain/crawl-records.ts'
import { categorizeStory } from '../categorize/categorize.ts'
import type { LlmSummarizer } from '../llm/llm-summarizer.ts'
import { summarizeExtractive, type SourceArticle } from '../summarize/extractive.ts'
import { screenStoryText } from '../quarantine/quarantine.ts'
import { ArticleText, sharedArticleTextMemo, type ArticleTextMemo } from './article-text-memo.ts'
import { buildStorySnapshot, type StoryText } from './build-story.ts'
import { tidyStoryText } from './story-text-tidy.ts'

export interface StoryTextDeps {
  publishers: ReadonlyMap<string, Publisher>
  /** Null without LLM_BASE_URL: the extractive summary is then the story's text, in its source's language. */
  llm: LlmSummarizer | null
  now: () => Date
  /**
   * Where each article's own part of the text is remembered between rewrites of its story (article-text-memo.ts):
   * the process's shared memo when absent; null computes everything afresh (the reference the memo is tested against).
   */
  memo?: ArticleTextMemo | null
}

/** First LLM retry after 15 minutes, doubling per attempt up to a day. */
const RETRY_BASE_MS = 15 * 60_000
const RETRY_MAX_MS = 24 * 3_600_000

/**
 * A story's text from its articles: the extractive summary always (deterministic, and the fallback), then, when an
 * LLM is configured, its English summary and the eight translations. An LLM failure never blocks the story: the
 * extractive text is published and the story is queued for a retry.
 */
export async function buildStoryText(storyId: string, stored: ArticleRecord[], deps: StoryTextDeps, attempt = 1): Promise<{ story: StorySnapshot; summary: SummaryState }> {
  // Instruction-like sentences leave the articles before anything (summarizer, LLM, headline, covered-by titles,
  // author) reads them; the story is kept and flagged.
  const memo = deps.memo === undefined ? sharedArticleTextMemo : deps.memo
  const texts = stored.map((a) => (memo === null ? new ArticleText(a) : memo.article(a)))
  // What screenArticle returns, from the remembered screening.
  const members = stored.map((a, i): ArticleRecord => {
    const s = texts[i]!.screened
    return { ...a, title: s.title, text: s.text, author: s.author }
  })
  let quarantined = texts.some((t) => t.screened.flagged)
  const publisher = deps.publishers.get(members[0]!.publisherId)
  const name = (a: ArticleRecord) => deps.publishers.get(a.publisherId)?.name ?? new URL(a.canonicalUrl).host
  const sources = members.map((a) => ({ title: a.title, text: a.text, publisher: name(a), publishedAt: a.publishedAt, lang: a.lang }))
  const textOf = new Map<SourceArticle, ArticleText>(sources.map((s, i) => [s, texts[i]!]))

  const extractive = summarizeExtractive({ articles: sources, lang: baseLanguage(members, publisher) }, (a, lang) => textOf.get(a)!.prepared(a, lang))
  const lead = extractive.lead ?? 0
  const storyArticles = members.map((a) => ({
    title: a.title, text: a.text, lang: a.lang, publisherTopic: deps.publishers.get(a.publisherId)?.topic ?? null,
  }))
  const evidenceOf = new Map(storyArticles.map((a, i) => [a, texts[i]!]))
  const topic = categorizeStory(storyArticles, (a) => evidenceOf.get(a)!.evidence(a)).topic
  let text: StoryText = { headline: extractive.headline, summary: extractive.summary, cards: extractive.cards }
  let textLang: Language = extractive.lang
  let translations = {}
  let summary: SummaryState = { storyId, source: 'extractive', attempts: 0, retryAt: null }

  if (deps.llm) {
    const result = await deps.llm({ articles: sources.map((s) => ({ ...s, lang: s.lang ?? extractive.lang })) }, text)
    const retryAt = (failure: { retryAfterMs?: number } | undefined) => (failure
      ? new Date(deps.now().getTime() + Math.max(failure.retryAfterMs ?? 0, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1)))).toISOString()
      : null)
    if (result.source === 'llm') {
      text = { headline: result.english.headline, summary: result.english.summary, cards: result.english.cards }
      textLang = 'en'
      translations = result.translations
      summary = { storyId, source: 'llm', attempts: attempt, retryAt: retryAt(result.failure) }
    } else {
      summary = { storyId, source: 'extractive', attempts: attempt, retryAt: retryAt(result.failure) }
    }
  }

  // The written text is checked too: a model's output or translation must not carry an instruction either, nor a
  // section label or a clipped ending (story-text-tidy.ts).
  const checked = screenStoryText(tidyStoryText(text, textLang), members[lead]!.title)
  text = { ...checked.text, cards: checked.text.cards ?? [] }
  const checkedTranslations = Object.fromEntries(Object.entries(translations as Record<string, TranslationText>).map(([lang, t]) => {
    const r = screenStoryText(isLanguage(lang) ? tidyStoryText(t, lang) : t, null)
    if (r.removed > 0) quarantined = true
    return [lang, r.text]
  }))
  if (checked.removed > 0) quarantined = true
  const story = buildStorySnapshot({ storyId, members, lead, publishers: deps.publishers, text, textLang, translations: checkedTranslations, topic, quarantined })
  return { story, summary }
}

/**
 * The language the extractive text is written in: English when any article is English (English is every
 * reader's fallback), else the language most articles are in, else the publisher's.
 */
function baseLanguage(members: ArticleRecord[], publisher: Publisher | undefined): Language {
  const langs = members.map((a) => a.lang).filter(isLanguage)
  if (langs.includes('en')) return 'en'
  const counts = new Map<Language, number>()
  for (const l of langs) counts.set(l, (counts.get(l) ?? 0) + 1)
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]
  return top?.[0] ?? publisher?.lang ?? 'en'
}
