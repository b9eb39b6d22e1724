import assert from 'node:assert/strict'
import { createPublicKey, verify } from 'node:crypto'
import { describe, it } from 'node:test'
import { contentDigest, signDirectory } from './directory-response.ts'
import { newKeyFile, rotateKeys, type KeyFile } from './key-file.ts'
import { createKeyRing } from './key-ring.ts'

/** The RFC 9421 Appendix B.1.4 Ed25519 test key: for test vectors only, never deployed. */
const TEST_KEY_FILE: KeyFile = {
  version: 1,
  keys: [{
    kid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U',
    created_at: '2026-01-01T00:00:00Z',
    expires_at: null,
    private_jwk: { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs', d: 'n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU' },
  }],
}

describe('signDirectory', () => {
  it('reproduces the known-answer directory response (test key, news.example, created 1795219200)', async () => {
    const ring = createKeyRing(TEST_KEY_FILE)
    const signed = await signDirectory(ring.publishedKeys(0), 'https://news.example', 1795219200_000)
    assert.equal(signed.body, '{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","use":"sig"}]}')
    // Equal to the Content-Digest test vector of draft-ietf-webbotauth-httpsig-protocol for the same bytes.
    assert.equal(signed.headers['Content-Digest'], 'sha-256=:CADMT2aBdV/rqQr/NIru64ERQkCobVvllA4V0fLFDu0=:')
    const params = ';created=1795219200;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1795305600;tag="http-message-signatures-directory"'
    assert.equal(signed.headers['Signature-Input'], `authority0=("@authority";req)${params}, binding0=("@authority";req "content-digest")${params}`)
    const [authority, binding] = signed.headers.Signature.split(', ')
    // The label is not part of the signature base, so binding0 equals the captured `binding` signature.
    assert.equal(binding, 'binding0=:Vyi2OOniHb1ALB9dIVaAAE+090WD1sZ/IlouX1mQcpx4BvmO5F2nvPn+UuFuhcOlrZTb9GYI49HublDzmEp1Cw==:')
    const base = `"@authority";req: news.example\n"@signature-params": ("@authority";req)${params}`
    const pub = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: TEST_KEY_FILE.keys[0]!.private_jwk.x }, format: 'jwk' })
    assert.ok(verify(null, Buffer.from(base), pub, Buffer.from(authority!.slice('authority0=:'.length, -1), 'base64')))
  })

  it('signs SITE_URL\'s authority, with its port when not the default', async () => {
    const ring = createKeyRing(TEST_KEY_FILE)
    const at = 1795219200_000
    const plain = await signDirectory(ring.publishedKeys(0), 'https://news.example', at)
    const sameHost = await signDirectory(ring.publishedKeys(0), 'https://news.example:443', at)
    const otherPort = await signDirectory(ring.publishedKeys(0), 'http://localhost:3000', at)
    assert.equal(sameHost.headers.Signature, plain.headers.Signature)
    assert.notEqual(otherPort.headers.Signature, plain.headers.Signature)
    const base = `"@authority";req: localhost:3000\n"@signature-params": ("@authority";req);created=1795219200;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1795305600;tag="http-message-signatures-directory"`
    const pub = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: TEST_KEY_FILE.keys[0]!.private_jwk.x }, format: 'jwk' })
    const sig = otherPort.headers.Signature.split(', ')[0]!.slice('authority0=:'.length, -1)
    assert.ok(verify(null, Buffer.from(base), pub, Buffer.from(sig, 'base64')))
  })

  it('gives every published key one label of each kind', async () => {
    const file = rotateKeys(rotateKeys(newKeyFile(Date.now()), Date.now(), 7).file, Date.now(), 7).file
    const ring = createKeyRing(file)
    const signed = await signDirectory(ring.publishedKeys(Date.now()), 'https://news.example.org', Date.now())
    const labels = signed.headers['Signature-Input'].split(', ').map((m) => m.slice(0, m.indexOf('=')))
    assert.deepEqual(labels, ['authority0', 'authority1', 'authority2', 'binding0', 'binding1', 'binding2'])
    assert.deepEqual(JSON.parse(signed.body).keys.map((k: { kid: string }) => k.kid), file.keys.map((k) => k.kid))
    assert.equal(signed.headers['Content-Digest'], contentDigest(signed.body))
  })
})
