import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { StorySnapshot } from '../../domain/story.ts'
import { makeStory } from '../../../test/fixtures/stories.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../../../test/helpers/postgres.ts'
import { contentChannel } from './content-version.ts'
import { openPostgresStore, type PostgresStore } from './open-postgres-store.ts'

const schemas = useTestSchemas()

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    if (Date.now() - started > timeoutMs) assert.fail(`${what}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const story = () => StorySnapshot.parse(makeStory())

describe('postgres content version across instances (LISTEN/NOTIFY, polling as the fallback)', () => {
  let writer: PostgresStore
  let reader: PostgresStore
  let schema: string

  before(async () => {
    schema = schemas.fresh()
    const url = schemaUrl(schema)
    writer = openPostgresStore(url)
    // No heartbeat during the test: every read the reader makes is a poll, counted by state().reads.
    reader = openPostgresStore(url, { pollMs: 1_000, heartbeatMs: 60_000 })
    await Promise.all([writer.ready(), reader.ready()])
  })

  after(async () => {
    await writer?.close()
    await reader?.close()
  })

  it('answers from memory once listening: no round trip per call', async () => {
    const first = await reader.contentVersion()
    await until('the reader listens', () => reader.versions.state().listening)
    const reads = reader.versions.state().reads
    for (let i = 0; i < 1_000; i++) assert.equal(await reader.contentVersion(), first)
    assert.equal(reader.versions.state().reads, reads, '1000 calls, no read')
  })

  it("sees another instance's write by NOTIFY, without reading", async (t) => {
    const before = await reader.contentVersion()
    const reads = reader.versions.state().reads
    await writer.upsertStories([story()])
    const expected = await writer.contentVersion()
    assert.notEqual(expected, before)
    // NOTIFY arrives within milliseconds; the wait is a hang guard, not a latency limit (a loaded CI machine can stall a
    // process for longer than a second). What proves the mechanism is that the reader made no read to learn it.
    const ms = await until('the new version reaches the reader', async () => (await reader.contentVersion()) === expected, 15_000)
    t.diagnostic(`the write reached the other instance after ${ms} ms`)
    assert.equal(reader.versions.state().reads, reads, 'learnt from the notification')
    // Deletions notify too.
    await writer.deleteStories([(await writer.listStories({ limit: 1, lang: 'en' }))[0]!.id])
    const deleted = await writer.contentVersion()
    await until('the deletion reaches the reader', async () => (await reader.contentVersion()) === deleted, 15_000)
    assert.equal(reader.versions.state().reads, reads, 'the deletion too')
  })

  it('the crawl store notifies too (feed runs that write stories, story rewrites)', async () => {
    const before = await reader.contentVersion()
    await writer.crawl.commitStories([story()], [])
    const expected = await writer.contentVersion()
    assert.notEqual(expected, before)
    await until('the rewrite reaches the reader', async () => (await reader.contentVersion()) === expected, 15_000)
  })

  it('nothing is announced for a transaction that rolls back', async () => {
    const before = await reader.contentVersion()
    const invalid = { ...story(), category: 'not-a-topic' as never }
    await assert.rejects(writer.upsertStories([story(), invalid]))
    await new Promise((r) => setTimeout(r, 300))
    assert.equal(await reader.contentVersion(), before)
    assert.equal(await writer.contentVersion(), before)
  })

  it('polls at most once a second while its listening connection is down, and reconnects', async () => {
    const { listenerPid } = reader.versions.state()
    assert.ok(listenerPid)
    await inSchema(schema, (c) => c.query('SELECT pg_terminate_backend($1)', [listenerPid]))
    await until('the reader notices the lost connection', () => !reader.versions.state().listening || reader.versions.state().listenerPid !== listenerPid)

    // Whatever the reconnection is doing, a write is seen within the poll interval, with few reads.
    const reads = reader.versions.state().reads
    await writer.upsertStories([story()])
    const expected = await writer.contentVersion()
    // The waits below are hang guards, not latency limits: polled every 10 ms, the reader reads at most once a second,
    // so a write is seen within about a second with one or two reads, however long a loaded machine stalls the test.
    const ms = await until('the write reaches the reader', async () => (await reader.contentVersion()) === expected, 15_000)
    assert.ok(reader.versions.state().reads - reads <= 2, `${reader.versions.state().reads - reads} reads in ${ms} ms`)

    await until('the reader listens again', () => reader.versions.state().listening, 15_000)
    assert.notEqual(reader.versions.state().listenerPid, listenerPid)
    const readsListening = reader.versions.state().reads
    await writer.upsertStories([story()])
    const next = await writer.contentVersion()
    await until('a write after the reconnection arrives by NOTIFY', async () => (await reader.contentVersion()) === next, 15_000)
    assert.equal(reader.versions.state().reads, readsListening, 'learnt from the notification')
  })

  it('the listener re-reads the version on its heartbeat: a change made outside the store is seen too', async () => {
    const url = schemaUrl(schema)
    const beating = openPostgresStore(url, { heartbeatMs: 200 })
    try {
      await beating.contentVersion()
      await until('listening', () => beating.versions.state().listening)
      // A restore of an older backup, say: the version goes back, and no NOTIFY is sent.
      await inSchema(schema, (c) => c.query(`UPDATE meta SET value = '1' WHERE key = 'content_version'`))
      await until('the heartbeat reads the restored version', async () => (await beating.contentVersion()) === '1', 15_000)
    } finally {
      await beating.close()
    }
  })

  it('names one channel per schema, within the 63 bytes PostgreSQL allows', () => {
    assert.equal(contentChannel('newsdesk'), 'newsdesk_content_newsdesk')
    const long = contentChannel('x'.repeat(63))
    assert.ok(long.length <= 63 && long !== contentChannel('y'.repeat(63)))
  })

  it('close() ends the listening connection', async () => {
    const url = schemaUrl(schema)
    const store = openPostgresStore(url)
    await store.contentVersion()
    await until('listening', () => store.versions.state().listening)
    const pid = store.versions.state().listenerPid
    await store.close()
    await until('its backend is gone', async () =>
      (await inSchema(schema, (c) => c.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]))).rowCount === 0, 2_000)
  })
})
