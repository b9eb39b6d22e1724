/** Writes to the crawl tables that both the crawl store and the state restore make, with named parameters. */
export const SQLITE_CRAWL_WRITES = {
  // An article already stored (same id, canonical URL or GUID) is kept as it is.
  insertArticle: `INSERT INTO articles (id, story_id, publisher_id, feed_url, canonical_url, guid_key,
      content_hash, title, text, lang, published_at, fetched_at, author, image_url, signature)
    VALUES (@id, @story_id, @publisher_id, @feed_url, @canonical_url, @guid_key, @content_hash, @title, @text, @lang,
      @published_at, @fetched_at, @author, @image_url, @signature)
    ON CONFLICT DO NOTHING`,
  upsertSummary: `INSERT INTO story_summaries (story_id, source, attempts, retry_at)
    VALUES (@story_id, @source, @attempts, @retry_at)
    ON CONFLICT (story_id) DO UPDATE SET source = excluded.source, attempts = excluded.attempts,
      retry_at = excluded.retry_at`,
  // Only for an article stored under that id (one kept elsewhere under its URL or GUID is not ours to refetch).
  insertRefetch: `INSERT INTO article_refetch (article_id, url, attempts, retry_at)
    SELECT @article_id, @url, @attempts, @retry_at WHERE EXISTS (SELECT 1 FROM articles WHERE id = @article_id)
    ON CONFLICT DO NOTHING`,
} as const
