import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { understandData } from '../../capabilities/intent/understand-data.ts'
import { understandText, type Alternative, type Understood } from '../../capabilities/intent/understand.ts'
import { NO_SOURCES, type SourceIndex } from '../../capabilities/intent/sources.ts'
import { runCapability } from '../../capabilities/run-capability.ts'
import { AppError } from '../../domain/errors.ts'
import { mdInline } from '../../markdown/escape.ts'
import type { QueryService } from '../../query/query-service.ts'
import { canonicalJson } from '../json-rpc/answer-cache.ts'
import type { IncomingMessage, ReplyContent, ReplyIds } from './incoming.ts'
import { helpAnswer, type HelpAnswer } from './help-answer.ts'
import { A2aError, ERROR, type FieldViolation } from './jsonrpc.ts'

/**
 * One user message → one agent reply. The request is read from the data part when there is one (explicit
 * arguments win over text), else from the text parts, then answered by the same capability MCP and REST use.
 *
 * The reply has two parts: Markdown (an "Understood: …" line, then the capability's Markdown) and a JSON data
 * part, always of this shape (documented in the agent card):
 *   { skill, arguments, understood, guessed, result }              when answered
 *   { skill, arguments, understood, guessed, result: null, error } when the story was not found, or free text
 *                                                                  asked for something invalid
 * `result` is the REST body of the same request. Error codes in `error.code`: not_found, invalid_parameter.
 * A question about the agent itself has skill "help" and `result: {skills}` (help-answer.ts). When the reading is
 * a guess, or the call could not carry all of it (a topic with a search), `alternatives` lists the nearest other
 * readings, each {skill, arguments, understood}, and the Markdown offers them.
 */

/** Longer text is not a request an agent types; it is refused rather than parsed. */
export const MAX_TEXT_CHARS = 4000

export interface MessageDeps {
  query: QueryService
  siteUrl: string
}

/** What reading free text depends on besides the text: the publishers' names and the request time (ms). */
export interface ReadingContext {
  sources: SourceIndex
  now: number
}

export interface UnderstoodRequest {
  understood: Understood
  /** Index of the data part the request came from; undefined for free text. */
  dataPart?: number
}

function readRequest(message: IncomingMessage, siteUrl: string, reading: ReadingContext): UnderstoodRequest {
  const files = message.parts.flatMap((p, i) => (p.kind === 'file' ? [i] : []))
  if (files.length) {
    throw new A2aError(ERROR.contentTypeNotSupported,
      `Content type not supported: message.parts[${files[0]}] is a file; send text (text/plain) or a JSON data part (application/json)`)
  }
  const data = message.parts.flatMap((p, i) => (p.kind === 'data' ? [{ data: p.data, index: i }] : []))
  if (data.length > 1) {
    throw A2aError.invalidParams([{ field: `message.parts[${data[1]!.index}]`, description: 'send at most one data part' }])
  }
  const [first] = data
  if (first) {
    const field = `message.parts[${first.index}].data`
    if (typeof first.data !== 'object' || first.data === null || Array.isArray(first.data)) {
      throw A2aError.invalidParams([{ field, description: 'must be a JSON object such as {"skill": "search_stories", "query": "chip plant"}' }])
    }
    try {
      return { understood: understandData(first.data as Record<string, unknown>, siteUrl), dataPart: first.index }
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_parameter') throw A2aError.invalidParams(violations(field, err))
      throw err
    }
  }
  const text = message.parts.map((p) => (p.kind === 'text' ? p.text : '')).filter((t) => t.trim()).join('\n').trim()
  if (!text) {
    throw A2aError.invalidParams([{ field: 'message.parts', description: 'send a non-empty text part (e.g. "latest AI news") or a data part' }])
  }
  if (text.length > MAX_TEXT_CHARS) {
    throw A2aError.invalidParams([{ field: 'message.parts', description: `the text is longer than ${MAX_TEXT_CHARS} characters; send a short request` }])
  }
  try {
    return { understood: understoodText(text, siteUrl, reading) }
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_parameter') {
      throw A2aError.invalidParams([{ field: 'message.parts', description: err.message }])
    }
    throw err
  }
}

/**
 * Reading free text costs about as much as answering from the cache (language cues, lexicon, topic synonyms), and
 * agents send the same few requests again and again. What a text means changes only with the publishers' names
 * (a new list starts a new memo) and, for a text with a relative date, when its day (or hour) is over (`validUntil`): a
 * reading is never served past it, so "last week" always means the last week, and the answer cache, keyed by the
 * resolved arguments, never serves the previous week's answer for it.
 */
let understoodTexts = { sources: NO_SOURCES, texts: new LRUCache<string, Understood>({ max: 2000 }) }

function understoodText(text: string, siteUrl: string, reading: ReadingContext): Understood {
  // One memo for the publishers' names in use: another list (rare) starts a new one.
  if (understoodTexts.sources !== reading.sources) understoodTexts = { sources: reading.sources, texts: new LRUCache({ max: 2000 }) }
  const key = `${siteUrl}\n${text}`
  let understood = understoodTexts.texts.get(key)
  if (!understood || (understood.validUntil !== undefined && understood.validUntil <= reading.now)) {
    understood = understandText(text, siteUrl, reading)
    understoodTexts.texts.set(key, understood)
  }
  return understood
}

