import { jsonRpcResult } from '../json-rpc/envelope.ts'
import { answerKey, replyIds, type UnderstoodRequest } from './handle-message.ts'
import type { IncomingMessage } from './incoming.ts'
import type { Dialect } from './jsonrpc.ts'
import * as wire03 from './wire-0-3.ts'
import * as wire10 from './wire-1-0.ts'

/**
 * The two halves of a send reply, shared by the route and the front path so they cannot drift apart: the answer
 * cache key of its parts, and the JSON-RPC response around cached parts (a new message id, the sender's context).
 */

/** The answer cache key of a reply's parts: the understood request, in one wire version. */
export const partsKey = (dialect: Dialect, understood: UnderstoodRequest): string => `a2a\n${dialect}\n${answerKey(understood)}`

/** The JSON-RPC success response to `message` whose reply parts are `partsJson`, serialized. */
export function sendReplyJson(id: string | number | null, dialect: Dialect, message: IncomingMessage, partsJson: string): string {
  const ids = replyIds(message)
  return jsonRpcResult(id, dialect === '1.0' ? wire10.sendMessageResultJson(ids, partsJson) : wire03.messageSendResultJson(ids, partsJson))
}
