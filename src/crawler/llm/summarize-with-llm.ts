/**
 * Stage 5's optional path: an OpenAI-compatible LLM writes a cluster's English headline, summary and cards, then
 * translates them into the eight other languages. The extractive result is always the floor.
 *
 * Decisions:
 * - Two kinds of request per cluster: one for English (the articles go only here), then translations of the
 *   already-validated English. Translations are batched `translationBatch` languages per request (default 8: one
 *   request for all). One request sends the English and the system prompt once instead of eight times and costs one
 *   round trip; models with a small output limit can use smaller batches (LLM_TRANSLATION_BATCH), and batches run
 *   concurrently within the client's concurrency cap.
 * - English failure (any reason) → the extractive result, no translations, and a failure record
 *   (`reason`, `retryAfterMs` from a 429's Retry-After) so the pipeline retries later.
 * - Translation failure of some languages (a batch that timed out, was rate-limited or was malformed, or one language
 *   that failed validation) → the LLM English is kept, only the bad languages are dropped (the site falls back to
 *   English per field for them), and `failure` lists them so the pipeline retries. A good English text is not thrown
 *   away because a translation was slow.
 * - Instruction-like text anywhere (an echoed injection, a role marker, tool-call JSON, a model refusal), in English
 *   or in any translation, quarantines the whole LLM output: extractive fallback with reason 'refused'. A model that
 *   followed injected text once is not trusted for the rest of that cluster.
 * - Every output is checked by zod twice (raw shape, then the published limits after sanitizing), and every string
 *   is sanitized (sanitize-llm-text.ts). Unknown extra keys are ignored (not published) but still scanned.
 */
import type { StoryText } from '../../domain/story.ts'
import { TRANSLATION_LANGUAGES } from '../../domain/languages.ts'
import { describeIssues } from '../../domain/validation.ts'
import type { ChatClient, ChatFailureReason } from './chat-client.ts'
import { LLM_DEFAULTS, type LlmEnabledSettings } from '../../config/llm-config.ts'
import {
  ENGLISH_SCHEMA_NAME, EnglishShape, EnglishText, TRANSLATION_SCHEMA_NAME, englishJsonSchema, translationJsonSchema,
  translationShape, translationText, type TranslatedText, type TranslationLanguage,
} from './output-schemas.ts'
import {
  SUMMARY_SYSTEM_PROMPT, TRANSLATION_SYSTEM_PROMPT, summaryUserMessage, translationUserMessage, type PromptArticle,
} from './prompts.ts'
import { findInstructionLike, sanitizeLlmText } from './sanitize-llm-text.ts'

export interface LlmCluster { articles: readonly PromptArticle[] }

export interface LlmFailure {
  stage: 'summary' | 'translation'
  reason: ChatFailureReason
  retryAfterMs?: number
  /** For operators' logs only: may echo model or server text (sanitized, capped), never the API key. */
  detail: string
  /** Translation failures: the languages left out. */
  languages?: TranslationLanguage[]
}

export type LlmSummaryResult =
  | {
    source: 'llm'
    english: EnglishText
    translations: Partial<Record<TranslationLanguage, TranslatedText>>
    /** Present when some translations are missing: retry later. */
    failure?: LlmFailure
  }
  | { source: 'extractive'; english: StoryText; translations: Record<never, never>; failure: LlmFailure }

export interface LlmLimits { maxInputChars: number; maxArticles: number; translationBatch: number }

export interface SummarizeDeps {
  client: ChatClient
  extractive: StoryText
  limits?: Partial<LlmLimits>
}

export function limitsFrom(settings: LlmEnabledSettings): LlmLimits {
  return { maxInputChars: settings.maxInputChars, maxArticles: settings.maxArticles, translationBatch: settings.translationBatch }
}

const DETAIL_MAX = 300
/** Content per language: the raw shape caps (4× the published limits, about 27,000 characters) plus JSON overhead. */
const MAX_CONTENT_CHARS = 40_000
const cap = (s: string) => (s.length > DETAIL_MAX ? `${s.slice(0, DETAIL_MAX)}…` : s)

