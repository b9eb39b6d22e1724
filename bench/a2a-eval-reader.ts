import { understandText } from '../src/capabilities/intent/understand.ts'

/**
 * The reader as the eval calls it: text → skill and arguments, publisher ids shown as names. Today's reader knows
 * no publishers, so `publisherNames` is unused.
 */
export function readRequest(text: string, siteUrl: string, now: number, _publisherNames: string[]): { skill: string; args: Record<string, unknown> } {
  const u = understandText(text, siteUrl, now)
  return { skill: u.capability, args: u.args }
}
