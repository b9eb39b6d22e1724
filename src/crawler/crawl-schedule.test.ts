import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import pino from 'pino'
import { networkDown, type CrawlSummary } from './crawl-run.ts'
import { startCrawlSchedule } from './crawl-schedule.ts'
import type { Crawler } from './create-crawler.ts'

const summary = (feeds: Partial<CrawlSummary['feeds']>): CrawlSummary => ({
  feeds: { total: 0, ok: 0, notModified: 0, failed: 0, unreachable: 0, ...feeds },
  articlesNew: 0, storiesCreated: 0, storiesUpdated: 0, summariesRetried: 0, articlesUpgraded: 0, feedsHeld: 0, durationMs: 1,
})

test('a pass is "network down" only when every due feed failed without reaching its host', () => {
  assert.ok(networkDown(summary({ total: 3, failed: 3, unreachable: 3 })))
  assert.ok(!networkDown(summary({ total: 3, ok: 1, failed: 2, unreachable: 2 })), 'one feed fetched: the network works')
  assert.ok(!networkDown(summary({ total: 3, failed: 3, unreachable: 2 })), 'a feed answered with an error')
  assert.ok(!networkDown(summary({})), 'nothing was due')
})

test('serve\'s crawl schedule logs a pass that reached no feed as one error line naming the check', async () => {
  const lines: Array<{ level: number; msg: string }> = []
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done() } })
  const log = pino({ level: 'info' }, sink)
  const crawler: Crawler = {
    publishers: 3, problems: [], leaseSeconds: 60,
    run: async () => summary({ total: 3, failed: 3, unreachable: 3 }),
    warmUp: async () => {},
    close: async () => {},
  }
  const schedule = startCrawlSchedule(crawler, 3600, log)
  await new Promise((resolve) => setTimeout(resolve, 50))
  await schedule.stop()
  const errors = lines.filter((l) => l.level >= 50)
  assert.equal(errors.length, 1, JSON.stringify(lines))
  assert.match(errors[0]!.msg, /^crawl: no feed could be fetched: all 3 failed for network reasons.*newsdesk publishers list --failing/)
})
