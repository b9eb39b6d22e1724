/**
 * The real-news development set (shared/data/real-news-dev: real articles grouped by event by human editors, with
 * their summaries), read where the project keeps shared data and never copied into this repository.
 * NEWSDESK_REAL_NEWS names the directory (any directory holding an events.json of the same shape, such as a later
 * period of the collection); otherwise the first `shared/data/real-news-dev` found beside the repository or one of
 * its parents (a checkout at /work/main and a worktree at /work/wt/x both find /work/shared).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export interface RealArticle {
  id: string
  event: string
  outlet: string
  title: string
  url: string
  /** ISO 8601. */
  publishedAt: string
  paragraphs: string[]
}

export interface RealEvent {
  id: string
  issue: string
  /** When the editors published their summary. */
  date: string
  referenceSummary: string
  articles: RealArticle[]
}

export interface RealNews {
  dir: string
  events: RealEvent[]
  /** Every article, oldest first (ties by id). */
  articles: RealArticle[]
  outlets: string[]
}

export function findRealNewsDir(): string | null {
  const fromEnv = process.env.NEWSDESK_REAL_NEWS
  if (fromEnv) return fs.existsSync(path.join(fromEnv, 'events.json')) ? path.resolve(fromEnv) : null
  for (let dir = REPO_ROOT; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'real-news-dev')
    if (fs.existsSync(path.join(candidate, 'events.json'))) return candidate
    if (path.dirname(dir) === dir) return null
  }
}

interface RawArticle { id: string; outlet: string; title: string; url: string; published_at: string | null; paragraphs: string[] | null }
interface RawEvent { id: string; issue: string; date: string; reference_summary: string; articles: RawArticle[] }

/**
 * An article's time, or the editors' summary's when it has none a date can be read from: a set without times
 * (`null`, or text that is no date) would otherwise put the replay's first day in 1970 and crawl day by day from there.
 */
function timeOr(publishedAt: string | null, eventDate: string): string {
  const t = publishedAt === null ? Number.NaN : Date.parse(publishedAt)
  return new Date(Number.isNaN(t) ? eventDate : t).toISOString()
}

export function loadRealNews(dir: string): RealNews {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'events.json'), 'utf8')) as { items: RawEvent[] }
  const events: RealEvent[] = raw.items.map((e) => ({
    id: e.id,
    issue: e.issue,
    date: new Date(e.date).toISOString(),
    referenceSummary: e.reference_summary,
    articles: e.articles.map((a) => ({
      id: a.id, event: e.id, outlet: a.outlet, title: a.title, url: a.url,
      publishedAt: timeOr(a.published_at, e.date), paragraphs: a.paragraphs ?? [],
    })),
  }))
  const articles = events.flatMap((e) => e.articles)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id.localeCompare(b.id))
  return { dir, events, articles, outlets: [...new Set(articles.map((a) => a.outlet))].sort() }
}
