import { createHash } from 'node:crypto'

/**
 * The RFC 7638 JWK SHA-256 thumbprint of an Ed25519 public key, base64url without padding. For OKP keys the
 * hashed members are crv, kty and x in that order (RFC 8037 Appendix A.3). Web Bot Auth uses it as `kid` in the
 * directory and as `keyid` in every signature.
 */
export function ed25519Thumbprint(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url')
}
