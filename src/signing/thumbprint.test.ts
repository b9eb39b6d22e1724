import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { helpers, jwkToKeyID } from 'web-bot-auth'
import { ed25519Thumbprint } from './thumbprint.ts'

describe('ed25519Thumbprint', () => {
  it('matches RFC 8037 Appendix A.3', () => {
    assert.equal(ed25519Thumbprint('11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo'), 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k')
  })

  it('matches the Web Bot Auth drafts for the RFC 9421 B.1.4 test key, and web-bot-auth\'s jwkToKeyID', async () => {
    const x = 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs'
    assert.equal(ed25519Thumbprint(x), 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U')
    const theirs = await jwkToKeyID({ kty: 'OKP', crv: 'Ed25519', x }, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE)
    assert.equal(ed25519Thumbprint(x), theirs)
  })
})
