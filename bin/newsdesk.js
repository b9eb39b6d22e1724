#!/usr/bin/env node
// The compiled CLI (npm install builds dist/ through the prepare script).
import module from 'node:module'

// Node 22.8+ keeps V8's compiled code of the modules loaded below in a cache (os.tmpdir()/node-compile-cache, or
// NODE_COMPILE_CACHE), so a later start compiles less: `newsdesk serve --help` fell from ~0.91 to ~0.77 CPU-second on
// Node 22. It never throws (a folder it cannot write just leaves the cache off) and is absent on Node 20. It covers
// only what is imported after the call, hence the dynamic import.
module.enableCompileCache?.()
const { endQuietlyOnClosedPipe, main } = await import('../dist/cli/main.js')

endQuietlyOnClosedPipe(process.stdout)

main(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  .then((code) => { process.exitCode = code })
