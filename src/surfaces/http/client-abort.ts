const ABORT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_ABORTED'])

/**
 * True when `err` only says the client went away (closed the connection mid-request) or its request timed out:
 * routine on a public service, so it is logged at info without a stack, never as an error (a slow-client flood
 * would otherwise write thousands of error lines with stacks).
 */
export function isClientAbort(err: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true
  if (!(err instanceof Error)) return false
  const code = (err as Error & { code?: unknown }).code
  return (typeof code === 'string' && ABORT_CODES.has(code)) || err.name === 'AbortError' || err.name === 'TimeoutError'
    || err.message === 'aborted'
}

/** The log fields of a client abort: what happened, no stack. */
export const abortFields = (err: unknown) => ({
  reason: err instanceof Error ? `${(err as Error & { code?: string }).code ?? err.name}: ${err.message}`.slice(0, 200) : String(err).slice(0, 200),
})
