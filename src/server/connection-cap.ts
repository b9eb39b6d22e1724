import type { Server } from 'node:http'
import type { Socket } from 'node:net'

const BUSY_BODY = JSON.stringify({ error: 'unavailable', message: 'Too many open connections. Retry in a few seconds.' })
const BUSY = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(BUSY_BODY)}`,
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Access-Control-Allow-Origin: *',
  'Connection: close',
  '',
  BUSY_BODY,
].join('\r\n')

/** How long a refused socket may stay open for its 503 to be read before it is destroyed. */
const REFUSED_LINGER_MS = 2_000

/**
 * Caps open connections at `max`, below the process's file-descriptor limit, so that a flood of idle sockets
 * cannot make the kernel refuse (reset) everyone else. A connection over the cap is answered at once, without
 * waiting for its request: a 503 with Retry-After, then closed. The socket is never handed to the HTTP parser,
 * so a refused client costs no request handling at all.
 */
export function capConnections(server: Server, max: number): void {
  let open = 0
  // The HTTP server's own connection listener (which attaches the parser) runs only for accepted sockets.
  const httpListeners = server.listeners('connection') as Array<(socket: Socket) => void>
  server.removeAllListeners('connection')
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      socket.on('error', () => socket.destroy())
      // Read (and drop) whatever the client sends, so its close is seen and the socket ends without waiting.
      socket.resume()
      socket.end(BUSY)
      const linger = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS)
      socket.once('close', () => clearTimeout(linger))
      return
    }
    open += 1
    socket.once('close', () => { open -= 1 })
    for (const listener of httpListeners) listener.call(server, socket)
  })
}
