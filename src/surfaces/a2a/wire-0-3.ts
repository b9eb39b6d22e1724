import { z } from 'zod'
import { WIRE_LIMITS, parseParams, present, withParts, type IncomingMessage, type IncomingPart, type ReplyContent, type ReplyIds } from './incoming.ts'

/**
 * A2A 0.3 `message/send` (specification/json/a2a.json at v0.3.0): parts are discriminated by `kind`
 * (`text`, `data`, `file`), roles are `user`/`agent`, Message objects carry `kind: "message"`, and the result is
 * the bare Message. Unknown members are ignored.
 */

const PART_KINDS = ['text', 'data', 'file'] as const

const Part = z.object({
  kind: z.enum(PART_KINDS, { error: 'must be "text", "data" or "file"' }),
  text: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.textChars, { error: `at most ${WIRE_LIMITS.textChars} characters` }).optional(),
  data: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).optional(),
  file: z.unknown().optional(),
}, { error: 'must be a Part object such as {"kind": "text", "text": "latest AI news"}' }).superRefine((part, ctx) => {
  if (part.kind === 'text' && part.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required for a text part' })
  if (part.kind === 'data' && part.data === undefined) ctx.addIssue({ code: 'custom', path: ['data'], message: 'required for a data part' })
})

const Message = z.object({
  kind: z.literal('message', { error: 'must be "message"' }).optional(),
  messageId: z.string({ error: 'required: a unique id (e.g. a UUID) chosen by the client' })
    .min(1, { error: 'required: a unique id (e.g. a UUID) chosen by the client' })
    .max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }),
  role: z.literal('user', { error: 'must be "user"' }),
  parts: z.array(Part, { error: 'required: an array of parts, e.g. [{"kind": "text", "text": "latest AI news"}]' })
    .min(1, { error: 'at least one part is required' })
    .max(WIRE_LIMITS.parts, { error: `at most ${WIRE_LIMITS.parts} parts; one text part is a whole request` }),
  contextId: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }).optional(),
  taskId: z.string({ error: 'must be a string' }).max(WIRE_LIMITS.idChars, { error: `at most ${WIRE_LIMITS.idChars} characters` }).optional(),
}, { error: 'required: {"kind": "message", "messageId": "...", "role": "user", "parts": [{"kind": "text", "text": "..."}]}' })

const MessageSendParams = z.object({ message: Message })

function toPart(part: z.output<typeof Part>): IncomingPart {
  if (part.kind === 'text') return { kind: 'text', text: part.text ?? '' }
  if (part.kind === 'data') return { kind: 'data', data: part.data }
  return { kind: 'file' }
}

/** message/send params → the message; throws A2aError -32602 naming the field. */
export function readMessageSend(params: unknown): IncomingMessage {
  const { message } = parseParams(MessageSendParams, params)
  return {
    messageId: message.messageId,
    contextId: present(message.contextId),
    taskId: present(message.taskId),
    parts: message.parts.map(toPart),
  }
}

/** The parts of a reply message: the Markdown, then the JSON. */
export const replyParts = (reply: ReplyContent) => [
  { kind: 'text', text: reply.markdown },
  { kind: 'data', data: reply.data },
]

/** The `result` of message/send, serialized: the bare Message. */
export function messageSendResultJson(ids: ReplyIds, partsJson: string): string {
  return withParts({ kind: 'message', messageId: ids.messageId, contextId: ids.contextId, role: 'agent' }, partsJson)
}
