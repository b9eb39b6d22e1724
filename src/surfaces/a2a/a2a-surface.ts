import type { Logger } from 'pino'
import type { SourceIndex } from '../../capabilities/intent/sources.ts'
import { AppError } from '../../domain/errors.ts'
import type { QueryService } from '../../query/query-service.ts'
import { abortFields, isClientAbort } from '../http/client-abort.ts'
import { idOf, jsonRpcError, jsonRpcResult, type JsonRpcId } from '../json-rpc/envelope.ts'
import type { JsonRpcSurface, Reply, RequestHead } from '../json-rpc/surface.ts'
import { replyContent, understandMessage } from './handle-message.ts'
import { A2aError, ERROR, errorObject, parseRequest, type Dialect } from './jsonrpc.ts'
import { SEND_1_0, answeredMethod, dialectOf, requestedVersion } from './methods.ts'
import { partsKey, sendReplyJson } from './send-reply.ts'
import type { SourceNames } from './source-names.ts'
import * as wire03 from './wire-0-3.ts'
import * as wire10 from './wire-1-0.ts'

export const A2A_MAX_BODY_BYTES = 64 * 1024

const CONTENT_TYPES = new Set(['application/json', 'application/a2a+json'])

/** The media type of every reply. */
const REPLY_CONTENT_TYPE = 'application/json; charset=utf-8'

export interface A2aSurfaceDeps {
  query: QueryService
  siteUrl: string
  log: Logger
  /** The publishers' names free text is read with, per content version. */
  sourceNames: SourceNames
}

/** What reading a message needs besides the request: the content version and that version's publisher names. */
interface Known {
  version: string | null
  sources: SourceIndex
}

/** The `A2A-Version` request header, or else `?A2A-Version=`. */
const versionParam = ({ headers, url }: RequestHead): string | undefined =>
  headers.get('a2a-version') ?? (url.includes('?') ? new URL(url, 'http://x').searchParams.get('A2A-Version') ?? undefined : undefined)

/** The wire version the request names: it words the errors found before the method is known (0.3 when unsupported). */
export function headerDialect(head: RequestHead): Dialect {
  try {
    return requestedVersion(versionParam(head))
  } catch {
    return '0.3' // reported once the request id is known
  }
}

const errorReply = (status: number, id: JsonRpcId, err: A2aError, dialect: Dialect): Reply =>
  ({ status, json: jsonRpcError(id, errorObject(err, dialect)) })

/**
 * POST /a2a as a JSON-RPC surface (json-rpc/endpoint.ts runs the steps; routes.ts has the decisions). A send is
 * read (the envelope, the method's wire version, the A2A-Version, the wire schema) and understood with the
 * publishers' names of the content version; its reply's parts are kept in the answer cache by the understood
 * request and wire version, and every reply is a new message around them (send-reply.ts).
 */
export function createA2aSurface({ query, siteUrl, log, sourceNames }: A2aSurfaceDeps): JsonRpcSurface<Known> {
  /** The answer to a failure while reading or answering: the client's A2A error, or -32603 (logged). */
  function failed(err: unknown, id: JsonRpcId, dialect: Dialect, request?: Request): Reply {
    if (err instanceof A2aError) return errorReply(200, id, err, dialect)
    if (err instanceof AppError && err.code === 'unavailable') {
      log.warn({ err }, 'a2a: store unavailable')
      return errorReply(200, id, new A2aError(ERROR.internal, 'Internal error: the news store is temporarily unavailable; retry in a minute'), dialect)
    }
    if (isClientAbort(err, request)) log.info(abortFields(err), 'a2a: client went away')
    else log.error({ err }, 'a2a: request failed')
    return errorReply(200, id, new A2aError(ERROR.internal, 'Internal error'), dialect)
  }

  return {
    maxBodyBytes: A2A_MAX_BODY_BYTES,
    contentType: REPLY_CONTENT_TYPE,
    refuseHead(head) {
      // Lowercase, without parameters; absent is tolerated. The body of a request in another media type is not read.
      const contentType = head.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase()
      if (!contentType || CONTENT_TYPES.has(contentType)) return undefined
      return errorReply(200, null, new A2aError(ERROR.contentTypeNotSupported,
        `Content type not supported: ${contentType.slice(0, 64)}; send Content-Type: application/json`), headerDialect(head))
    },
    refuse: (head, status, code, message) => errorReply(status, null, new A2aError(code, message), headerDialect(head)),
    known: async (version) => ({ version, sources: await sourceNames.at(version) }),
    knownNow(versionNow) {
      const version = versionNow()
      const sources = version === null ? undefined : sourceNames.peek(version)
      return sources && { version, sources }
    },
    read(head, body, _text, known) {
      let id: JsonRpcId = null
      let dialect: Dialect | undefined // the method's, once it is known
      try {
        if (body === undefined) throw new A2aError(ERROR.parse, 'Parse error: the body is not valid JSON')
        id = idOf(body)
        const request = parseRequest(body)
        dialect = dialectOf(request.method) ?? headerDialect(head)
        // Notifications are valid but get no JSON-RPC reply (JSON-RPC 2.0 §4.1): nothing is run.
        if (request.isNotification) return { status: 204 }
        requestedVersion(versionParam(head))
        if (answeredMethod(request.method) === 'list-tasks') return { status: 200, json: jsonRpcResult(id, JSON.stringify(wire10.EMPTY_TASK_LIST)) }
        const message = request.method === SEND_1_0 ? wire10.readSendMessage(request.params) : wire03.readMessageSend(request.params)
        // Read with the publishers of the version, at the time of the request: the key holds the resolved arguments.
        const understood = understandMessage(message, siteUrl, { sources: known.sources, now: Date.now() })
        const [callId, callDialect] = [id, dialect]
        return {
          key: partsKey(callDialect, understood),
          version: known.version,
          envelope(parts) { return sendReplyJson(callId, callDialect, message, parts) },
          error(status, code, text) { return errorReply(status, callId, new A2aError(code, text), callDialect) },
          async render(from) {
            try {
              const content = await replyContent(understood, { query, siteUrl })
              return { json: JSON.stringify(callDialect === '1.0' ? wire10.replyParts(content) : wire03.replyParts(content)), keep: true }
            } catch (err) {
              return failed(err, callId, callDialect, from)
            }
          },
        }
      } catch (err) {
        return failed(err, id, dialect ?? headerDialect(head))
      }
    },
  }
}
