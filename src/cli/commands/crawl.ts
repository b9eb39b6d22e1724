import type { Crawler } from '../../crawler/create-crawler.ts'
import { startCrawlSchedule } from '../../crawler/crawl-schedule.ts'
import { networkDown, networkDownMessage, type CrawlSummary } from '../../crawler/crawl-run.ts'
import type { FeedReport } from '../../crawler/pipeline/process-feed.ts'
import { DirectoryError } from '../../publishers/directory.ts'
import { createProcessMetrics } from '../../metrics/process-metrics.ts'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type CommandContext } from '../command.ts'
import { openCheckedStore, openKeysOrReport } from '../command-setup.ts'
import { configOrReport } from '../environment.ts'
import { createLogger } from '../logger.ts'

export const crawlCommand: Command = {
  usage: `newsdesk crawl [--force] [--as-of TIME] | newsdesk crawl --worker

One crawl pass over the publisher directory (the bundled one, or NEWSDESK_PUBLISHERS): every feed that is due is
fetched (conditionally, politely, signed with Web Bot Auth), its new articles are extracted, clustered with the
coverage of other publishers, summarized and categorized, and written as stories. A terminal gets a progress bar,
anything else one line per feed; failures show as they happen. Ends with a summary; exit code 0 even when some
feeds failed (each failure is recorded on its feed: see \`newsdesk publishers list --failing\`), 1 when the pass
itself could not run or when feeds were due and every one failed for a network reason (the machine looks offline:
one line says so).
\`newsdesk serve\` runs the same pass every NEWSDESK_CRAWL_INTERVAL.

  --force    fetch every feed now, whatever its schedule (conditional requests still apply)
  --as-of TIME
             run the pass as if it were TIME (ISO 8601): articles are judged new, stories dated and feeds scheduled
             against it. For replaying archived feeds, as \`npm run eval:real\` does, a pass per day; never for a
             live store, whose schedule it would move.
  --worker   keep crawling without serving HTTP: a pass at once, then one every NEWSDESK_CRAWL_INTERVAL (15m by
             default; "off" is refused), logging JSON lines to stdout like serve, until SIGINT or SIGTERM, which let
             the feeds in flight commit and exit 0. Any number of workers and \`serve\` instances can share one
             PostgreSQL store: each due feed is leased to one of them (NEWSDESK_CRAWL_LEASE_SECONDS). For split
             roles, run the web instances with \`newsdesk serve --no-crawl\`.`,
  options: { force: { type: 'boolean' }, worker: { type: 'boolean' }, 'as-of': { type: 'string' } },
  allowPositionals: false,
  async run(args, ctx) {
    const worker = args.values.worker === true
    if (worker && args.values.force === true) {
      ctx.stderr.write('crawl: --force is for one pass; a worker fetches feeds as they come due\n')
      return EXIT_USAGE
    }
    const asOfText = args.values['as-of']
    const asOf = typeof asOfText === 'string' ? Date.parse(asOfText) : undefined
    if (asOf !== undefined && (Number.isNaN(asOf) || !/^\d{4}-\d{2}-\d{2}T/.test(asOfText as string))) {
      ctx.stderr.write(`crawl: --as-of must be an ISO 8601 time such as 2021-05-01T23:59:00Z, not "${String(asOfText).slice(0, 60)}"\n`)
      return EXIT_USAGE
    }
    if (worker && asOf !== undefined) {
      ctx.stderr.write('crawl: --as-of is for one pass; a worker crawls in real time\n')
      return EXIT_USAGE
    }
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    if (worker && config.crawl.intervalSeconds === null) {
      ctx.stderr.write('crawl: --worker needs NEWSDESK_CRAWL_INTERVAL (it is "off")\n')
      return EXIT_USAGE
    }
    const log = worker ? createLogger(config.logLevel, 'stdout')
      : createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'stderr')
    const report = (message: string) => { ctx.stderr.write(`crawl: ${message}\n`) }
    const keys = openKeysOrReport(config, report)
    if (!keys) return EXIT_FAILURE
    const store = await openCheckedStore(config, report)
    if (!store) return EXIT_FAILURE
    // A worker runs for days: with METRICS_PORT set it serves /metrics (crawl, store, LLM, process) like serve does.
    const metrics = worker ? await createProcessMetrics(config.metrics, log) : null
    try {
      let crawler
      try {
        // Loaded here, not at the top: the pipeline's modules are most of a crawl's start-up, which no other command needs.
        const { openCrawler } = await import('../open-crawler.ts')
        crawler = openCrawler(config, { store: metrics ? metrics.store(store) : store, keys: keys.ring, log, serving: false })
      } catch (err) {
        if (!(err instanceof DirectoryError)) throw err
        ctx.stderr.write(`crawl: ${err.message}\n`)
        return EXIT_USAGE
      }
      for (const problem of crawler.problems) ctx.stderr.write(`crawl: publishers: ${problem}\n`)
      if (worker) {
        await store.ping() // migrated and reachable before it says it started (PostgreSQL migrates in the background)
        await metrics?.listen()
        return await runWorker(crawler, config.crawl.intervalSeconds!, log)
      }
      const progress = createProgress(ctx)
      try {
        const now = asOf === undefined ? undefined : () => new Date(asOf)
        const summary = await crawler.run({ onFeed: progress.feed, force: args.values.force === true, now })
        progress.end()
        ctx.stdout.write(formatSummary(summary))
        if (networkDown(summary)) {
          ctx.stderr.write(`crawl: ${networkDownMessage(summary)}\n`)
          return EXIT_FAILURE
        }
      } finally {
        await crawler.close()
      }
      return EXIT_OK
    } catch (err) {
      ctx.stderr.write(`crawl: ${err instanceof Error ? err.message : String(err)}\n`)
      return EXIT_FAILURE
    } finally {
      await metrics?.close()
      await store.close()
    }
  },
}

