import type { Database } from 'better-sqlite3'
import { isLanguage, languageIndex } from '../../domain/languages.ts'
import { sourceTerm, type SearchTerm } from '../../domain/search-terms.ts'
import { indexedTokens, matchesAllTerms } from '../search-match.ts'
import { SEARCH_KEYWORD_WINDOW, windowTerms } from '../search-window.ts'
import type { SearchIndex } from '../store.ts'
import { toStoryRecord, type StoryValues } from '../story-rows.ts'
import { seqWindow } from '../story-window.ts'
import { toFtsMatch } from './fts-query.ts'
import { SQL } from './queries.ts'
import { LANGUAGE_SLOTS } from './sort-key.ts'

/** A candidate story's headline row, as searchStories tests it. */
interface CandidateRow { seq: number; text_lang: string; source_id: string | null; lang: string; headline: string }

/** Headline search in SQLite: FTS5 rows keyed by sort key and language slot (story-writes.ts writes them). */
export function createSqliteSearch(db: Database): SearchIndex {
  const stmt = {
    searchTermRows: db.prepare(SQL.searchTermRows),
    searchCandidates: db.prepare(SQL.searchCandidates),
    bySeqs: db.prepare(SQL.bySeqs).raw(true),
  }

  return {
    async searchStories({ terms, limit, lang, filter = {} }) {
      if (terms.length === 0) return []
      const { lo, hi } = seqWindow(filter)
      if (lo >= hi) return []
      const all = filter.sourceId ? [...terms, sourceTerm(filter.sourceId)] : terms
      const langIndex = languageIndex(lang)
      // The range searched is bounded by the terms' windows (storage/search-window.ts). Every story matching the
      // whole query at or above a term's floor is among that term's rows, so testing their stories finds the
      // query's matches there (FTS5 intersecting long posting lists, even inside a rowid range, costs their length).
      const termSeqs = (t: SearchTerm) => (stmt.searchTermRows.all({ match: toFtsMatch([t]), langIndex, lo, hi, rows: SEARCH_KEYWORD_WINDOW }) as Array<{ r: number }>)
        .map((h) => Math.floor(h.r / LANGUAGE_SLOTS))
      const floorOf = (seqs: number[]) => (seqs.length === SEARCH_KEYWORD_WINDOW ? seqs[seqs.length - 1]! : lo)
      const matching = (seqs: number[]) => {
        const rows = stmt.searchCandidates.all({ seqs: JSON.stringify([...new Set(seqs)]), lang }) as CandidateRow[]
        const found = new Set<number>()
        // Newest first: once the page is full, every row left is older.
        for (const r of rows) {
          if (found.size === limit) break
          if (found.has(r.seq) || !isLanguage(r.lang)) continue
          const written = r.lang === 'en' && isLanguage(r.text_lang) ? r.text_lang : r.lang
          if (matchesAllTerms(indexedTokens(r.headline, written, r.source_id), all)) found.add(r.seq)
        }
        return [...found]
      }
      // Every term's window first (each a walk of at most SEARCH_KEYWORD_WINDOW rows), then one test of the widest
      // term's candidates: testing a candidate (re-tokenizing its headline) costs far more than walking to it, so
      // testing the first term's candidates before knowing the widest would, when they fall short, test twice.
      const windows = windowTerms(all).map(termSeqs)
      if (windows.some((rows) => rows.length === 0)) return []
      let widest = windows[0]!
      for (const rows of windows) if (floorOf(rows) < floorOf(widest)) widest = rows
      const seqs = matching(widest)
      if (seqs.length === 0) return []
      return (stmt.bySeqs.all({ seqs: JSON.stringify(seqs), lang }) as StoryValues[]).map(toStoryRecord)
    },
  }
}
