import type { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import { invalidInput } from '../../domain/validation.ts'
import { CAPABILITIES, storyIdFrom } from '../catalog.ts'
import { describeCall } from './describe.ts'
import type { CapabilityName, Understood } from './understand.ts'

const CAPABILITY_NAMES = CAPABILITIES.map((c) => c.name) as CapabilityName[]

const invalid = (field: string, message: string) => AppError.invalidField(field, message)

/**
 * An explicit data part from an agent: {"skill": "<capability name>", ...args} (or "capability" for "skill");
 * without a skill, {"id"} is get_story, {"query"} a search and {"topic"} latest stories. Arguments are validated
 * with the capability's own input schema; `args` keeps the arguments given, plus `lang`.
 */
export function understandData(data: Record<string, unknown>, siteUrl: string): Understood {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('data', 'must be a JSON object')
  const { skill, capability: alias, ...given } = data
  const name = capabilityNamed(skill, alias, given)
  const input = CAPABILITIES.find((c) => c.name === name)!.input as z.ZodType<Record<string, unknown>>
  const parsed = input.safeParse(given)
  if (!parsed.success) throw invalidInput(parsed.error)
  const args: Record<string, unknown> = {}
  for (const key of Object.keys(given)) if (key in parsed.data) args[key] = parsed.data[key]
  if (parsed.data.lang !== undefined) args.lang = parsed.data.lang
  if (name === 'get_story') args.id = storyIdFrom(String(parsed.data.id), siteUrl)
  return { capability: name, args, understood: describeCall(name, args), guessed: false }
}

function capabilityNamed(skill: unknown, alias: unknown, given: Record<string, unknown>): CapabilityName {
  if (skill !== undefined && alias !== undefined && skill !== alias) {
    throw invalid('skill', 'names a different capability than capability; give one of them')
  }
  const named = skill ?? alias
  if (named !== undefined) {
    if (CAPABILITY_NAMES.includes(named as CapabilityName)) return named as CapabilityName
    throw invalid(skill !== undefined ? 'skill' : 'capability', `must be one of ${CAPABILITY_NAMES.join(', ')}`)
  }
  if ('id' in given) return 'get_story'
  if ('query' in given) return 'search_stories'
  if ('topic' in given) return 'get_latest_stories'
  throw invalid('skill', `is required (one of ${CAPABILITY_NAMES.join(', ')}) unless the data has a query, an id or a topic`)
}
