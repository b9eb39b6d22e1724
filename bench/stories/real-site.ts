/**
 * The real-news set as loopback publishers: one outlet each, laid out as real outlets publish (full-text RSS, Atom
 * and JSON feeds with footers, teaser RSS feeds whose pages hold the article among site chrome: bench/stories/site.ts),
 * each article listed from its real publication time on, so a crawl on a replayed clock meets real timing.
 */
import type { CorpusArticle, Layout, Outlet, StoryCorpus } from './corpus.ts'
import type { RealNews } from './real-news.ts'
import { startCorpusSite, type CorpusSite } from './site.ts'

const LAYOUTS: Layout[] = ['rss-full', 'rss-teaser', 'atom-full', 'json-full']

const slugOf = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'outlet'

/**
 * One path segment per outlet, distinct: names that differ only in punctuation ("Fox News" and "Fox-News") or have no Latin letter at all
 * (every one "outlet") would otherwise share one feed, and one of them would never be crawled.
 */
function uniqueSlugs(outlets: readonly string[]): Map<string, string> {
  const taken = new Set<string>()
  return new Map(outlets.map((name) => {
    let slug = slugOf(name)
    for (let n = 2; taken.has(slug); n++) slug = `${slugOf(name)}-${n}`
    taken.add(slug)
    return [name, slug]
  }))
}

export interface RealSite extends CorpusSite {
  /** The replayed clock: feeds list the articles published at or before it. */
  setClock(epochMs: number): void
  /** The corpus article of each real article id. */
  corpus: StoryCorpus
}

export async function startRealSite(news: RealNews): Promise<RealSite> {
  const slugs = uniqueSlugs(news.outlets)
  const outlets: Outlet[] = news.outlets.map((name, i) => ({ slug: slugs.get(name)!, name, lang: 'en', topic: 'business', layout: LAYOUTS[i % LAYOUTS.length]! }))
  const end = Math.max(...news.articles.map((a) => Date.parse(a.publishedAt)))
  const articles: CorpusArticle[] = news.articles.map((a) => ({
    id: a.id, event: a.event, topic: 'business', negativeOf: null, outlet: slugs.get(a.outlet)!,
    hoursAgo: (end - Date.parse(a.publishedAt)) / 3_600_000, title: a.title, paragraphs: a.paragraphs,
  }))
  const corpus = { outlets, articles }
  let clock = -Infinity
  const site = await startCorpusSite(corpus, end, (a) => end - a.hoursAgo * 3_600_000 <= clock)
  return { ...site, corpus, setClock: (t) => { clock = t } }
}