export async function summarizeWithLlm(cluster: LlmCluster, deps: SummarizeDeps): Promise<LlmSummaryResult> {
  const limits: LlmLimits = { ...LLM_DEFAULTS, ...deps.limits }
  const fallback = (failure: LlmFailure): LlmSummaryResult => ({ source: 'extractive', english: deps.extractive, translations: {}, failure })

  const english = await writeEnglish(cluster.articles, deps.client, limits)
  if (!english.ok) return fallback(english.failure)

  const translated = await translateStory(english.text, TRANSLATION_LANGUAGES, { client: deps.client, translationBatch: limits.translationBatch })
  if (translated.failure?.reason === 'refused') return fallback(translated.failure)
  return translated.failure
    ? { source: 'llm', english: english.text, translations: translated.translations, failure: translated.failure }
    : { source: 'llm', english: english.text, translations: translated.translations }
}

type Outcome<T> = { ok: true; text: T } | { ok: false; failure: LlmFailure }

export async function writeEnglish(
  articles: readonly PromptArticle[], client: ChatClient, limits: Pick<LlmLimits, 'maxInputChars' | 'maxArticles'>,
): Promise<Outcome<EnglishText>> {
  const fail = (reason: ChatFailureReason, detail: string, retryAfterMs?: number): Outcome<EnglishText> =>
    ({ ok: false, failure: { stage: 'summary', reason, detail: cap(detail), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) } })

  if (!articles.some((a) => a.text.trim() !== '' || a.title.trim() !== '')) return fail('bad-response', 'cluster has no article text to summarize')

  const result = await client.complete({
    system: SUMMARY_SYSTEM_PROMPT,
    user: summaryUserMessage(articles, limits),
    schemaName: ENGLISH_SCHEMA_NAME,
    jsonSchema: englishJsonSchema(),
  })
  if (!result.ok) return fail(result.reason, result.detail, result.retryAfterMs)

  const parsed = parseJsonObject(result.content, MAX_CONTENT_CHARS)
  if (!parsed.ok) return fail('bad-response', parsed.detail)
  const injected = scan(parsed.value)
  if (injected) return fail('refused', injected)

  const shape = EnglishShape.safeParse(parsed.value)
  if (!shape.success) return fail('bad-response', `schema: ${describeIssues(shape.error)}`)
  const text = EnglishText.safeParse(sanitizeText(shape.data))
  if (!text.success) return fail('bad-response', `after sanitizing: ${describeIssues(text.error)}`)
  const injectedAfter = scan(text.data)
  if (injectedAfter) return fail('refused', injectedAfter)
  return { ok: true, text: text.data }
}

export interface TranslateResult {
  translations: Partial<Record<TranslationLanguage, TranslatedText>>
  /** Missing languages; reason 'refused' means the caller must discard every LLM output for this story. */
  failure?: LlmFailure
}

export async function translateStory(
  english: EnglishText, languages: readonly TranslationLanguage[], deps: { client: ChatClient; translationBatch?: number },
): Promise<TranslateResult> {
  const size = Math.max(1, deps.translationBatch ?? LLM_DEFAULTS.translationBatch)
  const batches: TranslationLanguage[][] = []
  for (let i = 0; i < languages.length; i += size) batches.push(languages.slice(i, i + size))

  const outcomes = await Promise.all(batches.map((batch) => translateBatch(english, batch, deps.client)))
  const translations: Partial<Record<TranslationLanguage, TranslatedText>> = {}
  const failures: LlmFailure[] = []
  for (const o of outcomes) {
    Object.assign(translations, o.translations)
    if (o.failure) failures.push(o.failure)
  }
  if (failures.length === 0) return { translations }

  const refused = failures.find((f) => f.reason === 'refused')
  const delays = failures.map((f) => f.retryAfterMs).filter((d): d is number => d !== undefined)
  const missing = languages.filter((l) => !(l in translations))
  const failure: LlmFailure = {
    stage: 'translation',
    reason: (refused ?? failures[0]!).reason,
    detail: cap(failures.map((f) => `${f.languages?.join(',')}: ${f.detail}`).join('; ')),
    languages: missing,
    ...(delays.length ? { retryAfterMs: Math.max(...delays) } : {}),
  }
  return { translations, failure }
}

