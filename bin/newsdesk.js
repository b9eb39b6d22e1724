#!/usr/bin/env node
// The compiled CLI (npm install builds dist/ through the prepare script).
import { endQuietlyOnClosedPipe, main } from '../dist/cli/main.js'

endQuietlyOnClosedPipe(process.stdout)

main(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  .then((code) => { process.exitCode = code })
