import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Which IP addresses the crawler may connect to. Publisher URLs, redirects and article links are attacker-controlled,
 * so anything that is not a public unicast address is refused (a feed URL or redirect must never reach the operator's own network), unless the operator allow-lists it.
 */
export interface AddressPolicy {
  /** True when `hostname` is named in the allow-list: its addresses and ports are then not checked. */
  allowsHostname(hostname: string): boolean
  /** True when `address` (an IP literal, brackets optional) is public or inside an allow-listed network. */
  allowsAddress(address: string): boolean
  /** True when a connection to `address` may use `port`: 80/443, or an allow-listed host or network. */
  allowsPort(hostname: string, address: string, port: number): boolean
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number]

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96')
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16')
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

export function createAddressPolicy(allow: readonly string[] = []): AddressPolicy {
  const hostnames = new Set<string>()
  const networks: Network[] = []
  for (const entry of allow) {
    const literal = ipLiteral(entry)
    if (literal !== null) networks.push(hostRoute(parseIp(literal)))
    else if (entry.includes('/')) networks.push(parseNetwork(entry))
    else hostnames.add(entry.toLowerCase().replace(/\.$/, ''))
  }
  const inAllowedNetwork = (ip: ipaddr.IPv4 | ipaddr.IPv6) =>
    networks.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))
  const allowsHostname = (hostname: string) => hostnames.has(hostname.toLowerCase().replace(/\.$/, ''))
  return {
    allowsHostname,
    allowsAddress(address) {
      const ip = parseIp(address)
      return inAllowedNetwork(ip) || isPublicIp(ip)
    },
    allowsPort(hostname, address, port) {
      return port === 80 || port === 443 || allowsHostname(hostname) || inAllowedNetwork(parseIp(address))
    },
  }
}

/** True for a public unicast address; everything else (loopback, private, link-local, reserved, ...) is refused. */
export function isPublicAddress(address: string): boolean {
  return ipLiteral(address) !== null && isPublicIp(parseIp(address))
}

/** The IP of a URL hostname (WHATWG-normalised, so `0x7f.1` is already `127.0.0.1`), or null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = stripBrackets(hostname)
  return net.isIP(bare) === 0 ? null : bare
}

function isPublicIp(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast'
  const v6 = ip as ipaddr.IPv6
  // Transition prefixes carry an IPv4 address that is what the packets really reach: judge that one instead.
  const embedded = embeddedIPv4(v6)
  if (embedded) return isPublicIp(embedded)
  // Outside 2000::/3 nothing is globally routed; teredo, 6to4 relays without a usable v4, ORCHID etc. are not unicast.
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast'
}

/** The IPv4 inside NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses; IPv4-compatible ::a.b.c.d is never public. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
  if (ip.match(NAT64)) return v4(p[6]!, p[7]!)
  if (ip.match(SIX_TO_FOUR)) return v4(p[1]!, p[2]!)
  if (ip.match(IPV4_COMPATIBLE)) return new ipaddr.IPv4([0, 0, 0, 0]) // deprecated ::a.b.c.d, ::, ::1
  return null
}

/** Parses an IP literal (as net.isIP accepts it), IPv4-mapped IPv6 turned into the IPv4 it stands for. */
function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const bare = stripBrackets(text).replace(/%.*$/, '')
  // ipaddr.js reads any dotted tail (::a.b.c.d) as IPv4-mapped; spelled in hex, IPv4-compatible stays what it is.
  const hex = net.isIPv6(bare)
    ? bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${hex16(a, b)}:${hex16(c, d)}`)
    : bare
  return unmap(ipaddr.parse(hex))
}

const hex16 = (hi: string, lo: string) => (Number(hi) * 256 + Number(lo)).toString(16)

function unmap(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip
}

function hostRoute(ip: ipaddr.IPv4 | ipaddr.IPv6): Network {
  return [ip, ip.kind() === 'ipv4' ? 32 : 128]
}

function parseNetwork(cidr: string): Network {
  try {
    const [ip, bits] = ipaddr.parseCIDR(stripBrackets(cidr))
    return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96
      ? [(ip as ipaddr.IPv6).toIPv4Address(), bits - 96]
      : [ip, bits]
  } catch {
    throw new Error(`fetch: NEWSDESK_FETCH_ALLOW entry ${JSON.stringify(cidr)} is neither a hostname nor a CIDR`)
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}
