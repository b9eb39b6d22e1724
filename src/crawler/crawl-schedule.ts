import type { Logger } from 'pino'
import type { Crawler } from './create-crawler.ts'
import { networkDown, networkDownMessage } from './crawl-run.ts'
import { CrawlStoreFullError } from './store-full-error.ts'

export interface CrawlSchedule {
  stop(): Promise<void>
}

/**
 * The crawl loop of `serve` and `crawl --worker`: a pass at start, then one every interval, never two at once. Feeds
 * are due on their own schedules (adaptive, backed off), so a pass only fetches what is due. When a pass ends with due
 * feeds held by another worker's lease (several instances share one PostgreSQL store), the next pass comes once those
 * leases have run out, if that is sooner: a worker that died mid-pass has its feeds taken over then, not an interval
 * later. stop() lets the feeds in flight commit (their fetches time out within 20 s) and leaves the rest of the pass
 * to the next start.
 */
export function startCrawlSchedule(crawler: Crawler, intervalSeconds: number, log: Logger): CrawlSchedule {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const abort = new AbortController()

  const pass = async () => {
    let waitSeconds = intervalSeconds
    try {
      const summary = await crawler.run({ signal: abort.signal })
      log.info({ ...summary }, 'crawl: pass finished')
      if (networkDown(summary)) log.error({ feeds_failed: summary.feeds.failed }, `crawl: ${networkDownMessage(summary)}`)
      if (summary.feedsHeld > 0 && crawler.leaseSeconds + 1 < intervalSeconds) {
        waitSeconds = crawler.leaseSeconds + 1
        log.info({ feeds: summary.feedsHeld, next_pass_seconds: waitSeconds }, 'crawl: due feeds held by other workers\' leases; next pass when they expire')
      }
    } catch (err) {
      // A full store is one line with what to do, no stack: the next pass (and the one after) says it again, once each.
      if (err instanceof CrawlStoreFullError) {
        log.error({ reason: err.reason, feeds_done: err.feedsDone, feeds_released: err.feedsReleased }, `crawl: ${err.message}`)
      } else {
        log.error({ err }, 'crawl: pass failed')
      }
    }
    if (!stopped) timer = setTimeout(() => { running = pass() }, waitSeconds * 1000)
  }
  running = pass()
  return {
    async stop() {
      stopped = true
      abort.abort()
      clearTimeout(timer)
      await running
      await crawler.close()
    },
  }
}
