import type { Logger } from 'pino'
import type { Config } from '../config/config.ts'
import { SAMPLE_EDITION_PATH } from '../config/paths.ts'
import { createCrawler, type Crawler } from '../crawler/create-crawler.ts'
import { retireSampleEdition } from '../sample/retire-sample.ts'
import type { CrawlerKeyRing } from '../signing/key-ring.ts'
import type { Store } from '../storage/store.ts'
import { createFeedPings } from '../websub/crawl-pings.ts'

/**
 * The crawler as `serve`, serve's crawl thread and `crawl` run it: the crawler gets only the settings it uses, and
 * retiring the sample edition once a pass created real stories stays here, with the commands that loaded it. With
 * WEBSUB_HUB_URL set, the hub is told after each pass (sample retirement included) which feeds it changed.
 */
export function openCrawler(config: Readonly<Config>, deps: { store: Store; keys: CrawlerKeyRing; log: Logger; serving?: boolean }): Crawler {
  const pings = config.websub.hubUrl === null ? null
    : createFeedPings({ hubUrl: config.websub.hubUrl, siteUrl: config.siteUrl, crawl: deps.store.crawl, reader: deps.store, log: deps.log })
  const crawler = withSampleRetirement(config, deps, createCrawler({
    siteUrl: config.siteUrl,
    publishersFile: config.crawl.publishers,
    fetchAllow: config.crawl.fetchAllow,
    intervalSeconds: config.crawl.intervalSeconds ?? 15 * 60,
    leaseSeconds: config.crawl.leaseSeconds,
    llm: config.llm,
    clusterModel: config.crawl.clusterModel,
  }, { crawl: pings?.crawl ?? deps.store.crawl, keys: deps.keys, log: deps.log, serving: deps.serving }))
  return pings ? pings.wrap(crawler) : crawler
}

function withSampleRetirement(config: Readonly<Config>, deps: { store: Store; log: Logger }, crawler: Crawler): Crawler {
  if (config.sample !== 'auto') return crawler
  return {
    ...crawler,
    async run(opts) {
      const summary = await crawler.run(opts)
      if (summary.storiesCreated > 0) {
        const removed = await retireSampleEdition(deps.store, SAMPLE_EDITION_PATH)
        if (removed > 0) deps.log.info({ removed }, 'crawl: enough real stories; removed the sample edition')
      }
      return summary
    },
  }
}
