import type { z } from 'zod'
import { boundedIssues } from '../../domain/validation.ts'
import { A2aError } from './jsonrpc.ts'

/** A user message, whichever wire version it came in. */
export interface IncomingMessage {
  messageId: string
  contextId?: string
  /** Set when the client continues a task; this agent keeps none. */
  taskId?: string
  parts: IncomingPart[]
}

export type IncomingPart =
  | { kind: 'text'; text: string }
  | { kind: 'data'; data: unknown }
  /** A file (0.3) or a `url`/`raw` part (1.0): not something this agent reads. */
  | { kind: 'file' }

/** The agent's answer, before it is written in a wire version: the same for every sender of the same request. */
export interface ReplyContent {
  markdown: string
  data: Record<string, unknown>
}

/** What differs between two replies with the same content. */
export interface ReplyIds {
  messageId: string
  contextId: string
}

/** `{...head, "parts": <partsJson>}` without parsing partsJson again: the parts come serialized from the cache. */
export function withParts(head: object, partsJson: string): string {
  return `${JSON.stringify(head).slice(0, -1)},"parts":${partsJson}}`
}

/** `["message", "parts", 0, "text"]` → `message.parts[0].text` */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) =>
    (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '') || 'params'
}

/**
 * The bounds every wire schema holds a message to, so that refusing a hostile message costs no more than answering
 * a good one: a request an agent sends is one or two parts and a sentence, and ids are UUIDs.
 */
export const WIRE_LIMITS = {
  parts: 16,
  idChars: 256,
  /** One text part; the text of all parts together is held to MAX_TEXT_CHARS when the message is read. */
  textChars: 4000,
  /** url, raw (base64) and mediaType: never read by this agent, only bounded. */
  otherChars: 8192,
} as const

/** Parses `params` with a wire schema; a failure is -32602 naming the first few fields. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  if (params === undefined) {
    throw A2aError.invalidParams([{ field: 'params', description: 'required: an object with the message to answer' }])
  }
  const parsed = schema.safeParse(params)
  if (parsed.success) return parsed.data
  throw A2aError.invalidParams(boundedIssues(parsed.error.issues, fieldPath)
    .map(({ field, message }) => ({ field, description: message })))
}

/** Empty strings are how proto JSON spells "not set". */
export const present = (value: string | undefined): string | undefined => (value ? value : undefined)
