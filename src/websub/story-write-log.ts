import type { Topic } from '../domain/topics.ts'
import type { CrawlStore } from '../storage/crawl-store.ts'
import type { StoryReader } from '../storage/store.ts'

/** Where a story is listed: its topic's feed and its publisher's; `sortKey` is its place in newest-first order. */
export interface StoryPlace {
  topic: Topic
  sourceId: string | null
  sortKey: string
}

/** A story a pass wrote: where it was listed before the pass (null: new, or unreadable) and where it is now. */
export interface StoryWrite {
  id: string
  before: StoryPlace | null
  after: { topic: Topic; sourceId: string | null }
}

export interface StoryWriteLog {
  /** The crawl store to hand the crawler: the same store, its story writes noted. */
  crawl: CrawlStore
  /** The writes noted since the last call; the log starts afresh for the next pass. */
  take(): StoryWrite[]
}

/**
 * Notes every story the crawler writes (each goes through commitStories: new stories, rewrites, teaser upgrades,
 * summary retries), with where it was listed just before the write, so that a story moving to another topic or
 * publisher changes the feed it left as well as the one it joined (docs/decisions/0053-websub-pings.md).
 */
export function noteStoryWrites(crawl: CrawlStore, reader: Pick<StoryReader, 'getStory'>): StoryWriteLog {
  let written = new Map<string, StoryWrite>()

  const placeOf = async (id: string): Promise<StoryPlace | null> => {
    try {
      const record = await reader.getStory(id, 'en')
      return record ? { topic: record.category.slug, sourceId: record.source?.id ?? null, sortKey: record.sortKey } : null
    } catch {
      // A failed read must not fail the write: the feed the story may have left is then not pinged.
      return null
    }
  }

  return {
    crawl: {
      ...crawl,
      async commitStories(stories, summaries) {
        // A story written twice in a pass keeps its place from before the first write.
        const before = await Promise.all(stories.map((s) => (written.has(s.id) ? null : placeOf(s.id))))
        const result = await crawl.commitStories(stories, summaries)
        stories.forEach((s, i) => {
          written.set(s.id, {
            id: s.id,
            before: written.get(s.id)?.before ?? before[i] ?? null,
            after: { topic: s.category, sourceId: s.source?.id ?? null },
          })
        })
        return result
      },
    },
    take() {
      const writes = [...written.values()]
      written = new Map()
      return writes
    },
  }
}
