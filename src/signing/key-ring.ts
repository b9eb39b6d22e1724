import { createEd25519Signer, type Ed25519Signer } from './ed25519-signer.ts'
import type { KeyFile } from './key-file.ts'

/** A public key as the directory publishes it (RFC 7517 JWK, RFC 8037 OKP); never a private member. */
export interface PublicJwk {
  kty: 'OKP'
  crv: 'Ed25519'
  /** The RFC 7638 thumbprint, as the Web Bot Auth directory requires. */
  kid: string
  x: string
  use: 'sig'
}

export interface PublishedKey {
  jwk: PublicJwk
  /** Signs with this key (the directory's proof of possession); the private key stays inside it. */
  signer: Ed25519Signer
  /** Epoch ms after which the key is no longer published; null for the active key. */
  expiresAt: number | null
}

/** The crawler's Ed25519 signing keys: what the HTTP app publishes and what the crawler signs with. */
export interface CrawlerKeyRing {
  /** The keys to publish at `now`: the active key first, then rotated keys that have not expired, newest first. */
  publishedKeys(now: number): PublishedKey[]
  /** The active key's signer, for `signatureHeaders(request, signer, ...)` from `web-bot-auth` on outgoing requests. */
  activeSigner(): Ed25519Signer
}

/** A key ring over a validated key file. Private JWKs are turned into signers here and not kept otherwise. */
export function createKeyRing(file: KeyFile): CrawlerKeyRing {
  const keys: PublishedKey[] = file.keys
    .map((key) => ({
      jwk: { kty: 'OKP', crv: 'Ed25519', kid: key.kid, x: key.private_jwk.x, use: 'sig' } as const,
      signer: createEd25519Signer(key.private_jwk),
      expiresAt: key.expires_at === null ? null : Date.parse(key.expires_at),
      createdAt: Date.parse(key.created_at),
    }))
    .sort((a, b) => Number(b.expiresAt === null) - Number(a.expiresAt === null) || b.createdAt - a.createdAt)
    .map(({ jwk, signer, expiresAt }) => Object.freeze({ jwk: Object.freeze(jwk), signer, expiresAt }))
  const active = keys.find((k) => k.expiresAt === null)
  if (!active) throw new Error('signing: the key file has no active key')
  return {
    publishedKeys: (now) => keys.filter((k) => k.expiresAt === null || k.expiresAt > now),
    activeSigner: () => active.signer,
  }
}
