import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { after, describe, it } from 'node:test'
import Database from './driver.ts'
import { createSqliteVersionMemo } from './content-version.ts'

describe('SQLite content version memo', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-version-memo-'))
  after(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('reads again after a commit by another connection or by its own, once per event-loop turn', async () => {
    const file = path.join(dir, 'memo.db')
    const mine = new Database(file)
    const other = new Database(file)
    try {
      mine.pragma('journal_mode = WAL')
      mine.exec('CREATE TABLE t (x INTEGER)')
      let reads = 0
      const memo = createSqliteVersionMemo(mine, () => String(++reads))
      assert.equal(memo(), '1')
      assert.equal(memo(), '1', 'the same turn shares one check')
      await nextTurn()
      assert.equal(memo(), '1', 'nothing committed: the check finds the same version, no read')
      other.prepare('INSERT INTO t VALUES (1)').run()
      assert.equal(memo(), '1', 'a commit later in the same turn waits for the next check')
      await nextTurn()
      assert.equal(memo(), '2', "another connection's commit moves data_version")
      await nextTurn()
      mine.prepare('INSERT INTO t VALUES (2)').run()
      await nextTurn()
      assert.equal(memo(), '3', "this connection's own write moves total_changes()")
      assert.equal(reads, 3)
    } finally {
      mine.close()
      other.close()
    }
  })
})
