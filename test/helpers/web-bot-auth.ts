import { createHash } from 'node:crypto'
import { verify, type Parameters } from 'http-message-sig'
import { verifierFromJWK } from 'web-bot-auth/crypto'

/** One label of a multi-signature response: its Signature-Input member and its Signature member. */
export interface SignatureLabel {
  label: string
  input: string
  signature: string
  components: string
}

const members = (field: string) => field.split(/,\s*(?=[a-z*][a-z0-9_.*-]*=)/).map((m) => {
  const eq = m.indexOf('=')
  return [m.slice(0, eq), m] as const
})

/**
 * Splits Signature-Input and Signature into their labels (http-message-sig verifies one label per message).
 * Members never contain ", " followed by `name=` inside, so a split on that is exact for these fields.
 */
export function splitLabels(signatureInput: string, signature: string): SignatureLabel[] {
  const signatures = new Map(members(signature))
  return members(signatureInput).map(([label, input]) => {
    const sig = signatures.get(label)
    if (!sig) throw new Error(`no Signature member for label ${label}`)
    return { label, input, signature: sig, components: input.slice(label.length + 1, input.indexOf(')') + 1) }
  })
}

/** RFC 7638 thumbprint of an Ed25519 JWK, computed here independently of the code under test. */
export function thumbprint(x: string): string {
  return createHash('sha256').update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x })).digest('base64url')
}

/**
 * Verifies one directory signature label the way a Web Bot Auth verifier does: `@authority;req` is the authority of
 * the URL the verifier fetched, the response fields are the ones received. Resolves to the signature parameters.
 */
export async function verifyDirectoryLabel(
  label: SignatureLabel,
  opts: { url: string; contentDigest: string | null; jwk: JsonWebKey },
): Promise<Parameters> {
  const verifier = await verifierFromJWK(opts.jwk)
  const headers: Record<string, string> = { 'signature-input': label.input, signature: label.signature }
  if (opts.contentDigest !== null) headers['content-digest'] = opts.contentDigest
  let params: Parameters | undefined
  await verify({ request: { method: 'GET', url: opts.url, headers: {} }, response: { status: 200, headers } }, async (data, sig, p) => {
    await verifier(data, sig, p as never)
    params = p
  })
  return params!
}
