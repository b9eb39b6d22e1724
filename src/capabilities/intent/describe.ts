import type { Language } from '../../domain/languages.ts'
import { TOPIC_NAMES, type Topic } from '../../domain/topics.ts'
import { ENGLISH_NAMES } from './language-cues.ts'
import type { ReadingSkill } from './understand.ts'

/**
 * The one English sentence that tells the caller how a request was read, so an agent can check the reading
 * (and a person can rephrase) before trusting the answer.
 */

export interface CallDetail {
  /** Said first: what was guessed or left out ("No request words were recognized"). */
  note?: string
  /** Said last: what the call could not carry ("the topic … was named too"). */
  after?: string
  /** The publisher's name, for `args.source`. */
  sourceName?: string
  /** The time phrases as written ("last week"). */
  phrases?: string[]
}

export function describeCall(capability: ReadingSkill, args: Record<string, unknown>, detail: CallDetail = {}): string {
  const sentence = capability === 'list_sources'
    ? 'The list of publishers, with their ids'
    : `${plainSentence(capability, args, detail)}${when(args, detail.phrases)}, in ${ENGLISH_NAMES[args.lang as Language]}`
  const body = detail.note ? `${detail.note}; ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence
  return `${body}${detail.after ? `; ${detail.after}` : ''}.`
}

function when(args: Record<string, unknown>, phrases: string[] = []): string {
  const since = typeof args.since === 'string' ? args.since : undefined
  const until = typeof args.until === 'string' ? args.until : undefined
  if (!since && !until) return ''
  const span = since && until ? `since ${since} and before ${until}` : since ? `since ${since}` : `before ${until}`
  return `, published ${span}${phrases.length ? ` (${phrases.map((p) => `"${p}"`).join(', ')})` : ''}`
}

function plainSentence(capability: ReadingSkill, args: Record<string, unknown>, detail: CallDetail): string {
  const limit = typeof args.limit === 'number' ? args.limit : undefined
  const from = typeof args.source === 'string' ? ` from ${detail.sourceName ?? `the publisher ${args.source}`}` : ''
  switch (capability) {
    case 'get_latest_stories': {
      const topic = args.topic as Topic | undefined
      const where = topic ? ` in ${TOPIC_NAMES[topic].en} (${topic})` : from ? '' : ' across all topics'
      const latest = limit === 1 ? 'Latest story' : `Latest ${limit ? `${limit} ` : ''}stories`
      return `${latest}${from}${where}`
    }
    case 'search_stories':
      return `Searched headlines for "${String(args.query)}"${from}${limit ? ` (at most ${limit})` : ''}`
    case 'get_story':
      return `The story ${String(args.id)}`
    case 'list_topics':
      return 'The list of topics'
    case 'list_sources':
      return 'The list of publishers'
    case 'help':
      return 'A question about this agent: what it can do, with an example request per skill'
  }
}
