import { STORY_COLUMNS, STORY_DETAIL_COLUMNS } from '../story-columns.ts'
import { TERM_POSTINGS_SQL } from './search-postings.ts'

/**
 * The read queries, exported so the query-plan test checks exactly what runs.
 * Parameters: $1 is always the language; list queries take the limit as $2 and their filter as $3.
 */

const STORY_JOINS = `
  JOIN story_texts en ON en.story_id = s.id AND en.lang = 'en'
  JOIN category_names cn ON cn.slug = s.category AND cn.lang = $1::text
  LEFT JOIN story_texts tr ON tr.story_id = s.id AND tr.lang = $1::text AND $1::text <> 'en'
  LEFT JOIN sources src ON src.id = s.source_id`

// The page of stories is chosen first (a backwards walk of an index on seq, stopping after `limit` rows), then
// joined to its texts, category name and publisher: the joins cost O(limit) whatever the corpus size.
const page = (where: string) => `SELECT ${STORY_COLUMNS}
  FROM (SELECT * FROM stories ${where} ORDER BY seq DESC LIMIT $2) s ${STORY_JOINS}
  ORDER BY s.seq DESC`

// Lists take the seq window [$4, $5) ([$3, $4) for the plain list) of their filters (since, until, cursor; see
// story-window.ts): a range of the walked key, so the walk starts at the top and stops after $2 rows or at the floor.
const WINDOW = 'seq >= $4::bigint AND seq < $5::bigint'

