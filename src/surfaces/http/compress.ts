import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { strongEtag } from './etag.ts'

/** One stored encoding of a body: its bytes and a strong ETag of exactly those bytes. */
export interface Encoded {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
}

export type Coding = 'br' | 'gzip'

export interface CompressedVariants {
  br: Encoded
  gzip: Encoded
}

/**
 * Below this, compression saves less than a TCP segment and the gzip/brotli framing eats much of it, so such
 * bodies are stored and sent as they are (and do not vary on Accept-Encoding).
 */
export const MIN_COMPRESSIBLE_BYTES = 1024

/** Whether compressVariants makes variants of a body this long (known before it runs). */
export const isCompressible = (byteLength: number): boolean => byteLength >= MIN_COMPRESSIBLE_BYTES

/** Above this, brotli runs at a faster level: a large sitemap must not hold a threadpool thread for seconds. */
const LARGE_BODY_BYTES = 1 << 20

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const toEncoded = (buf: Buffer): Encoded => {
  // A copy that owns its ArrayBuffer: a zlib result may be a view into a larger pooled buffer.
  const bytes = new Uint8Array(buf.byteLength)
  bytes.set(buf)
  return { bytes, etag: strongEtag(bytes) }
}

/**
 * The br and gzip variants of a body, computed once when the body enters the response cache and never per
 * request. Both run in libuv's threadpool (zlib's async API), so the event loop keeps serving while they do.
 * Brotli level 6 gets nearly level 11's ratio on our JSON and pages for a small fraction of its CPU time
 * (decision 0024).
 */
export async function compressVariants(bytes: Uint8Array): Promise<CompressedVariants | undefined> {
  if (!isCompressible(bytes.byteLength)) return undefined
  const quality = bytes.byteLength > LARGE_BODY_BYTES ? 4 : 6
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: 6 }),
  ])
  return { br: toEncoded(br), gzip: toEncoded(gz) }
}
