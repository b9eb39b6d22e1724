import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Database from './sqlite/driver.ts'
import { storeFullReason } from './store-full.ts'

describe('storeFullReason', () => {
  it('knows a full SQLite database, a full file system and a full PostgreSQL disk, also as a cause', () => {
    // A real SQLITE_FULL: the database may not grow past the page it has.
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (x)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
    let full: unknown
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000))
    } catch (err) {
      full = err
    }
    db.close()
    assert.equal((full as { code?: string }).code, 'SQLITE_FULL')
    assert.match(storeFullReason(full)!, /^SQLITE_FULL/)
    assert.match(storeFullReason(Object.assign(new Error('write'), { code: 'ENOSPC' }))!, /^ENOSPC/)
    assert.match(storeFullReason(Object.assign(new Error('could not extend file'), { code: '53100' }))!, /53100/)
    assert.match(storeFullReason(new Error('wrapped', { cause: full }))!, /^SQLITE_FULL/)
    assert.equal(storeFullReason(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' })), null)
    assert.equal(storeFullReason(new Error('plain')), null)
    assert.equal(storeFullReason(undefined), null)
  })
})