export const SQL = {
  list: page('WHERE seq >= $3::bigint AND seq < $4::bigint'),
  listTopic: page(`WHERE category = $3::text AND ${WINDOW}`),
  listSource: page(`WHERE source_id = $3::text AND ${WINDOW}`),
  listTopicSource: page(`WHERE source_id = $3::text AND category = $6::text AND ${WINDOW}`),
  // Search (see story-search.ts and storage/search-window.ts) finds each term's newest
  // matching rows (from the search postings; for a phrase term, by the walk and the GIN index below), then tests the stories of the term reaching back furthest against the whole query, then reads
  // the page like a list page (storiesBySeq). A story matching in English and in $1 counts once.
  searchTermPostings: TERM_POSTINGS_SQL,
  // The lower edge of a walk of the newest $1 stories below seq $2: an index-only walk of $1 entries.
  searchFloor: `SELECT COALESCE((SELECT seq FROM stories WHERE seq < $2::bigint ORDER BY seq DESC OFFSET $1 LIMIT 1), 0)
    AS floor`,
  // The walked range [$2, $3): each text row is read once through story_texts_by_seq and tested against every term
  // ($4, $5, …), so the cost is the walk's size, whatever the terms. The OFFSET 0 fence keeps the planner from
  // taking the rows from the GIN index instead: its cost is every matching row, which grows with the corpus.
  searchTermsWalk: (terms: number) => {
    const tests = Array.from({ length: terms }, (_, i) => `search @@ $${i + 4}::tsquery AS m${i}`)
    const any = Array.from({ length: terms }, (_, i) => `search @@ $${i + 4}::tsquery`)
    return `SELECT story_seq, ${tests.join(', ')} FROM (
      SELECT story_seq, search FROM story_texts
      WHERE story_seq >= $2::bigint AND story_seq < $3::bigint AND lang IN ('en', $1::text) OFFSET 0) w
    WHERE ${any.join(' OR ')} ORDER BY story_seq DESC`
  },
  // Below the walk, for a term too rare to find $2 rows by walking: the GIN index (no ORDER BY inside the CTE, so
  // nothing rewards walking the seq index; the cost is the term's posting lists, short since the walk found few).
  searchTermIndex: `WITH matched AS MATERIALIZED (
      SELECT story_seq FROM story_texts
      WHERE search @@ $3::tsquery AND lang IN ('en', $1::text) AND story_seq < $4::bigint AND story_seq >= $5::bigint)
    SELECT story_seq FROM matched ORDER BY story_seq DESC LIMIT $2`,
  // The candidate stories $3 tested against the whole query $4 through story_texts_by_seq (fenced off GIN).
  searchVerify: `SELECT DISTINCT story_seq FROM (
      SELECT story_seq, search FROM story_texts WHERE story_seq = ANY($3::bigint[]) AND lang IN ('en', $1::text) OFFSET 0) w
    WHERE search @@ $4::tsquery ORDER BY story_seq DESC LIMIT $2`,
  storiesBySeq: `SELECT ${STORY_COLUMNS}
    FROM stories s ${STORY_JOINS} WHERE s.seq = ANY($2::bigint[])
    ORDER BY s.seq DESC`,
  get: `SELECT ${STORY_DETAIL_COLUMNS}
    FROM stories s ${STORY_JOINS} WHERE s.id = $2::text`,
  // A story's related stories: its few relation rows (a primary-key range, at most $3), each joined to its story by
  // id, so an id that is no story (not written yet, or removed) is skipped; the sort is of those few rows.
  related: `SELECT s.id, s.text_lang, en.headline AS en_headline, tr.headline AS tr_headline
    FROM story_relations r
    JOIN stories s ON s.id = r.related_id
    JOIN story_texts en ON en.story_id = s.id AND en.lang = 'en'
    LEFT JOIN story_texts tr ON tr.story_id = s.id AND tr.lang = $1::text AND $1::text <> 'en'
    WHERE r.story_id = $2::text ORDER BY s.seq DESC LIMIT $3`,
  categories: `SELECT c.slug, n.name FROM categories c
    JOIN category_names n ON n.slug = c.slug AND n.lang = $1::text ORDER BY c.position`,
  // SQLite's NOCASE: ASCII letters fold, then byte order.
  sources: `SELECT id, name, site_url FROM sources
    ORDER BY translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C", id LIMIT $1`,
  sourcesAfter: `WITH a AS (SELECT translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C" AS k, id
      FROM sources WHERE id = $2::text)
    SELECT s.id, s.name, s.site_url FROM sources s, a
    WHERE (translate(s.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C", s.id) > (a.k, a.id)
    ORDER BY translate(s.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C", s.id LIMIT $1`,
  source: 'SELECT id, name, site_url FROM sources WHERE id = $1::text',
  sourceTopics: 'SELECT source_id, category, stories, last_seq::text AS last_seq FROM source_topics',
  // The "newer stories" key (see the SQLite queries): $1 the key, $2 the offset.
  keyAbove: 'SELECT seq::text AS above FROM stories WHERE seq >= $1::bigint ORDER BY seq OFFSET $2 LIMIT 1',
  keyAboveTopic: 'SELECT seq::text AS above FROM stories WHERE category = $3::text AND seq >= $1::bigint ORDER BY seq OFFSET $2 LIMIT 1',
  keyAboveSource: 'SELECT seq::text AS above FROM stories WHERE source_id = $3::text AND seq >= $1::bigint ORDER BY seq OFFSET $2 LIMIT 1',
  keyAboveTopicSource: `SELECT seq::text AS above FROM stories WHERE source_id = $3::text AND category = $4::text AND seq >= $1::bigint
    ORDER BY seq OFFSET $2 LIMIT 1`,
  recentStamps: 'SELECT id, published_at, updated_at FROM stories ORDER BY seq DESC LIMIT $1',
  // One row per month: reading all of it is O(months). 'undated' sorts last.
  archiveMonths: `SELECT month, stories, last_modified FROM archive_months ORDER BY month = 'undated', month DESC`,
  // A month is the seq range [lo, hi); second 0 holds both the undated stories and any published at
  // 1970-01-01T00:00:00Z, hence the test on published_at.
  monthStamps: `SELECT id, published_at, updated_at FROM stories
    WHERE seq >= $1 AND seq < $2 AND (published_at IS NULL) = $3::boolean
    ORDER BY seq LIMIT $4 OFFSET $5`,
  latest: 'SELECT published_at FROM stories ORDER BY seq DESC LIMIT 1',
  count: 'SELECT count(*) AS n FROM stories',
  countIds: 'SELECT count(*) AS n FROM stories WHERE id = ANY($1::text[])',
  version: `SELECT value FROM meta WHERE key = 'content_version'`,
  exportPage: `SELECT s.*, src.name AS source_name, src.site_url AS source_site_url
    FROM stories s LEFT JOIN sources src ON src.id = s.source_id
    WHERE s.id > $1::text ORDER BY s.id LIMIT $2`,
  exportTexts: 'SELECT story_id, lang, headline, summary, cards FROM story_texts WHERE story_id = ANY($1::text[])',
} as const
