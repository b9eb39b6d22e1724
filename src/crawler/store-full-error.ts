/**
 * A crawl pass stopped because the store has no room to write (SQLITE_FULL, ENOSPC, PostgreSQL 53100). Its message
 * is the one line an operator needs; the crawl schedule logs it without a stack, once per pass, instead of an error
 * with a stack for every feed and story that failed the same way.
 */
export class CrawlStoreFullError extends Error {
  readonly reason: string
  readonly feedsDone: number
  readonly feedsReleased: number

  constructor(reason: string, counts: { feedsDone: number; feedsReleased: number }) {
    super(`the store is full (${reason}): the crawl pass stopped after ${counts.feedsDone} feeds; `
      + `${counts.feedsReleased} unfinished feeds were handed back for the next pass. Free disk space; crawling resumes by itself.`)
    this.name = 'CrawlStoreFullError'
    this.reason = reason
    this.feedsDone = counts.feedsDone
    this.feedsReleased = counts.feedsReleased
  }
}
