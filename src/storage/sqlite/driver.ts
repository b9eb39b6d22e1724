import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

/**
 * The better-sqlite3 build for the running Node.js. Version 12 wraps its objects in Node's raw `ObjectWrap`, and from
 * Node 24.19 on a statement collected after the environment is torn down aborts the process (`Assertion failed:
 * (env) != nullptr` in `RemoveEnvironmentCleanupHook`): CI's Node 24 leg died that way in the SQLite store tests.
 * Version 13 uses Node-API and ships prebuilt binaries, but needs Node 22 or newer (it crashes on Node 20). So
 * Node 22+ loads 13 (the `better-sqlite3-napi` alias), and Node 20, which is past its end of life but still what
 * some machines have, loads 12, compiled at install time. Both have the same API, and the types come from
 * @types/better-sqlite3.
 */
const require = createRequire(import.meta.url)
const nodeMajor = Number(process.versions.node.split('.')[0])

const Database: typeof BetterSqlite3 = nodeMajor >= 22 ? require('better-sqlite3-napi') : require('better-sqlite3')

export default Database
export type { Database as Connection, Statement } from 'better-sqlite3'
