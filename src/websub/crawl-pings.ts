import type { Logger } from 'pino'
import type { Crawler } from '../crawler/create-crawler.ts'
import { botUserAgent } from '../crawler/fetch/bot-identity.ts'
import type { CrawlStore } from '../storage/crawl-store.ts'
import type { StoryReader } from '../storage/store.ts'
import { changedFeeds } from './changed-feeds.ts'
import { createHubPinger, type HubPingerOptions } from './hub-pinger.ts'
import { noteStoryWrites } from './story-write-log.ts'
import { topicUrls } from './topic-urls.ts'

export interface FeedPingsOptions {
  hubUrl: string
  siteUrl: string
  /** The store the crawler writes: its story writes are noted, and the changed feeds read from it after a pass. */
  crawl: CrawlStore
  reader: Pick<StoryReader, 'getStory' | 'listStories' | 'listSourceStories'>
  log: Logger
  /** How long closing waits for pings under way before it abandons them. */
  closeGraceMs?: number
  /** Concurrency, attempts, backoff and timeout of the pings (tests shorten the backoff). */
  pinger?: Partial<Pick<HubPingerOptions, 'concurrency' | 'attempts' | 'retryDelayMs' | 'timeoutMs'>>
}

export interface FeedPings {
  /** The crawl store to give the crawler. */
  crawl: CrawlStore
  /** The crawler, pinging the hub after each pass for the feeds the pass changed. */
  wrap(crawler: Crawler): Crawler
}

/** Long enough for a healthy hub to take a pass's pings; short enough that a stalled one never holds a stop. */
const CLOSE_GRACE_MS = 10_000

/**
 * WebSub for the crawler (docs/decisions/0053-websub-pings.md): after each pass `serve`, its crawl thread,
 * `crawl` and `crawl --worker` run, the feeds it changed are worked out and their topic URLs handed to the pinger.
 * That happens beside the next pass, never inside one: the pass returns at once, and a slow hub delays nothing but
 * its own pings. Closing the crawler waits (bounded) for the pings, so a one-off `crawl` tells the hub before it exits.
 */
export function createFeedPings(opts: FeedPingsOptions): FeedPings {
  const writes = noteStoryWrites(opts.crawl, opts.reader)
  const pinger = createHubPinger({ hubUrl: opts.hubUrl, userAgent: botUserAgent(opts.siteUrl), log: opts.log, ...opts.pinger })
  const working = new Set<Promise<void>>()

  const announce = () => {
    const written = writes.take()
    if (written.length === 0) return
    const job = (async () => {
      const feeds = await changedFeeds(written, opts.reader)
      if (feeds.length === 0) return
      const topics = topicUrls(opts.siteUrl, feeds)
      opts.log.info({ hub: opts.hubUrl, feeds: feeds.length, topics: topics.length }, 'websub: the pass changed feeds; telling the hub')
      pinger.publish(topics)
    })().catch((err: unknown) => {
      opts.log.warn({ err }, 'websub: could not read which feeds the pass changed; they are pinged at their next change')
    })
    working.add(job)
    void job.finally(() => working.delete(job))
  }

  return {
    crawl: writes.crawl,
    wrap: (crawler) => ({
      ...crawler,
      async run(runOpts) {
        // A pass that failed part-way still committed the feeds it finished: their stories are pinged too.
        try {
          return await crawler.run(runOpts)
        } finally {
          announce()
        }
      },
      async close() {
        await crawler.close()
        await Promise.all(working)
        await pinger.close(opts.closeGraceMs ?? CLOSE_GRACE_MS)
      },
    }),
  }
}
