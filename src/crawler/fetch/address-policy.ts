import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Which IP addresses the crawler may connect to. Publisher URLs, redirects and article links are attacker-controlled,
 * so anything that is not a public unicast address is refused (a feed URL or redirect must never reach the operator's
 * own network), unless the operator allow-lists it. An allow-list entry (NEWSDESK_FETCH_ALLOW) is a hostname, an IP
 * or a CIDR, each allowing every port, or a hostname or IP with a port (`feeds.internal:8080`, `127.0.0.1:8080`,
 * `[::1]:8080`) allowing that port alone. Every hop, redirects included, is held to the same entries: a feed that
 * redirects to an allowed host's other port is refused.
 */
export interface AddressPolicy {
  /** True when `hostname` is allow-listed for `port`: its addresses are then not checked. */
  allowsHostname(hostname: string, port: number): boolean
  /** True when `address` (an IP literal, brackets optional) is public or inside an allow-listed network. */
  allowsAddress(address: string): boolean
  /**
   * True when a connection to `address` may use `port`: 80/443 on a public address, or a port an allow-list entry
   * naming the host or a network holding the address allows (every port for an entry without one).
   */
  allowsPort(hostname: string, address: string, port: number): boolean
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number]
/** The ports an entry allows: every one, or those it named. */
type Ports = 'any' | Set<number>

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96')
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16')
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

export function createAddressPolicy(allow: readonly string[] = []): AddressPolicy {
  const hostnames = new Map<string, Ports>()
  const networks: Array<{ net: Network; ports: Ports }> = []
  const addPort = (ports: Ports | undefined, port: number | null): Ports =>
    port === null || ports === 'any' ? 'any' : new Set([...(ports ?? []), port])
  for (const entry of allow) {
    const { host, port } = splitPort(entry)
    const literal = ipLiteral(host)
    if (literal !== null) networks.push({ net: hostRoute(parseIp(literal)), ports: addPort(undefined, port) })
    else if (host.includes('/')) networks.push({ net: parseNetwork(host), ports: 'any' })
    else {
      const name = normalHost(host)
      hostnames.set(name, addPort(hostnames.get(name), port))
    }
  }
  const opens = (ports: Ports, port: number) => ports === 'any' || ports.has(port)
  const inNetwork = (ip: ipaddr.IPv4 | ipaddr.IPv6, { net: [net, bits] }: { net: Network }) => net.kind() === ip.kind() && ip.match(net, bits)
  const allowsHostname = (hostname: string, port: number) => {
    const ports = hostnames.get(normalHost(hostname))
    return ports !== undefined && opens(ports, port)
  }
  return {
    allowsHostname,
    allowsAddress(address) {
      const ip = parseIp(address)
      return networks.some((n) => inNetwork(ip, n)) || isPublicIp(ip)
    },
    allowsPort(hostname, address, port) {
      const ip = parseIp(address)
      return allowsHostname(hostname, port)
        || networks.some((n) => inNetwork(ip, n) && opens(n.ports, port))
        || ((port === 80 || port === 443) && isPublicIp(ip))
    },
  }
}

const normalHost = (host: string) => host.toLowerCase().replace(/\.$/, '')

/** An allow-list entry's host and port: `[v6]:port`, `host:port` (one colon only: a bare IPv6 has several). */
function splitPort(entry: string): { host: string; port: number | null } {
  const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(entry)
  const plain = bracketed ? null : /^([^:/]+):(\d+)$/.exec(entry)
  const match = bracketed ?? plain
  if (!match || match[2] === undefined) return { host: match?.[1] ?? entry, port: null }
  const port = Number(match[2])
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`fetch: NEWSDESK_FETCH_ALLOW entry ${JSON.stringify(entry)} names port ${match[2]}, not 1-65535`)
  }
  return { host: match[1]!, port }
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
    throw new Error(`fetch: NEWSDESK_FETCH_ALLOW entry ${JSON.stringify(cidr)} is neither a hostname, an IP (with or without a port) nor a CIDR`)
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}
