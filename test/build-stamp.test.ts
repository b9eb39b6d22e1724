import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { ROOT, tempDir } from './helpers/cli.ts'

it('`npm run build` dates dist/cli/main.js at its start, so a source saved while tsc ran is rebuilt next time', () => {
  // test/helpers/cli.ts and scripts/run-tests.mjs rebuild dist/ when a source is newer than dist/cli/main.js. Dated
  // when tsc wrote it, a source edited during the build looked built, and an eval ran its previous text.
  // Built in a copy of the tree: swapping this tree's dist/ would pull it from under the tests running beside this one.
  const tree = tempDir('newsdesk-build-')
  for (const entry of ['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    fs.cpSync(path.join(ROOT, entry), path.join(tree, entry), { recursive: true })
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir')
  const before = Date.now()
  const build = spawnSync(process.execPath, [path.join(tree, 'scripts', 'build.mjs')], { cwd: tree, encoding: 'utf8' })
  assert.equal(build.status, 0, build.stdout + build.stderr)
  const stamp = fs.statSync(path.join(tree, 'dist', 'cli', 'main.js')).mtimeMs
  const written = fs.statSync(path.join(tree, 'dist', 'cli', 'command.js')).mtimeMs
  assert.ok(stamp >= before - 1, 'dated no earlier than the build began')
  assert.ok(stamp < written, `dated before tsc wrote its output (${stamp} against ${written})`)
})
