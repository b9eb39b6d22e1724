import fs from 'node:fs'

/**
 * Where `newsdesk export FILE` may write, decided before anything is written:
 * - a new path, or a regular file (also through a symbolic link): written atomically (a temporary file beside the
 *   real file, renamed over it), so a link stays a link and its target gets the export;
 * - a FIFO or a character device (`/dev/null`, `/dev/stdout`, a named pipe): written through, as a shell
 *   redirection would; renaming a file over one would replace the device node with a regular file;
 * - anything else (a directory, a socket, a block device, a link to nothing): refused with a message.
 */
export type ExportTarget =
  | { kind: 'file'; path: string }
  | { kind: 'stream'; path: string }
  | { kind: 'refused'; message: string }

export function exportTarget(file: string): ExportTarget {
  let link: fs.Stats
  try {
    link = fs.lstatSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'file', path: file }
    return { kind: 'refused', message: `cannot use ${file}: ${(err as Error).message}` }
  }
  let target: fs.Stats
  try {
    target = link.isSymbolicLink() ? fs.statSync(file) : link
  } catch {
    return { kind: 'refused', message: `${file} is a symbolic link to a file that does not exist; name the file itself` }
  }
  if (target.isFile()) return { kind: 'file', path: link.isSymbolicLink() ? fs.realpathSync(file) : file }
  if (target.isFIFO() || target.isCharacterDevice()) return { kind: 'stream', path: file }
  const what = target.isDirectory() ? 'a directory' : target.isSocket() ? 'a socket' : target.isBlockDevice() ? 'a block device' : 'not a regular file'
  return { kind: 'refused', message: `${file} is ${what}; name a regular file, a new path, a FIFO or a character device such as /dev/null` }
}
