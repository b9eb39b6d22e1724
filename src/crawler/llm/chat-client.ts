/**
 * A minimal client for an OpenAI-compatible `POST {LLM_BASE_URL}/chat/completions` (plain fetch, no SDK).
 *
 * - Never throws: every outcome is a value, and a failure carries a stable reason the pipeline stores and retries on.
 * - Structured output: asks for `response_format: {type: "json_schema", json_schema: {name, schema, strict: true}}`.
 *   Many compatible servers (older vLLM, Ollama, llama.cpp, LM Studio variants) support only `json_object`: a 400
 *   whose body mentions the response format is retried once with `{type: "json_object"}`, and the client remembers the
 *   downgrade for its lifetime so later calls do not pay the 400 again. The caller validates the content either way.
 * - Not sent: `max_tokens` (deprecated by OpenAI, rejected by some models) and `temperature` unless configured.
 * - At most `maxConcurrency` requests in flight; each request (response body included) has one deadline.
 * - `Authorization: Bearer …` only when a key is set; the key never appears in a result (server error texts that
 *   echo it are redacted) and is never logged.
 * - No automatic retry on 429/5xx: the failure carries `retryAfterMs` (from `retry-after-ms` or `Retry-After`, seconds
 *   or HTTP-date) and the pipeline retries later, so a rate-limited endpoint never blocks a crawl.
 */
import type { LlmEnabledSettings } from '../../config/llm-config.ts'
import { readWebStreamCapped } from '../../util/read-web-stream.ts'

export type ChatFailureReason = 'timeout' | 'http-error' | 'rate-limited' | 'bad-response' | 'refused' | 'network'

export interface ChatUsage { promptTokens?: number; completionTokens?: number; totalTokens?: number }

export type ChatResult =
  | { ok: true; content: string; usage?: ChatUsage }
  | { ok: false; reason: ChatFailureReason; retryAfterMs?: number; detail: string; httpStatus?: number }

export interface ChatRequest {
  system: string
  user: string
  /** `json_schema.name`: a-z, A-Z, 0-9, `_` and `-`, at most 64 characters. */
  schemaName: string
  jsonSchema: Record<string, unknown>
}

export interface ChatClient {
  complete(request: ChatRequest): Promise<ChatResult>
}

export interface ChatClientOptions {
  fetch?: typeof fetch
  now?: () => number
}

