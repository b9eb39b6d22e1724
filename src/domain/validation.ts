import type { z } from 'zod'
import { AppError, issueText, type FieldIssue } from './errors.ts'

/** At most this many problems are reported: a client fixes the first ones and asks again. */
export const MAX_REPORTED_ISSUES = 3

/** The longest rule text reported (zod lists every unrecognized key in one message). */
const MAX_ISSUE_CHARS = 300

/**
 * A zod failure's issues, bounded so that a refusal costs no more than an answer: at most MAX_REPORTED_ISSUES, each
 * rule once (a thousand elements with one fault are one issue naming the first and how many more share it), each
 * at most MAX_ISSUE_CHARS long. `fieldOf` writes an issue's path the way the surface names fields.
 */
export function boundedIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: readonly PropertyKey[]) => string,
): FieldIssue[] {
  const byRule = new Map<string, { field: string; more: number }>()
  for (const issue of issues) {
    const rule = issue.message.length > MAX_ISSUE_CHARS ? `${issue.message.slice(0, MAX_ISSUE_CHARS - 1)}…` : issue.message
    const seen = byRule.get(rule)
    if (seen) seen.more++
    else if (byRule.size < MAX_REPORTED_ISSUES) byRule.set(rule, { field: fieldOf(issue.path), more: 0 })
  }
  return [...byRule].map(([rule, { field, more }]) => ({ field, message: more ? `${rule} (and ${more} more like it)` : rule }))
}

/** A zod failure as one issue per bad parameter (nested paths joined with dots), bounded as above. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return boundedIssues(error.issues, (path) => path.map(String).join('.'))
}

/** One message format for every validation failure: "param: rule; param: rule". */
export function describeIssues(error: z.ZodError): string {
  return fieldIssues(error).map(issueText).join('; ')
}

/** The invalid_parameter error for a zod failure: the message above, and each issue kept for the surfaces. */
export function invalidInput(error: z.ZodError): AppError {
  return AppError.invalid(fieldIssues(error))
}
