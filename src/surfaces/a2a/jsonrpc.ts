import { isValidId } from '../json-rpc/envelope.ts'

/**
 * JSON-RPC 2.0 envelopes and A2A error objects, for both wire versions.
 *
 * Errors carry the same numbers in A2A 0.3 and 1.0. In 1.0 `error.data` is an array of google.rpc detail objects
 * (an ErrorInfo with the A2A reason, plus a BadRequest listing field violations for -32602); 0.3 leaves `data`
 * free-form, so 0.3 errors carry none and name the field in the message instead.
 */

/** The wire version a reply is written in. */
export type Dialect = '1.0' | '0.3'

export const ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  taskNotFound: -32001,
  taskNotCancelable: -32002,
  pushNotificationNotSupported: -32003,
  unsupportedOperation: -32004,
  contentTypeNotSupported: -32005,
  extendedAgentCardNotConfigured: -32007,
  versionNotSupported: -32009,
} as const

/** google.rpc.ErrorInfo reasons (A2A 1.0 §9.5), by code. */
const REASONS: Record<number, string> = {
  [ERROR.parse]: 'PARSE_ERROR',
  [ERROR.invalidRequest]: 'INVALID_REQUEST',
  [ERROR.methodNotFound]: 'METHOD_NOT_FOUND',
  [ERROR.invalidParams]: 'INVALID_PARAMS',
  [ERROR.internal]: 'INTERNAL_ERROR',
  [ERROR.taskNotFound]: 'TASK_NOT_FOUND',
  [ERROR.taskNotCancelable]: 'TASK_NOT_CANCELABLE',
  [ERROR.pushNotificationNotSupported]: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  [ERROR.unsupportedOperation]: 'UNSUPPORTED_OPERATION',
  [ERROR.contentTypeNotSupported]: 'CONTENT_TYPE_NOT_SUPPORTED',
  [ERROR.extendedAgentCardNotConfigured]: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  [ERROR.versionNotSupported]: 'VERSION_NOT_SUPPORTED',
}

export interface FieldViolation {
  /** A path into the request params, e.g. `message.parts[0].text`. */
  field: string
  description: string
}

/** An error answered as a JSON-RPC error object. The message is written for the client: no internals. */
export class A2aError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fieldViolations: FieldViolation[] = [],
  ) {
    super(message)
    this.name = 'A2aError'
  }

  /** -32602 for one or more fields; the message names every field. */
  static invalidParams(violations: FieldViolation[]): A2aError {
    const message = `Invalid params: ${violations.map((v) => `${v.field}: ${v.description}`).join('; ')}`
    return new A2aError(ERROR.invalidParams, message, violations)
  }
}

export function errorObject(err: A2aError, dialect: Dialect) {
  const error: { code: number; message: string; data?: unknown[] } = { code: err.code, message: err.message }
  if (dialect === '1.0' || err.code === ERROR.versionNotSupported) {
    const data: unknown[] = [{
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: REASONS[err.code] ?? 'UNKNOWN',
      domain: 'a2a-protocol.org',
    }]
    if (err.fieldViolations.length) {
      data.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: err.fieldViolations })
    }
    error.data = data
  }
  return error
}

export interface JsonRpcRequest {
  method: string
  params: unknown
  isNotification: boolean
}

/**
 * A parsed JSON body as one JSON-RPC 2.0 request. Batches (arrays) are refused: the agent answers one message
 * per request, and no A2A client batches. Throws A2aError -32600; `idOf` (json-rpc/envelope.ts) recovers a usable id for the reply.
 */
export function parseRequest(body: unknown): JsonRpcRequest {
  if (Array.isArray(body)) throw new A2aError(ERROR.invalidRequest, 'Invalid Request: batch requests are not supported; send one JSON-RPC request object')
  if (typeof body !== 'object' || body === null) throw new A2aError(ERROR.invalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 request object')
  const request = body as Record<string, unknown>
  if (request.jsonrpc !== '2.0') throw new A2aError(ERROR.invalidRequest, 'Invalid Request: "jsonrpc" must be "2.0"')
  if (typeof request.method !== 'string' || !request.method) throw new A2aError(ERROR.invalidRequest, 'Invalid Request: "method" must be a non-empty string')
  if ('id' in request && !isValidId(request.id)) throw new A2aError(ERROR.invalidRequest, 'Invalid Request: "id" must be a string or an integer')
  if ('params' in request && (typeof request.params !== 'object' || request.params === null)) {
    throw new A2aError(ERROR.invalidRequest, 'Invalid Request: "params" must be an object')
  }
  return { method: request.method, params: request.params, isNotification: !('id' in request) }
}
