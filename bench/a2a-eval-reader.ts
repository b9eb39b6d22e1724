import { createSourceIndex, type SourceIndex } from '../src/capabilities/intent/sources.ts'
import { understandText } from '../src/capabilities/intent/understand.ts'

/** Ids for the bundled publishers' names, as a fresh install would number them (any UUIDs do). */
const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

const indexes = new Map<string[], SourceIndex>()

/** The reader as the eval calls it: text → skill and arguments, publisher ids shown as names. */
export function readRequest(text: string, siteUrl: string, now: number, publisherNames: string[]): { skill: string; args: Record<string, unknown> } {
  let sources = indexes.get(publisherNames)
  if (!sources) indexes.set(publisherNames, sources = createSourceIndex(publisherNames.map((name, i) => ({ id: idOf(i), name }))))
  const u = understandText(text, siteUrl, { now, sources })
  const args = typeof u.args.source === 'string' ? { ...u.args, source: sources.name(u.args.source) } : u.args
  return { skill: u.capability, args }
}
