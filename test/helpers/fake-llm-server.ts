/**
 * A tiny OpenAI-compatible chat completions server on 127.0.0.1 (random port) for the LLM summarizer's tests.
 *
 * Each request is recorded (headers, parsed body, system and user messages) and answered by the next queued
 * behaviour, or by the fallback (a valid answer built from the request) when the queue is empty. Behaviours are plain
 * functions, so a test can answer anything: an error status, a 429 with Retry-After, a slow answer, broken JSON,
 * schema-violating JSON, markup, an echoed injection, or a 400 rejecting `json_schema`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { TRANSLATION_LANGUAGES } from '../../src/domain/languages.ts'

export interface LlmRequestRecord {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** The parsed JSON body (undefined when it was not JSON). */
  body: any
  model: unknown
  responseFormat: any
  system: string
  user: string
}

export interface LlmReply {
  status?: number
  headers?: Record<string, string>
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number
}

export type LlmBehaviour = (req: LlmRequestRecord) => LlmReply | Promise<LlmReply>

export interface FakeLlmServer {
  /** `http://127.0.0.1:<port>/v1`: what LLM_BASE_URL would be. */
  baseUrl: string
  requests: LlmRequestRecord[]
  /** The most requests that were ever being answered at the same time. */
  readonly maxInFlight: number
  /** Answers for the next requests, in order. */
  enqueue(...behaviours: LlmBehaviour[]): void
  /** What answers when the queue is empty (default: `valid()`). */
  setFallback(behaviour: LlmBehaviour): void
  close(): Promise<void>
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: LlmRequestRecord[] = []
  const queue: LlmBehaviour[] = []
  let fallback: LlmBehaviour = valid()
  let inFlight = 0
  let maxInFlight = 0
  const timers = new Set<NodeJS.Timeout>()

  const server = http.createServer((req, res) => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    let done = false
    const finish = () => { if (!done) { done = true; inFlight-- } }
    res.on('close', finish)

    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: any
      try { body = JSON.parse(raw) } catch { body = undefined }
      const messages: { role?: string; content?: string }[] = Array.isArray(body?.messages) ? body.messages : []
      const record: LlmRequestRecord = {
        method: req.method!, path: req.url!, headers: req.headers, body,
        model: body?.model, responseFormat: body?.response_format,
        system: messages.filter((m) => m.role === 'system').map((m) => m.content ?? '').join('\n'),
        user: messages.filter((m) => m.role === 'user').map((m) => m.content ?? '').join('\n'),
      }
      requests.push(record)
      const behaviour = queue.shift() ?? fallback
      let reply: LlmReply
      try {
        reply = await behaviour(record)
      } catch (err) {
        reply = { status: 599, body: { error: { message: `fake server behaviour threw: ${String(err)}` } } }
      }
      const send = () => {
        if (res.destroyed) return
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {})
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
        res.end(text)
      }
      if (reply.delayMs) {
        const t = setTimeout(() => { timers.delete(t); send() }, reply.delayMs)
        timers.add(t)
      } else {
        send()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxInFlight() { return maxInFlight },
    enqueue: (...b) => { queue.push(...b) },
    setFallback: (b) => { fallback = b },
    close: () => new Promise((resolve) => {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** A chat completion whose first choice carries `content` (an object is serialized to JSON text). */
export function completion(content: unknown, extra: { finishReason?: string; refusal?: string; toolCalls?: unknown[] } = {}): LlmReply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'fake-model',
      choices: [{
        index: 0,
        message: {
          role: 'assistant',
          content: typeof content === 'string' || content === null ? content : JSON.stringify(content),
          ...(extra.refusal ? { refusal: extra.refusal } : {}),
          // vLLM style: an empty tool_calls list on every plain answer.
          tool_calls: extra.toolCalls ?? [],
        },
        finish_reason: extra.finishReason ?? 'stop',
      }],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    },
  }
}

/** An OpenAI-style error body. */
export function errorReply(status: number, message: string, headers: Record<string, string> = {}): LlmReply {
  return { status, headers, body: { error: { message, type: 'invalid_request_error', param: null, code: null } } }
}

// ---------------------------------------------------------------------------------------------------------------
// Behaviours

/** A JSON document between `<<<NAME` and `NAME>>>` lines of the user message. */
export function dataBlock(user: string, name: string): any {
  const m = new RegExp(`^<<<${name}\\n([\\s\\S]*?)\\n${name}>>>$`, 'm').exec(user)
  return m ? JSON.parse(m[1]!) : undefined
}

/** Which task the request is, and the languages a translation request asks for. */
export function taskOf(req: LlmRequestRecord): { kind: 'summary' } | { kind: 'translation'; languages: string[] } {
  if (dataBlock(req.user, 'SOURCE') !== undefined) {
    const required: unknown = req.responseFormat?.json_schema?.schema?.required
    const languages = Array.isArray(required)
      ? required as string[]
      : TRANSLATION_LANGUAGES.filter((l) => new RegExp(`\\b${l} \\(`).test(req.user.split('\n')[1] ?? ''))
    return { kind: 'translation', languages }
  }
  return { kind: 'summary' }
}

/** The content a well-behaved model would return for this request, as an object. */
export function validContent(req: LlmRequestRecord): Record<string, any> {
  const task = taskOf(req)
  if (task.kind === 'summary') {
    const { articles } = dataBlock(req.user, 'ARTICLES') as { articles: { title: string; publisher: string }[] }
    const first = articles[0]!
    return {
      headline: `Event: ${first.title}`.slice(0, 200),
      summary: `${articles.length} publishers, led by ${first.publisher}, report the event described as "${first.title}".`,
      cards: [
        { heading: 'What happened', body: `The event: ${first.title}.` },
        { heading: 'Coverage', body: articles.map((a) => a.publisher).join(', ') },
        { heading: 'What comes next', body: 'Further details are expected.' },
      ],
    }
  }
  const source = dataBlock(req.user, 'SOURCE') as { headline: string; summary: string; cards: { heading: string; body: string }[] }
  return Object.fromEntries(task.languages.map((lang) => [lang, {
    headline: `(${lang}) ${source.headline}`,
    summary: `(${lang}) ${source.summary}`,
    cards: source.cards.map((c) => ({ heading: `(${lang}) ${c.heading}`, body: `(${lang}) ${c.body}` })),
  }]))
}

/** A valid answer built from the request. */
export const valid = (): LlmBehaviour => (req) => completion(validContent(req))

/** A valid answer, edited first (return the new content object or string). */
export const mutated = (edit: (content: Record<string, any>, req: LlmRequestRecord) => unknown): LlmBehaviour =>
  (req) => completion(edit(validContent(req), req))

/** A fixed reply. */
export const reply = (r: LlmReply): LlmBehaviour => () => r

/** A valid answer that arrives after `ms`. */
export const slow = (ms: number): LlmBehaviour => (req) => ({ ...completion(validContent(req)), delayMs: ms })

/** A server that only knows `json_object`: 400 for `json_schema` (vLLM/llama.cpp style message), valid otherwise. */
export const jsonObjectOnly = (): LlmBehaviour => (req) =>
  req.responseFormat?.type === 'json_schema'
    ? errorReply(400, "Unsupported response_format type 'json_schema'; supported: 'text', 'json_object'")
    : completion(validContent(req))
