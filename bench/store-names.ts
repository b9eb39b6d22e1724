import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LATEST_SCHEMA_VERSION as POSTGRES_SCHEMA } from '../src/storage/postgres/migrations.ts'
import { LATEST_SCHEMA_VERSION as SQLITE_SCHEMA } from '../src/storage/sqlite/migrations.ts'
import { GENERATOR_VERSION } from './synthetic.ts'

/**
 * Names of the bench's stores. The temporary directory and the PostgreSQL server are shared by every checkout on
 * the machine, so a name holds what makes a built store reusable: the story count, the generator, the schema
 * version it was built with, and a tag of this checkout's path. Another checkout (or an older build of this one)
 * never picks up a store it did not build, and two benches running at once never write into the same one.
 */
const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const tag = createHash('sha256').update(checkout).digest('hex').slice(0, 8)

/** The SQLite file's name (in the temporary directory). */
export const sqliteBenchFile = (stories: number) =>
  `newsdesk-bench-${stories}-g${GENERATOR_VERSION}-v${SQLITE_SCHEMA}-${tag}.db`

/** The PostgreSQL schema (at most 63 bytes: about 40 here). */
export const postgresBenchSchema = (stories: number) =>
  `newsdesk_bench_${stories}_g${GENERATOR_VERSION}_v${POSTGRES_SCHEMA}_${tag}`

/** The service's data directory (crawler keys) during the bench, one per checkout like the stores. */
export const benchDataDir = `newsdesk-bench-data-${tag}`
