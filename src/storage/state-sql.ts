/**
 * SQL shared by both dialects' state restore (storage/state-records.ts): a restored feed takes every exported field
 * and loses any lease, which belonged to a process of the old store.
 */
export const FEED_STATE_COLUMNS = `feed_url, publisher_id, position, name, site_url, topic, lang, active,
  etag, last_modified, next_fetch_at, interval_seconds, consecutive_failures, last_status, last_error,
  last_fetched_at, last_success_at, article_count`

export const RESTORE_FEED_ON_CONFLICT = `ON CONFLICT (feed_url) DO UPDATE SET publisher_id = excluded.publisher_id,
  position = excluded.position, name = excluded.name, site_url = excluded.site_url, topic = excluded.topic,
  lang = excluded.lang, active = excluded.active, etag = excluded.etag, last_modified = excluded.last_modified,
  next_fetch_at = excluded.next_fetch_at, interval_seconds = excluded.interval_seconds,
  consecutive_failures = excluded.consecutive_failures, last_status = excluded.last_status,
  last_error = excluded.last_error, last_fetched_at = excluded.last_fetched_at,
  last_success_at = excluded.last_success_at, article_count = excluded.article_count,
  lease_owner = NULL, lease_until = NULL`
