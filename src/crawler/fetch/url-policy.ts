import type { AddressPolicy } from './address-policy.ts'
import { ipLiteral } from './address-policy.ts'
import { failure, type FetchFailure } from './fetch-result.ts'

/**
 * Checks a URL before any connection: http/https only, no credentials, and an IP-literal host judged here because
 * literals never reach the resolver. Hostnames are judged at connect time on the address actually dialled.
 */
export function checkTarget(input: string | URL, policy: AddressPolicy, base?: URL): URL | FetchFailure {
  let url: URL
  try {
    url = new URL(input, base)
  } catch {
    return failure('bad-url', `fetch: not a URL: ${String(input).slice(0, 200)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure('bad-url', `fetch: scheme ${url.protocol} refused`)
  if (url.username || url.password) return failure('bad-url', 'fetch: credentials in URL refused')
  url.hash = ''
  const literal = ipLiteral(url.hostname)
  if (literal !== null) {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
    if (!policy.allowsAddress(literal)) return failure('blocked-address', `fetch: non-public address ${literal}`)
    if (!policy.allowsPort(url.hostname, literal, port)) return failure('blocked-address', `fetch: port ${port} refused for ${literal}`)
  }
  return url
}
