import pino from 'pino'
import type { Hono } from 'hono'
import type { ResponseFront } from '../src/front/response-front.ts'
import { servedRequest } from './served-request.ts'

/**
 * node --import tsx bench/miss-ab.ts <other tree> [database url] [calls]
 * Compares an uncached GET /api/v1/stories?limit=20 of another checkout (e.g. `git archive <commit> src content`
 * unpacked beside this one, with a node_modules symlink) with this one's, in one process: the in-process
 * `app.fetch` miss, the miss as served (bench/served-request.ts) and the framework alone (the same request answered
 * from the response cache, the front path told not to answer). Stages take turns in rounds of 50 calls and are
 * timed in process CPU time, then the whole run is repeated with the trees' order swapped, because the order
 * alone moves an unchanged tree by 5-15%. Prints this tree's time as a ratio of the other's, per order, then how
 * much slower this tree's store call runs right after the framework's work than alone.
 */
const other = process.argv[2]
if (!other) {
  console.error('usage: bench/miss-ab.ts <other tree> [database url] [calls]')
  process.exit(2)
}
const databaseUrl = process.argv[3] ?? 'sqlite:/tmp/newsdesk-bench-100000.db'
const calls = Number(process.argv[4] ?? 3000)
const here = new URL('..', import.meta.url).pathname
const URL_PATH = '/api/v1/stories?limit=20'

interface Tree { miss(): Promise<unknown>, served(): Promise<unknown>, framework(): Promise<unknown>, list(): Promise<unknown>, close(): Promise<void> }

async function open(root: string): Promise<Tree> {
  const { loadConfig } = await import(`${root}/src/config/config.ts`)
  const { createQueryService } = await import(`${root}/src/query/query-service.ts`)
  const { createApp } = await import(`${root}/src/server/create-app.ts`)
  const { newKeyFile } = await import(`${root}/src/signing/key-file.ts`)
  const { createKeyRing } = await import(`${root}/src/signing/key-ring.ts`)
  const { openStore } = await import(`${root}/src/storage/open-store.ts`)
  const store = openStore(databaseUrl)
  const log = pino({ level: 'silent' })
  const env = { SITE_URL: 'https://news.example.org', HEALTH_MAX_STORY_AGE_MINUTES: '525600' }
  const query = createQueryService({ store, siteUrl: env.SITE_URL, version: 'bench', healthMaxStoryAgeMinutes: 525600 })
  const make = (cacheMb: string) => createApp({ config: loadConfig({ ...env, RESPONSE_CACHE_MB: cacheMb }), query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) }) as { app: Hono, front: ResponseFront }
  const off = make('0')
  const on = make('64')
  const served = servedRequest(off.app, off.front)
  const framework = servedRequest(on.app, { ...on.front, serve: () => false })
  return {
    miss: async () => (await off.app.fetch(new Request(`http://127.0.0.1${URL_PATH}`))).status,
    served: () => served(URL_PATH),
    framework: () => framework(URL_PATH),
    list: () => store.listStories({ limit: 20, lang: 'en' }),
    close: () => store.close(),
  }
}

async function cpuPerCall(stages: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> {
  const names = Object.keys(stages)
  const spent: Record<string, number> = Object.fromEntries(names.map((k) => [k, 0]))
  for (const k of names) for (let i = 0; i < 200; i++) await stages[k]!()
  for (let done = 0; done < calls; done += 50) {
    for (const k of names) {
      const started = process.cpuUsage()
      for (let i = 0; i < 50; i++) await stages[k]!()
      const used = process.cpuUsage(started)
      spent[k]! += used.user + used.system
    }
  }
  return Object.fromEntries(names.map((k) => [k, spent[k]! / (Math.ceil(calls / 50) * 50)]))
}

const trees = { other: await open(other), here: await open(here) }
for (const order of [['other', 'here'], ['here', 'other']] as const) {
  const stages: Record<string, () => Promise<unknown>> = {}
  for (const kind of ['miss', 'served', 'framework'] as const) for (const t of order) stages[`${kind} ${t}`] = trees[t][kind]
  const r = await cpuPerCall(stages)
  const line = (['miss', 'served', 'framework'] as const).map((k) =>
    `${k} ${r[`${k} here`]!.toFixed(0)} vs ${r[`${k} other`]!.toFixed(0)} µs = ${(r[`${k} here`]! / r[`${k} other`]!).toFixed(3)}×`).join(', ')
  console.log(`${order[0]} first: ${line}`)
}
// The store call after the framework's work, against each alone: what the framework costs the work after it.
const { here: t } = trees
const after = await cpuPerCall({
  list: t.list,
  framework: t.framework,
  'framework then list': async () => { await t.framework(); await t.list() },
})
console.log(`this tree: the store's list call ${after.list!.toFixed(0)} µs alone, the framework ${after.framework!.toFixed(0)} µs alone, `
  + `both in one call ${after['framework then list']!.toFixed(0)} µs: ${(after['framework then list']! - after.list! - after.framework!).toFixed(0)} µs more than the two apart`)
for (const tree of Object.values(trees)) await tree.close()
