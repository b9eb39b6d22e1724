import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { usageOf } from '../bench/bench-args.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'bench/version-probe.ts', ...args], { cwd: ROOT, encoding: 'utf8' })

describe('bench and eval scripts: --help and bad options', () => {
  it('the usage is the header comment that shows a command line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-bench-args-'))
    const file = path.join(dir, 'script.ts')
    fs.writeFileSync(file, "/** Not this one. */\nimport x from 'y'\n/**\n * npm run thing [-- --n 5]\n * What it measures.\n */\nconst a = 1\n")
    try {
      assert.equal(usageOf(file), 'npm run thing [-- --n 5]\nWhat it measures.')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('--help prints it and exits 0; an unknown option exits 2 with the reason and the usage, no stack trace', () => {
    const help = run('--help')
    assert.equal(help.status, 0)
    assert.match(help.stdout, /^node --import tsx bench\/version-probe\.ts \[--stories/)
    const bad = run('--bogus')
    assert.equal(bad.status, 2)
    assert.match(bad.stderr, /Unknown option '--bogus'/)
    assert.match(bad.stderr, /node --import tsx bench\/version-probe\.ts/)
    assert.doesNotMatch(bad.stderr, /\n\s+at /)
  })
})
