import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { KeyFileSchema, keyStatus, newKeyFile, rotateKeys, type KeyFile } from './key-file.ts'
import { ed25519Thumbprint } from './thumbprint.ts'

const T0 = Date.parse('2026-11-20T12:00:00Z')
const DAY = 24 * 60 * 60 * 1000

describe('key file format and rotation', () => {
  it('a new file holds one active Ed25519 key whose kid is its thumbprint, and passes its own schema', () => {
    const file = newKeyFile(T0)
    assert.equal(file.version, 1)
    assert.equal(file.keys.length, 1)
    const [key] = file.keys
    assert.equal(key!.kid, ed25519Thumbprint(key!.private_jwk.x))
    assert.equal(key!.created_at, '2026-11-20T12:00:00.000Z')
    assert.equal(key!.expires_at, null)
    assert.equal(Buffer.from(key!.private_jwk.x, 'base64url').length, 32)
    assert.equal(Buffer.from(key!.private_jwk.d, 'base64url').length, 32)
    assert.ok(KeyFileSchema.safeParse(JSON.parse(JSON.stringify(file))).success)
    assert.notEqual(newKeyFile(T0).keys[0]!.kid, key!.kid, 'every key is fresh')
  })

  it('rotate: a new active key, the previous one retiring for the overlap, then expired keys dropped', () => {
    const first = newKeyFile(T0)
    const a = first.keys[0]!
    const r1 = rotateKeys(first, T0 + DAY, 7)
    const b = r1.added
    assert.deepEqual(r1.file.keys.map((k) => k.kid), [b.kid, a.kid])
    assert.equal(r1.file.keys[1]!.expires_at, new Date(T0 + 8 * DAY).toISOString())
    assert.deepEqual(keyStatus(r1.file.keys[1]!, T0 + 2 * DAY), { state: 'retiring', until: new Date(T0 + 8 * DAY).toISOString() })
    assert.deepEqual(keyStatus(r1.file.keys[0]!, T0 + 2 * DAY), { state: 'active' })
    assert.deepEqual(r1.removed, [])

    // Two days later: B retires, A is still within its overlap, so three keys.
    const r2 = rotateKeys(r1.file, T0 + 3 * DAY, 7)
    assert.deepEqual(r2.file.keys.map((k) => k.kid), [r2.added.kid, b.kid, a.kid])
    assert.equal(r2.file.keys.filter((k) => k.expires_at === null).length, 1)

    // After A's overlap has passed it is dropped at the next rotation.
    const r3 = rotateKeys(r2.file, T0 + 9 * DAY, 7)
    assert.deepEqual(r3.file.keys.map((k) => k.kid), [r3.added.kid, r2.added.kid, b.kid])
    assert.deepEqual(r3.removed.map((k) => k.kid), [a.kid])
    assert.equal(keyStatus(r2.file.keys[2]!, T0 + 9 * DAY).state, 'expired')
  })

  it('rotate with overlap 0 retires the old key at once', () => {
    const first = newKeyFile(T0)
    const r = rotateKeys(first, T0, 0)
    assert.deepEqual(r.file.keys.map((k) => k.kid), [r.added.kid])
    assert.deepEqual(r.removed.map((k) => k.kid), [first.keys[0]!.kid])
  })

  it('the schema refuses files that would publish the wrong thing', () => {
    const good = JSON.parse(JSON.stringify(rotateKeys(newKeyFile(T0), T0, 7).file)) as KeyFile
    const broken = (mutate: (f: KeyFile) => void) => {
      const f = structuredClone(good)
      mutate(f)
      return KeyFileSchema.safeParse(f).success
    }
    assert.equal(broken(() => {}), true)
    assert.equal(broken((f) => { f.keys[1]!.expires_at = null }), false, 'two active keys')
    assert.equal(broken((f) => { f.keys[0]!.expires_at = f.keys[1]!.expires_at }), false, 'no active key')
    assert.equal(broken((f) => { f.keys[0]!.kid = f.keys[1]!.kid }), false, 'kid is not the thumbprint')
    assert.equal(broken((f) => { f.keys[0]!.private_jwk.d = 'AAAA' }), false, 'short d')
    assert.equal(broken((f) => { (f as { version: number }).version = 2 }), false, 'unknown version')
    assert.equal(broken((f) => { f.keys = [] }), false, 'no keys')
  })
})
