import { startFixtureServer } from '../helpers/fixture-server.ts'
import { useTestSchemas } from '../helpers/postgres.ts'

/**
 * The whole REST suite of rest-api.test.ts, through the real CLI (`newsdesk import`, then `newsdesk serve`), with
 * DATABASE_URL pointing at a fresh PostgreSQL schema (dropped when the file ends).
 */
Reflect.set(globalThis, Symbol.for('newsdesk.test.rest-api.reuse'), true)
const { describeRestApi } = await import('./rest-api.test.ts')

const schemas = useTestSchemas()
describeRestApi('REST API over HTTP (PostgreSQL)', (stories) => startFixtureServer(stories, { DATABASE_URL: schemas.freshUrl() }))
