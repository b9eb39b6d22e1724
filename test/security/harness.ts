import path from 'node:path'
import pino, { type Logger } from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { createQueryService, type QueryService } from '../../src/query/query-service.ts'
import { loadSampleEdition } from '../../src/sample/load-sample.ts'
import { createApp } from '../../src/server/create-app.ts'
import { serveApp } from '../../src/server/serve-app.ts'
import type { RunningServer, ServerOptions } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import { tempDir } from '../helpers/cli.ts'

export const SITE_URL = 'https://news.example.org'

export interface Harness {
  url: string
  port: number
  app: ReturnType<typeof createApp>['app']
  query: QueryService
  log: Logger
  /** Every log line at info and above, parsed. */
  logs: Array<{ level: number; msg: string; [key: string]: unknown }>
  storyIds: string[]
  sourceIds: string[]
  openConnections(): Promise<number>
  close(): Promise<void>
}

/**
 * The whole application over a real SQLite store holding the bundled sample edition (159 stories), served on a
 * real port by the real startServer with both front paths, with its log captured: what the security tests attack.
 */
export async function startHarness(server: Partial<ServerOptions> = {}): Promise<Harness> {
  const store = openSqliteStore(path.join(tempDir('newsdesk-security-'), 'security.db'))
  await loadSampleEdition(store, SAMPLE_EDITION_PATH)
  const config = loadConfig({ SITE_URL })
  const logs: Harness['logs'] = []
  const log = pino({ level: 'info' }, { write: (line: string) => { logs.push(JSON.parse(line)) } })
  const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 525_600 })
  // Served as `newsdesk serve` serves it: cached GETs and agent calls are answered before the framework.
  const { app, server: running } = await serveApp({ config, query, log, crawlerKeys: createKeyRing(newKeyFile(Date.now())) },
    { port: 0, host: '127.0.0.1', ...server })
  const stories = (await query.listStories({ limit: 50 })).stories
  const sources = (await query.listSources()).sources
  return {
    url: `http://127.0.0.1:${running.port}`,
    port: running.port,
    app,
    query,
    log,
    logs,
    storyIds: stories.map((s) => s.id),
    sourceIds: sources.map((s) => s.id),
    openConnections: () => running.openConnections(),
    async close() {
      await running.close()
      await store.close()
    },
  }
}

