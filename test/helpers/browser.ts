import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/**
 * Debian's chromium, found the way a shell finds it. Playwright's own browser download cannot work on the CI machine,
 * so .ci/run installs the distribution's package; a machine without it fails the browser test rather than skipping it.
 */
export function chromiumPath(): string {
  let found = ''
  try {
    found = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  } catch { /* not on PATH */ }
  const candidate = found || '/usr/bin/chromium'
  if (!fs.existsSync(candidate)) {
    throw new Error(
      'chromium is not installed: the browser test needs Debian\'s chromium (not Playwright\'s download). ' +
      'Install it with `apt-get install -y --no-install-recommends chromium` (.ci/run does this).',
    )
  }
  return candidate
}

/**
 * Launch flags for this machine's closed network: without the background-networking ones, chromium keeps trying
 * (and failing) to reach Google's hosts. Playwright adds --headless and a fresh temporary user-data-dir itself.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Async, so a missing chromium is a rejection next to the other start-up work, never a synchronous throw. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, timeout: 30_000 })
}