/** An invalid_parameter error's issues as one violation per argument under the data part. */
function violations(field: string, err: AppError): FieldViolation[] {
  if (!err.issues.length) return [{ field, description: err.message }]
  return err.issues.map((issue) => ({ field: issue.field ? `${field}.${issue.field}` : field, description: issue.message }))
}

function understoodLine(u: Understood): string {
  const line = u.guessed
    ? `Understood (best guess): ${mdInline(u.understood)} If that is not what you meant, rephrase, or send a data part with explicit arguments (see the agent card).`
    : `Understood: ${mdInline(u.understood)}`
  if (!u.alternatives?.length) return line
  return `${line}\n\n${u.guessed ? 'Nearest other readings' : 'Also possible'}:\n${u.alternatives.map(alternativeLine).join('\n')}`
}

/** An alternative as a person and an agent can take it up: its sentence and the data part that asks for it. */
function alternativeLine(a: Alternative): string {
  const ask = a.capability === 'help' ? 'ask "what can you do?"' : `send the data part \`${JSON.stringify({ skill: a.capability, ...a.args })}\``
  return `- ${mdInline(a.understood)} (${ask})`
}

const alternativesData = (u: Understood) =>
  (u.alternatives?.length ? { alternatives: u.alternatives.map((a) => ({ skill: a.capability, arguments: a.args, understood: a.understood })) } : {})

/** What a message asks for, read from its data part or its text; throws A2aError for what the client must fix. */
export function understandMessage(message: IncomingMessage, siteUrl: string, reading: ReadingContext): UnderstoodRequest {
  if (message.taskId) {
    throw new A2aError(ERROR.taskNotFound, `Task not found: ${message.taskId.slice(0, 100)}. This agent keeps no tasks; send the message without a taskId.`)
  }
  return readRequest(message, siteUrl, reading)
}

/** The help answer depends on the site alone. */
const helpAnswers = new Map<string, HelpAnswer>()

/**
 * The reply to an understood request, the same for every sender: the answer cache keeps it by the request's
 * normalized form (answerKey) and the content version. Throws A2aError for invalid data-part arguments, and
 * AppError `unavailable` when the store is down.
 */
export async function replyContent({ understood, dataPart }: UnderstoodRequest, deps: MessageDeps): Promise<ReplyContent> {
  const head = understoodLine(understood)
  const about = {
    skill: understood.capability, arguments: understood.args, understood: understood.understood, guessed: understood.guessed,
    ...alternativesData(understood),
  }
  if (understood.capability === 'help') {
    const help = helpAnswers.get(deps.siteUrl) ?? helpAnswers.set(deps.siteUrl, helpAnswer(deps.siteUrl)).get(deps.siteUrl)!
    return { markdown: `${head}\n\n${help.markdown}`, data: { ...about, result: help.result } }
  }
  try {
    const answer = await runCapability(understood.capability, understood.args, { query: deps.query, siteUrl: deps.siteUrl })
    return {
      markdown: `${head}\n\n${answer.markdown}`,
      data: { ...about, arguments: answer.input, result: answer.data },
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    if (err.code === 'invalid_parameter' && dataPart !== undefined) {
      throw A2aError.invalidParams(violations(`message.parts[${dataPart}].data`, err))
    }
    if (err.code === 'not_found' || err.code === 'invalid_parameter') {
      // Not a protocol failure: the request was understood and has an answer an agent can relay.
      const title = err.code === 'not_found' ? 'Story not found' : 'Could not answer that request'
      const hint = err.code === 'not_found'
        ? 'The link or id may be mistyped, or the story may have been removed. Ask for the latest stories or search by keywords instead.'
        : 'Rephrase the request, for example "latest stories about data and AI", "search chip plant" or a story link.'
      return {
        markdown: `${head}\n\n# ${title}\n\n${mdInline(err.message)}\n\n${hint}`,
        data: { ...about, result: null, error: { code: err.code, message: err.message } },
      }
    }
    throw err
  }
}

/**
 * Keys of understood free text: understoodText hands out one (never changed) object per text, so its key is made
 * once, not on every cached answer.
 */
const textKeys = new WeakMap<Understood, string>()

/** The answer cache key of an understood request: equal for requests that get the same reply content. */
export function answerKey({ understood, dataPart }: UnderstoodRequest): string {
  const memo = dataPart === undefined ? textKeys.get(understood) : undefined
  if (memo !== undefined) return memo
  const key = canonicalJson({
    skill: understood.capability, args: understood.args, understood: understood.understood, guessed: understood.guessed,
    alternatives: understood.alternatives, dataPart,
  })
  if (dataPart === undefined) textKeys.set(understood, key)
  return key
}

/** Ids of a reply message: new for every message; the context is the sender's when it gave one. */
export const replyIds = (message: IncomingMessage): ReplyIds => ({ messageId: randomUUID(), contextId: message.contextId ?? randomUUID() })
