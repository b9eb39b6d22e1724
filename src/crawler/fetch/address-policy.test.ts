import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../../config/config.ts'
import { createAddressPolicy, isPublicAddress } from './address-policy.ts'
import { checkTarget } from './url-policy.ts'

// [address, public?, why]
const addresses: [string, boolean, string][] = [
  ['127.0.0.1', false, 'loopback'],
  ['127.255.255.254', false, 'loopback /8'],
  ['10.0.0.1', false, 'RFC 1918'],
  ['172.16.0.1', false, 'RFC 1918'],
  ['172.31.255.255', false, 'RFC 1918 top'],
  ['192.168.1.1', false, 'RFC 1918'],
  ['169.254.169.254', false, 'cloud metadata, link-local'],
  ['100.64.0.1', false, 'CGNAT'],
  ['100.127.255.255', false, 'CGNAT top'],
  ['0.0.0.0', false, 'unspecified'],
  ['0.1.2.3', false, '0/8'],
  ['255.255.255.255', false, 'broadcast'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast SSDP'],
  ['192.0.0.8', false, 'IETF protocol assignments'],
  ['192.0.2.1', false, 'TEST-NET-1'],
  ['198.51.100.7', false, 'TEST-NET-2'],
  ['203.0.113.9', false, 'TEST-NET-3'],
  ['198.18.0.1', false, 'benchmarking'],
  ['198.19.255.255', false, 'benchmarking top'],
  ['240.0.0.1', false, 'reserved class E'],
  ['::1', false, 'v6 loopback'],
  ['::', false, 'v6 unspecified'],
  ['fe80::1', false, 'v6 link-local'],
  ['fe80::1%eth0', false, 'v6 link-local with zone'],
  ['fc00::1', false, 'ULA'],
  ['fd00:ec2::254', false, 'AWS metadata over v6 (ULA)'],
  ['ff02::1', false, 'v6 multicast'],
  ['fec0::1', false, 'deprecated site-local'],
  ['100::1', false, 'discard prefix'],
  ['2001:db8::1', false, 'documentation'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::127.0.0.1', false, 'IPv4-compatible loopback'],
  ['::8.8.8.8', false, 'IPv4-compatible (deprecated), never public'],
  ['::ffff:0:7f00:1', false, 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::a00:1', false, 'NAT64 of 10.0.0.1'],
  ['64:ff9b::7f00:1', false, 'NAT64 of 127.0.0.1'],
  ['64:ff9b:1::a00:1', false, 'local-use NAT64'],
  ['2002:7f00:1::1', false, '6to4 of 127.0.0.1'],
  ['2002:c0a8:101::1', false, '6to4 of 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo (client 127.0.0.1)'],
  ['4000::1', false, 'outside 2000::/3'],
  ['not-an-ip', false, 'garbage'],
  ['8.8.8.8', true, 'public v4'],
  ['93.184.216.34', true, 'public v4'],
  ['100.63.255.255', true, 'just below CGNAT'],
  ['100.128.0.0', true, 'just above CGNAT'],
  ['172.32.0.1', true, 'just above 172.16/12'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['2606:4700:4700::1111', true, 'public v6'],
  ['2001:4860:4860::8888', true, 'public v6'],
  ['64:ff9b::808:808', true, 'NAT64 of 8.8.8.8 (DNS64 networks need this)'],
  ['2002:808:808::1', true, '6to4 of 8.8.8.8'],
]

// [url, allow-list, expected: 'ok' | failure reason]
const urls: [string, string[], string][] = [
  ['http://2130706433/', [], 'blocked-address'],
  ['http://0177.0.0.1/', [], 'blocked-address'],
  ['http://0x7f.1/', [], 'blocked-address'],
  ['http://0x7f000001/', [], 'blocked-address'],
  ['http://017700000001/', [], 'blocked-address'],
  ['http://127.1/', [], 'blocked-address'],
  ['http://10.1/', [], 'blocked-address'],
  ['http://3232235777/', [], 'blocked-address'],
  ['http://0/', [], 'blocked-address'],
  ['http://169.254.169.254/latest/meta-data/', [], 'blocked-address'],
  ['http://[::1]/', [], 'blocked-address'],
  ['http://[::ffff:127.0.0.1]/', [], 'blocked-address'],
  ['http://[0:0:0:0:0:ffff:7f00:1]/', [], 'blocked-address'],
  ['http://[fd00:ec2::254]/', [], 'blocked-address'],
  ['http://[64:ff9b::169.254.169.254]/', [], 'blocked-address'],
  ['https://8.8.8.8:8443/', [], 'blocked-address'],
  ['http://user:pass@example.com/', [], 'bad-url'],
  ['file:///etc/passwd', [], 'bad-url'],
  ['gopher://127.0.0.1:25/', [], 'bad-url'],
  ['ftp://example.com/feed', [], 'bad-url'],
  ['not a url', [], 'bad-url'],
  ['http://8.8.8.8/', [], 'ok'],
  ['https://example.com/feed.xml', [], 'ok'],
  ['http://example.com:8080/', [], 'ok'], // names are judged at connect time on the resolved address
  ['http://127.0.0.1:3000/', ['127.0.0.1'], 'ok'],
  ['http://2130706433:3000/', ['127.0.0.1'], 'ok'],
  ['http://127.0.0.5/', ['127.0.0.0/8'], 'ok'],
  ['http://10.0.0.1/', ['127.0.0.1'], 'blocked-address'],
  ['http://[::1]:8080/', ['::1/128'], 'ok'],
  ['http://[::1]/', ['127.0.0.1'], 'blocked-address'],
  ['http://[::ffff:127.0.0.1]:81/', ['127.0.0.1'], 'ok'],
  ['http://192.168.1.20/', ['192.168.0.0/16'], 'ok'],
  ['http://192.169.0.1:81/', ['192.168.0.0/16'], 'blocked-address'],
  // An entry with a port allows that port alone: the rest of the host stays refused (a redirect to :22 included).
  ['http://127.0.0.1:8080/', ['127.0.0.1:8080'], 'ok'],
  ['http://127.0.0.1:22/', ['127.0.0.1:8080'], 'blocked-address'],
  ['http://127.0.0.1/', ['127.0.0.1:8080'], 'blocked-address'],
  ['http://[::1]:8080/', ['[::1]:8080'], 'ok'],
  ['http://[::1]:8081/', ['[::1]:8080'], 'blocked-address'],
  ['http://[::1]:8081/', ['::1'], 'ok'],
  ['http://127.0.0.1:9090/', ['127.0.0.1:8080', '127.0.0.1:9090'], 'ok'],
  ['http://127.0.0.1:22/', ['127.0.0.1:8080', '127.0.0.0/8'], 'ok'],
]

describe('address policy', () => {
  for (const [address, expected, why] of addresses) {
    it(`${address} is ${expected ? 'public' : 'refused'} (${why})`, () => {
      assert.equal(isPublicAddress(address), expected)
      if (address !== 'not-an-ip') assert.equal(createAddressPolicy().allowsAddress(address), expected)
    })
  }

  for (const [url, allow, expected] of urls) {
    it(`${url} with allow [${allow.join(', ')}] → ${expected}`, () => {
      const result = checkTarget(url, createAddressPolicy(allow))
      assert.equal(result instanceof URL ? 'ok' : result.reason, expected)
    })
  }

  it('the hostname allow-list lifts the guard for that name only, case- and trailing-dot-insensitively', () => {
    const policy = createAddressPolicy(loadConfig({ NEWSDESK_FETCH_ALLOW: ' feed.internal , 10.0.0.0/8,' }).crawl.fetchAllow)
    assert.equal(policy.allowsHostname('feed.internal', 22), true)
    assert.equal(policy.allowsHostname('FEED.Internal.', 80), true)
    assert.equal(policy.allowsHostname('other.internal', 80), false)
    assert.equal(policy.allowsAddress('10.9.8.7'), true)
    assert.equal(policy.allowsAddress('11.0.0.1'), true)
    assert.equal(policy.allowsAddress('192.168.0.1'), false)
    assert.equal(policy.allowsPort('feed.internal', '192.168.0.1', 8080), true)
    assert.equal(policy.allowsPort('example.com', '8.8.8.8', 8080), false)
    assert.equal(policy.allowsPort('example.com', '8.8.8.8', 443), true)
    assert.equal(policy.allowsPort('intranet', '10.1.1.1', 8080), true)
  })

  it('a hostname with a port is allowed that port only, on its name and on the addresses it resolves to', () => {
    const policy = createAddressPolicy(['feeds.internal:8080', 'FEEDS.internal:8443'])
    assert.equal(policy.allowsHostname('feeds.internal', 8080), true)
    assert.equal(policy.allowsHostname('feeds.internal.', 8443), true)
    assert.equal(policy.allowsHostname('feeds.internal', 22), false)
    assert.equal(policy.allowsPort('feeds.internal', '10.0.0.1', 22), false)
    assert.equal(policy.allowsAddress('10.0.0.1'), false, 'its addresses are not allowed for other ports by the name')
  })

  it('an allow-list entry that is neither hostname nor CIDR is a configuration error', () => {
    assert.throws(() => createAddressPolicy(['10.0.0.0/99']), /NEWSDESK_FETCH_ALLOW/)
    assert.throws(() => createAddressPolicy(['127.0.0.1:0']), /NEWSDESK_FETCH_ALLOW entry "127.0.0.1:0" names port 0/)
    assert.throws(() => createAddressPolicy(['feeds.internal:70000']), /not 1-65535/)
    assert.deepEqual(loadConfig({}).crawl.fetchAllow, [])
  })
})
