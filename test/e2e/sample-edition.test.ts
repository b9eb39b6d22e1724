import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { StorySnapshot } from '../../src/domain/story.ts'
import { TRANSLATION_LANGUAGES } from '../../src/domain/languages.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { ROOT, runCli, startServe, startTogether, tempDir, testEnv, type ServeProcess } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'

const SAMPLE = path.join(ROOT, 'sample', 'edition.ndjson')

describe('sample edition', () => {
  const stories = fs.readFileSync(SAMPLE, 'utf8').split('\n').filter(Boolean).map((l) => StorySnapshot.parse(JSON.parse(l)))

  it('is a full edition: 150+ stories, every topic, 25+ fictional publishers, coverage, cards and translations', () => {
    assert.ok(stories.length >= 150, `${stories.length} stories`)
    assert.deepEqual(new Set(stories.map((s) => s.category)), new Set(TOPICS))
    const publishers = new Map(stories.map((s) => [s.source!.id, s.source!]))
    assert.ok(publishers.size >= 25, `${publishers.size} publishers`)
    for (const p of publishers.values()) assert.match(new URL(p.site_url!).hostname, /\.example$/, p.name)
    for (const s of stories) {
      assert.match(new URL(s.original_url).hostname, /\.example$/)
      assert.ok(s.cards && s.cards.length >= 3, `cards on ${s.id}`)
    }
    const multi = stories.filter((s) => s.multi_source && (s.covered_by?.length ?? 0) > 0)
    assert.ok(multi.length >= 20, `${multi.length} multi-source`)
    const translated = stories.filter((s) => TRANSLATION_LANGUAGES.every((l) => s.translations[l]?.headline))
    assert.ok(translated.length >= 20, `${translated.length} translated into all 8 languages`)
    assert.ok(translated.some((s) => TRANSLATION_LANGUAGES.every((l) => !s.translations[l]!.cards)), 'some keep English cards')
    assert.ok(translated.some((s) => TRANSLATION_LANGUAGES.every((l) => s.translations[l]!.cards)), 'some translate cards')
    assert.doesNotMatch(fs.readFileSync(SAMPLE, 'utf8'), /lorem|ipsum/i)
  })

  it('loads into an empty store at start, shifted so the newest story is now, and says so', async () => {
    const dir = tempDir()
    const env = testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'n.db')}`, SITE_URL: 'http://sample.test' })
    const started = Date.now()
    const serve = await startServe(env)
    try {
      const loaded = serve.logs.find((l) => String(l.msg).includes('loaded the sample edition'))
      assert.ok(loaded, 'logs that it loaded the sample')
      assert.equal(loaded.stories, stories.length)

      const list = (await request(`${serve.url}/api/v1/stories?limit=50`)).json
      const newest = Date.parse(list.stories[0].published_at)
      assert.ok(Math.abs(newest - started) < 60_000, 'newest story is now')
      const originalNewest = Math.max(...stories.map((s) => Date.parse(s.published_at!)))
      const originalOldest = Math.min(...stories.map((s) => Date.parse(s.published_at!)))
      const health = (await request(`${serve.url}/api/v1/health`)).json
      assert.equal(health.status, 'ok')
      const sources = (await request(`${serve.url}/api/v1/sources`)).json
      assert.ok(sources.count >= 25)

      const exported = await runCli(['export'], { env })
      const dates = exported.stdout.trim().split('\n').map((l) => Date.parse(JSON.parse(l).published_at))
      assert.equal(dates.length, stories.length)
      assert.equal(Math.max(...dates) - Math.min(...dates), originalNewest - originalOldest, 'one shift for all')
    } finally {
      await serve.stop()
    }

    // A second start finds content and does not load the sample again.
    const again = await startServe(env)
    try {
      assert.equal(again.logs.some((l) => String(l.msg).includes('sample edition')), false)
    } finally {
      await again.stop()
    }
  })

  it('two serves started together on one new file both start and serve it, the sample loaded once', async () => {
    // Their migrations take turns (sqlite-store.test.ts races four threads for it); the sample's load may too: the
    // one that counts the store empty after the other has loaded it says so instead of claiming stories.
    const env = testEnv({ DATABASE_URL: `sqlite:${path.join(tempDir(), 'shared.db')}`, SITE_URL: 'http://sample.test' })
    const serves: ServeProcess[] = []
    try {
      await startTogether([() => startServe(env), () => startServe(env)], serves)
      const claims = serves.flatMap((serve) => serve.logs.filter((l) => String(l.msg).includes('empty store, loaded the sample edition')))
      assert.deepEqual(claims.map((l) => l.stories), [stories.length], 'one of them loaded it, all of it')
      const exported = await runCli(['export'], { env })
      assert.equal(exported.stdout.trim().split('\n').length, stories.length, 'each story stored once')
      for (const serve of serves) assert.equal((await request(`${serve.url}/api/v1/stories?limit=50`)).json.count, 50)
    } finally {
      await Promise.all(serves.map((serve) => serve.stop()))
    }
  })

  it('is not loaded with NEWSDESK_SAMPLE=off', async () => {
    const env = testEnv({ DATABASE_URL: `sqlite:${path.join(tempDir(), 'off.db')}`, NEWSDESK_SAMPLE: 'off' })
    const serve = await startServe(env)
    try {
      const list = (await request(`${serve.url}/api/v1/stories`)).json
      assert.equal(list.count, 0)
      const health = await request(`${serve.url}/api/v1/health`)
      assert.equal(health.status, 503)
      assert.equal(health.json.status, 'degraded')
    } finally {
      assert.equal(await serve.stop(), 0, 'clean exit on SIGTERM')
    }
  })
})
