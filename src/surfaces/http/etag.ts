import { createHash } from 'node:crypto'

/** A strong, quoted ETag derived from the exact bytes sent. */
export function strongEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
}

