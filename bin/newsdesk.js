#!/usr/bin/env node
// The compiled CLI (npm install builds dist/ through the prepare script).
import module from 'node:module'
import { fileURLToPath } from 'node:url'

// Node 22.8+ keeps V8's compiled code of the modules loaded below in a cache, so a later start compiles less:
// `newsdesk serve --help` fell from ~0.91 to ~0.77 CPU-second on Node 22. The cache lives in this installation's own
// node_modules/.cache (NODE_COMPILE_CACHE, when set, wins), not in the shared temporary folder Node picks by default,
// where another local user could have placed the files it loads. It never throws (a folder it cannot write just leaves
// the cache off) and is absent on Node 20. It covers only what is imported after the call, hence the dynamic import.
module.enableCompileCache?.(fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url)))
const { endQuietlyOnClosedPipe, main } = await import('../dist/cli/main.js')

endQuietlyOnClosedPipe(process.stdout)

main(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  .then((code) => { process.exitCode = code })
