import { ipLiteral, isPublicAddress, type AddressPolicy } from './address-policy.ts'

/**
 * Names that never lead to a public site: RFC 6761's localhost, RFC 6762's .local (mDNS), RFC 8375's home.arpa and
 * ICANN's .internal (reserved for private use, 2024). A name without a dot is an intranet host.
 */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa']

const isPrivateName = (host: string) =>
  !host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))

/**
 * Which links the crawler may publish (a story's original_url, its covered_by links, its cover image): readers,
 * agents and the image proxy follow them, so a feed must not make the service point them at loopback, private or
 * reserved addresses (a reader's own router, a metadata service) or names that only resolve inside a network.
 * The fetch guard's rule is reused: an address it refuses is never published, and what the operator allow-listed
 * (NEWSDESK_FETCH_ALLOW, port included when the entry names one) is publishable, because the operator vouched for
 * those hosts as sources (an intranet deployment, the tests' loopback publishers). Names are not resolved here: a
 * public name is published as it is, as every link on the web is.
 */
export function createLinkPolicy(policy: AddressPolicy) {
  return {
    /** Why `url` may not be published, or null when it may. */
    refusal(url: string): string | null {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        return 'not a URL'
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `scheme ${parsed.protocol} is not a web link`
      if (parsed.username || parsed.password) return 'credentials in the link'
      const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80)
      const literal = ipLiteral(parsed.hostname)
      if (literal !== null) {
        if (isPublicAddress(literal)) return null
        return policy.allowsAddress(literal) && policy.allowsPort(parsed.hostname, literal, port) ? null : `non-public address ${literal}`
      }
      const host = parsed.hostname.toLowerCase().replace(/\.$/, '')
      if (isPrivateName(host) && !policy.allowsHostname(host, port)) return `private name ${host}`
      return null
    },
  }
}

export type LinkPolicy = ReturnType<typeof createLinkPolicy>
