import net from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * One request written byte for byte on a fresh socket (fetch would normalize the target: `//evil.example` and
 * backslashes), read to the end. Header names are lower-cased; repeated headers are joined with ", ".
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (d: Buffer) => chunks.push(d))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const split = text.indexOf('\r\n\r\n')
      const lines = text.slice(0, split).split('\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0)
      const headers: Record<string, string> = {}
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim().toLowerCase()
        const value = line.slice(colon + 1).trim()
        headers[name] = headers[name] ? `${headers[name]}, ${value}` : value
      }
      resolve({ status, headers, body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8') })
    })
    socket.end(head + body)
  })
}

/** A GET of `target` exactly as given, with Connection: close. */
export const rawGet = (port: number, target: string, headers: Record<string, string> = {}) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`)
