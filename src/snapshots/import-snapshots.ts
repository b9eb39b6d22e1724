import readline from 'node:readline'
import type { Readable } from 'node:stream'
import { StateRecord, groupState } from '../storage/state-records.ts'
import { StorySnapshot } from '../domain/story.ts'
import { describeIssues } from '../domain/validation.ts'
import type { CrawlStateTransfer } from '../storage/crawl-store.ts'
import type { StoryWriter } from '../storage/store.ts'

/** What an import writes: the stories, then the crawl state. */
export type ImportTarget = StoryWriter & { readonly crawl: CrawlStateTransfer }

export interface ImportReport {
  lines: number
  inserted: number
  updated: number
  /** State lines restored (feeds, articles, summary retries, story and month stamps: see storage/state-records.ts). */
  state: number
  bad: Array<{ line: number; reason: string }>
}

const BATCH = 500
const MAX_LINE_BYTES = 1_000_000

/**
 * Reads NDJSON story snapshots and upserts them by id. Each batch is one transaction, so a crash leaves every
 * story either fully written or untouched; a bad line is reported with its number and skipped. Lines with a
 * `newsdesk_record` key are the state `newsdesk export` writes after the stories (a crawling store's feeds,
 * articles, retries and stamps); they are restored in batches too, always after the stories read before them.
 */
export async function importSnapshots(store: ImportTarget, input: Readable, opts: { transform?: (s: StorySnapshot) => StorySnapshot } = {}): Promise<ImportReport> {
  const report: ImportReport = { lines: 0, inserted: 0, updated: 0, state: 0, bad: [] }
  let batch: StorySnapshot[] = []
  let state: StateRecord[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const result = await store.upsertStories(batch)
    report.inserted += result.inserted
    report.updated += result.updated
    batch = []
  }
  const flushState = async () => {
    if (state.length === 0) return
    await flush() // a story stamp needs its story
    await store.crawl.restoreState(groupState(state))
    report.state += state.length
    state = []
  }

  const lines = readline.createInterface({ input, crlfDelay: Infinity })
  let lineNo = 0
  for await (const raw of lines) {
    lineNo++
    const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw
    if (line.trim() === '') continue
    report.lines++
    if (line.length > MAX_LINE_BYTES) {
      report.bad.push({ line: lineNo, reason: `line is longer than ${MAX_LINE_BYTES} characters` })
      continue
    }
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch (err) {
      report.bad.push({ line: lineNo, reason: `not valid JSON (${(err as Error).message})` })
      continue
    }
    if (json !== null && typeof json === 'object' && 'newsdesk_record' in json) {
      const record = StateRecord.safeParse(json)
      if (!record.success) {
        report.bad.push({ line: lineNo, reason: describeIssues(record.error) })
        continue
      }
      state.push(record.data)
      if (state.length >= BATCH) await flushState()
      continue
    }
    const parsed = StorySnapshot.safeParse(json)
    if (!parsed.success) {
      report.bad.push({ line: lineNo, reason: describeIssues(parsed.error) })
      continue
    }
    batch.push(opts.transform ? opts.transform(parsed.data) : parsed.data)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  await flushState()
  return report
}