/** `crawl --worker`: the crawl schedule of `serve` without the HTTP service, until SIGINT or SIGTERM. */
async function runWorker(crawler: Crawler, intervalSeconds: number, log: ReturnType<typeof createLogger>): Promise<number> {
  log.info({ publishers: crawler.publishers, interval_seconds: intervalSeconds, lease_seconds: crawler.leaseSeconds }, 'crawl: worker started')
  const signal = await new Promise<string>((resolve) => {
    const schedule = startCrawlSchedule(crawler, intervalSeconds, log)
    const stop = (name: string) => {
      process.off('SIGINT', onInt)
      process.off('SIGTERM', onTerm)
      log.info({ signal: name }, 'crawl: worker stopping')
      // Feeds in flight commit; the story writer finishes what they touched; the rest waits for the next start.
      void schedule.stop().then(() => resolve(name))
    }
    const onInt = () => stop('SIGINT')
    const onTerm = () => stop('SIGTERM')
    process.once('SIGINT', onInt)
    process.once('SIGTERM', onTerm)
  })
  log.info({ signal }, 'crawl: worker stopped')
  return EXIT_OK
}

/** A redrawn bar on a terminal; one plain line per feed in a pipe or a log. */
function createProgress(ctx: CommandContext) {
  const tty = (ctx.stderr as NodeJS.WriteStream).isTTY === true
  const width = 30
  let failed = 0
  return {
    feed(report: FeedReport, done: number, total: number) {
      if (tty) {
        if (report.status === 'failed') {
          failed++
          // The failure on a line of its own above the bar, as it happens; the bar is redrawn below it.
          ctx.stderr.write(`\r\x1b[Kcrawl: ${report.feedUrl}: failed (${report.reason})\n`)
        }
        const filled = Math.round((done / total) * width)
        ctx.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} feeds${failed ? `, ${failed} failed` : ''}`)
      } else {
        const what = report.status === 'failed' ? `failed (${report.reason})` : report.status === 'not-modified' ? 'not modified'
          : `ok, ${report.articlesNew} new articles`
        ctx.stderr.write(`crawl: ${done}/${total} ${report.feedUrl}: ${what}\n`)
      }
    },
    end() {
      if (tty) ctx.stderr.write('\n')
    },
  }
}

export function formatSummary(s: CrawlSummary): string {
  return [
    `feeds: ${s.feeds.total} (ok ${s.feeds.ok}, not modified ${s.feeds.notModified}, failed ${s.feeds.failed}${s.feeds.unreachable ? `, ${s.feeds.unreachable} of them for network reasons` : ''})`,
    `articles new: ${s.articlesNew}`,
    `stories: ${s.storiesCreated} created, ${s.storiesUpdated} updated`,
    ...(s.summariesRetried ? [`stories rewritten from earlier passes: ${s.summariesRetried}`] : []),
    ...(s.articlesUpgraded ? [`articles upgraded from their feed teaser: ${s.articlesUpgraded}`] : []),
    ...(s.feedsHeld ? [`feeds due but leased by another worker: ${s.feedsHeld}`] : []),
    `duration: ${(s.durationMs / 1000).toFixed(1)} s`,
    '',
  ].join('\n')
}
