import type pg from 'pg'
import { MIN_PREFIX_LETTERS, SOURCE_MARK, STEM_MARK, isCjkCharacter, type SearchTerm } from '../../domain/search-terms.ts'
import { LONGEST_INDEXED_PREFIX } from '../search-window.ts'
import { tokenize } from '../search-tokenize.ts'

/**
 * The search postings: one row per (token, headline row) of story_texts' search column, ordered by token then by
 * story_seq, so "a term's newest N matching rows" (storage/search-window.ts) is a backwards range scan of N index
 * entries per token, whatever the archive size. The GIN index cannot do that: it returns matches in no order, so
 * finding the newest N meant reading a term's whole posting list (every matching row, a cost growing with the corpus).
 *
 * Prefix postings: a prefix keyword stands for every indexed word starting with it, hundreds of distinct words for a
 * productive prefix ("inte": international, internet, interest …), and reading 200 rows of each grows with the
 * vocabulary. So each word also posts its prefixes of PREFIX_POSTING_MIN to PREFIX_POSTING_MAX letters (shorter than
 * the word) as PREFIX_MARK + prefix, and each two-character token starting at U+1100 or above (CJK bigrams) its first
 * character: a prefix of those lengths is two exact tokens (itself and its mark), read like any other. FTS5 does the
 * same with its prefix indexes ('2 3 … 12'). Marked stems and publisher tokens post no prefixes (never searched so).
 *
 * Triggers on story_texts keep the table in step, in the same statement and transaction as the write, so every
 * write path (insert, replace, delete, the cascade of a merge, import) maintains it without knowing about it.
 */

/** Marks a prefix posting (a private-use character: query keywords never hold one, see parseSearchTerms). */
export const PREFIX_MARK = '\ue002'
export const PREFIX_POSTING_MIN = MIN_PREFIX_LETTERS
export const PREFIX_POSTING_MAX = LONGEST_INDEXED_PREFIX
/** The first code point whose two-character tokens post their first character (Hangul Jamo; CJK lies above). */
const CJK_POSTING_FROM = 0x1100

/**
 * The posting tokens of one tsvector `search`: its lexemes and their prefix tokens, each once. A lexeme starting
 * with PREFIX_MARK (a headline holding that private-use character) posts nothing: no query looks one up, and its
 * rows would pass for a prefix's.
 */
const postingTokens = (search: string) => `(
      SELECT tok FROM unnest(tsvector_to_array(${search})) AS tok WHERE left(tok, 1) <> '${PREFIX_MARK}'
      UNION
      SELECT '${PREFIX_MARK}' || left(tok, n) FROM unnest(tsvector_to_array(${search})) AS tok,
        generate_series(CASE WHEN char_length(tok) = 2 AND ascii(tok) >= ${CJK_POSTING_FROM} THEN 1 ELSE ${PREFIX_POSTING_MIN} END,
          least(char_length(tok) - 1, ${PREFIX_POSTING_MAX})) AS n
      WHERE left(tok, 1) NOT IN ('${STEM_MARK}', '${SOURCE_MARK}', '${PREFIX_MARK}'))`

/** Adds the postings of every row of `rows` (story_texts, or a trigger's transition table of new rows). */
const addPostings = (rows: string) => `INSERT INTO search_postings (token, story_seq, lang)
      SELECT t.tok, r.story_seq, r.lang FROM ${rows} r, LATERAL ${postingTokens('r.search')} AS t(tok)
      WHERE r.search IS NOT NULL;`

/** Removes the postings of every row of a trigger's transition table of old rows. */
const REMOVE_OLD_ROWS_POSTINGS = `DELETE FROM search_postings p USING old_rows o, LATERAL ${postingTokens('o.search')} AS t(tok)
      WHERE o.search IS NOT NULL AND p.token = t.tok AND p.story_seq = o.story_seq AND p.lang = o.lang;`

/**
 * Drops the table and its triggers when a store has them (migration 8 rebuilds them with prefix postings);
 * `search_path` is the store's schema. Dropping the functions drops the triggers that call them.
 */
