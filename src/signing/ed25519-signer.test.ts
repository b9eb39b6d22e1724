import assert from 'node:assert/strict'
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto'
import { describe, it } from 'node:test'
import { createEd25519Signer, type Ed25519PrivateJwk } from './ed25519-signer.ts'
import { ed25519Thumbprint } from './thumbprint.ts'

const privateJwk = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as Ed25519PrivateJwk

describe('createEd25519Signer', () => {
  it('signs with the key: keyid is the thumbprint and the signature verifies with the public key', async () => {
    const jwk = privateJwk()
    const signer = createEd25519Signer(jwk)
    assert.equal(signer.alg, 'ed25519')
    assert.equal(signer.keyid, ed25519Thumbprint(jwk.x))
    const sig = await signer.sign('"@authority": news.example.org')
    assert.equal(sig.byteLength, 64)
    const pub = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' })
    assert.ok(verify(null, Buffer.from('"@authority": news.example.org'), pub, sig))
    assert.ok(!verify(null, Buffer.from('"@authority": evil.example'), pub, sig))
    assert.deepEqual(signer.signSync('abc'), await signer.sign('abc'), 'Ed25519 is deterministic: sync and async agree')
  })

  it('exposes nothing secret', () => {
    const jwk = privateJwk()
    const signer = createEd25519Signer(jwk)
    assert.deepEqual(Object.keys(signer).sort(), ['alg', 'keyid', 'sign', 'signSync'])
    assert.doesNotMatch(JSON.stringify(signer), new RegExp(jwk.d))
  })

  it('refuses a JWK whose x is not the public half of d', () => {
    assert.throws(() => createEd25519Signer({ ...privateJwk(), x: privateJwk().x }), /does not belong to the private key/)
  })
})
