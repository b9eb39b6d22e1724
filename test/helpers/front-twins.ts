import path from 'node:path'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import type { AgentCalls } from '../../src/front/agent-calls.ts'
import type { CachedGets } from '../../src/front/cached-gets.ts'
import { createApp } from '../../src/server/create-app.ts'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { ALL_SEARCH_STORIES, makeStory } from '../fixtures/stories.ts'
import { tempDir } from './cli.ts'

/** One store served twice, the pair the front-path tests compare answer for answer. */
export interface FrontTwins {
  store: Store
  /** Served as `newsdesk serve` serves it: the response front before the framework. */
  withFront: RunningServer
  /** The same application with no response front: every request goes through the framework. */
  framework: RunningServer
  /** The response front's two halves: cached GETs and agent calls. */
  front: CachedGets
  agentFront: AgentCalls
  /** Another framework-only server over the same store, with a fresh answer cache (the caller closes it). */
  freshFramework(): Promise<RunningServer>
  close(): Promise<void>
}

/**
 * The search fixture stories plus 30 finance fillers (enough that lists pass the compression threshold) in a new
 * SQLite store, served with and without the response front by the same configuration, query service and key ring.
 */
export async function startFrontTwins(): Promise<FrontTwins> {
  const store = openSqliteStore(path.join(tempDir(), 'front-twins.db'))
  const filler = Array.from({ length: 30 }, (_, i) => makeStory({ published_at: `2026-11-${String(1 + (i % 18)).padStart(2, '0')}T0${i % 10}:00:00Z`, category: 'finance' }))
  await store.upsertStories([...ALL_SEARCH_STORIES, ...filler].map((s) => StorySnapshot.parse(s)))
  const config = loadConfig({ SITE_URL: 'https://news.example.org', HEALTH_MAX_STORY_AGE_MINUTES: '525600' })
  const log = pino({ level: 'silent' })
  const query = createQueryService({ store, siteUrl: config.siteUrl, version: '1.0.0', healthMaxStoryAgeMinutes: 525600 })
  const crawlerKeys = createKeyRing(newKeyFile(Date.parse('2026-11-20T12:00:00Z')))
  const freshFramework = () => startServer(createApp({ config, query, log, crawlerKeys }).app, { port: 0, host: '127.0.0.1' })
  const a = createApp({ config, query, log, crawlerKeys })
  const withFront = await startServer(a.app, { port: 0, host: '127.0.0.1', front: a.front })
  const framework = await freshFramework()
  return {
    store, withFront, framework, front: a.front.gets, agentFront: a.front.agents, freshFramework,
    async close() {
      await withFront.close()
      await framework.close()
      await store.close()
    },
  }
}
