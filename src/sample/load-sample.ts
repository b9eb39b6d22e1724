import fs from 'node:fs'
import { Readable } from 'node:stream'
import { canonicalTimestamp } from '../domain/story.ts'
import { importSnapshots, type ImportReport } from '../snapshots/import-snapshots.ts'
import type { Store } from '../storage/store.ts'

/**
 * Loads the bundled sample edition, shifting every published_at by the same amount so the newest story is
 * `now` (whole seconds): a fresh install shows a current-looking front page and a healthy status.
 */
export async function loadSampleEdition(store: Store, file: string, now = Date.now()): Promise<ImportReport> {
  const text = fs.readFileSync(file, 'utf8')
  let newest = -Infinity
  for (const line of text.split('\n')) {
    const m = /"published_at":"([^"]+)"/.exec(line)
    if (m) newest = Math.max(newest, Date.parse(m[1]!))
  }
  const shift = Number.isFinite(newest) ? Math.floor(now / 1000) * 1000 - newest : 0
  return importSnapshots(store, Readable.from([text]), {
    transform: (s) => ({
      ...s,
      published_at: s.published_at ? canonicalTimestamp(new Date(Date.parse(s.published_at) + shift)) : null,
    }),
  })
}
