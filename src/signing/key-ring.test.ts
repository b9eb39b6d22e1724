import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { verify } from 'web-bot-auth'
import { verifierFromJWK } from 'web-bot-auth/crypto'
import { crawlerSignatureHeaders } from './crawler-signature.ts'
import { newKeyFile, rotateKeys } from './key-file.ts'
import { createKeyRing } from './key-ring.ts'

const T0 = Date.parse('2026-11-20T12:00:00Z')
const DAY = 24 * 60 * 60 * 1000

describe('crawler key ring', () => {
  const a = newKeyFile(T0)
  const b = rotateKeys(a, T0 + DAY, 7)
  const c = rotateKeys(b.file, T0 + 2 * DAY, 3)
  const ring = createKeyRing(c.file)
  const kids = (now: number) => ring.publishedKeys(now).map((k) => k.jwk.kid)

  it('publishes the active key first, then unexpired rotated keys, newest first, until each expires', () => {
    const [ka, kb, kc] = [a.keys[0]!.kid, b.added.kid, c.added.kid]
    assert.deepEqual(kids(T0 + 2 * DAY), [kc, kb, ka])
    assert.deepEqual(kids(T0 + 5 * DAY - 1), [kc, kb, ka])
    assert.deepEqual(kids(T0 + 5 * DAY), [kc, ka], 'B expires 3 days after the second rotation')
    assert.deepEqual(kids(T0 + 8 * DAY), [kc], 'A expires 7 days after the first rotation')
    assert.equal(ring.activeSigner().keyid, kc)
  })

  it('publishes public JWKs only: kty, crv, kid, x, use', () => {
    const published = ring.publishedKeys(T0 + 2 * DAY)
    for (const key of published) assert.deepEqual(Object.keys(key.jwk), ['kty', 'crv', 'kid', 'x', 'use'])
    const serialized = JSON.stringify(published)
    for (const key of c.file.keys) assert.ok(!serialized.includes(key.private_jwk.d), 'no private key in what the ring hands out')
  })

  it("crawler requests are signed with the active key, and web-bot-auth's verifier accepts them", async () => {
    const request = new Request('https://publisher.example/article/1', { headers: { 'Signature-Agent': '"https://news.example.org"' } })
    const now = new Date()
    const headers = await crawlerSignatureHeaders(request, ring, { created: now, expires: new Date(now.getTime() + 300_000) })
    request.headers.set('Signature', headers.Signature)
    request.headers.set('Signature-Input', headers['Signature-Input'])
    assert.match(headers['Signature-Input'], /^sig1=\("@authority" "signature-agent"\);created=\d+;keyid="[^"]+";alg="ed25519";expires=\d+;nonce="[^"]+";tag="web-bot-auth"$/)
    const active = ring.publishedKeys(Date.now()).find((k) => k.jwk.kid === ring.activeSigner().keyid)!
    await verify(request, await verifierFromJWK(active.jwk))
    const retired = ring.publishedKeys(T0 + 2 * DAY)[1]!
    await assert.rejects(verify(request, await verifierFromJWK(retired.jwk)), /invalid signature/)
  })
})
