import type { Writable } from 'node:stream'
import { once } from 'node:events'
import { serializeSnapshot } from '../domain/story.ts'
import type { Store } from '../storage/store.ts'

/** Writes every story as one NDJSON line, ordered by id; returns how many were written. */
export async function exportSnapshots(store: Store, output: Writable): Promise<number> {
  let count = 0
  for await (const story of store.exportStories()) {
    if (!output.write(`${serializeSnapshot(story)}\n`)) await once(output, 'drain')
    count++
  }
  return count
}
