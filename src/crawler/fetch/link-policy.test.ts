import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createAddressPolicy } from './address-policy.ts'
import { createLinkPolicy } from './link-policy.ts'

describe('link policy: what may be published', () => {
  const strict = createLinkPolicy(createAddressPolicy())
  const allowing = createLinkPolicy(createAddressPolicy(['127.0.0.1:8080', 'feeds.internal', '10.0.0.0/8']))

  it('publishes public addresses and names, on any port', () => {
    for (const url of ['https://example.com/a', 'http://8.8.8.8/x', 'https://8.8.8.8:8443/x', 'http://[2606:4700:4700::1111]/', 'http://example.com:8080/']) {
      assert.equal(strict.refusal(url), null, url)
    }
  })

  it('refuses loopback, private, link-local and reserved addresses in every spelling, and private names', () => {
    for (const [url, reason] of [
      ['http://127.0.0.1/', /^non-public address 127\.0\.0\.1$/], ['http://2130706433/', /non-public/], ['http://0x7f.1/', /non-public/],
      ['http://10.0.0.1/', /non-public/], ['http://169.254.169.254/', /non-public/], ['http://[::1]/', /non-public/],
      ['http://[::ffff:192.168.0.1]/', /non-public/], ['http://[fd00::1]/', /non-public/], ['http://0.0.0.0/', /non-public/],
      ['http://localhost:3000/', /^private name localhost$/], ['http://api.localhost/', /private name/], ['http://nas.local/', /private name/],
      ['http://db.internal/', /private name/], ['http://router.home.arpa/', /private name/], ['http://intranet/', /private name/],
      ['javascript:alert(1)', /scheme/], ['http://user:pw@example.com/', /credentials/], ['not a url', /not a URL/],
    ] as const) {
      assert.match(strict.refusal(url) ?? 'published', reason, url)
    }
  })

  it('publishes what the operator allow-listed for fetching, port included when the entry names one', () => {
    assert.equal(allowing.refusal('http://127.0.0.1:8080/a'), null)
    assert.match(allowing.refusal('http://127.0.0.1:22/a')!, /non-public/)
    assert.match(allowing.refusal('http://127.0.0.1/a')!, /non-public/)
    assert.equal(allowing.refusal('http://feeds.internal/a'), null)
    assert.equal(allowing.refusal('http://10.2.3.4:9000/a'), null)
    assert.match(allowing.refusal('http://other.internal/a')!, /private name/)
  })
})
