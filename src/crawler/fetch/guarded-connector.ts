import dns from 'node:dns'
import { buildConnector } from 'undici'
import { ipLiteral, type AddressPolicy } from './address-policy.ts'

export interface ResolvedAddress { address: string; family: number }
/** Name resolution, injectable so tests can map names to addresses without DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, hints: dns.ADDRCONFIG })

/** Marks a connection refused by the address policy, so the fetch can report 'blocked-address'. */
export class BlockedAddressError extends Error {
  readonly code = 'ESSRF'
}

/**
 * An undici connector that resolves the name itself, checks every resolved address and dials checked addresses by IP.
 * The check runs for every new connection, redirect hop or not, and the address judged is the address connected to,
 * so DNS rebinding between check and connect is impossible. TLS still verifies the certificate against the hostname
 * (undici derives the SNI servername from the original Host).
 */
export function createGuardedConnector(opts: {
  policy: AddressPolicy
  resolve?: Resolver
  connectTimeoutMs: number
}): buildConnector.connector {
  const { policy, resolve = systemResolver } = opts
  const base = buildConnector({ timeout: opts.connectTimeoutMs })
  // Resolves to the addresses to dial, or rejects with BlockedAddressError.
  async function pick(hostname: string, port: number): Promise<string[]> {
    const literal = ipLiteral(hostname)
    const all = literal !== null ? [{ address: literal, family: 0 }] : await resolve(hostname)
    if (all.length === 0) throw Object.assign(new Error(`fetch: ${hostname} resolves to no address`), { code: 'ENOTFOUND' })
    const refused = check(policy, hostname, port, all)
    if (refused) throw new BlockedAddressError(refused)
    return all.map((a) => a.address)
  }
  return (options, callback) => {
    const hostname = options.hostname.replace(/^\[(.*)\]$/, '$1')
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
    // Checked addresses in resolver order (RFC 6724), the next one tried when one fails (e.g. ::1 with no v6 listener).
    const dial = (addresses: string[], i: number): void => base({ ...options, hostname: addresses[i]! }, (err, socket) => {
      if (err && i + 1 < addresses.length) dial(addresses, i + 1)
      else if (err) callback(err, null)
      else callback(null, socket!)
    })
    pick(hostname, port).then((addresses) => dial(addresses, 0), (err: Error) => callback(err, null))
  }
}

function check(policy: AddressPolicy, hostname: string, port: number, all: readonly ResolvedAddress[]): string | null {
  if (policy.allowsHostname(hostname, port)) return null
  // Every address must pass, not just the first: a name mixing public and private answers is an attack, not a CDN.
  const privateOne = all.find(({ address }) => !policy.allowsAddress(address))
  if (privateOne) return `fetch: ${hostname} resolves to non-public address ${privateOne.address}`
  const portRefused = all.find(({ address }) => !policy.allowsPort(hostname, address, port))
  if (portRefused) return `fetch: port ${port} refused for ${hostname} (${portRefused.address})`
  return null
}
