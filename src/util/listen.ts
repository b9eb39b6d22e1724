import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Listening {
  /** The port bound (the one asked for, or the one picked for port 0). */
  port: number
  /** Stops accepting, closes idle keep-alive sockets at once, and resolves when the last connection has ended. */
  close(): Promise<void>
}

/** `server.listen` as a promise that rejects on a bind error (a port in use), for every listener of the service. */
export function listen(server: Server, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => {
          server.close(() => done())
          server.closeIdleConnections()
        }),
      })
    })
  })
}
