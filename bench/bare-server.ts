import http from 'node:http'

/**
 * The baseline: node:http writing precomputed bytes, with the same status and header set the service sends
 * for each path (ops.md §4.1: the bare baseline must send byte-identical responses, or the ratio lies).
 * Reads {path: {headers, body(base64)}} as JSON on stdin, prints its port.
 */
let input = ''
process.stdin.on('data', (d) => { input += d })
process.stdin.on('end', () => {
  const table = JSON.parse(input) as Record<string, { headers: Record<string, string>; body: string }>
  const responses = new Map(Object.entries(table).map(([p, r]) => [p, { headers: r.headers, body: Buffer.from(r.body, 'base64') }]))
  const server = http.createServer((req, res) => {
    const r = responses.get(req.url ?? '')
    if (!r) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, r.headers).end(r.body)
  })
  server.keepAliveTimeout = 5000
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as { port: number }).port}\n`)
  })
})
