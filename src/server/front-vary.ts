import { requestedVersion } from '../surfaces/a2a/methods.ts'
import { descriptorClass } from '../surfaces/http/descriptor-types.ts'
import { chooseFormat } from '../surfaces/pages/negotiate.ts'
import type { VaryClassifier } from '../front/cached-gets.ts'

/** Beyond this many distinct header values a memo starts over: clients send few, attackers many. */
const MEMO_LIMIT = 256

function memoized(classify: (value: string) => string): VaryClassifier {
  const memo = new Map<string, string>()
  return (value) => {
    if (value === undefined) return classify('')
    let cls = memo.get(value)
    if (cls === undefined) {
      cls = classify(value)
      if (memo.size >= MEMO_LIMIT) memo.clear()
      memo.set(value, cls)
    }
    return cls
  }
}

/**
 * The request headers cached responses vary on, reduced to the choices the routes make with them, so the front
 * path keys on "HTML or Markdown", not on every Accept string a client can invent (which would let anyone mint
 * front entries at will). Each classifier must distinguish at least everything its routes distinguish:
 * pages negotiate HTML or Markdown (chooseFormat), the description documents (OpenAPI, the MCP server card, the A2A agent card) answer
 * their own media type when Accept names it, the A2A agent card has a 1.0 and a hybrid variant.
 */
export const FRONT_VARY: Record<string, VaryClassifier> = {
  accept: memoized((v) => `${chooseFormat(v || undefined).format}${descriptorClass(v)}`),
  'a2a-version': memoized((v) => {
    try {
      return requestedVersion(v || undefined) === '1.0' ? '1.0' : 'hybrid'
    } catch {
      return 'hybrid'
    }
  }),
}
