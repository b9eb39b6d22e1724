#!/usr/bin/env node
// The compiled CLI (npm install builds dist/ through the prepare script).
import { runCli } from '../dist/cli/main.js'

runCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  .then((code) => { process.exitCode = code })
  .catch((err) => {
    process.stderr.write(`newsdesk: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  })
