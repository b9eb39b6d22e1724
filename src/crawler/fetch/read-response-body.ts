/**
 * The body of a response the crawler fetched: read with a cap on the wire, then its Content-Encoding undone with a cap
 * on the decoded size (guarded-fetch.ts calls both). Request bodies the service receives are read elsewhere
 * (surfaces/json-rpc/endpoint.ts).
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

/** Thrown when a body passes its cap, on the wire or after decoding. */
export class TooLargeError extends Error {}
/** Thrown when the content coding is unknown or the compressed data is corrupt. */
export class DecodeError extends Error {}

/**
 * Reads at most `maxBytes` of the raw body, destroying the stream (and so the socket) as soon as it goes over:
 * a 1 GB response costs us `maxBytes`, not 1 GB.
 */
export async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of body) {
    total += chunk.length
    if (total > maxBytes) {
      body.destroy()
      throw new TooLargeError(`fetch: response body over ${maxBytes} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total)
}

const gunzip = promisify(zlib.gunzip)
const inflate = promisify(zlib.inflate)
const inflateRaw = promisify(zlib.inflateRaw)
const brotli = promisify(zlib.brotliDecompress)

/**
 * Undoes Content-Encoding, capping the decoded size too: a 10 KB gzip bomb expanding to 1 GB stops at `maxBytes`
 * (zlib's maxOutputLength aborts inflation there instead of finishing and then checking).
 */
export async function decodeBody(raw: Buffer, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const codings = (contentEncoding ?? '').toLowerCase().split(',').map((c) => c.trim()).filter((c) => c && c !== 'identity')
  let body = raw
  if (raw.length === 0) return raw
  // Codings are listed in the order applied, so undo them from the last.
  for (const coding of codings.reverse()) body = await decodeOne(body, coding, { maxOutputLength: maxBytes })
  return body
}

async function decodeOne(data: Buffer, coding: string, opts: zlib.ZlibOptions): Promise<Buffer> {
  try {
    switch (coding) {
      case 'gzip': case 'x-gzip': return await gunzip(data, opts)
      // "deflate" should be zlib-wrapped but some servers send raw deflate; a zlib header has CM = 8 in the low nibble.
      case 'deflate': return (data[0]! & 0x0f) === 8 ? await inflate(data, opts) : await inflateRaw(data, opts)
      case 'br': return await brotli(data, { maxOutputLength: opts.maxOutputLength })
      default: throw new DecodeError(`fetch: unsupported content-encoding ${coding}`)
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new TooLargeError(`fetch: decoded body over ${opts.maxOutputLength} bytes`)
    }
    if (err instanceof DecodeError) throw err
    throw new DecodeError(`fetch: corrupt ${coding} body: ${(err as Error).message}`)
  }
}
