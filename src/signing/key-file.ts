import { generateKeyPairSync } from 'node:crypto'
import { z } from 'zod'
import { ed25519Thumbprint } from './thumbprint.ts'

export const KEY_FILE_VERSION = 1
const DAY_MS = 24 * 60 * 60 * 1000

const base64url = (bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+$/).refine(
  (s) => Buffer.from(s, 'base64url').length === bytes, `must be ${bytes} bytes of base64url`,
)
const timestamp = z.iso.datetime({ offset: true })

const StoredKeySchema = z.strictObject({
  kid: z.string().min(1),
  created_at: timestamp,
  /** null for the active key; a rotated key is published until this instant, then dropped. */
  expires_at: timestamp.nullable(),
  private_jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: base64url(32), d: base64url(32) }),
})

export const KeyFileSchema = z.strictObject({
  version: z.literal(KEY_FILE_VERSION),
  keys: z.array(StoredKeySchema).min(1),
}).superRefine((file, ctx) => {
  const active = file.keys.filter((k) => k.expires_at === null).length
  if (active !== 1) ctx.addIssue({ code: 'custom', message: `must hold exactly one active key (expires_at null), found ${active}` })
  for (const [i, key] of file.keys.entries()) {
    if (key.kid !== ed25519Thumbprint(key.private_jwk.x)) {
      ctx.addIssue({ code: 'custom', path: ['keys', i, 'kid'], message: 'is not the JWK thumbprint of the key' })
    }
  }
})

export type StoredKey = z.infer<typeof StoredKeySchema>
export type KeyFile = z.infer<typeof KeyFileSchema>

export type KeyStatus = { state: 'active' } | { state: 'retiring'; until: string } | { state: 'expired'; since: string }

const iso = (ms: number) => new Date(ms).toISOString()

/** A new Ed25519 key, active (no expiry), its kid the JWK thumbprint. */
export function generateStoredKey(now: number): StoredKey {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  if (!jwk.x || !jwk.d) throw new Error('signing: node:crypto exported an Ed25519 JWK without x or d')
  return {
    kid: ed25519Thumbprint(jwk.x),
    created_at: iso(now),
    expires_at: null,
    private_jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d },
  }
}

export function newKeyFile(now: number): KeyFile {
  return { version: KEY_FILE_VERSION, keys: [generateStoredKey(now)] }
}

export function keyStatus(key: StoredKey, now: number): KeyStatus {
  if (key.expires_at === null) return { state: 'active' }
  return Date.parse(key.expires_at) > now ? { state: 'retiring', until: key.expires_at } : { state: 'expired', since: key.expires_at }
}

/**
 * A new active key; the previous active key keeps being published for `overlapDays` (verifiers that cached the
 * directory still know it while requests signed just before the rotation arrive), then it is dropped. Keys
 * already expired are removed. `overlapDays` 0 retires the old key at once (a compromised key).
 */
export function rotateKeys(file: KeyFile, now: number, overlapDays: number): { file: KeyFile; added: StoredKey; removed: StoredKey[] } {
  const added = generateStoredKey(now)
  const keys = file.keys.map((key) => key.expires_at === null ? { ...key, expires_at: iso(now + overlapDays * DAY_MS) } : key)
  const expired = (key: StoredKey) => keyStatus(key, now).state === 'expired'
  return {
    file: { version: KEY_FILE_VERSION, keys: [added, ...keys.filter((k) => !expired(k))] },
    added,
    removed: keys.filter(expired),
  }
}
