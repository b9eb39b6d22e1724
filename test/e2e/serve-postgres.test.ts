/**
 * `newsdesk serve` on PostgreSQL starts only against a usable database: the store connects and migrates in the
 * background, and serve waits for it, so "listening" means the schema is complete (tests and operators poll the
 * tables right after it), and an unreachable database ends the process with a clear message instead of a service
 * that answers 503.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LATEST_SCHEMA_VERSION } from '../../src/storage/postgres/migrations.ts'
import { runCli, startServe, testEnv } from '../helpers/cli.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../helpers/postgres.ts'
import { getJson } from '../helpers/http.ts'

const schemas = useTestSchemas()

describe('serve on PostgreSQL', { timeout: 60_000 }, () => {
  it('says "listening" only once the schema is migrated', async () => {
    const schema = schemas.fresh()
    const env = testEnv({ DATABASE_URL: schemaUrl(schema), NEWSDESK_SAMPLE: 'off' })
    const serve = await startServe(env)
    try {
      // Straight after the log line, from another connection: every table is there.
      const version = await inSchema(schema, async (client) => {
        const tables = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables
          WHERE table_schema = $1 AND table_name IN ('stories', 'feeds', 'articles', 'story_summaries')`, [schema])
        assert.equal(tables.rows[0]!.n, 4)
        return (await client.query<{ v: number }>('SELECT max(version) AS v FROM schema_migrations')).rows[0]!.v
      })
      assert.equal(version, LATEST_SCHEMA_VERSION)
      const list = await getJson<{ count: number }>(`${serve.url}/api/v1/stories`)
      assert.equal(list.count, 0)
    } finally {
      assert.equal(await serve.stop(), 0)
    }
  })

  it('exits 1 with a clear message when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const result = await runCli(['serve'], { env: testEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test', PORT: '0', HOST: '127.0.0.1' }) })
    assert.equal(result.code, 1)
    assert.match(result.stdout + result.stderr, /the database is unreachable or could not be migrated/)
    assert.match(result.stdout + result.stderr, /ECONNREFUSED|connect/)
    assert.doesNotMatch(result.stdout, /serve: listening/)
  })
})
