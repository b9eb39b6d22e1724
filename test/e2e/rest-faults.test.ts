import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { StorySnapshot } from '../../src/domain/story.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { makeStory } from '../fixtures/stories.ts'
import { tempDir } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'
import { breakable } from '../helpers/breakable-store.ts'

describe('store faults and health states over HTTP', () => {
  const NOW = Date.parse('2026-11-20T12:00:00Z')
  let clock = NOW
  let server: RunningServer
  let url: string
  let state: { broken: boolean }
  let store: Store
  const logged: string[] = []

  before(async () => {
    const real = openSqliteStore(path.join(tempDir(), 'faults.db'))
    ;({ store, state } = breakable(real))
    const config = loadConfig({ SITE_URL: 'https://news.example.org', HEALTH_MAX_STORY_AGE_MINUTES: '60' })
    const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60, now: () => clock })
    const crawlerKeys = createKeyRing(newKeyFile(NOW))
    server = await startServer(createApp({ config, query, log, crawlerKeys }).app, { port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${server.port}`
  })
  after(async () => {
    await server.close()
    await store.close()
  })

  it('health is degraded (503) with an empty store', async () => {
    const res = await request(`${url}/api/v1/health`)
    assert.equal(res.status, 503)
    assert.equal(res.json.status, 'degraded')
    assert.equal(res.json.latest_story_at, null)
    assert.equal(res.json.version, '9.9.9')
  })

  it('health is ok (200) with a fresh story and degraded (503) once it is older than the threshold', async () => {
    await store.upsertStories([StorySnapshot.parse(makeStory({ published_at: '2026-11-20T11:30:00Z' }))])
    const ok = await request(`${url}/api/v1/health`)
    assert.equal(ok.status, 200)
    assert.deepEqual({ ...ok.json, latency_ms: 0 }, {
      status: 'ok', version: '9.9.9', latest_story_at: '2026-11-20T11:30:00Z', latest_story_age_minutes: 30, latency_ms: 0,
    })
    clock = NOW + 45 * 60_000
    const stale = await request(`${url}/api/v1/health`)
    assert.equal(stale.status, 503)
    assert.equal(stale.json.status, 'degraded')
    assert.equal(stale.json.latest_story_age_minutes, 75)
    assert.match(stale.json.detail, /75 minutes old \(threshold 60\)/)
    clock = NOW
  })

  it('answers 503 with a clean body when the store fails, serves what it already had, and recovers', async () => {
    const warm = await request(`${url}/api/v1/stories`)
    assert.equal(warm.status, 200)
    state.broken = true
    try {
      const stale = await request(`${url}/api/v1/stories`)
      assert.equal(stale.status, 200, 'a request answered before is served from the response cache')
      assert.equal(stale.text, warm.text)
      assert.equal(stale.headers.get('etag'), warm.headers.get('etag'))
      for (const route of ['/api/v1/stories?limit=3', '/api/v1/stories?q=port', '/api/v1/stories/0f8fad5b-d9cb-469f-a165-70867728950e', '/api/v1/categories', '/api/v1/sources']) {
        const res = await request(`${url}${route}`)
        assert.equal(res.status, 503, route)
        assert.deepEqual(res.json, { error: 'unavailable', message: 'The story store is temporarily unavailable. Retry shortly.' })
        assert.equal(res.headers.get('cache-control'), 'no-store')
        assert.doesNotMatch(res.text, /SQLITE|secret|\/var\//, 'no internals leak')
      }
      const health = await request(`${url}/api/v1/health`)
      assert.equal(health.status, 503)
      assert.equal(health.json.status, 'error')
      assert.doesNotMatch(health.text, /SQLITE/)
    } finally {
      state.broken = false
    }
    assert.ok(logged.some((l) => l.includes('SQLITE_IOERR')), 'the cause goes to the log')
    const back = await request(`${url}/api/v1/stories`)
    assert.equal(back.status, 200)
    assert.equal(back.text, warm.text)
  })
})
