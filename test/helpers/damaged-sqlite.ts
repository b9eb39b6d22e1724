import fs from 'node:fs'
import Database from '../../src/storage/sqlite/driver.ts'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { loadSampleEdition } from '../../src/sample/load-sample.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'

/**
 * A really damaged SQLite file: the sample edition written through the store, then every page of one table
 * overwritten with garbage on disk (as a bad sector or a torn copy would). The schema and the other tables stay
 * readable, so the file opens and only reads that touch the table fail, with SQLITE_CORRUPT.
 */
export async function writeDamagedDatabase(file: string, table = 'stories'): Promise<void> {
  const store = openSqliteStore(file)
  await loadSampleEdition(store, SAMPLE_EDITION_PATH)
  await store.close()
  const db = new Database(file)
  const pages = (db.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(table) as Array<{ pageno: number }>).map((r) => r.pageno)
  const pageSize = db.pragma('page_size', { simple: true }) as number
  db.close()
  if (pages.length === 0) throw new Error(`damaged-sqlite: no pages for table ${table}`)
  const fd = fs.openSync(file, 'r+')
  try {
    for (const page of pages) fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize)
  } finally {
    fs.closeSync(fd)
  }
}
