import { sourceTerm } from '../../domain/search-terms.ts'
import { SEARCH_KEYWORD_WINDOW, windowTerms } from '../search-window.ts'
import type { SearchIndex } from '../store.ts'
import { COL } from '../story-columns.ts'
import { toStoryRecord } from '../story-rows.ts'
import { seqWindow } from '../story-window.ts'
import type { PostgresAccess } from './access.ts'
import { SQL } from './queries.ts'
import { postingsParams, termTokens } from './search-postings.ts'
import { toSearchQuery } from './search-tokens.ts'

/** Stories walked newest first to find a phrase term's window before asking the GIN index (see searchStories). */
export const SEARCH_WALK = 2000

/** Headline search in PostgreSQL, over the search postings (search-postings.ts) and the headlines' GIN index. */
export function createPostgresSearch({ query, storyRows }: PostgresAccess): SearchIndex {
  return {
    async searchStories({ terms, limit, lang, filter = {} }) {
      const pageOf = async (seqs: string[]) => {
        if (seqs.length === 0) return []
        // A story rewritten during the steps could be seen twice.
        const seen = new Set<string>()
        return (await storyRows(SQL.storiesBySeq, [lang, seqs]))
          .filter((r) => { const id = r[COL.id] as string; return !seen.has(id) && seen.add(id) })
          .slice(0, limit)
          .map(toStoryRecord)
      }
      const all = filter.sourceId ? [...terms, sourceTerm(filter.sourceId)] : terms
      const tsquery = toSearchQuery(all)
      if (tsquery === null) return []
      const { lo, hi } = seqWindow(filter)
      if (lo >= hi) return []
      // The terms bounding the range: the query's own, but a phrase's tokens for a phrase (storage/search-window.ts).
      // Each one's window comes from the search postings (a backwards range scan per token, O(window); every term in
      // one statement). The walk of the newest SEARCH_WALK stories and the GIN index below it are left for a term
      // the postings cannot answer: a prefix with no string after it, which no parsed keyword is.
      const bounding = windowTerms(all)
      // One term that is its own window: its rows are the matches, no test needed.
      const alone = all.length === 1 && bounding.length === 1 && bounding[0] === all[0]
      const termQueries = bounding.map((t) => toSearchQuery([t])!)
      const lookups = bounding.map(termTokens)
      let walk: { floor: number; rows: Array<Record<string, string | boolean>> } | undefined
      const walked = async () => {
        if (walk) return walk
        const floor = Math.max(lo, Number((await query<{ floor: string }>(SQL.searchFloor, [SEARCH_WALK, String(hi)]))[0]!.floor))
        const rows = await query<Record<string, string | boolean>>(SQL.searchTermsWalk(bounding.length), [lang, String(floor), String(hi), ...termQueries])
        return (walk = { floor, rows })
      }
      // The candidate rows tested against the whole query: the matches among them, newest first, `limit` at most.
      const verify = async (rows: number[]) => (await query<{ story_seq: string }>(SQL.searchVerify, [lang, limit, [...new Set(rows)].map(String), tsquery]))
        .map((r) => r.story_seq)
      const indexed = lookups.flatMap((tokens, term) => (tokens ? [{ term, tokens }] : []))
      const posted = new Map<number, number[]>(indexed.map(({ term }) => [term, []]))
      // When the postings answer every term, only the widest term's rows come back (and each other term's first and
      // floor rows).
      const allRows = indexed.length < bounding.length
      const widestRows: number[] = []
      if (indexed.length > 0) {
        for (const r of await query<{ term: number; story_seq: string; widest: boolean }>(SQL.searchTermPostings,
          [lang, SEARCH_KEYWORD_WINDOW, ...postingsParams(indexed), String(hi), String(lo), allRows])) {
          posted.get(r.term)!.push(Number(r.story_seq))
          if (r.widest) widestRows.push(Number(r.story_seq))
        }
      }
      if (!allRows) {
        // A keyword without a match in the range: nothing matches every keyword. Otherwise the widest term's rows
        // hold every story matching the whole query in the final range (storage/search-window.ts): one test.
        if ([...posted.values()].some((rows) => rows.length === 0)) return []
        if (alone) return pageOf([...new Set(widestRows.map(String))].slice(0, limit))
        return pageOf(await verify(widestRows))
      }
      const termRows = async (i: number): Promise<number[]> => {
        const fromPostings = posted.get(i)
        if (fromPostings) return fromPostings
        const { floor: walkFloor, rows } = await walked()
        const seqs = rows.filter((r) => r[`m${i}`] === true).slice(0, SEARCH_KEYWORD_WINDOW).map((r) => Number(r.story_seq))
        if (seqs.length < SEARCH_KEYWORD_WINDOW && walkFloor > lo) {
          const older = await query<{ story_seq: string }>(SQL.searchTermIndex, [lang, SEARCH_KEYWORD_WINDOW - seqs.length, termQueries[i], String(walkFloor), String(lo)])
          seqs.push(...older.map((r) => Number(r.story_seq)))
        }
        return seqs
      }
      const floorOf = (rows: number[]) => (rows.length === SEARCH_KEYWORD_WINDOW ? rows[rows.length - 1]! : lo)
      // Every story matching the whole query at or above a term's floor is among that term's rows: testing them
      // finds the query's matches there. The first term's range alone is enough when it fills the page (it is the
      // newest part of the final range); otherwise the term reaching back furthest gives the final range.
      const firstRows = await termRows(0)
      // One term: its rows are the matches.
      if (alone) return pageOf([...new Set(firstRows.map(String))].slice(0, limit))
      let seqs = await verify(firstRows)
      if (seqs.length < limit && floorOf(firstRows) > lo) {
        let widest = firstRows
        for (let i = 1; i < bounding.length; i++) {
          const rows = await termRows(i)
          if (floorOf(rows) < floorOf(widest)) widest = rows
        }
        if (widest !== firstRows) seqs = await verify(widest)
      }
      return pageOf(seqs)
    },
  }
}
