import type { z } from 'zod'
import { AppError, issueText, type FieldIssue } from './errors.ts'

/** A zod failure as one issue per bad parameter (nested paths joined with dots). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))
}

/** One message format for every validation failure: "param: rule; param: rule". */
export function describeIssues(error: z.ZodError): string {
  return fieldIssues(error).map(issueText).join('; ')
}

/** The invalid_parameter error for a zod failure: the message above, and each issue kept for the surfaces. */
export function invalidInput(error: z.ZodError): AppError {
  return AppError.invalid(fieldIssues(error))
}