export async function dropSearchPostings(client: pg.ClientBase): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS search_postings;
    DROP FUNCTION IF EXISTS search_postings_add, search_postings_remove, search_postings_replace CASCADE`)
}

/** The table, its triggers and the build for an existing store (migration 8); `search_path` is the store's schema. */
export async function createSearchPostings(client: pg.ClientBase): Promise<void> {
  await client.query(`
    CREATE TABLE search_postings (
      token text COLLATE "C" NOT NULL,
      story_seq bigint NOT NULL,
      lang text COLLATE "C" NOT NULL
    );
    ${addPostings('story_texts')}
    -- Built after the rows are in: one sort instead of an insert per entry.
    ALTER TABLE search_postings ADD PRIMARY KEY (token, story_seq, lang);
    -- Most tokens are rare (numbers, names), so the measured average rows per token is tiny, and the planner would
    -- then read a token's rows by a bitmap scan and a sort: every posting of the token, the cost this table exists
    -- to avoid for a common one. Declaring few distinct tokens makes every token look common, so its rows are read
    -- by a backwards index scan that stops at the limit, which is also the cheapest plan for a rare token.
    ALTER TABLE search_postings ALTER COLUMN token SET (n_distinct = 50);
    ANALYZE search_postings;

    -- SET search_path FROM CURRENT: the triggers run in the store's schema whatever the writer's search_path.
    CREATE FUNCTION search_postings_add() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      ${addPostings('new_rows')}
      RETURN NULL;
    END $$;
    CREATE FUNCTION search_postings_remove() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      ${REMOVE_OLD_ROWS_POSTINGS}
      RETURN NULL;
    END $$;
    CREATE FUNCTION search_postings_replace() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      ${REMOVE_OLD_ROWS_POSTINGS}
      ${addPostings('new_rows')}
      RETURN NULL;
    END $$;
    -- Statement triggers with transition tables: one set-based statement per write, not one call per row.
    CREATE TRIGGER story_texts_postings_insert AFTER INSERT ON story_texts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_add();
    CREATE TRIGGER story_texts_postings_delete AFTER DELETE ON story_texts
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_remove();
    CREATE TRIGGER story_texts_postings_update AFTER UPDATE ON story_texts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_replace();
  `)
}

/**
 * Each term's newest $2 matching headline rows in English and $1, inside [$9, $8), in one statement (a search is a
 * few round trips whatever its number of keywords). Term $4[i] has the exact token $3[i]; term $7[j] has every
 * indexed token starting with $5[j] (found by skipping from one distinct token to the next below $6[j]). Each
 * token's rows are read newest first and cut at $2, then merged per term, a row matching several tokens counting
 * once. The top $2 of a union is inside the union of each part's top $2, so each term's answer is exact.
 * Returns (term, story_seq, widest), each term's rows newest first: all of them when $10, else only the rows of
 * the term reaching back furthest (the lowest $2-th row; a term with fewer rows reaches the range's start $9) and
 * each other term's first and $2-th rows (it has matches; its floor): the widest term's rows are the candidates a
 * search tests, so the other rows need not travel.
 */
export const TERM_POSTINGS_SQL = `WITH RECURSIVE prefixed(term, token, token_end) AS (
    SELECT u.term, (SELECT min(token) FROM search_postings WHERE token >= u.prefix AND token < u.prefix_end), u.prefix_end
    FROM unnest($5::text[], $6::text[], $7::int[]) AS u(prefix, prefix_end, term)
    UNION ALL
    SELECT w.term, (SELECT min(p.token) FROM search_postings p WHERE p.token > w.token AND p.token < w.token_end), w.token_end
    FROM prefixed w WHERE w.token IS NOT NULL
  ), tokens AS (
    SELECT term, token FROM prefixed WHERE token IS NOT NULL
    UNION SELECT * FROM unnest($4::int[], $3::text[]) AS e(term, token)
  ), merged AS (
    SELECT DISTINCT t.term, r.story_seq, r.lang FROM tokens t CROSS JOIN LATERAL (
      SELECT p.story_seq, p.lang FROM search_postings p
      WHERE p.token = t.token AND p.story_seq < $8::bigint AND p.story_seq >= $9::bigint AND p.lang IN ('en', $1::text)
      ORDER BY p.story_seq DESC LIMIT $2) r
  ), ranked AS (
    SELECT term, story_seq, row_number() OVER (PARTITION BY term ORDER BY story_seq DESC) AS n FROM merged
  ), widest AS (
    SELECT term FROM ranked WHERE n <= $2 GROUP BY term
    ORDER BY CASE WHEN count(*) >= $2 THEN min(story_seq) ELSE $9::bigint END, term LIMIT 1
  )
  SELECT term, story_seq, term = (SELECT term FROM widest) AS widest FROM ranked
  WHERE n <= $2 AND ($10::boolean OR n IN (1, $2) OR term = (SELECT term FROM widest)) ORDER BY term, story_seq DESC`

/** The parameters $3 to $7 of TERM_POSTINGS_SQL for these terms (their positions in the query). */
export function postingsParams(lookups: Array<{ term: number; tokens: TermTokens }>): unknown[] {
  const exact = lookups.flatMap(({ term, tokens }) => tokens.exact.map((token) => ({ term, token })))
  const prefixed = lookups.filter(({ tokens }) => tokens.prefix !== null)
  return [exact.map((e) => e.token), exact.map((e) => e.term),
    prefixed.map((p) => p.tokens.prefix), prefixed.map((p) => p.tokens.prefixEnd), prefixed.map((p) => p.term)]
}

/** A term's tokens: exact ones, and at most one prefix with the first string after it (see postingsParams). */
export interface TermTokens { exact: string[]; prefix: string | null; prefixEnd: string | null }

/**
 * The first string after every string starting with `prefix` in byte (code point) order, or null when there is
 * none (the prefix is all U+10FFFF, which a user can type: the tokenizer keeps unassigned code points).
 */
function prefixEnd(prefix: string): string | null {
  const cps = Array.from(prefix, (c) => c.codePointAt(0)!)
  while (cps.length > 0) {
    let last = cps.pop()! + 1
    if (last === 0xd800) last = 0xe000 // surrogates are never characters
    if (last <= 0x10ffff) return String.fromCodePoint(...cps, last)
  }
  return null
}

/**
 * Whether the prefix postings hold every row with a word starting with `prefix` (a token) and longer than it: a
 * prefix of PREFIX_POSTING_MIN to PREFIX_POSTING_MAX characters, or one CJK character (CJK tokens are bigrams and
 * single characters, see toIndexText, so the bigrams' first-character postings cover them).
 */
function hasPrefixPostings(prefix: string): boolean {
  const length = Array.from(prefix).length
  if (length === 1) return isCjkCharacter(prefix) && prefix.codePointAt(0)! >= CJK_POSTING_FROM
  return length >= PREFIX_POSTING_MIN && length <= PREFIX_POSTING_MAX
}

/**
 * The postings lookup of a term, or null when the postings cannot answer it exactly: an alternative that is a
 * phrase (several tokens, such as a CJK bigram sequence), a term with more than one prefix alternative, or a prefix
 * with no string after it. A prefix with prefix postings becomes two exact tokens: the word itself and its mark.
 */
export function termTokens(term: SearchTerm): TermTokens | null {
  const exact: string[] = []
  let prefix: string | null = null
  for (const alt of term.anyOf) {
    const tokens = tokenize(alt.text)
    if (tokens.length === 0) continue
    if (tokens.length > 1) return null
    if (!alt.prefix) exact.push(tokens[0]!)
    else if (prefix === null) prefix = tokens[0]!
    else return null
  }
  if (exact.length === 0 && prefix === null) return null
  if (prefix !== null && hasPrefixPostings(prefix)) {
    exact.push(prefix, PREFIX_MARK + prefix)
    prefix = null
  }
  if (prefix === null) return { exact: [...new Set(exact)], prefix, prefixEnd: null }
  const end = prefixEnd(prefix)
  return end === null ? null : { exact, prefix, prefixEnd: end }
}
