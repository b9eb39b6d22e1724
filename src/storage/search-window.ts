/**
 * How far back a search looks, the same rule on every store so their answers stay identical.
 *
 * Several common keywords that rarely meet in one headline would make an exact search walk their whole posting
 * lists to prove there is nothing (or little) to find: a cost that grows with the archive. Instead each keyword
 * (and the publisher filter) contributes its SEARCH_KEYWORD_WINDOW newest matching headline rows (in English and
 * in the language searched, inside the date/cursor range); the search covers every story at least as new as the
 * oldest of those rows for the keyword whose rows reach back furthest. Inside that range the answer is exact: every
 * story matching every keyword, newest first. A keyword with fewer matches than the window reaches back to the
 * start of the range, so a search with any rare keyword stays exhaustive; only stories older than the newest
 * SEARCH_KEYWORD_WINDOW uses of every one of their keywords are out of reach (a cursor or `until` moves the range).
 *
 * A story matching every keyword is among the first SEARCH_KEYWORD_WINDOW rows of each keyword it is newer than,
 * so the range is exactly "stories within the newest SEARCH_KEYWORD_WINDOW matches of at least one keyword": a
 * definition that depends on the data only, never on how a store walks its index.
 */
export const SEARCH_KEYWORD_WINDOW = 200

