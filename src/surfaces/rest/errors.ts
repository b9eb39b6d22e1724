import type { Logger } from 'pino'
import { AppError, type AppErrorCode } from '../../domain/errors.ts'
import type { CachePolicy } from '../http/cache-policy.ts'

const STATUS: Record<AppErrorCode, 400 | 404 | 405 | 503 | 500> = {
  invalid_parameter: 400,
  not_found: 404,
  method_not_allowed: 405,
  unavailable: 503,
  internal: 500,
}

/** The one mapping from errors to HTTP: the spec's `{error, message}` body; internals go to the log only. */
export function errorResponse(err: unknown, log: Logger, policy: CachePolicy, extraHeaders: Record<string, string> = {}): Response {
  let status: number
  let body: { error: string; message?: string }
  if (err instanceof AppError && err.code !== 'internal') {
    status = STATUS[err.code]
    body = { error: err.code, message: err.message }
    if (err.code === 'unavailable') log.warn({ err: err.cause ?? err }, 'rest: store unavailable')
  } else {
    status = 500
    body = { error: 'internal', message: 'Internal error. It has been logged.' }
    log.error({ err }, 'rest: unhandled error')
  }
  const caching = status >= 500 ? policy.noStore : policy.clientError
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...caching, ...extraHeaders },
  })
}
