import { understandText } from '../src/capabilities/intent/understand.ts'
import { understandMessage } from '../src/surfaces/a2a/handle-message.ts'
import { partsKey } from '../src/surfaces/a2a/send-reply.ts'

/** The reader without its memo: one text → one reading. */
export function coldRead(siteUrl: string, _publisherNames: string[]): (text: string) => void {
  return (text) => { understandText(text, siteUrl) }
}

/** What the front path does with a message before it looks up the answer cache: read it (memoized), key it. */
export function memoizedRead(siteUrl: string, _publisherNames: string[]): (text: string) => void {
  return (text) => {
    partsKey('1.0', understandMessage({ messageId: 'm', parts: [{ kind: 'text', text }] }, siteUrl))
  }
}
