import type { z } from 'zod'

/** One message format for every validation failure: "param: rule; param: rule". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
}
