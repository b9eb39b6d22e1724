import type { Language } from '../../domain/languages.ts'
import { TOPIC_NAMES, type Topic } from '../../domain/topics.ts'
import { ENGLISH_NAMES } from './language-cues.ts'
import type { CapabilityName } from './understand.ts'

/**
 * The one English sentence that tells the caller how a request was read, so an agent can check the reading
 * (and a person can rephrase) before trusting the answer.
 */

export function describeCall(capability: CapabilityName, args: Record<string, unknown>, note?: string): string {
  const when = typeof args.since === 'string' ? `, published since ${args.since}` : ''
  const sentence = capability === 'list_sources'
    ? 'The list of publishers, with their ids.'
    : `${plainSentence(capability, args)}${when}, in ${ENGLISH_NAMES[args.lang as Language]}.`
  return note ? `${note}; ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence
}

function plainSentence(capability: CapabilityName, args: Record<string, unknown>): string {
  const limit = typeof args.limit === 'number' ? args.limit : undefined
  switch (capability) {
    case 'get_latest_stories': {
      const topic = args.topic as Topic | undefined
      const where = topic ? `in ${TOPIC_NAMES[topic].en} (${topic})` : 'across all topics'
      const latest = limit === 1 ? 'Latest story' : `Latest ${limit ? `${limit} ` : ''}stories`
      return `${latest} ${where}`
    }
    case 'search_stories':
      return `Searched headlines for "${String(args.query)}"${limit ? ` (at most ${limit})` : ''}`
    case 'get_story':
      return `The story ${String(args.id)}`
    case 'list_topics':
      return 'The list of topics'
    case 'list_sources':
      return 'The list of publishers'
  }
}
