import fs from 'node:fs'
import type { StoryReader, StoryWriter } from '../storage/store.ts'

/** Real stories needed before the sample edition goes: enough to fill the front page on their own. */
export const REAL_STORIES_TO_RETIRE_SAMPLE = 30

/**
 * The sample edition is fictional: it is there so a fresh install shows something. Once the crawler has published
 * enough real stories it is removed, so fictional news never sits next to real news for longer than that.
 * Returns how many sample stories were removed (0 when there were none or too few real stories yet).
 */
export async function retireSampleEdition(store: StoryReader & StoryWriter, file: string): Promise<number> {
  const ids = fs.readFileSync(file, 'utf8').split('\n')
    .map((line) => /^\{"id":"([0-9a-f-]{36})"/.exec(line)?.[1])
    .filter((id): id is string => id !== undefined)
  const present = await store.countStoriesWithIds(ids)
  if (present === 0) return 0
  if ((await store.countStories()) - present < REAL_STORIES_TO_RETIRE_SAMPLE) return 0
  return store.deleteStories(ids)
}
