import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomicSync } from '../util/write-file-atomic.ts'
import { KeyFileSchema, newKeyFile, type KeyFile } from './key-file.ts'

/** A key file that is missing where required, unreadable, or not in the expected format. */
export class KeyFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KeyFileError'
  }
}

/** `<dataDir>/keys/crawler-signing-keys.json`; the keys directory is 0700 and the file 0600. */
export function keyFilePath(dataDir: string): string {
  return path.resolve(dataDir, 'keys', 'crawler-signing-keys.json')
}

/** The key file, or null when it does not exist. Throws KeyFileError when it exists but is not a valid key file. */
export function readKeyFile(file: string): KeyFile | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new KeyFileError(`signing: cannot read ${file}: ${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new KeyFileError(`signing: ${file} is not JSON`)
  }
  const parsed = KeyFileSchema.safeParse(json)
  if (!parsed.success) {
    // Issue paths and messages only: zod would otherwise echo the offending values, which may be private keys.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
    throw new KeyFileError(`signing: ${file} is not a valid key file\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
  return parsed.data
}

/** Group or other permission bits on the key file or its directory, as a warning to print; null when private. */
export function permissionWarning(file: string): string | null {
  const loose = [path.dirname(file), file].filter((p) => (fs.statSync(p).mode & 0o077) !== 0)
  return loose.length === 0 ? null : `${loose.join(' and ')} can be read by other users; expected 0700 for the directory and 0600 for the file`
}

/**
 * Writes the key file atomically: a temporary file created 0600 in the same directory, fsynced, then renamed over
 * the old one (or, with `exclusive`, hard-linked so an existing file is never replaced), then the directory fsynced.
 * A crash leaves either the old file or the new one, never a torn or world-readable one.
 */
export function writeKeyFile(file: string, content: KeyFile, opts: { exclusive?: boolean } = {}): void {
  const dir = path.dirname(file)
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700)
  writeFileAtomicSync(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, exclusive: opts.exclusive })
}

/**
 * Reads the key file, creating it with one new key when absent. Creation never replaces a file: if another
 * process created one first, that one is read and used.
 */
export function loadOrCreateKeyFile(file: string, now: number): { keys: KeyFile; created: boolean } {
  const existing = readKeyFile(file)
  if (existing) return { keys: existing, created: false }
  const fresh = newKeyFile(now)
  try {
    writeKeyFile(file, fresh, { exclusive: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const winner = readKeyFile(file)
    if (!winner) throw new KeyFileError(`signing: ${file} appeared and vanished while it was being created`)
    return { keys: winner, created: false }
  }
  return { keys: fresh, created: true }
}
