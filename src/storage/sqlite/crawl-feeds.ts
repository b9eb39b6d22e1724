import type { Database } from 'better-sqlite3'
import type { CrawlFeeds } from '../crawl-store.ts'
import { toFeed, type FeedRow } from '../crawl-rows.ts'
import { CRAWL_SQL } from './crawl-runs.ts'

/** A new feed is polled every 15 minutes until its publishing rhythm says otherwise (FreshRSS's floor: frequent enough for news, polite to the publisher). */
export const INITIAL_INTERVAL_SECONDS = 15 * 60

/** The crawler's feeds in SQLite: the directory synced in, due feeds leased to one worker at a time. */
export function createSqliteCrawlFeeds(db: Database): CrawlFeeds {
  const stmt = {
    feed: db.prepare('SELECT feed_url FROM feeds WHERE feed_url = ?'),
    insertFeed: db.prepare(`INSERT INTO feeds (feed_url, publisher_id, position, name, site_url, topic, lang, active,
      next_fetch_at, interval_seconds) VALUES (@feed_url, @publisher_id, @position, @name, @site_url, @topic, @lang, 1,
      @now, ${INITIAL_INTERVAL_SECONDS})`),
    updateFeedPublisher: db.prepare(`UPDATE feeds SET publisher_id = @publisher_id, position = @position, name = @name,
      site_url = @site_url, topic = @topic, lang = @lang, active = 1 WHERE feed_url = @feed_url`),
    deactivateMissing: db.prepare(`UPDATE feeds SET active = 0
      WHERE active = 1 AND feed_url NOT IN (SELECT value FROM json_each(?))`),
    upsertSource: db.prepare(`INSERT INTO sources (id, name, site_url) VALUES (?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`),
    listFeeds: db.prepare('SELECT * FROM feeds ORDER BY active DESC, position, feed_url'),
    dueFeeds: db.prepare(CRAWL_SQL.dueFeeds),
    makeAllDue: db.prepare('UPDATE feeds SET next_fetch_at = ?, lease_owner = NULL, lease_until = NULL WHERE active = 1'),
    lease: db.prepare('UPDATE feeds SET lease_owner = @owner, lease_until = @until WHERE feed_url = @feed_url'),
    release: db.prepare(`UPDATE feeds SET lease_owner = NULL, lease_until = NULL
      WHERE lease_owner = ? AND feed_url IN (SELECT value FROM json_each(?))`),
  }

  const sync = db.transaction((publishers: Parameters<CrawlFeeds['syncPublishers']>[0], now: string) => {
    const result = { added: 0, updated: 0, deactivated: 0 }
    publishers.forEach((p, position) => {
      const row = {
        feed_url: p.feedUrl, publisher_id: p.id, position, name: p.name, site_url: p.siteUrl, topic: p.topic, lang: p.lang, now,
      }
      if (stmt.feed.get(p.feedUrl)) {
        stmt.updateFeedPublisher.run(row)
        result.updated++
      } else {
        stmt.insertFeed.run(row)
        result.added++
      }
      stmt.upsertSource.run(p.id, p.name, p.siteUrl)
    })
    result.deactivated = stmt.deactivateMissing.run(JSON.stringify(publishers.map((p) => p.feedUrl))).changes
    return result
  })

  const claim = db.transaction((opts: Parameters<CrawlFeeds['claimDueFeeds']>[0]) => {
    const rows = stmt.dueFeeds.all({ now: opts.now, limit: opts.limit }) as FeedRow[]
    const until = new Date(Date.parse(opts.now) + opts.leaseSeconds * 1000).toISOString()
    for (const r of rows) stmt.lease.run({ owner: opts.owner, until, feed_url: r.feed_url })
    return rows.map(toFeed)
  })

  return {
    async syncPublishers(publishers, now) {
      return sync.immediate(publishers, now)
    },
    async listFeeds() {
      return (stmt.listFeeds.all() as FeedRow[]).map(toFeed)
    },
    async claimDueFeeds(opts) {
      return claim.immediate(opts)
    },
    async releaseFeeds({ feedUrls, owner }) {
      return feedUrls.length === 0 ? 0 : stmt.release.run(owner, JSON.stringify(feedUrls)).changes
    },
    async makeAllDue(now) {
      return stmt.makeAllDue.run(now).changes
    },
  }
}
