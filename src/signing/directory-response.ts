import { createHash } from 'node:crypto'
import { signatureHeaders, type Component, type SignatureHeaders } from 'http-message-sig'
import type { PublishedKey } from './key-ring.ts'

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory'
export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json'
export const DIRECTORY_TAG = 'http-message-signatures-directory'
/** RECOMMENDED maximum for Web Bot Auth signatures; also the lifetime of the directory's proof of possession. */
export const DIRECTORY_SIGNATURE_SECONDS = 24 * 60 * 60

const AUTHORITY_OF_REQUEST: Component = { name: '@authority', parameters: new Map([['req', true]]) }

export interface SignedDirectory {
  /** The exact bytes the signatures and Content-Digest cover. */
  body: string
  headers: { 'Content-Digest': string; 'Signature-Input': string; Signature: string }
  /** Epoch seconds of the signatures' `created`. */
  created: number
}

/** RFC 9530 `Content-Digest` with sha-256. */
export function contentDigest(body: string): string {
  return `sha-256=:${createHash('sha256').update(body, 'utf8').digest('base64')}:`
}

/**
 * The JWKS of `keys` and, per key, the Web Bot Auth proof of possession:
 * - `binding<i>` covers `("@authority";req "content-digest")` (httpsig-directory-00 SHOULD, the protocol draft MUST);
 * - `authority<i>` covers `("@authority";req)` only, for verifiers that resolve no other component (Cloudflare's
 *   `http-signature-directory` validator, `web-bot-auth` 0.1.3's `directoryResponseHeaders`). These labels come
 *   first: a verifier that takes the first label with the right keyid and tag gets one it can check, and one that
 *   wants the digest selects the label covering it.
 * Both carry created, keyid (the thumbprint), alg="ed25519", expires and tag="http-message-signatures-directory".
 *
 * `authority` is the authority of SITE_URL and never the request's Host header: Host is chosen by the client, and
 * signing whatever it names would hand anyone a proof that our key vouches for their domain. Verifiers fetch
 * SITE_URL, so the authority they check is this one.
 */
export async function signDirectory(keys: PublishedKey[], siteUrl: string, nowMs: number): Promise<SignedDirectory> {
  const body = JSON.stringify({ keys: keys.map((k) => k.jwk) })
  const digest = contentDigest(body)
  const created = Math.floor(nowMs / 1000)
  const message = {
    request: { method: 'GET', url: new URL(DIRECTORY_PATH, siteUrl).href, headers: {} },
    response: { status: 200, headers: { 'content-digest': digest } },
  }
  const sign = (key: PublishedKey, label: string, components: Component[]) => signatureHeaders(message, {
    signer: key.signer,
    components,
    created: new Date(created * 1000),
    expires: new Date((created + DIRECTORY_SIGNATURE_SECONDS) * 1000),
    keyid: key.signer.keyid,
    key: label,
    tag: DIRECTORY_TAG,
  })
  const labels: SignatureHeaders[] = [
    ...await Promise.all(keys.map((k, i) => sign(k, `authority${i}`, [AUTHORITY_OF_REQUEST]))),
    ...await Promise.all(keys.map((k, i) => sign(k, `binding${i}`, [AUTHORITY_OF_REQUEST, 'content-digest']))),
  ]
  return {
    body,
    headers: {
      'Content-Digest': digest,
      'Signature-Input': labels.map((l) => l['Signature-Input']).join(', '),
      Signature: labels.map((l) => l.Signature).join(', '),
    },
    created,
  }
}
