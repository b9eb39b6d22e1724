import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto'
import type { Signer, SignerSync } from 'http-message-sig'
import { ed25519Thumbprint } from './thumbprint.ts'

/**
 * Signs RFC 9421 signature bases with one Ed25519 key. It satisfies http-message-sig's `Signer` and `SignerSync`,
 * so `signatureHeaders` from `web-bot-auth` (crawler requests) and `http-message-sig` (the directory) accept it.
 * The private key lives in this closure only: the object carries `alg`, `keyid` and functions, nothing secret.
 */
export interface Ed25519Signer extends Signer, SignerSync {
  alg: 'ed25519'
  /** The key's JWK thumbprint. */
  keyid: string
}

export interface Ed25519PrivateJwk {
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
  d: string
}

/** Builds a signer from a private JWK; throws when `x` is not the public half of `d`. */
export function createEd25519Signer(jwk: Ed25519PrivateJwk): Ed25519Signer {
  const mismatch = () => new Error('signing: the public key "x" does not belong to the private key')
  let privateKey: KeyObject
  try {
    privateKey = createPrivateKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d }, format: 'jwk' })
  } catch (err) {
    // Node 26 checks x against d while importing ("Invalid JWK OKP key"); Node 20 to 24 import any x.
    throw Object.assign(mismatch(), { cause: err })
  }
  const derivedX = createPublicKey(privateKey).export({ format: 'jwk' }).x
  if (derivedX !== jwk.x) throw mismatch()
  const signSync = (data: string) => new Uint8Array(sign(null, Buffer.from(data, 'utf8'), privateKey))
  return {
    alg: 'ed25519',
    keyid: ed25519Thumbprint(jwk.x),
    signSync,
    sign: signSync,
  }
}
