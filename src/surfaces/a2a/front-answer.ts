import { envelopeAround, type AnswerCache } from '../agent-cache/answer-cache.ts'
import { isBatchBody, jsonRpcIdProblem, jsonRpcShapeProblem } from '../http/json-rpc-guard.ts'
import { frontAnswerLength, type FrontAnswer, type HeaderSource } from '../agent-cache/front-answer.ts'
import { understandMessage } from './handle-message.ts'
import { parseRequest } from './jsonrpc.ts'
import { SEND_0_3, SEND_1_0, requestedVersion } from './methods.ts'
import { CONTENT_TYPES, REPLY_CONTENT_TYPE, mediaTypeOf } from './routes.ts'
import { partsKey, sendReplyJson } from './send-reply.ts'
import * as wire03 from './wire-0-3.ts'
import type { SourceNames } from './source-names.ts'
import * as wire10 from './wire-1-0.ts'

export interface A2aFrontAnswerDeps {
  siteUrl: string
  answers: AnswerCache
  /** The route's cap on one answer: a longer one is left to the route, which refuses it. */
  maxAnswerBytes: number
  /** The route's publisher names: a version whose names are not built yet is left to the route. */
  sourceNames: SourceNames
}

/**
 * POST /a2a SendMessage and message/send answered from the answer cache without the framework: the route's own
 * steps (Content-Type, A2A-Version, batch refusal, the JSON-RPC envelope, the wire schema, understanding the
 * message) decide, and only a request the route would answer from the cache is answered here, with the route's
 * reply builder (a new messageId, the sender's contextId or a new one). Every refusal, notification, other method
 * and miss is left to the route, which answers it as before.
 */
export function createA2aFrontAnswer({ siteUrl, answers, maxAnswerBytes, sourceNames }: A2aFrontAnswerDeps) {
  return {
    /** Whether the headers alone allow a cached answer; false leaves the request to the route. */
    admits(headers: HeaderSource, url: string): boolean {
      if (!answers.enabled) return false
      const contentType = mediaTypeOf(headers.get('content-type') ?? undefined)
      if (contentType && !CONTENT_TYPES.has(contentType)) return false
      const version = headers.get('a2a-version')
      // Without the header the route reads ?A2A-Version=; a query string is left to it rather than parsed twice.
      if (version === null && url.includes('?')) return false
      try {
        requestedVersion(version ?? undefined)
        return true
      } catch {
        return false
      }
    },
    /** The reply from cached parts under the content version known now, with the request's id; else undefined. */
    answer(text: string, versionNow: () => string | null): FrontAnswer | undefined {
      if (isBatchBody(text) || jsonRpcShapeProblem(text)) return undefined
      try {
        const body: unknown = JSON.parse(text)
        if (jsonRpcIdProblem(text, body)) return undefined
        const request = parseRequest(body)
        const { id, method } = request
        if (typeof id !== 'string' && (typeof id !== 'number' || !Number.isFinite(id))) return undefined
        if (method !== SEND_1_0 && method !== SEND_0_3) return undefined
        const dialect = method === SEND_1_0 ? '1.0' : '0.3'
        const message = dialect === '1.0' ? wire10.readSendMessage(request.params) : wire03.readMessageSend(request.params)
        const version = versionNow()
        const sources = version === null ? undefined : sourceNames.peek(version)
        if (version === null || !sources) return undefined
        const hit = answers.peek(partsKey(dialect, understandMessage(message, siteUrl, { sources, now: Date.now() })), version)
        if (!hit) return undefined
        const answer = { contentType: REPLY_CONTENT_TYPE, bytes: hit.bytes, ...envelopeAround((json) => sendReplyJson(id, dialect, message, json)) }
        return frontAnswerLength(answer) <= maxAnswerBytes ? answer : undefined
      } catch {
        return undefined // whatever the route would refuse, it refuses with its own error
      }
    },
  }
}
