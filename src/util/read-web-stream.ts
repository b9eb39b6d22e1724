/**
 * Reads a web stream (a Request or Response body) into one Buffer, or undefined as soon as it passes `maxBytes`:
 * the rest is cancelled, not read, so an oversized body costs `maxBytes` of memory at most.
 */
export async function readWebStreamCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total)
}
