import { createSourceIndex, NO_SOURCES, type SourceIndex } from '../src/capabilities/intent/sources.ts'
import { understandText } from '../src/capabilities/intent/understand.ts'
import { understandMessage } from '../src/surfaces/a2a/handle-message.ts'
import { partsKey } from '../src/surfaces/a2a/send-reply.ts'

const indexOf = (names: string[]): SourceIndex =>
  createSourceIndex(names.map((name, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name })))

/** The reader without its memo: one text → one reading, with the bundled publishers' names. */
export function coldRead(siteUrl: string, publisherNames: string[]): (text: string) => void {
  const sources = publisherNames.length ? indexOf(publisherNames) : NO_SOURCES
  return (text) => { understandText(text, siteUrl, { sources }) }
}

/** What the front path does with a message before it looks up the answer cache: read it (memoized), key it. */
export function memoizedRead(siteUrl: string, publisherNames: string[]): (text: string) => void {
  const sources = publisherNames.length ? indexOf(publisherNames) : NO_SOURCES
  return (text) => {
    partsKey('1.0', understandMessage({ messageId: 'm', parts: [{ kind: 'text', text }] }, siteUrl, { sources, now: Date.now() }))
  }
}
