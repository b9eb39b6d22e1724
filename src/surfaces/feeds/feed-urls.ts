import { DEFAULT_LANGUAGE, type Language } from '../../domain/languages.ts'
import { isTopic } from '../../domain/topics.ts'

/**
 * Feed addresses, in one place for the feed routes, the pages' autodiscovery links, the OPML file and the discovery
 * documents. The scope is in the path, the format in the extension, the language in `?lang=` (absent for English) as
 * on pages, and a search's keywords in `?q=`.
 */
export const FEED_FORMATS = ['rss', 'atom', 'json'] as const
export type FeedFormat = (typeof FEED_FORMATS)[number]

/** The registered media types: what autodiscovery links and feed readers expect. */
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
}

export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' }

export type FeedTarget =
  | { kind: 'latest' }
  | { kind: 'topic'; slug: string }
  | { kind: 'source'; id: string }
  | { kind: 'search'; query: string }

export const OPML_PATH = '/feeds/topics.opml'

/** The feed's path and query, relative to the site root. */
export function feedHref(target: FeedTarget, format: FeedFormat, lang: Language): string {
  const params = new URLSearchParams()
  let path: string
  switch (target.kind) {
    case 'latest': path = `/feeds/latest.${format}`; break
    case 'topic': path = `/feeds/topics/${target.slug}.${format}`; break
    case 'source': path = `/feeds/sources/${target.id}.${format}`; break
    case 'search': path = `/feeds/search.${format}`; params.set('q', target.query); break
  }
  if (lang !== DEFAULT_LANGUAGE) params.set('lang', lang)
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** The OPML file of every topic feed, in one language. */
export function opmlHref(lang: Language): string {
  return lang === DEFAULT_LANGUAGE ? OPML_PATH : `${OPML_PATH}?lang=${lang}`
}

/**
 * Which feeds a page offers for autodiscovery: its own scope's feed, and the home edition's on every page (a story
 * page, a legal page and a 404 have no feed of their own). `query` is the search page's kept `q`.
 */
export function feedTargetsForPage(path: string, query: string | undefined): FeedTarget[] {
  const latest: FeedTarget = { kind: 'latest' }
  const topic = /^\/c\/([a-z-]+)$/.exec(path)
  if (topic && isTopic(topic[1])) return [{ kind: 'topic', slug: topic[1] }, latest]
  const source = /^\/source\/([0-9a-fA-F-]{36})$/.exec(path)
  if (source) return [{ kind: 'source', id: source[1]!.toLowerCase() }, latest]
  if (path === '/search' && query) return [{ kind: 'search', query }, latest]
  return [latest]
}
