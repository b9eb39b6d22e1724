import type { PreparedRun } from './commit-runs.ts'

/** How much a pass holds before it clusters: the longest a new article waits for its story, in articles and time. */
export interface HoldLimits {
  articles: number
  ms: number
}

/**
 * Large enough that one pass of a few hundred feeds clusters in a few batches; short enough that a story is out
 * well within a crawl interval, and that a crash loses little fetching (held runs are not committed: their feeds
 * stay due and are fetched again once their leases run out).
 */
export const DEFAULT_HOLD_LIMITS: HoldLimits = { articles: 500, ms: 20_000 }

/**
 * The prepared runs of a pass's feeds, held so that their articles are clustered together, oldest first
 * (commitPreparedRuns): feeds answer in any order, and the clustering decision is not symmetric in time (a story
 * that already has members is harder to join than a lone article, so an older report arriving after a younger one
 * of the same storyline would otherwise join it). They are committed as one batch when the pass's feeds are done,
 * when `articles` are held, when the first held run has waited `ms` (a timer: one stalled feed does not hold the
 * others' stories back), or before a held feed's lease could run out. Batches commit one after another.
 */
export class HeldRuns {
  readonly #commit: (runs: PreparedRun[]) => Promise<void>
  readonly #limits: HoldLimits
  #runs: PreparedRun[] = []
  #articles = 0
  #timer: NodeJS.Timeout | undefined
  /** When the held batch commits at the latest (epoch ms); Infinity when nothing is held. */
  #due = Infinity
  #tail: Promise<void> = Promise.resolve()

  /** `commit` reports its own failures; it must not reject. */
  constructor(commit: (runs: PreparedRun[]) => Promise<void>, limits: HoldLimits = DEFAULT_HOLD_LIMITS) {
    this.#commit = commit
    this.#limits = limits
  }

  /**
   * Holds a run until the batch commits; `latest` (epoch ms) is when it must be committed at the latest: its feed's
   * lease must not run out while it waits, or another worker would fetch the feed again.
   */
  hold(run: PreparedRun, latest = Infinity): void {
    this.#runs.push(run)
    this.#articles += run.articles.length
    const due = Math.min(this.#due, latest, Date.now() + this.#limits.ms)
    if (this.#articles >= this.#limits.articles || due <= Date.now()) {
      void this.flush()
      return
    }
    if (due < this.#due) {
      clearTimeout(this.#timer)
      this.#timer = setTimeout(() => void this.flush(), due - Date.now()).unref()
      this.#due = due
    }
  }

  /** Commits what is held, after the batches before it; resolves once everything held so far is committed. */
  flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#due = Infinity
    const runs = this.#runs
    this.#runs = []
    this.#articles = 0
    if (runs.length > 0) this.#tail = this.#tail.then(() => this.#commit(runs))
    return this.#tail
  }
}
