import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { loadConfig } from '../../src/config/config.ts'
import { createQueryService } from '../../src/query/query-service.ts'
import { createApp } from '../../src/server/create-app.ts'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { openSqliteStore } from '../../src/storage/sqlite/sqlite-store.ts'
import type { Store } from '../../src/storage/store.ts'
import { runCli, tempDir, testEnv } from '../helpers/cli.ts'
import { writeDamagedDatabase } from '../helpers/damaged-sqlite.ts'
import { request } from '../helpers/http.ts'

const fatalLine = (stdout: string) => stdout.split('\n').filter((l) => l.includes('"level":60')).join('\n')

describe('a damaged database at start', () => {
  it('serve refuses to start on a damaged file: exit 1, the fatal log line names the file', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'damaged.db')
    await writeDamagedDatabase(file)
    const res = await runCli(['serve'], { env: testEnv({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' }) })
    assert.equal(res.code, 1)
    const fatal = fatalLine(res.stdout)
    assert.ok(fatal.includes(`the database file ${file} is damaged`), fatal)
    assert.match(fatal, /btreeInitPage|SQLITE_CORRUPT/)
    assert.ok(!res.stdout.includes('serve: listening'))
  })

  it('serve refuses a file that is not a database at all, naming it', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'garbage.db')
    fs.writeFileSync(file, Buffer.alloc(64 * 1024, 0x42))
    const res = await runCli(['serve'], { env: testEnv({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' }) })
    assert.equal(res.code, 1)
    assert.ok(fatalLine(res.stdout).includes(`the database file ${file} is damaged or not a SQLite database`), res.stdout)
  })

  it('crawl refuses to write into a damaged file, naming it', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'damaged.db')
    await writeDamagedDatabase(file)
    const res = await runCli(['crawl'], { env: testEnv({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir }) })
    assert.equal(res.code, 1)
    assert.ok(res.stderr.includes(`crawl: the database file ${file} is damaged`), res.stderr)
  })
})

describe('a database damaged while serving', () => {
  let server: RunningServer
  let url: string
  let store: Store

  before(async () => {
    const file = path.join(tempDir(), 'damaged.db')
    await writeDamagedDatabase(file)
    // Opened without the start-up check, as if the damage happened after it: reads meet it.
    store = openSqliteStore(file)
    const config = loadConfig({ SITE_URL: 'https://news.example.org' })
    const query = createQueryService({ store, siteUrl: config.siteUrl, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
    const app = createApp({ config, query, log: pino({ level: 'silent' }), crawlerKeys: createKeyRing(newKeyFile(Date.now())) }).app
    server = await startServer(app, { port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${server.port}`
  })
  after(async () => {
    await server.close()
    await store.close()
  })

  it('health turns degraded with the reason (its own probe reads the damaged table); reads say "damaged", not "retry shortly"', async () => {
    const health = await request(`${url}/api/v1/health`)
    assert.equal(health.status, 503)
    assert.equal(health.json.status, 'degraded')
    assert.equal(health.json.detail, 'The database file is damaged (SQLITE_CORRUPT). Some stories may be missing or unreadable until the operator restores it.')

    const list = await request(`${url}/api/v1/stories?limit=5`)
    assert.equal(list.status, 503)
    assert.equal(list.json.error, 'unavailable')
    assert.match(String(list.json.message), /damaged/)
    assert.doesNotMatch(String(list.json.message), /Retry shortly/)
  })

  it('the integrity check reports what quick_check found', async () => {
    const damage = await store.checkIntegrity()
    assert.ok(damage)
    assert.match(damage.detail, /btreeInitPage|never used/)
  })
})
