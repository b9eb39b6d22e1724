import pino from 'pino'
import { loadConfig } from '../src/config/config.ts'
import { createQueryService } from '../src/query/query-service.ts'
import { createApp } from '../src/server/create-app.ts'
import { newKeyFile } from '../src/signing/key-file.ts'
import { createKeyRing } from '../src/signing/key-ring.ts'
import { openStore } from '../src/storage/open-store.ts'
import { strongEtag } from '../src/surfaces/http/etag.ts'

/** Mean microseconds per call of `work`, after a warm-up, over `n` calls run one after another. */
async function timeEach(n: number, work: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await work()
  const started = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await work()
  return Number(process.hrtime.bigint() - started) / 1e3 / n
}

export interface MissProfile {
  /** The store's query alone (SQL and driver). */
  sqlUs: number
  /** The query service: the store's query, validation and building the views. */
  queryUs: number
  stringifyUs: number
  /** UTF-8 encoding plus the SHA-256 ETag. */
  encodeHashUs: number
  /** A whole uncached GET /api/v1/stories?limit=20 through the framework, in process (no socket). */
  missUs: number
}

/**
 * Where an uncached list request's time goes, measured in this process on `databaseUrl`: each stage alone, then
 * the whole request through the app with its response cache off (every request a miss).
 */
export async function profileMiss(databaseUrl: string, n = 3000): Promise<MissProfile> {
  const store = openStore(databaseUrl)
  try {
    const config = loadConfig({ SITE_URL: 'https://news.example.org', RESPONSE_CACHE_MB: '0', HEALTH_MAX_STORY_AGE_MINUTES: '525600' })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: 'bench', healthMaxStoryAgeMinutes: 525600 })
    const { app } = createApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) })
    const list = await query.listStories({ limit: 20 })
    const json = JSON.stringify(list)
    const encoder = new TextEncoder()
    const sqlUs = await timeEach(n, () => store.listStories({ limit: 20, lang: 'en' }))
    const queryUs = await timeEach(n, () => query.listStories({ limit: 20 }))
    const stringifyUs = await timeEach(n, () => JSON.stringify(list))
    const encodeHashUs = await timeEach(n, () => strongEtag(encoder.encode(json)))
    const missUs = await timeEach(n, async () => {
      const res = await app.request('/api/v1/stories?limit=20')
      await res.arrayBuffer()
    })
    return { sqlUs, queryUs, stringifyUs, encodeHashUs, missUs }
  } finally {
    await store.close()
  }
}

export function formatMissProfile(label: string, p: MissProfile): string {
  const f = (n: number) => `${n.toFixed(0)} µs`
  const rest = p.missUs - p.queryUs - p.stringifyUs - p.encodeHashUs
  return `${label} cache miss, GET /api/v1/stories?limit=20 in process: ${f(p.missUs)} = SQL ${f(p.sqlUs)} + validation and views ${f(p.queryUs - p.sqlUs)}` +
    ` + JSON.stringify ${f(p.stringifyUs)} + encode and ETag ${f(p.encodeHashUs)} + routing, query-string validation and Response ${f(rest)};` +
    ` miss/SQL ${(p.missUs / p.sqlUs).toFixed(2)}× (goal ≤ 2×)`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'sqlite:/tmp/newsdesk-bench-100000.db'
  console.log(formatMissProfile(url, await profileMiss(url)))
}
