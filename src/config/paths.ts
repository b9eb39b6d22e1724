import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

/** The package root, whether this runs from src/ (tsx) or dist/ (compiled): both sit one level below it. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const SAMPLE_EDITION_PATH = path.join(PACKAGE_ROOT, 'sample', 'edition.ndjson')

/** The version in package.json, reported by health and the CLI. */
export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version
}
