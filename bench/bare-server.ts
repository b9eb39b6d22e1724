import http from 'node:http'

/**
 * The baseline: node:http writing precomputed bytes, with the same status and header set the service sends
 * for each request (the bare baseline must send byte-identical responses, or the ratio lies).
 * Reads {key: {status, headers, body(base64)}} as JSON on stdin, prints its port. A key is the request's URL,
 * its Accept-Encoding and whether it carries If-None-Match (bareKey), so one path can have a 200 in each encoding
 * and a 304.
 */
export function bareKey(url: string, headers: Record<string, string | string[] | undefined>): string {
  return `${url}\n${headers['accept-encoding'] ?? ''}\n${headers['if-none-match'] ? 'conditional' : ''}`
}

export interface BareResponse { status: number; headers: Record<string, string>; body: string }

if (import.meta.url === `file://${process.argv[1]}`) {
  let input = ''
  process.stdin.on('data', (d) => { input += d })
  process.stdin.on('end', () => {
    const table = JSON.parse(input) as Record<string, BareResponse>
    const responses = new Map(Object.entries(table).map(([k, r]) => [k, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') }]))
    const server = http.createServer((req, res) => {
      const r = responses.get(bareKey(req.url ?? '', req.headers))
      if (!r) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(r.status, r.headers).end(r.body)
    })
    server.keepAliveTimeout = 5000
    server.listen(0, '127.0.0.1', () => {
      process.stdout.write(`${(server.address() as { port: number }).port}\n`)
    })
  })
}
