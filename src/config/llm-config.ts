/**
 * Settings for the optional LLM summarizer (issue 5, stage 5), parsed from environment-like input.
 *
 *   LLM_BASE_URL           http(s) base of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or
 *                          http://127.0.0.1:11434/v1 (Ollama). Absent or empty → the LLM path is disabled.
 *   LLM_API_KEY            optional: sent as `Authorization: Bearer …` only when set (local servers need none).
 *   LLM_MODEL              required when LLM_BASE_URL is set.
 *   LLM_TIMEOUT_SECONDS    per request, whole response included (default 60).
 *   LLM_MAX_CONCURRENCY    requests in flight at once, per process (default 2).
 *   LLM_MAX_INPUT_CHARS    article text sent per article, truncated at a word boundary (default 12000).
 *   LLM_MAX_ARTICLES       articles of one cluster sent (default 5).
 *   LLM_TRANSLATION_BATCH  languages per translation request (default 8 = one request for all; lower it for models
 *                          with a small output limit).
 *   LLM_TEMPERATURE        optional 0–2; not sent when unset (some reasoning models reject any value but the default).
 *
 * `config.ts` merges `LlmEnvSchema` into its own schema, so one ConfigError lists every bad variable, LLM or not.
 */
import { z } from 'zod'

/** The API key, kept out of logs: JSON, string conversion and util.inspect all print `[redacted]`. */
export class Secret {
  readonly #value: string
  constructor(value: string) { this.#value = value }
  reveal(): string { return this.#value }
  toString(): string { return '[redacted]' }
  toJSON(): string { return '[redacted]' }
  [Symbol.for('nodejs.util.inspect.custom')](): string { return '[redacted]' }
}

export interface LlmEnabledSettings {
  enabled: true
  /** Without a trailing slash; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string
  apiKey: Secret | undefined
  model: string
  timeoutMs: number
  maxConcurrency: number
  maxInputChars: number
  maxArticles: number
  translationBatch: number
  temperature: number | undefined
}

export type LlmSettings = { enabled: false } | LlmEnabledSettings

export const LLM_DEFAULTS = {
  timeoutMs: 60_000,
  maxConcurrency: 2,
  maxInputChars: 12_000,
  maxArticles: 5,
  translationBatch: 8,
} as const

const integer = (min: number, max: number, fallback: number) =>
  z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return fallback
    if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) {
      ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max} (got "${v}")` })
      return z.NEVER
    }
    return Number(v)
  })

const emptyToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())

export const LlmEnvSchema = z.object({
  LLM_BASE_URL: z.string().optional().transform(emptyToUndefined).pipe(
    z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://api.openai.com/v1' })
      .refine((v) => { const u = new URL(v); return u.username === '' && u.password === '' }, 'must not contain credentials (use LLM_API_KEY)')
      .refine((v) => { const u = new URL(v); return u.search === '' && u.hash === '' }, 'must not have a query or fragment')
      .optional(),
  ),
  LLM_API_KEY: z.string().optional().transform(emptyToUndefined)
    .pipe(z.string().regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional()),
  LLM_MODEL: z.string().optional().transform(emptyToUndefined).pipe(z.string().max(200).optional()),
  LLM_TIMEOUT_SECONDS: integer(1, 3600, LLM_DEFAULTS.timeoutMs / 1000),
  LLM_MAX_CONCURRENCY: integer(1, 64, LLM_DEFAULTS.maxConcurrency),
  LLM_MAX_INPUT_CHARS: integer(500, 200_000, LLM_DEFAULTS.maxInputChars),
  LLM_MAX_ARTICLES: integer(1, 20, LLM_DEFAULTS.maxArticles),
  LLM_TRANSLATION_BATCH: integer(1, 8, LLM_DEFAULTS.translationBatch),
  LLM_TEMPERATURE: z.string().optional().transform((v, ctx) => {
    const t = emptyToUndefined(v)
    if (t === undefined) return undefined
    if (!/^\d+(\.\d+)?$/.test(t) || Number(t) > 2) {
      ctx.addIssue({ code: 'custom', message: `must be a number from 0 to 2 (got "${v}")` })
      return z.NEVER
    }
    return Number(t)
  }),
}).superRefine((e, ctx) => {
  if (e.LLM_BASE_URL !== undefined && e.LLM_MODEL === undefined) {
    ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_BASE_URL is set' })
  }
})

/** The settings for already-validated LLM_* values (config.ts merged LlmEnvSchema into its own schema). */
export function llmSettingsFromEnv(e: z.output<typeof LlmEnvSchema>): LlmSettings {
  if (e.LLM_BASE_URL === undefined || e.LLM_MODEL === undefined) return { enabled: false }
  return Object.freeze({
    enabled: true,
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY === undefined ? undefined : new Secret(e.LLM_API_KEY),
    model: e.LLM_MODEL,
    timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
    maxConcurrency: e.LLM_MAX_CONCURRENCY,
    maxInputChars: e.LLM_MAX_INPUT_CHARS,
    maxArticles: e.LLM_MAX_ARTICLES,
    translationBatch: e.LLM_TRANSLATION_BATCH,
    temperature: e.LLM_TEMPERATURE,
  })
}
