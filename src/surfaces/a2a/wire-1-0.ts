import { z } from 'zod'
import { WIRE_LIMITS, parseParams, present, withParts, type IncomingMessage, type IncomingPart, type ReplyContent, type ReplyIds } from './incoming.ts'

/**
 * A2A 1.0 `SendMessage` on the JSON-RPC binding (a2a.proto in proto JSON): parts are discriminated by which
 * member they carry (`text`, `data`, `url`, `raw`), roles are `ROLE_USER`/`ROLE_AGENT`, and the result is wrapped:
 * `{"message": {...}}`. Unknown members are ignored so newer clients keep working.
 */

const Part = z.object({
  text: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.textChars, { error: `at most ${WIRE_LIMITS.textChars} characters` }).optional(),
  data: z.unknown().optional(),
  url: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.otherChars, { error: `at most ${WIRE_LIMITS.otherChars} characters` }).optional(),
  raw: z.string({ error: 'must be a base64 string' }).max(WIRE_LIMITS.otherChars, { error: `at most ${WIRE_LIMITS.otherChars} characters` }).optional(),
  mediaType: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.otherChars, { error: `at most ${WIRE_LIMITS.otherChars} characters` }).optional(),
}, { error: 'must be a Part object such as {"text": "latest AI news"}' }).superRefine((part, ctx) => {
  const members = (['text', 'data', 'url', 'raw'] as const).filter((k) => part[k] !== undefined)
  if (members.length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'must carry exactly one of text, data, url or raw' })
  }
})

const Message = z.object({
  messageId: z.string({ error: 'required: a unique id (e.g. a UUID) chosen by the client' })
    .min(1, { error: 'required: a unique id (e.g. a UUID) chosen by the client' })
    .max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }),
  role: z.union([z.literal('ROLE_USER'), z.literal(1)], { error: 'must be "ROLE_USER"' }),
  parts: z.array(Part, { error: 'required: an array of parts, e.g. [{"text": "latest AI news"}]' })
    .min(1, { error: 'at least one part is required' })
    .max(WIRE_LIMITS.parts, { error: `at most ${WIRE_LIMITS.parts} parts; one text part is a whole request` }),
  contextId: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }).optional(),
  taskId: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }).optional(),
}, { error: 'required: {"messageId": "...", "role": "ROLE_USER", "parts": [{"text": "..."}]}' })

const SendMessageParams = z.object({ message: Message })

function toPart(part: z.output<typeof Part>): IncomingPart {
  if (part.text !== undefined) return { kind: 'text', text: part.text }
  if (part.data !== undefined) return { kind: 'data', data: part.data }
  return { kind: 'file' }
}

/** SendMessage params → the message; throws A2aError -32602 naming the field. */
export function readSendMessage(params: unknown): IncomingMessage {
  const { message } = parseParams(SendMessageParams, params)
  return {
    messageId: message.messageId,
    contextId: present(message.contextId),
    taskId: present(message.taskId),
    parts: message.parts.map(toPart),
  }
}

/** The parts of a reply message: the Markdown, then the JSON. */
export const replyParts = (reply: ReplyContent) => [
  { text: reply.markdown, mediaType: 'text/markdown' },
  { data: reply.data, mediaType: 'application/json' },
]

/** The `result` of SendMessage, serialized: a direct Message, no Task. */
export function sendMessageResultJson(ids: ReplyIds, partsJson: string): string {
  return `{"message":${withParts({ messageId: ids.messageId, contextId: ids.contextId, role: 'ROLE_AGENT' }, partsJson)}}`
}

/** ListTasks: this agent answers every message at once and keeps no tasks, so the list is empty. */
export const EMPTY_TASK_LIST = { tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 }
