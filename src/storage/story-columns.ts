/**
 * The story columns both dialects' read queries select, in one order. The stores read these rows as arrays
 * (better-sqlite3's raw mode, pg's `rowMode: 'array'`): building a keyed object per row cost about as much as the
 * query itself on a 20-story list, and `story-rows.ts` maps each position once. Change the list and the index
 * table below together.
 */
export const STORY_COLUMNS = `
  s.seq, s.id, s.original_url, s.original_title, s.author, s.published_at, s.cover_image_url, s.multi_source, s.text_lang, s.quarantined,
  s.category, cn.name AS category_name,
  s.source_id, src.name AS source_name, src.site_url AS source_site_url,
  en.headline AS en_headline, en.summary AS en_summary,
  tr.lang AS tr_lang, tr.headline AS tr_headline, tr.summary AS tr_summary`

/** A story detail: the list columns, then these. */
export const STORY_DETAIL_COLUMNS = `${STORY_COLUMNS}, s.covered_by, s.updated_at, en.cards AS en_cards, tr.cards AS tr_cards`

/** Position of each selected column in a row array. */
export const COL = {
  seq: 0, id: 1, original_url: 2, original_title: 3, author: 4, published_at: 5, cover_image_url: 6,
  multi_source: 7, text_lang: 8, quarantined: 9, category: 10, category_name: 11,
  source_id: 12, source_name: 13, source_site_url: 14, en_headline: 15, en_summary: 16,
  tr_lang: 17, tr_headline: 18, tr_summary: 19,
  covered_by: 20, updated_at: 21, en_cards: 22, tr_cards: 23,
} as const
