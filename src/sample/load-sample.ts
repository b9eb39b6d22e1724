import fs from 'node:fs'
import { Readable } from 'node:stream'
import { canonicalTimestamp } from '../domain/story.ts'
import { importSnapshots, type ImportReport, type ImportTarget } from '../snapshots/import-snapshots.ts'

/**
 * Loads the bundled sample edition, shifting every published_at by the same amount so the newest story is
 * `now` (whole seconds): a fresh install shows a current-looking front page and a healthy status.
 */
export async function loadSampleEdition(store: ImportTarget, file: string, now = Date.now()): Promise<ImportReport> {
  const text = fs.readFileSync(file, 'utf8')
  let newest = -Infinity
  for (const line of text.split('\n')) {
    const m = /"published_at":"([^"]+)"/.exec(line)
    if (m) newest = Math.max(newest, Date.parse(m[1]!))
  }
  const shift = Number.isFinite(newest) ? Math.floor(now / 1000) * 1000 - newest : 0
  const shifted = (published: string) => canonicalTimestamp(new Date(Date.parse(published) + shift))
  // Each story last changed when it was published (a fictional story has no later rewrite): feeds and sitemaps then
  // show each entry's own time, not the instant of the load (decision 0046).
  const stamps: string[] = []
  for (const line of text.split('\n')) {
    const id = /^\{"id":"([^"]+)"/.exec(line)?.[1]
    const published = /"published_at":"([^"]+)"/.exec(line)?.[1]
    if (id && published) stamps.push(JSON.stringify({ newsdesk_record: 'story', id, updated_at: shifted(published) }))
  }
  const report = await importSnapshots(store, Readable.from([`${text.trimEnd()}\n${stamps.join('\n')}\n`]), {
    transform: (s) => ({ ...s, published_at: s.published_at ? shifted(s.published_at) : null }),
  })
  return { ...report, lines: report.lines - report.state, state: 0 }
}
