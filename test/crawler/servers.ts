import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { verify } from 'web-bot-auth'
import { verifierFromJWK } from 'web-bot-auth/crypto'
import { openCrawlerKeyRing } from '../../src/signing/open-key-ring.ts'
import type { CrawlerKeyRing } from '../../src/signing/key-ring.ts'
import type { Resolver } from '../../src/crawler/fetch/guarded-connector.ts'

/** One request a test server received, with when it arrived (ms since the epoch). */
export interface RecordedRequest { method: string; url: string; headers: http.IncomingHttpHeaders; at: number }

export interface TestServer {
  port: number
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** A real HTTP server on 127.0.0.1 that records every request it receives before handing it to `handler`. */
export async function startServer(handler: http.RequestListener): Promise<TestServer> {
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url!, headers: req.headers, at: Date.now() })
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port, origin: `http://127.0.0.1:${port}`, requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}

/** A fresh crawler key ring in a temp dir, and its public JWK for verifying. */
export function tempKeyRing(): { keys: CrawlerKeyRing; jwk: JsonWebKey } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-crawler-'))
  const { ring } = openCrawlerKeyRing(dir, Date.now())
  fs.rmSync(dir, { recursive: true, force: true })
  return { keys: ring, jwk: ring.publishedKeys(Date.now())[0]!.jwk }
}

/** Verifies a request as a publisher would: web-bot-auth's verifier, `@authority` from the Host header received. */
export async function verifySignature(req: RecordedRequest, jwk: JsonWebKey): Promise<void> {
  await verify({ method: req.method, url: req.url, protocol: 'http', headers: req.headers as Record<string, string> }, await verifierFromJWK(jwk))
}

/** A resolver from a fixed table, so tests can use names without DNS. Unknown names fail like NXDOMAIN. */
export function tableResolver(table: Record<string, string | string[]>): Resolver {
  return async (hostname) => {
    const entry = table[hostname]
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return (Array.isArray(entry) ? entry : [entry]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
}
