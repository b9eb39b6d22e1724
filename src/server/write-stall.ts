import type { Server } from 'node:http'
import type { Socket } from 'node:net'

interface Watch {
  /** When output was first seen waiting in the process for this socket, since it last drained. */
  pendingSince: number | undefined
  lastDrain: number
}

/**
 * The write-side stall timeout: a socket whose output waits in the process (the kernel's send buffer full,
 * because the client reads slowly or not at all) for longer than `ms` without draining is destroyed.
 *
 * Node's 'finish' on a response only means its bytes were handed to the socket, not to the kernel, and the idle
 * timeout is reset by every byte a trickling reader takes, so neither bounds how long a slow reader holds an
 * answer in memory. A sweep every `ms / 4` is enough precision for a limit of seconds and costs a walk over the
 * open sockets (at most the connection cap).
 */
export function closeStalledWriters(server: Server, ms: number): void {
  const watched = new Map<Socket, Watch>()
  server.on('connection', (socket: Socket) => {
    const watch: Watch = { pendingSince: undefined, lastDrain: Date.now() }
    watched.set(socket, watch)
    socket.on('drain', () => { watch.lastDrain = Date.now() })
    socket.once('close', () => watched.delete(socket))
  })
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [socket, watch] of watched) {
      if (socket.writableLength === 0) {
        watch.pendingSince = undefined
        continue
      }
      watch.pendingSince ??= now
      if (now - Math.max(watch.pendingSince, watch.lastDrain) > ms) socket.destroy()
    }
  }, Math.max(50, Math.floor(ms / 4)))
  sweep.unref()
  server.once('close', () => clearInterval(sweep))
}
