import { AppError } from '../domain/errors.ts'
import { invalidInput } from '../domain/validation.ts'
import type { QueryService } from '../query/query-service.ts'
import { CAPABILITIES, type Capability } from './catalog.ts'

export interface CapabilityAnswer {
  capability: Capability
  /** The validated arguments, defaults applied. */
  input: Record<string, unknown>
  /** The structured result (MCP structuredContent, A2A data part): the REST body of the same request. */
  data: Record<string, unknown>
  /** The same result as Markdown. */
  markdown: string
}

export interface CapabilityDeps {
  query: QueryService
  siteUrl: string
}

/**
 * An invalid_parameter error as one sentence per argument, the way an agent reads it:
 * "`limit` must be an integer from 1 to 50. `lang` must be one of en, es, …."
 */
export function argumentSentences(err: AppError): string {
  const issues = err.issues.length ? err.issues : [{ field: '', message: err.message }]
  return issues.map(({ field, message }) => {
    const sentence = field ? `\`${field}\` ${message}` : message
    return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
  }).join(' ')
}

export function findCapability(name: string): Capability | undefined {
  return CAPABILITIES.find((c) => c.name === name) as Capability | undefined
}

/**
 * Validates the arguments against the capability's input schema, runs it against the query service and renders
 * the Markdown. MCP and A2A both answer through this, so both say the same thing for the same arguments.
 * Throws AppError: invalid_parameter (unknown capability, bad arguments), not_found, unavailable.
 */
export async function runCapability(name: string, args: unknown, deps: CapabilityDeps): Promise<CapabilityAnswer> {
  const capability = findCapability(name)
  if (!capability) {
    throw new AppError('invalid_parameter', `Unknown capability "${name}"; use one of ${CAPABILITIES.map((c) => c.name).join(', ')}`)
  }
  const parsed = capability.input.safeParse(args ?? {})
  if (!parsed.success) throw invalidInput(parsed.error)
  const input = parsed.data as Record<string, unknown>
  const data = await capability.run(deps.query, input, deps.siteUrl) as Record<string, unknown>
  return { capability, input, data, markdown: capability.markdown(data, input) }
}
