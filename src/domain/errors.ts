/**
 * The stable machine codes a client sees in the REST `error` field (and that MCP/A2A map from).
 * `internal` never reaches a client with its message: surfaces log it and answer generically.
 */
export type AppErrorCode =
  | 'invalid_parameter'
  | 'not_found'
  | 'method_not_allowed'
  | 'unavailable'
  | 'internal'

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AppError'
  }
}
