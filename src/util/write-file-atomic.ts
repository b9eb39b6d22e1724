import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream/promises'

/**
 * Writing a file whole or not at all, for every file the service writes for an operator (exports, publisher
 * directories, signing keys): the bytes go to a temporary file in the same directory (so the final rename stays on
 * one file system), are fsynced, then the temporary file is renamed over FILE (or, with `exclusive`, hard-linked,
 * so an existing FILE is never replaced and the call fails with EEXIST), and the directory is fsynced. A crash or
 * an error leaves the old FILE or the new one, never a torn one, and no temporary file behind.
 */
export interface AtomicWriteOptions {
  /** Permission bits of the new file (default 0o666 less the umask); the temporary file has them from its creation. */
  mode?: number
  /** Never replace an existing FILE: fail with EEXIST instead. */
  exclusive?: boolean
}

/** The whole content at once (small files: keys, directories). */
export function writeFileAtomicSync(file: string, content: string | Uint8Array, opts: AtomicWriteOptions = {}): void {
  const tmp = temporaryName(file)
  try {
    const fd = fs.openSync(tmp, 'wx', opts.mode ?? 0o666)
    try {
      fs.writeFileSync(fd, content)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    commit(tmp, file, opts)
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

/** Content written as a stream by `write` (large files: exports); resolves with what `write` resolved. */
export async function writeFileAtomic<T>(file: string, write: (out: fs.WriteStream) => Promise<T>, opts: AtomicWriteOptions = {}): Promise<T> {
  const tmp = temporaryName(file)
  try {
    const out = fs.createWriteStream(tmp, { flags: 'wx', mode: opts.mode ?? 0o666 })
    let result: T
    try {
      result = await write(out)
    } finally {
      out.end()
      await finished(out)
    }
    const fd = fs.openSync(tmp, 'r')
    try {
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    commit(tmp, file, opts)
    return result
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

/** A hidden name beside FILE, unique per process and call, so two writers never share one. */
function temporaryName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
}

function commit(tmp: string, file: string, opts: AtomicWriteOptions): void {
  if (opts.exclusive) fs.linkSync(tmp, file)
  else fs.renameSync(tmp, file)
  syncDirectory(path.dirname(file))
}

function syncDirectory(dir: string): void {
  let fd: number | undefined
  try {
    fd = fs.openSync(dir, 'r')
    fs.fsyncSync(fd)
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}
