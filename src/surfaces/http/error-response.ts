import type { Logger } from 'pino'
import { AppError, type AppErrorCode } from '../../domain/errors.ts'
import type { CachePolicy } from './cache-policy.ts'

export type ErrorStatus = 400 | 404 | 405 | 503 | 500

/** The HTTP status of each error code, for every surface that answers over HTTP status codes (REST, pages, feeds). */
export const ERROR_STATUS: Record<AppErrorCode, ErrorStatus> = {
  invalid_parameter: 400,
  not_found: 404,
  method_not_allowed: 405,
  unavailable: 503,
  internal: 500,
}

/**
 * What a client may be told about `err`: an AppError with a client-facing code, or null for anything else (a bug,
 * an `internal` AppError), which every surface answers as an internal error with a generic message. An unavailable
 * store is logged as a warning and a bug as an error, here, so each surface logs them the same way.
 */
export function clientError(err: unknown, log: Logger, surface: string): AppError | null {
  if (err instanceof AppError && err.code !== 'internal') {
    if (err.code === 'unavailable') log.warn({ err: err.cause ?? err }, `${surface}: store unavailable`)
    return err
  }
  log.error({ err }, `${surface}: unhandled error`)
  return null
}

/**
 * When to retry after a 503 for an unavailable store, in seconds: a store that stopped answering is probed every
 * second, so a few seconds is when an answer may come; clients and edges that honour it do not hammer meanwhile.
 */
export const UNAVAILABLE_RETRY_AFTER = { 'Retry-After': '5' } as const

/** The one mapping from errors to an HTTP JSON answer: the spec's `{error, message}` body; internals go to the log only. */
export function errorResponse(err: unknown, log: Logger, policy: CachePolicy, extraHeaders: Record<string, string> = {}): Response {
  const known = clientError(err, log, 'rest')
  const status = known ? ERROR_STATUS[known.code] : 500
  const body = known ? { error: known.code, message: known.message } : { error: 'internal', message: 'Internal error. It has been logged.' }
  const caching = status >= 500 ? policy.noStore : policy.clientError
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...caching, ...(status === 503 ? UNAVAILABLE_RETRY_AFTER : {}), ...extraHeaders },
  })
}
