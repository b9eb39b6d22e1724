import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createDamageRecord, watchForDamage, type StoreDamage } from './store-damage.ts'

const CORRUPT: StoreDamage = { summary: 'The story database is damaged.', detail: 'database disk image is malformed' }
const classify = (err: unknown): StoreDamage | null => (err instanceof Error && /malformed/.test(err.message) ? CORRUPT : null)

function fakeStore() {
  return {
    dialect: 'sqlite' as const,
    async read(fail: string | null) {
      if (fail) throw new Error(fail)
      return 'rows'
    },
    readSync(fail: string | null) {
      if (fail) throw new Error(fail)
      return 'row'
    },
    versionNow: () => 'v1',
    close: async () => {},
  }
}

describe('watchForDamage', () => {
  it('notes damage from an async read and still rejects with the original error', async () => {
    const record = createDamageRecord()
    const store = watchForDamage(fakeStore(), classify, record)
    assert.equal(await store.read(null), 'rows')
    await assert.rejects(store.read('SQLITE_BUSY: database is locked'), /locked/)
    assert.equal(record.current(), null, 'a passing fault is not damage')
    await assert.rejects(store.read('database disk image is malformed'), /malformed/)
    assert.deepEqual(record.current(), CORRUPT)
  })

  it('notes damage thrown synchronously by a watched method', () => {
    const record = createDamageRecord()
    const store = watchForDamage(fakeStore(), classify, record)
    assert.equal(store.readSync(null), 'row')
    assert.throws(() => store.readSync('database disk image is malformed'), /malformed/)
    assert.deepEqual(record.current(), CORRUPT)
  })

  it('hands memory reads and close through as they are, unwrapped; other methods are wrapped', () => {
    const raw = fakeStore()
    const store = watchForDamage(raw, classify, createDamageRecord(), ['versionNow'])
    assert.equal(store.versionNow, raw.versionNow, 'the very function: no wrapper on the per-request path')
    assert.equal(store.close, raw.close)
    assert.notEqual(store.read, raw.read)
    assert.notEqual(store.readSync, raw.readSync)
    assert.equal(store.dialect, 'sqlite')
  })
})