/** A chat completion response larger than this is not a summary: refuse to buffer it. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024
const MAX_DETAIL_CHARS = 300
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000

export function createChatClient(settings: LlmEnabledSettings, options: ChatClientOptions = {}): ChatClient {
  const doFetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const url = `${settings.baseUrl}/chat/completions`
  const key = settings.apiKey?.reveal()
  const limit = semaphore(settings.maxConcurrency)
  let mode: 'json_schema' | 'json_object' = 'json_schema'

  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (key !== undefined) headers.authorization = `Bearer ${key}`

  const redact = (text: string): string => {
    let out = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    if (key && key.length >= 4) out = out.split(key).join('[redacted]')
    return out.length > MAX_DETAIL_CHARS ? `${out.slice(0, MAX_DETAIL_CHARS)}…` : out
  }

  function body(request: ChatRequest, format: typeof mode): string {
    return JSON.stringify({
      model: settings.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format: format === 'json_schema'
        ? { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true } }
        : { type: 'json_object' },
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      stream: false,
    })
  }

  async function attempt(request: ChatRequest, format: typeof mode, signal: AbortSignal): Promise<ChatResult & { formatRejected?: boolean }> {
    let res: Response
    try {
      res = await doFetch(url, { method: 'POST', headers, body: body(request, format), signal, redirect: 'error' })
    } catch (err) {
      return transportFailure(err, signal, redact)
    }
    let text: string
    try {
      const body = await readWebStreamCapped(res.body, MAX_RESPONSE_BYTES)
      if (body === undefined) return { ok: false, reason: 'bad-response', detail: `response larger than ${MAX_RESPONSE_BYTES} bytes` }
      text = body.toString('utf8')
    } catch (err) {
      return transportFailure(err, signal, redact)
    }

    if (res.status === 429) {
      return { ok: false, reason: 'rate-limited', httpStatus: 429, detail: redact(`HTTP 429: ${errorMessage(text)}`), ...retryAfter(res.headers, now) }
    }
    if (!res.ok) {
      const message = errorMessage(text)
      const failure: ChatResult = { ok: false, reason: 'http-error', httpStatus: res.status, detail: redact(`HTTP ${res.status}: ${message}`), ...retryAfter(res.headers, now) }
      const formatRejected = res.status === 400 && /response_format|json_schema|structured output|guided/i.test(text)
      return { ...failure, formatRejected }
    }
    return interpret(text, redact)
  }

  return {
    async complete(request) {
      const release = await limit()
      try {
        const signal = AbortSignal.timeout(settings.timeoutMs)
        const first = await attempt(request, mode, signal)
        if (!first.ok && first.formatRejected && mode === 'json_schema') {
          mode = 'json_object'
          return strip(await attempt(request, mode, signal))
        }
        return strip(first)
      } catch (err) {
        // Unreachable by design (attempt never throws), but a client that "never throws" must not rely on that.
        return { ok: false, reason: 'network', detail: redact(String(err)) }
      } finally {
        release()
      }
    },
  }
}

function strip(result: ChatResult & { formatRejected?: boolean }): ChatResult {
  const { formatRejected: _ignored, ...rest } = result
  return rest as ChatResult
}

function transportFailure(err: unknown, signal: AbortSignal, redact: (s: string) => string): ChatResult {
  const name = (err as { name?: string } | null)?.name
  if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
    return { ok: false, reason: 'timeout', detail: 'no complete response before the deadline' }
  }
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause
  return { ok: false, reason: 'network', detail: redact(cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))) }
}

/** The first choice's message content, or why there is none. */
function interpret(text: string, redact: (s: string) => string): ChatResult {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'bad-response', detail: redact(`response is not JSON: ${text.slice(0, 80)}`) }
  }
  const choice = (json as { choices?: unknown })?.choices
  const first = Array.isArray(choice) ? (choice[0] as Record<string, unknown> | undefined) : undefined
  const message = first?.message as Record<string, unknown> | undefined
  if (!first || typeof message !== 'object' || message === null) {
    return { ok: false, reason: 'bad-response', detail: 'response has no choices[0].message' }
  }
  const finish = first.finish_reason
  if (typeof message.refusal === 'string' && message.refusal.trim() !== '') {
    return { ok: false, reason: 'refused', detail: redact(`model refused: ${message.refusal}`) }
  }
  if (finish === 'content_filter') return { ok: false, reason: 'refused', detail: 'finish_reason content_filter' }
  // No tools were offered: a tool call is the model acting on instructions it should not have followed.
  // (vLLM sends `tool_calls: []` on every message: only a non-empty list counts.)
  const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls.length > 0 : Boolean(message.tool_calls)
  if (finish === 'tool_calls' || finish === 'function_call' || toolCalls || message.function_call) {
    return { ok: false, reason: 'refused', detail: 'model attempted a tool call' }
  }
  if (finish === 'length') return { ok: false, reason: 'bad-response', detail: 'output truncated (finish_reason length)' }
  if (typeof message.content !== 'string' || message.content.trim() === '') {
    return { ok: false, reason: 'bad-response', detail: 'choices[0].message.content is empty' }
  }
  const usage = readUsage((json as { usage?: unknown }).usage)
  return usage ? { ok: true, content: message.content, usage } : { ok: true, content: message.content }
}

function readUsage(raw: unknown): ChatUsage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const r = raw as Record<string, unknown>
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined)
  const usage: ChatUsage = {}
  if (n(r.prompt_tokens) !== undefined) usage.promptTokens = n(r.prompt_tokens)
  if (n(r.completion_tokens) !== undefined) usage.completionTokens = n(r.completion_tokens)
  if (n(r.total_tokens) !== undefined) usage.totalTokens = n(r.total_tokens)
  return Object.keys(usage).length ? usage : undefined
}

/** `{"error": {"message": …}}` (OpenAI and most compatibles), `{"error": "…"}` (llama.cpp, Ollama), or the raw text. */
function errorMessage(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown }
    const e = json.error
    if (typeof e === 'string') return e
    if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message
    if (typeof json.message === 'string') return json.message
    if (typeof json.detail === 'string') return json.detail
  } catch { /* not JSON */ }
  return text.slice(0, 200)
}

/** `retry-after-ms` (OpenAI) wins over `Retry-After` (delta-seconds or HTTP-date); capped at a day. */
export function retryAfter(headers: Headers, now: () => number = Date.now): { retryAfterMs?: number } {
  const ms = headers.get('retry-after-ms')?.trim()
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return { retryAfterMs: clampDelay(Number(ms)) }
  const value = headers.get('retry-after')?.trim()
  if (!value) return {}
  if (/^\d+(\.\d+)?$/.test(value)) return { retryAfterMs: clampDelay(Number(value) * 1000) }
  const at = Date.parse(value)
  if (Number.isNaN(at)) return {}
  return { retryAfterMs: clampDelay(at - now()) }
}

const clampDelay = (ms: number) => Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)))

/** At most `max` holders; waiters are served in arrival order. */
function semaphore(max: number): () => Promise<() => void> {
  let active = 0
  const waiting: (() => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else active--
  }
  return () => new Promise((resolve) => {
    const grant = () => {
      let released = false
      resolve(() => { if (!released) { released = true; release() } })
    }
    if (active < max) {
      active++
      grant()
    } else {
      waiting.push(grant)
    }
  })
}
