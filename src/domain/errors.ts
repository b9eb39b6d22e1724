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

/** One bad input: the parameter (a dotted path such as `filters.since`; empty for the input as a whole) and its rule. */
export interface FieldIssue {
  field: string
  message: string
}

export class AppError extends Error {
  /**
   * For `invalid_parameter`: each bad parameter on its own, so a surface that reports fields one by one (A2A's
   * violations, MCP's sentences) reads them here instead of parsing the joined message.
   */
  readonly issues: readonly FieldIssue[]

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; issues?: readonly FieldIssue[] },
  ) {
    super(message, options)
    this.name = 'AppError'
    this.issues = options?.issues ?? []
  }

  /** An invalid_parameter error whose message is "field: rule; field: rule" (REST shows it as it is). */
  static invalid(issues: readonly FieldIssue[]): AppError {
    return new AppError('invalid_parameter', issues.map(issueText).join('; '), { issues })
  }

  /** An invalid_parameter error about one parameter. */
  static invalidField(field: string, message: string): AppError {
    return AppError.invalid([{ field, message }])
  }
}

/** "field: rule", or the rule alone for an issue about the whole input. */
export function issueText(issue: FieldIssue): string {
  return issue.field ? `${issue.field}: ${issue.message}` : issue.message
}
