import { LANGUAGE_SLOTS } from './sort-key.ts'
import { STORY_COLUMNS, STORY_DETAIL_COLUMNS } from '../story-columns.ts'

// CROSS JOIN pins `stories` as the outer loop: walking it by seq is what makes "newest N" cost O(N). Without it
// the planner, lacking statistics on a small table, may scan story_texts and sort everything.
const STORY_JOINS = `
  CROSS JOIN story_texts en ON en.story_id = s.id AND en.lang = 'en'
  CROSS JOIN category_names cn ON cn.slug = s.category AND cn.lang = @lang
  LEFT JOIN story_texts tr ON tr.story_id = s.id AND tr.lang = @lang AND @lang <> 'en'
  LEFT JOIN sources src ON src.id = s.source_id`

/** The read queries, exported so the query-plan test checks exactly what runs. */
export const SQL = {
  // Lists take the seq window [@lo, @hi) of their filters (since, until, cursor; see story-window.ts): a range of
  // the walked key, so the walk starts at @hi and stops after @limit rows or at @lo.
  list: `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS}
    WHERE s.seq >= @lo AND s.seq < @hi ORDER BY s.seq DESC LIMIT @limit`,
  listTopic: `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS}
    WHERE s.category = @topic AND s.seq >= @lo AND s.seq < @hi ORDER BY s.seq DESC LIMIT @limit`,
  listSource: `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS}
    WHERE s.source_id = @sourceId AND s.seq >= @lo AND s.seq < @hi ORDER BY s.seq DESC LIMIT @limit`,
  listTopicSource: `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS}
    WHERE s.source_id = @sourceId AND s.category = @topic AND s.seq >= @lo AND s.seq < @hi
    ORDER BY s.seq DESC LIMIT @limit`,
  // One term's newest @rows matching rows in the range (see storage/search-window.ts). rowid = seq * 16 + language
  // index, so rowid order is newest first and the language is rowid % 16. FTS5 takes the rowid range itself and
  // walks the term's posting lists newest first, stopping after @rows: the cost is the window's, whatever the corpus.
  searchTermRows: `SELECT rowid AS r FROM story_search
    WHERE story_search MATCH @match AND (rowid % ${LANGUAGE_SLOTS}) IN (0, @langIndex)
      AND rowid >= @lo * ${LANGUAGE_SLOTS} AND rowid < @hi * ${LANGUAGE_SLOTS}
    ORDER BY rowid DESC LIMIT @rows`,
  // The indexed texts of candidate stories (English, and @lang), to test them against the whole query: FTS5 seeks
  // row by row far slower than this reads them.
  searchCandidates: `SELECT s.seq, s.text_lang, s.source_id, t.lang, t.headline FROM stories s
    JOIN story_texts t ON t.story_id = s.id AND t.lang IN ('en', @lang) AND t.headline IS NOT NULL
    WHERE s.seq IN (SELECT value FROM json_each(@seqs)) ORDER BY s.seq DESC`,
  bySeqs: `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS}
    WHERE s.seq IN (SELECT value FROM json_each(@seqs)) ORDER BY s.seq DESC`,
  get: `SELECT ${STORY_DETAIL_COLUMNS}
    FROM stories s ${STORY_JOINS} WHERE s.id = @id`,
  // A story's related stories: its few relation rows (a primary-key range, at most RELATED_STORIES_KEPT), each
  // joined to its story by id, so an id that is no story (not written yet, or removed) is skipped; the sort is of
  // those few rows.
  related: `SELECT s.id, s.text_lang, en.headline AS en_headline, tr.headline AS tr_headline
    FROM story_relations r
    CROSS JOIN stories s ON s.id = r.related_id
    CROSS JOIN story_texts en ON en.story_id = s.id AND en.lang = 'en'
    LEFT JOIN story_texts tr ON tr.story_id = s.id AND tr.lang = @lang AND @lang <> 'en'
    WHERE r.story_id = @id ORDER BY s.seq DESC LIMIT @limit`,
  // The "newer stories" key: a walk up the same index a list walks down, from @key, @offset rows.
  keyAbove: 'SELECT seq FROM stories WHERE seq >= @key ORDER BY seq LIMIT 1 OFFSET @offset',
  keyAboveTopic: 'SELECT seq FROM stories WHERE category = @topic AND seq >= @key ORDER BY seq LIMIT 1 OFFSET @offset',
  keyAboveSource: 'SELECT seq FROM stories WHERE source_id = @sourceId AND seq >= @key ORDER BY seq LIMIT 1 OFFSET @offset',
  keyAboveTopicSource: `SELECT seq FROM stories WHERE source_id = @sourceId AND category = @topic AND seq >= @key
    ORDER BY seq LIMIT 1 OFFSET @offset`,
  recentStamps: `SELECT id, published_at, updated_at FROM stories ORDER BY seq DESC LIMIT @limit`,
  // The summary has one row per month: reading all of it is O(months). 'undated' sorts last.
  archiveMonths: `SELECT month, stories, last_modified FROM archive_months
    ORDER BY month = 'undated', month DESC`,
  // A month is the seq range [lo, hi) (seq = published second * 2^17 + tiebreak). Second 0 holds both the undated
  // stories and any published at 1970-01-01T00:00:00Z, hence the extra test on published_at.
  monthStamps: `SELECT id, published_at, updated_at FROM stories
    WHERE seq >= @lo AND seq < @hi AND (published_at IS NULL) = @undated
    ORDER BY seq LIMIT @limit OFFSET @offset`,
} as const
