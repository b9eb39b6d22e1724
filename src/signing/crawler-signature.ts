import { signatureHeaders, type SignatureHeaders, type SignatureParams } from 'web-bot-auth'
import type { CrawlerKeyRing } from './key-ring.ts'

/**
 * `Signature` and `Signature-Input` for an outgoing crawler request, signed with the active key (tag `web-bot-auth`,
 * keyid = thumbprint, a random nonce; covers `@authority`, plus `signature-agent` when the request carries that
 * header). Keep `expires - created` short (minutes): the signature can be replayed against the same site until then.
 */
export function crawlerSignatureHeaders(
  request: Parameters<typeof signatureHeaders>[0], keys: CrawlerKeyRing, params: SignatureParams,
): Promise<SignatureHeaders> {
  return signatureHeaders(request, keys.activeSigner(), params)
}
