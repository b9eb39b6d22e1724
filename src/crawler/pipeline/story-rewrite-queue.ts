import type { Logger } from 'pino'
import type { CrawlStore } from '../../storage/crawl-store.ts'
import { storeFullReason } from '../../storage/store-full.ts'
import { buildStoryText, type StoryTextDeps } from './story-text-builder.ts'

/** How many of a story's articles its text is written from. */
export const STORY_MEMBERS = 12

export interface StoryRewriteQueue {
  /** Queues stories whose articles changed; `attempts` is the number of LLM attempts made so far. */
  enqueue(stories: Iterable<{ storyId: string; attempts: number }>): void
  /** Resolves when every queued story has been written. */
  drain(): Promise<{ created: number; updated: number }>
  /** Why writing stopped: the store is full (storeFullReason); the stories left keep their marks. Null while writing. */
  halted(): string | null
}

export interface StoryRewriteQueueDeps extends StoryTextDeps {
  crawl: CrawlStore
  log: Logger
  /** Stories written at once (distinct ids only); LLM calls are capped by the LLM client itself. */
  concurrency?: number
}

/**
 * Rewrites stories from their committed articles, one writer per story at a time. Feeds commit their articles with
 * the stories they touched marked for rewriting (in the same transaction); the rewrite reads every committed
 * article of the story, so two feeds adding coverage to one story at once cannot overwrite each other's version,
 * and a story whose feed committed just before a crash is written by the next pass (the mark is in the store).
 */
export function createStoryRewriteQueue(deps: StoryRewriteQueueDeps): StoryRewriteQueue {
  const queued = new Map<string, number>()
  const running = new Set<string>()
  /** Stories touched again while being written: written once more afterwards, with the newer articles. */
  const again = new Map<string, number>()
  const counts = { created: 0, updated: 0 }
  let active = 0
  let full: string | null = null
  let idle: Array<() => void> = []
  const limit = deps.concurrency ?? 4

  const pump = () => {
    while (active < limit) {
      const next = [...queued.keys()].find((id) => !running.has(id))
      if (next === undefined) break
      const attempts = queued.get(next)!
      queued.delete(next)
      running.add(next)
      active++
      void write(next, attempts).finally(() => {
        running.delete(next)
        active--
        const rerun = again.get(next)
        if (rerun !== undefined) {
          again.delete(next)
          queued.set(next, rerun)
        }
        pump()
      })
    }
    if (active === 0 && queued.size === 0) {
      const waiting = idle
      idle = []
      for (const resolve of waiting) resolve()
    }
  }

  async function write(storyId: string, attempts: number) {
    // A full store fails every write alike: the stories left keep their marks for a later pass, unlogged.
    if (full !== null) return
    try {
      const members = await deps.crawl.storyArticles(storyId, STORY_MEMBERS)
      if (members.length === 0) return
      const written = await buildStoryText(storyId, members, deps, attempts + 1)
      const result = await deps.crawl.commitStories([written.story], [written.summary])
      counts.created += result.inserted
      counts.updated += result.updated
    } catch (err) {
      // The story keeps its rewrite mark in the store: the next pass tries again. A full store is the pass's to report.
      full ??= storeFullReason(err)
      if (full === null) deps.log.error({ err, story: storyId }, 'crawl: story rewrite failed')
    }
  }

  return {
    enqueue(stories) {
      for (const { storyId, attempts } of stories) {
        if (running.has(storyId)) again.set(storyId, attempts)
        else queued.set(storyId, Math.min(queued.get(storyId) ?? attempts, attempts))
      }
      pump()
    },
    halted: () => full,
    drain() {
      return new Promise((resolve) => {
        idle.push(() => resolve({ ...counts }))
        pump()
      })
    },
  }
}
