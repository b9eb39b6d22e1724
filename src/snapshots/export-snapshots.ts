import type { Writable } from 'node:stream'
import { once } from 'node:events'
import { serializeSnapshot } from '../domain/story.ts'
import type { CrawlStateTransfer } from '../storage/crawl-store.ts'
import type { StoryExport } from '../storage/store.ts'

/** What an export reads: the stories, then the crawl state. */
export type ExportSource = StoryExport & { readonly crawl: CrawlStateTransfer }

export interface ExportCounts {
  stories: number
  /** State lines written after the stories (see storage/state-records.ts). */
  state: number
}

/**
 * Writes every story as one NDJSON line, ordered by id. Then, unless `storiesOnly`, the store's state beyond the
 * snapshots when it has any (a crawling store): feeds, articles, summary retries, story and month stamps, so that
 * `export | import` moves a crawling service without re-publishing what it has already seen. A store filled only
 * by `import` has no such state, and its export is exactly the snapshots it was given.
 */
export async function exportSnapshots(store: ExportSource, output: Writable, opts: { storiesOnly?: boolean } = {}): Promise<ExportCounts> {
  const counts: ExportCounts = { stories: 0, state: 0 }
  const write = async (line: string) => {
    if (!output.write(`${line}\n`)) await once(output, 'drain')
  }
  for await (const story of store.exportStories()) {
    await write(serializeSnapshot(story))
    counts.stories++
  }
  if (opts.storiesOnly || !(await store.crawl.hasState())) return counts
  for await (const record of store.crawl.exportState()) {
    await write(JSON.stringify(record))
    counts.state++
  }
  return counts
}
