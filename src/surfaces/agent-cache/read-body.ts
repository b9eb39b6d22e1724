import { readWebStreamCapped } from '../../util/read-web-stream.ts'

/**
 * A JSON-RPC request body as text, or undefined when it is larger than `maxBytes` (the rest is not read).
 * With a Content-Length within the cap, the body is read whole with `text()`: the HTTP parser never delivers
 * more than the declared length, and the Node adapter reads it straight from the socket, without the web stream
 * that `request.body` builds (a large share of a cached answer's cost). Without one (chunked), it is streamed
 * and counted.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = request.headers.get('content-length')
  if (declared !== null) {
    const length = Number(declared)
    if (!Number.isInteger(length) || length < 0 || length > maxBytes) return undefined
    return request.text()
  }
  return (await readWebStreamCapped(request.body, maxBytes))?.toString('utf8')
}
