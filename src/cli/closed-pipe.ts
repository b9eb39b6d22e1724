/**
 * `newsdesk publishers export | head -1`: once the reader of standard output has gone, nothing the command still has
 * to say can be read, so the command ends at once, quietly and with exit code 0, as `cat` and `grep` do. Any other
 * stream error is left to the usual handling.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WritableStream, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (isClosedPipe(err)) exit(0)
    else throw err
  })
}

/** True for the error a write to a pipe whose reader has gone fails with. */
export function isClosedPipe(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EPIPE'
}
