import type { CrawlFeeds } from '../crawl-store.ts'
import { toFeed, type FeedRow } from '../crawl-rows.ts'
import { INITIAL_INTERVAL_SECONDS } from '../sqlite/crawl-feeds.ts'
import type { CrawlAccess } from './access.ts'
import { CRAWL_SQL, lastByKey } from './crawl-runs.ts'
import { lockClustering } from './transaction.ts'

/**
 * The crawler's feeds in PostgreSQL, with the SQLite store's semantics; several workers (processes or machines)
 * share the due feeds through leases claimed with FOR UPDATE SKIP LOCKED.
 *
 * Every write of several feed rows takes the clustering lock first, as a pass's clustered commit does (it writes the
 * state of every feed of its batch): two transactions locking the same rows in different orders would deadlock, and
 * the commit the server chose to abort would hand its whole batch back to be fetched again.
 */
export function createPostgresCrawlFeeds({ query, transaction }: CrawlAccess): CrawlFeeds {
  return {
    async syncPublishers(publishers, now) {
      return transaction(async (client) => {
        await lockClustering(client)
        const urls = publishers.map((p) => p.feedUrl)
        const known = new Set((await client.query<{ feed_url: string }>(
          'SELECT feed_url FROM feeds WHERE feed_url = ANY($1::text[])', [urls])).rows.map((r) => r.feed_url))
        const result = { added: 0, updated: 0, deactivated: 0 }
        for (const p of publishers) {
          if (known.has(p.feedUrl)) {
            result.updated++
          } else {
            result.added++
            known.add(p.feedUrl)
          }
        }
        const feeds = lastByKey(publishers.map((p, position) => ({ p, position })), (f) => f.p.feedUrl)
        if (feeds.length > 0) {
          await client.query(`INSERT INTO feeds (feed_url, publisher_id, position, name, site_url, topic, lang, active,
              next_fetch_at, interval_seconds)
              SELECT u.*, true, $8, ${INITIAL_INTERVAL_SECONDS}
              FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
                AS u(feed_url, publisher_id, position, name, site_url, topic, lang)
              ON CONFLICT (feed_url) DO UPDATE SET publisher_id = excluded.publisher_id, position = excluded.position,
                name = excluded.name, site_url = excluded.site_url, topic = excluded.topic, lang = excluded.lang,
                active = true`,
            [feeds.map((f) => f.p.feedUrl), feeds.map((f) => f.p.id), feeds.map((f) => f.position), feeds.map((f) => f.p.name),
              feeds.map((f) => f.p.siteUrl), feeds.map((f) => f.p.topic), feeds.map((f) => f.p.lang), now])
          const sources = lastByKey(publishers, (p) => p.id)
          await client.query(`INSERT INTO sources (id, name, site_url)
              SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
              ON CONFLICT (id) DO UPDATE SET name = excluded.name, site_url = excluded.site_url`,
            [sources.map((p) => p.id), sources.map((p) => p.name), sources.map((p) => p.siteUrl)])
        }
        result.deactivated = (await client.query(
          'UPDATE feeds SET active = false WHERE active AND feed_url <> ALL($1::text[])', [urls])).rowCount ?? 0
        return result
      })
    },

    async listFeeds() {
      return (await query<FeedRow>('SELECT * FROM feeds ORDER BY active DESC, position, feed_url')).rows.map(toFeed)
    },

    async claimDueFeeds({ now, limit, owner, leaseSeconds }) {
      const until = new Date(Date.parse(now) + leaseSeconds * 1000).toISOString()
      return (await query<FeedRow>(CRAWL_SQL.claimDue, [now, limit, owner, until])).rows.map(toFeed)
    },

    async releaseFeeds({ feedUrls, owner }) {
      if (feedUrls.length === 0) return 0
      return transaction(async (client) => {
        await lockClustering(client)
        return (await client.query('UPDATE feeds SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1 AND feed_url = ANY($2::text[])',
          [owner, feedUrls])).rowCount ?? 0
      })
    },

    async makeAllDue(now) {
      return transaction(async (client) => {
        await lockClustering(client)
        return (await client.query('UPDATE feeds SET next_fetch_at = $1, lease_owner = NULL, lease_until = NULL WHERE active', [now])).rowCount ?? 0
      })
    },
  }
}
