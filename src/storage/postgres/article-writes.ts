import type pg from 'pg'
import type { ArticleRecord } from '../../domain/crawl-records.ts'

/**
 * Inserts articles in the order given, so their commit_seq follows it (WITH ORDINALITY … ORDER BY); an article
 * already stored (same id, canonical URL or GUID) is kept as it is. Returns how many were added. The caller holds
 * the clustering lock (transaction.ts, lockClustering).
 */
export async function insertArticles(client: pg.ClientBase, a: ArticleRecord[]): Promise<number> {
  if (a.length === 0) return 0
  const result = await client.query(`INSERT INTO articles (id, story_id, publisher_id, feed_url, canonical_url, guid_key,
      content_hash, title, text, lang, published_at, fetched_at, author, image_url, signature)
    SELECT id, story_id, publisher_id, feed_url, canonical_url, guid_key, content_hash, title, text, lang,
      published_at, fetched_at, author, image_url, signature
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
      $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bytea[])
      WITH ORDINALITY AS u(id, story_id, publisher_id, feed_url, canonical_url, guid_key, content_hash, title,
        text, lang, published_at, fetched_at, author, image_url, signature, n)
    ORDER BY n
    ON CONFLICT DO NOTHING`,
  [a.map((x) => x.id), a.map((x) => x.storyId), a.map((x) => x.publisherId), a.map((x) => x.feedUrl),
    a.map((x) => x.canonicalUrl), a.map((x) => x.guidKey), a.map((x) => x.contentHash), a.map((x) => x.title),
    a.map((x) => x.text), a.map((x) => x.lang), a.map((x) => x.publishedAt), a.map((x) => x.fetchedAt),
    a.map((x) => x.author), a.map((x) => x.imageUrl),
    a.map((x) => Buffer.from(x.signature.buffer, x.signature.byteOffset, x.signature.byteLength))])
  return result.rowCount ?? 0
}
