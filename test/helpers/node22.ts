import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * A Node 22 binary for the MCP conformance suite, which needs Node 22 (it imports fs.globSync, absent from Node 20)
 * while the project supports Node 20. It is not a dependency of the project, so `npm install` does not fetch 185 MB
 * for every checkout: the first run that needs it installs the registry's `node-<platform>-<arch>` package once into
 * a cache outside the checkout (the same place the CI's extra Node legs use), and later runs start it from there.
 */
export const NODE22_VERSION = '22.23.3'

export type Node22 = { path: string } | { unavailable: string }

/** The cache folder, shared with .ci/node-leg.sh: NEWSDESK_CI_CACHE, else ~/.cache/newsdesk-ci. */
export function ciCacheDir(): string {
  return process.env.NEWSDESK_CI_CACHE || path.join(os.homedir() || os.tmpdir(), '.cache', 'newsdesk-ci')
}

/** The running Node when it is a 22, else the cached one, installed first if missing; or why there is none. */
export async function findNode22(): Promise<Node22> {
  if (process.versions.node.startsWith('22.')) return { path: process.execPath }
  if (process.platform === 'win32') return { unavailable: 'fetching Node 22 is set up for Linux and macOS only' }
  const pkg = `node-${process.platform}-${process.arch}`
  const prefix = path.join(ciCacheDir(), `node-${NODE22_VERSION}`)
  const binary = path.join(prefix, 'node_modules', pkg, 'bin', 'node')
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(prefix, { recursive: true })
    const npm = await new Promise<{ failed: string | null }>((resolve) => {
      execFile('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${pkg}@${NODE22_VERSION}`],
        { timeout: 300_000, encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 },
        (err, _stdout, stderr) => resolve({ failed: err ? `${err.message}\n${stderr.slice(-2000)}` : null }))
    })
    if (npm.failed) return { unavailable: `npm could not install ${pkg}@${NODE22_VERSION} into ${prefix}: ${npm.failed}` }
    if (!fs.existsSync(binary)) return { unavailable: `${pkg}@${NODE22_VERSION} installed without ${binary}` }
  }
  return { path: binary }
}
