import { z } from 'zod'
import { ErrorBody } from '../../query/views.ts'

const cachingHeaders = {
  ETag: { description: 'Strong validator of the exact bytes; send it back in If-None-Match.', schema: { type: 'string' as const } },
  'Cache-Control': { description: 'Public; reuse for a few minutes instead of polling faster.', schema: { type: 'string' as const } },
}

export function jsonResponse(schema: z.ZodType, description: string) {
  return { description, headers: cachingHeaders, content: { 'application/json': { schema } } }
}

const ERROR_DESCRIPTIONS = {
  400: 'A parameter is outside its constraints; `message` names it and the rule.',
  404: 'No story with this id.',
  503: 'The story store is temporarily unavailable; retry shortly.',
} as const

/**
 * The error statuses an operation lists in the spec, plus the two every GET route can answer:
 * 304 (If-None-Match matched) and 405 (a method other than GET or HEAD).
 */
export function errorResponses(statuses: Array<keyof typeof ERROR_DESCRIPTIONS>) {
  const out: Record<number, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
    304: { description: 'Not modified: the ETag in If-None-Match still matches.' },
    405: {
      description: 'Method not allowed: the API answers GET and HEAD only (see the Allow header).',
      content: { 'application/json': { schema: ErrorBody } },
    },
  }
  for (const s of statuses) out[s] = { description: ERROR_DESCRIPTIONS[s], content: { 'application/json': { schema: ErrorBody } } }
  return out
}

/** Query strings carry text: digits become a number before the shared integer schema validates it. */
export function integerParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), schema)
}
