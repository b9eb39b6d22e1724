import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { verify } from 'web-bot-auth'
import { verifierFromJWK } from 'web-bot-auth/crypto'
import type { PublisherEntry } from '../../src/publishers/publisher.ts'
import { runCliInProcess, tempDir, testEnv, type CliResult } from './cli.ts'
import type { FixtureRequest } from './fixture-publishers.ts'
import { request } from './http.ts'

// What the crawl end-to-end tests check of a crawl: its exit, the feeds' state, the signatures on its requests.

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory'

export interface FeedJson {
  name: string
  feed_url: string
  last_status: string | null
  last_error: string | null
  consecutive_failures: number
  last_fetched_at: string | null
  article_count: number
}

export function assertExit0(result: CliResult, what: string) {
  assert.equal(result.code, 0, `${what} exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`)
}

/** `publishers list --json` through the CLI's `main` in this process (it only reads the store): a node start saved. */
export async function publishersList(env: Record<string, string>): Promise<Map<string, FeedJson>> {
  const result = await runCliInProcess(['publishers', 'list', '--json'], { env })
  assertExit0(result, 'publishers list --json')
  return new Map((JSON.parse(result.stdout) as FeedJson[]).map((f) => [f.feed_url, f]))
}

export function writeDirectory(dir: string, name: string, entries: PublisherEntry[]): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, JSON.stringify(entries, null, 2))
  return file
}

/**
 * The environment of a `serve` or `crawl` that crawls `entries` (publishers on the loopback fixture site) into a
 * fresh directory of its own: its SQLite store, its keys and its publisher directory, no sample edition.
 */
export function crawlEnv(siteUrl: string, entries: PublisherEntry[], extra: Record<string, string> = {}): Record<string, string> {
  const dir = tempDir('newsdesk-crawl-')
  return testEnv({
    DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`,
    DATA_DIR: path.join(dir, 'data'),
    SITE_URL: siteUrl,
    NEWSDESK_SAMPLE: 'off',
    NEWSDESK_PUBLISHERS: writeDirectory(dir, 'publishers.json', entries),
    NEWSDESK_FETCH_ALLOW: '127.0.0.1',
    HEALTH_MAX_STORY_AGE_MINUTES: '525600',
    ...extra,
  })
}

/** The public keys serve publishes in its signatures directory, by kid. */
export async function directoryKeys(serve: { url: string }): Promise<Map<string, JsonWebKey>> {
  const res = await request(`${serve.url}${DIRECTORY_PATH}`)
  assert.equal(res.status, 200)
  const jwks = JSON.parse(res.text) as { keys: Array<JsonWebKey & { kid: string }> }
  assert.ok(jwks.keys.length > 0)
  return new Map(jwks.keys.map((k) => [k.kid, k]))
}

/** Verifies one recorded request as a publisher would: web-bot-auth's verifier, the key chosen by keyid. */
export async function verifyRequest(req: FixtureRequest, keys: Map<string, JsonWebKey>): Promise<string> {
  let keyid = ''
  await verify(
    { method: req.method, url: `http://${req.headers.host}${req.path}`, headers: req.headers as Record<string, string> },
    async (data, signature, params) => {
      keyid = params.keyid
      const jwk = keys.get(params.keyid)
      if (!jwk) throw new Error(`keyid ${params.keyid} is not in the signatures directory`)
      await (await verifierFromJWK(jwk))(data, signature, params)
    },
  )
  return keyid
}