async function translateBatch(english: EnglishText, batch: TranslationLanguage[], client: ChatClient): Promise<TranslateResult> {
  const fail = (reason: ChatFailureReason, detail: string, languages = batch, retryAfterMs?: number): LlmFailure =>
    ({ stage: 'translation', reason, detail: cap(detail), languages, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) })

  const cardCount = english.cards.length
  const result = await client.complete({
    system: TRANSLATION_SYSTEM_PROMPT,
    user: translationUserMessage(english, batch),
    schemaName: TRANSLATION_SCHEMA_NAME,
    jsonSchema: translationJsonSchema(batch, cardCount),
  })
  if (!result.ok) return { translations: {}, failure: fail(result.reason, result.detail, batch, result.retryAfterMs) }

  const parsed = parseJsonObject(result.content, MAX_CONTENT_CHARS * batch.length)
  if (!parsed.ok) return { translations: {}, failure: fail('bad-response', parsed.detail) }
  const injected = scan(parsed.value)
  if (injected) return { translations: {}, failure: fail('refused', injected) }

  const translations: Partial<Record<TranslationLanguage, TranslatedText>> = {}
  const problems: string[] = []
  for (const lang of batch) {
    const raw = parsed.value[lang]
    if (raw === undefined) {
      problems.push(`${lang}: missing`)
      continue
    }
    const shape = translationShape(cardCount).safeParse(raw)
    if (!shape.success) {
      problems.push(`${lang}: ${describeIssues(shape.error)}`)
      continue
    }
    const text = translationText(cardCount).safeParse(sanitizeText(shape.data))
    if (!text.success) {
      problems.push(`${lang}: after sanitizing: ${describeIssues(text.error)}`)
      continue
    }
    const injectedAfter = scan(text.data)
    if (injectedAfter) return { translations: {}, failure: fail('refused', `${lang}: ${injectedAfter}`) }
    translations[lang] = text.data
  }
  const missing = batch.filter((l) => !(l in translations))
  return missing.length ? { translations, failure: fail('bad-response', problems.join('; '), missing) } : { translations }
}

function sanitizeText(t: { headline: string; summary: string; cards: { heading: string; body: string }[] }) {
  return {
    headline: sanitizeLlmText(t.headline),
    summary: sanitizeLlmText(t.summary),
    cards: t.cards.map((c) => ({ heading: sanitizeLlmText(c.heading), body: sanitizeLlmText(c.body) })),
  }
}

/**
 * The content as one JSON object. Tolerates what compatible servers in json_object mode commonly add around it: a
 * leading `<think>…</think>` block (reasoning models) and a ```json fence. Everything is validated afterwards.
 */
export function parseJsonObject(content: string, maxChars: number): { ok: true; value: Record<string, unknown> } | { ok: false; detail: string } {
  // Checked before any parsing or scanning, so a runaway output costs nothing (the scans are not linear-time).
  if (content.length > maxChars) return { ok: false, detail: `content longer than ${maxChars} characters` }
  let s = content.trim().replace(/^<think>[\s\S]*?<\/think>\s*/i, '')
  const fence = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(s)
  if (fence) s = fence[1]!.trim()
  let value: unknown
  try {
    value = JSON.parse(s)
  } catch {
    return { ok: false, detail: `content is not JSON: ${JSON.stringify(s.slice(0, 60))}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, detail: 'content is not a JSON object' }
  return { ok: true, value: value as Record<string, unknown> }
}

/** Keys of a tool or function call: no tools were offered, so these mean the model is acting on injected text. */
const TOOL_KEYS = new Set(['tool_calls', 'tool_call', 'function_call', 'arguments', 'tool_choice', 'tools', 'function'])

/** The first instruction-like string or tool-call key anywhere in `value`, described; undefined when clean. */
function scan(value: unknown, depth = 0): string | undefined {
  if (depth > 8) return 'output nested too deeply'
  if (typeof value === 'string') {
    const hit = findInstructionLike(value) ?? findInstructionLike(sanitizeLlmText(value))
    return hit === undefined ? undefined : `instruction-like text: ${JSON.stringify(hit)}`
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const hit = scan(item, depth + 1)
      if (hit) return hit
    }
    return undefined
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (TOOL_KEYS.has(key)) return `tool-call key "${key}" in output`
      const hit = scan(item, depth + 1)
      if (hit) return hit
    }
  }
  return undefined
}
