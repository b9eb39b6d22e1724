import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** The one command that gives a machine without a browser what the browser test needs. */
export const INSTALL_CHROMIUM = 'npx playwright-core install chromium (or, on Debian/Ubuntu: apt-get install -y --no-install-recommends chromium)'

/**
 * A Chromium to drive: Debian's (found the way a shell finds it), else one a user installed for Playwright
 * (`npx playwright-core install chromium`, under ~/.cache/ms-playwright). Null when the machine has neither.
 */
export function findChromium(): string | null {
  let found = ''
  try {
    found = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim()
  } catch { /* not on PATH */ }
  return [found, '/usr/bin/chromium', playwrightChromium()].find(isExecutableFile) ?? null
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

function playwrightChromium(): string {
  try {
    return chromium.executablePath()
  } catch {
    return ''
  }
}

/**
 * Why the browser test cannot run here, or null when it can. A missing browser skips it on a developer's machine
 * (the reason names the install command) but fails it under CI, where .ci/run installs Debian's chromium: a CI run
 * that silently skipped the browser would prove nothing about the pages.
 */
export function browserSkipReason(env: NodeJS.ProcessEnv = process.env): string | null {
  if (findChromium() || env.CI) return null
  return `no Chromium on this machine; install one with: ${INSTALL_CHROMIUM}`
}

function chromiumPath(): string {
  const found = findChromium()
  if (!found) throw new Error(`chromium is not installed: the browser test needs it. Install it with: ${INSTALL_CHROMIUM}`)
  return found
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
