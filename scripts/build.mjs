#!/usr/bin/env node
// The exact build: dist/ holds what tsc makes of src/ now, and nothing else. tsc alone never deletes, so a moved or
// removed source would leave its old output in dist/, still importable by anything that names it.
//
// tsc writes into a fresh sibling folder, which then replaces dist/ in one rename: dist/ is never half-built or
// empty while tsc runs (test processes may be starting the CLI from it meanwhile). The sibling sits at the same
// depth as dist/, so the source maps' relative paths are the same. Plain node:fs, so it works on every OS.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')
const next = path.join(root, `.dist-build-${process.pid}`)
// typescript's exports map does not expose bin/tsc; its package.json names it.
const typescriptDir = path.dirname(createRequire(import.meta.url).resolve('typescript/package.json'))
const tsc = path.join(typescriptDir, 'bin', 'tsc')

fs.rmSync(next, { recursive: true, force: true })
// Sources saved from here on may not be in this build (tsc reads them as it goes): see the stamp below.
const startedAt = new Date()
const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', next],
  { cwd: root, stdio: 'inherit' })
if (result.status !== 0) {
  fs.rmSync(next, { recursive: true, force: true })
  process.exit(result.status ?? 1)
}

// Another build finishing at the same moment may put its dist/ back between the removal and the rename: retry.
// The removal itself can meet one (ENOTEMPTY: files appear under a folder being removed), so it is retried too.
for (let attempt = 1; ; attempt++) {
  try {
    fs.rmSync(dist, { recursive: true, force: true })
    fs.renameSync(next, dist)
    break
  } catch (err) {
    if (attempt >= 5 || !['ENOTEMPTY', 'EEXIST', 'EPERM'].includes(err.code)) {
      fs.rmSync(next, { recursive: true, force: true })
      throw err
    }
  }
}

// dist/cli/main.js carries the build's start as its time, not the moment tsc wrote it: test/helpers/cli.ts rebuilds
// when a source is newer than this file, and a source saved while tsc ran (an edit during a long eval) is newer
// than the start but older than tsc's output, which may hold its previous text.
fs.utimesSync(path.join(dist, 'cli', 'main.js'), startedAt, startedAt)
