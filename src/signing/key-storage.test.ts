import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { newKeyFile, rotateKeys } from './key-file.ts'
import { KeyFileError, keyFilePath, loadOrCreateKeyFile, permissionWarning, readKeyFile, writeKeyFile } from './key-storage.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-keys-'))
after(() => fs.rmSync(root, { recursive: true, force: true }))
let n = 0
const freshDataDir = () => path.join(root, `data-${++n}`)
const mode = (p: string) => fs.statSync(p).mode & 0o777

describe('key storage', () => {
  it('lives at DATA_DIR/keys/crawler-signing-keys.json', () => {
    assert.equal(keyFilePath('/srv/newsdesk'), '/srv/newsdesk/keys/crawler-signing-keys.json')
  })

  it('creates the file 0600 in a 0700 directory, once; a second call reads the same keys', () => {
    const file = keyFilePath(freshDataDir())
    const first = loadOrCreateKeyFile(file, Date.now())
    assert.equal(first.created, true)
    assert.equal(mode(file), 0o600)
    assert.equal(mode(path.dirname(file)), 0o700)
    const again = loadOrCreateKeyFile(file, Date.now())
    assert.equal(again.created, false)
    assert.deepEqual(again.keys, first.keys)
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['crawler-signing-keys.json'], 'no temporary files left behind')
  })

  it('an exclusive write never replaces an existing file', () => {
    const file = keyFilePath(freshDataDir())
    const original = newKeyFile(Date.now())
    writeKeyFile(file, original, { exclusive: true })
    assert.throws(() => writeKeyFile(file, newKeyFile(Date.now()), { exclusive: true }), { code: 'EEXIST' })
    assert.deepEqual(readKeyFile(file), original)
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['crawler-signing-keys.json'])
  })

  it('a replacing write swaps the whole file and keeps it 0600, even over a looser file and directory', () => {
    const file = keyFilePath(freshDataDir())
    const first = newKeyFile(Date.now())
    writeKeyFile(file, first)
    fs.chmodSync(file, 0o644)
    fs.chmodSync(path.dirname(file), 0o755)
    assert.match(permissionWarning(file) ?? '', /can be read by other users/)
    const rotated = rotateKeys(first, Date.now(), 7).file
    writeKeyFile(file, rotated)
    assert.deepEqual(readKeyFile(file), rotated)
    assert.equal(mode(file), 0o600)
    assert.equal(mode(path.dirname(file)), 0o700)
    assert.equal(permissionWarning(file), null)
  })

  it('reports a missing file as null and a broken one as KeyFileError without echoing key material', () => {
    const file = keyFilePath(freshDataDir())
    assert.equal(readKeyFile(file), null)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, '{"version":1,')
    assert.throws(() => readKeyFile(file), (err: Error) => err instanceof KeyFileError && /is not JSON/.test(err.message))
    const bad = newKeyFile(Date.now())
    const secret = bad.keys[0]!.private_jwk.d
    bad.keys[0]!.kid = 'not-the-thumbprint'
    fs.writeFileSync(file, JSON.stringify(bad))
    assert.throws(() => readKeyFile(file), (err: Error) => {
      assert.ok(err instanceof KeyFileError)
      assert.match(err.message, /keys\.0\.kid: is not the JWK thumbprint/)
      assert.ok(!err.message.includes(secret))
      return true
    })
    assert.throws(() => loadOrCreateKeyFile(file, Date.now()), KeyFileError, 'a broken file is never overwritten')
    assert.ok(fs.readFileSync(file, 'utf8').includes('not-the-thumbprint'))
  })
})
